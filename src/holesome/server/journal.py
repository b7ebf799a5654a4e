"""Group commit: appends to the action log that arrive while a commit runs share the next one.

With many games playing at once, one transaction per action keeps the storage thread busy with
commits while the actions queue behind it. The journal gathers whatever appends are waiting,
logs them in one transaction on the storage thread, and only then answers each: an action is
still acknowledged only once it is durably logged, but a crowd of them costs one commit.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from holesome.server.storage import Append, SeqTaken

Batch = list[tuple[Append, "asyncio.Future[None]"]]


class Journal:
    """Feeds appends to `write_all` (run on the storage thread) in batches, one batch at a time."""

    def __init__(self, write_all: Callable[[list[Append]], Awaitable[list[SeqTaken | None]]]) -> None:
        self._write_all = write_all
        self._waiting: Batch = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, append: Append) -> None:
        """Return once `append` is logged; raise `SeqTaken` if another writer has its `seq`."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((append, future))
        if self._writer is None:
            self._writer = asyncio.create_task(self._write())
        await future

    async def close(self) -> None:
        """Stop writing; appends not yet answered are cancelled (their actions were never acknowledged)."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer

    async def _write(self) -> None:
        batch: Batch = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    results: list[BaseException | None] = list(await self._write_all([append for append, _ in batch]))
                except Exception as error:  # the whole batch failed: no action in it is logged
                    results = [error] * len(batch)
                for (_, future), outcome in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if outcome is None:
                        future.set_result(None)
                    else:
                        future.set_exception(outcome)
        finally:
            for _, future in batch + self._waiting:
                future.cancel()
            self._waiting = []
            self._writer = None
