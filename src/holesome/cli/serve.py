"""`holesome serve`: run the game server (HTTP, WebSocket, bots, clocks) on one address."""

from __future__ import annotations

from typing import Annotated

import typer

from holesome.server.defaults import DEFAULT_DATABASE
from holesome.server.quotas import Limits

DEFAULTS = Limits()


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str, typer.Option(help="SQLAlchemy URL: an SQLite file (default) or postgresql://USER@HOST:PORT/DB.")
    ] = DEFAULT_DATABASE,
    bot_workers: Annotated[int, typer.Option(min=1, help="Worker processes for server-side bots.")] = 2,
    games_per_minute: Annotated[
        int, typer.Option(min=1, help="Games one client may create in any minute.")
    ] = DEFAULTS.games_per_minute,
    open_games: Annotated[
        int, typer.Option(min=1, help="Unfinished games one client may have created.")
    ] = DEFAULTS.open_games,
    sockets_per_client: Annotated[
        int, typer.Option(min=1, help="WebSockets one client may hold open.")
    ] = DEFAULTS.sockets_per_client,
    sockets_per_game: Annotated[
        int, typer.Option(min=1, help="WebSockets one game may have open.")
    ] = DEFAULTS.sockets_per_game,
    waiting_seconds: Annotated[
        float, typer.Option(min=1, help="A game still waiting for players after this long expires.")
    ] = DEFAULTS.waiting_seconds,
    idle_seconds: Annotated[
        float, typer.Option(min=1, help="A game untouched this long leaves memory (it reloads on demand).")
    ] = DEFAULTS.idle_seconds,
    header_seconds: Annotated[
        float, typer.Option(min=0.1, help="A request's head must arrive within this many seconds.")
    ] = DEFAULTS.header_seconds,
    keep_alive_seconds: Annotated[
        int, typer.Option(min=1, help="An idle HTTP connection is closed after this many seconds.")
    ] = DEFAULTS.keep_alive_seconds,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(help="Reverse proxies whose X-Forwarded-For names the client (comma-separated addresses)."),
    ] = None,
) -> None:
    """Serve games over HTTP and WebSocket; docs at /docs."""
    import uvicorn

    from holesome.server import Settings, create_app
    from holesome.server.heads import head_timeout
    from holesome.server.limits import MAX_BODY_BYTES

    limits = Limits(
        games_per_minute=games_per_minute,
        open_games=open_games,
        sockets_per_client=sockets_per_client,
        sockets_per_game=sockets_per_game,
        waiting_seconds=waiting_seconds,
        idle_seconds=idle_seconds,
        header_seconds=header_seconds,
        keep_alive_seconds=keep_alive_seconds,
    )
    app = create_app(Settings(database=database, bot_workers=bot_workers, limits=limits))
    # Per-message deflate is off: each seat's view goes to each of its connections, and compressing
    # every small JSON message separately cost more CPU than anything else in the fan-out.
    uvicorn.run(
        app,
        host=host,
        port=port,
        http=head_timeout(header_seconds),
        timeout_keep_alive=keep_alive_seconds,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        ws_max_size=MAX_BODY_BYTES,
        ws_per_message_deflate=False,
        log_level="info",
    )
