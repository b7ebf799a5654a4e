"""Terminal drawings of views, one module per game, for `holesome play` and `holesome replay`.

A renderer draws a *view* (never a state), so the terminal shows a seat exactly what that seat
may know. Games without a renderer of their own fall back to the view as pretty JSON.
"""

from collections.abc import Callable

from rich.console import RenderableType
from rich.pretty import Pretty

from holesome.core.game import View
from holesome.terminal import double_dash, go_nuts, honey_donut

Renderer = Callable[[View], RenderableType]

RENDERERS: dict[str, Renderer] = {
    "honey-donut": honey_donut.render,
    "go-nuts": go_nuts.render,
    "double-dash": double_dash.render,
}


def render(view: View) -> RenderableType:
    """Draw a view with its game's renderer (or as JSON)."""
    renderer = RENDERERS.get(str(view.get("game")))
    return Pretty(view) if renderer is None else renderer(view)
