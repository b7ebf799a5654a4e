"""What the server reads of a request body: at most `limit` bytes, and only strict JSON.

A body larger than the limit is refused with 413 before it is read further. A JSON body with
NaN or Infinity (which Python's parser accepts but JSON does not) is refused with 422 before any
route sees it, so no such number reaches a game, a clock or an error message.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 64 * 1024
"""The largest request body (and WebSocket message) the server reads: actions are small."""


class NotStrictJson(ValueError):
    """JSON text holding a number JSON does not have (NaN, Infinity, -Infinity)."""


def _refuse_constant(name: str) -> Any:
    raise NotStrictJson(f"{name} is not a JSON number: send finite numbers only")


def loads_strict(text: str | bytes) -> Any:
    """Parse JSON text as the standard has it: NaN and Infinity raise `NotStrictJson`."""
    return json.loads(text, parse_constant=_refuse_constant)


def strict_problem(body: bytes) -> str | None:
    """Why a body is not strict JSON in UTF-8, or None (other malformed JSON is for the route to say)."""
    try:
        loads_strict(body)
    except NotStrictJson as error:
        return str(error)
    except UnicodeDecodeError:
        return "the body must be JSON text in UTF-8"
    except ValueError:
        return None
    return None


class BodyLimit:
    """ASGI middleware: HTTP bodies over `limit` bytes get 413, JSON with NaN or Infinity 422.

    The body is read whole (it is small) before the application runs, then handed on unchanged.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await refuse(
                send, HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request body too large: at most {self.limit} bytes"
            )
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await refuse(
                    send, HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request body too large: at most {self.limit} bytes"
                )
                return
            more = bool(message.get("more_body", False))
        problem = strict_problem(bytes(body)) if body else None
        if problem is not None:
            await refuse(send, HTTPStatus.UNPROCESSABLE_ENTITY, problem)
            return
        await self.app(scope, _replay(bytes(body), receive), send)

    async def _too_large(self, send: Send) -> None:
        await refuse(send, HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request body too large: at most {self.limit} bytes")


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body already read, then waits as the server's own would."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


async def refuse(send: Send, status: HTTPStatus, detail: str, headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    """Answer at once with `status` and `{"detail": detail}`, without the application."""
    data = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
