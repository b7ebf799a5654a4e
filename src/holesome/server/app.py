"""The application factory: `create_app(Settings(...))` gives the FastAPI app `holesome serve` runs.

On start-up it migrates the database, rebuilds every unfinished game from its log (so bots and
clocks carry on where they were), and on PostgreSQL starts listening for other processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from fastapi import FastAPI

import holesome
from holesome.server import docs, pages, routes, sockets, web_errors
from holesome.server.bots import BotPool
from holesome.server.defaults import DEFAULT_DATABASE
from holesome.server.limits import MAX_BODY_BYTES, BodyLimit
from holesome.server.notify import listen
from holesome.server.quotas import Limits
from holesome.server.service import Hall
from holesome.server.storage import Storage, make_engine, migrate


def _default_workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


@dataclass(frozen=True)
class Settings:
    """How a server runs: where it stores games, how bots think, how big a request may be."""

    database: str = DEFAULT_DATABASE
    bot_workers: int = field(default_factory=_default_workers)
    bot_processes: bool = True
    """Bots think in worker processes; False uses threads (tests that should not spawn)."""
    max_body_bytes: int = MAX_BODY_BYTES
    now: Callable[[], float] = time.time
    limits: Limits = field(default_factory=Limits)
    """Per-client quotas, expiry and timeouts (docs/server.md lists the defaults)."""
    seed_secret: bytes | None = None
    """Mixed into every chosen seed; None draws a fresh secret for each game (see `tokens.game_seed`)."""
    deal_chosen_seeds: bool = False
    """Deal a chosen seed as it is, unmixed: for tests and study that set up a known deal, never
    for a server strangers play on (a creator could then recompute every seat's secrets)."""


def create_app(settings: Settings | None = None) -> FastAPI:
    """A server application for `settings`."""
    config = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(config.database, autocheckpoint=False)
        migrate(engine)
        storage = Storage(engine)
        bots = BotPool(config.bot_workers, config.bot_processes)
        hall = Hall(storage, bots, config.now, config.limits, config.seed_secret, config.deal_chosen_seeds)
        app.state.hall = hall
        listener = None
        if storage.notifies:
            ready = asyncio.Event()
            listener = asyncio.create_task(listen(hall, str(engine.url), ready))
            await asyncio.wait_for(ready.wait(), timeout=30)
        await hall.start()
        # Every game's package is imported now, not on the event loop by the first request for it.
        for name in holesome.GAMES:
            holesome.GAMES[name]
        # Everything loaded so far (modules, tables, the catalog) lives as long as the server: moved
        # out of the collector's sight, a full collection, which runs on whichever thread allocates
        # (often the event loop's), scans only what requests create and takes a few ms, not ~100.
        gc.freeze()
        try:
            yield
        finally:
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
            await hall.close()
            bots.close()
            engine.dispose()

    app = FastAPI(
        title="holesome",
        version=holesome.__version__,
        description="Play five donut games together: create a game, invite seats, act, watch.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, limit=config.max_body_bytes)
    web_errors.install(app)
    app.include_router(routes.router)
    app.include_router(sockets.router)
    pages.install(app)
    docs.install(app)
    return app
