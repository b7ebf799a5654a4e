"""Double Dash! in the terminal: the grid with space names, the dice, piece counts and the prompt.

Pieces are told apart by digit as well as colour (`1` red for Player 1, `2` blue for Player 2);
black spaces are solid blocks. The chosen piece is shown reversed, the spaces its legal moves
reach are marked `*` (or `x` for a capture), and the spaces the last moves ended on are underlined.
"""

from __future__ import annotations

from string import ascii_lowercase

from rich.console import Group, RenderableType
from rich.text import Text

from holesome.core.game import View

_PIECES = {"1": ("1", "bold white on red"), "2": ("2", "bold white on blue")}
_BLACK = ("█", "grey35")
_OPEN = ("·", "dim")
_FACES = "⚀⚁⚂⚃⚄⚅"


def render(view: View) -> RenderableType:
    """The board, the start rolls, the dice of this turn, the pieces left, the result, the prompt."""
    lines = [_header(view["cols"])]
    marks = _marks(view)
    for row, text in enumerate(view["board"]):
        line = Text(f"{row + 1:>3} ")
        for col, char in enumerate(text):
            line.append(" ")
            line.append(*_cell(char, marks.get((row, col), "")))
        lines.append(line)
    prompt = [Text(view["prompt"], style="bold")] if view["prompt"] else []
    return Group(*lines, Text(""), *_status(view), *prompt)


def _header(cols: int) -> Text:
    return Text("    " + "".join(f" {letter}" for letter in ascii_lowercase[:cols]), style="dim")


def _marks(view: View) -> dict[tuple[int, int], str]:
    """Extra styles per (row, col): the chosen piece, its reachable spaces, the last moves' ends."""
    marks: dict[tuple[int, int], str] = {}
    for turn in (view["last_turn"], view["current_turn"]):
        for dash in turn["dashes"] if turn else ():
            marks[_at(dash["to"])] = "underline"
    chosen = view["chosen"]["piece"]
    if chosen is not None:
        marks[_at(chosen)] = "reverse"
        for play in view["plays"]:
            if play["from"] == chosen and play["die"] == view["chosen"]["die"]:
                marks[_at(play["to"])] = "capture" if play["captures"] else "reach"
    return marks


def _at(name: str) -> tuple[int, int]:
    """(row, col) of a space name such as `c4`."""
    return int(name[1:]) - 1, ascii_lowercase.index(name[0])


def _cell(char: str, mark: str) -> tuple[str, str]:
    if mark == "capture":
        return "x", "bold yellow on red"
    if mark == "reach":
        return "*", "bold yellow"
    symbol, style = _PIECES.get(char, _BLACK if char == "#" else _OPEN)
    return symbol, f"{style} {mark}".strip()


def _status(view: View) -> list[Text]:
    players = view["players"]
    lines: list[Text] = []
    if view["start_rolls"]:
        rolls = ", ".join(f"{first}-{second}" for first, second in view["start_rolls"])
        lines.append(Text(f"start rolls (Player 1-Player 2): {rolls}", style="dim"))
    dice = view["dice"]
    if dice is not None and view["current_turn"] is not None:
        who = players[view["current_turn"]["seat"]]
        line = Text(f"{who} rolled ")
        line.append(" ".join(f"{_FACES[pips - 1]} {pips}" for pips in dice["rolled"]), style="bold")
        line.append(f"  ·  left: {' '.join(map(str, dice['left'])) or '-'}")
        if dice["lost"]:
            line.append(f"  ·  lost: {' '.join(map(str, dice['lost']))}", style="yellow")
        lines.append(line)
    counts = "  ·  ".join(f"{name}: {count} pieces" for name, count in zip(players, view["pieces"], strict=True))
    lines.append(Text(f"turn {view['turn']}  ·  {counts}  ·  quiet turns {view['quiet_turns']}"))
    outcome = view["outcome"]
    if outcome is not None:
        winners = outcome["winners"]
        lines.append(Text("draw" if len(winners) > 1 else f"{players[winners[0]]} wins", style="bold"))
    return lines


__all__ = ["render"]
