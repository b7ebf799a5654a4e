"""The game server: HTTP and WebSocket API, seats and tokens, bots, clocks and storage.

`create_app(Settings(database=URL))` builds the FastAPI application; `holesome serve` runs it.
Both names load the application (and FastAPI) on first use, so a command that only reads a
server default (`holesome --help`) starts without the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from holesome.server.app import Settings, create_app

_LAZY = ("Settings", "create_app")


def __getattr__(name: str) -> Any:
    """`Settings` and `create_app`, imported from `holesome.server.app` when first asked for."""
    if name in _LAZY:
        from holesome.server import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Settings", "create_app"]
