"""The game server: HTTP and WebSocket API, seats and tokens, bots, clocks and storage.

`create_app(Settings(database=URL))` builds the FastAPI application; `holesome serve` runs it.
"""

from holesome.server.app import Settings, create_app

__all__ = ["Settings", "create_app"]
