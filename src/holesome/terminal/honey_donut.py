"""Honey Donut in the terminal: the hex rows with cell letters, pieces by letter and colour.

Pieces are told apart by letter as well as colour (r/R red, b/B blue, capitals for Kings,
o white), and the cells of the last move are underlined.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from holesome.core.game import View

_SYMBOLS = {
    "red": ("r", "bold red"),
    "red king": ("R", "bold white on red"),
    "blue": ("b", "bold blue"),
    "blue king": ("B", "bold white on blue"),
    "white": ("o", "white"),
    None: ("·", "dim"),
}
_ROW_WIDTH = 5


def render(view: View) -> RenderableType:
    """The board, whose move it is, the last move, and the seat's prompt."""
    last = set(view["last"]["cells"]) if view["last"] else set()
    rows: dict[int, list[dict[str, object]]] = {}
    for cell in view["cells"]:
        rows.setdefault(int(cell["r"]), []).append(cell)
    lines = []
    for r in sorted(rows):
        line = Text(" " * (abs(r) * 3 + 2))
        cells = sorted(rows[r], key=lambda cell: int(str(cell["q"])))
        for index, cell in enumerate(cells):
            if r == 0 and index == 2:
                line.append("()    ", style="dim")
            symbol, style = _SYMBOLS[cell["piece"]]  # type: ignore[index]
            line.append(f"{cell['cell']}", style="dim")
            line.append(symbol, style=style + (" underline" if cell["cell"] in last else ""))
            line.append("    ")
        lines.append(line)
    status = Text(f"ply {view['ply']}  ·  {view['mover']} to move")
    if view["last"]:
        status.append(f"  ·  last move {view['last']['notation']}")
    if view["outcome"]:
        winners = view["outcome"]["winners"]
        status = Text("draw" if len(winners) > 1 else f"{('red', 'blue')[winners[0]]} wins", style="bold")
    prompt = [Text(view["prompt"], style="bold")] if view["prompt"] else []
    return Group(*lines, Text(""), status, *prompt)


__all__ = ["render"]
