"""`holesome serve`: run the game server (HTTP, WebSocket, bots, clocks) on one address."""

from __future__ import annotations

from typing import Annotated

import typer

from holesome.server.app import DEFAULT_DATABASE


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str, typer.Option(help="SQLAlchemy URL: an SQLite file (default) or postgresql://USER@HOST:PORT/DB.")
    ] = DEFAULT_DATABASE,
    bot_workers: Annotated[int, typer.Option(min=1, help="Worker processes for server-side bots.")] = 2,
) -> None:
    """Serve games over HTTP and WebSocket; docs at /docs."""
    import uvicorn

    from holesome.server import Settings, create_app
    from holesome.server.limits import MAX_BODY_BYTES

    app = create_app(Settings(database=database, bot_workers=bot_workers))
    # Per-message deflate is off: each seat's view goes to each of its connections, and compressing
    # every small JSON message separately cost more CPU than anything else in the fan-out.
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_BODY_BYTES, ws_per_message_deflate=False, log_level="info")
