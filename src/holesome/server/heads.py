"""A request head must arrive in time: uvicorn's HTTP protocol with a head timeout.

uvicorn closes a connection idle between requests (its keep-alive timeout) but waits forever
for a request whose line and headers trickle in, so a few hundred such sockets would hold the
server's connections for good. This protocol closes any connection whose head is not complete
`seconds` after it opened or after the request's first byte.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeadTimeout(HttpToolsProtocol):
    """uvicorn's httptools protocol, closing connections whose request head is too slow."""

    head_seconds: float = 10.0
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._start_head_timer()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_head_timer()

    def on_headers_complete(self) -> None:
        self._stop_head_timer()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def _start_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_seconds, self._head_too_slow)

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def head_timeout(seconds: float) -> type[HeadTimeout]:
    """The protocol class to give uvicorn (`http=`) for a head timeout of `seconds`."""
    return type("HeadTimeout", (HeadTimeout,), {"head_seconds": seconds})
