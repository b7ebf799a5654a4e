"""Doughnut Dash in the terminal: the floor in colour, the players' stacks and cards, the prompt.

Everything is told apart by letter or shape as well as colour: doughnuts by initial (S C B K R),
thieves by their seat's letter (A B C D; capital for the first thief, small for the second),
features by sign (# fixed barrier, % reflecting barrier, @ teleport in its pair's colour).
A doughnut on a feature square is underlined; empty squares that this or last round's thieves
crossed show a bright dot. Tiles stand apart by a gap, since Spin turns one.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from holesome.core.game import View

SEAT_LETTERS = "ABCD"
SEAT_STYLES = ("bold white on red", "bold white on blue", "bold black on green", "bold black on yellow")
DOUGHNUTS = {
    "strawberry-lemonade": ("S", "bold magenta"),
    "chocolate-coconut": ("C", "bold dark_orange3"),
    "blueberry-violet": ("B", "bold blue"),
    "ketchup": ("K", "bold red"),
    "rainbow-frosted": ("R", "bold bright_cyan"),
}
FEATURES = {"fixed": ("#", "bold white on grey23"), "reflect": ("%", "bold white on grey42")}
TELEPORT_STYLES = {"blue": "blue", "pink": "magenta", "green": "green", "yellow": "yellow"}
_CELL = 3
TILE_SIDE = 2


def render(view: View) -> RenderableType:
    """The floor, the players, what happened, and what this seat is asked to do."""
    parts: list[RenderableType] = [_board(view), Text(""), _players(view), Text("")]
    parts.append(Text(_status(view), style="bold"))
    events = view["events"]
    if events:
        parts.append(Text("  ".join(_event(event) for event in events[-8:]), style="dim"))
    if view["prompt"]:
        parts.append(Text(view["prompt"], style="bold cyan"))
    return Group(*parts)


def _board(view: View) -> Text:
    board = view["board"]
    width = board["width"]
    thieves: dict[int, list[dict[str, Any]]] = {}
    for thief in view["thieves"]:
        thieves.setdefault(thief["square"], []).append(thief)
    trail = {square for t in view["trails"] + view["last_trails"] for square in t["squares"]}
    header = "".join(("  " if col % TILE_SIDE == 0 else "") + f" {chr(ord('a') + col)} " for col in range(width))
    text = Text("   " + header + "\n", style="dim")
    for index, square in enumerate(board["squares"]):
        if square["col"] == 0:
            if square["row"] % TILE_SIDE == 0 and square["row"]:
                text.append("\n")
            text.append(f"{square['row'] + 1:>3}", style="dim")
        if square["col"] % TILE_SIDE == 0:
            text.append("  ")
        label, style = _square(square, thieves.get(index, []), index in trail)
        text.append(label.center(_CELL), style=style)
        if square["col"] == width - 1:
            text.append("\n")
    return text


def _square(square: dict[str, Any], thieves: list[dict[str, Any]], on_trail: bool) -> tuple[str, str]:
    feature = square["feature"]
    sign, sign_style = "·" if not on_trail else "∙", "dim" if not on_trail else "bright_white"
    if feature in FEATURES:
        sign, sign_style = FEATURES[feature]
    elif feature is not None:
        colour = TELEPORT_STYLES.get(str(feature).removeprefix("teleport-"), "white")
        sign, sign_style = "@", f"bold {colour}"
    if thieves:
        label = "".join(
            SEAT_LETTERS[t["seat"]] if t["thief"] == 0 else SEAT_LETTERS[t["seat"]].lower() for t in thieves
        )
        return label, SEAT_STYLES[thieves[0]["seat"]]
    if square["doughnut"] is not None:
        letter, style = DOUGHNUTS[square["doughnut"]]
        return letter, f"{style} underline" if feature is not None else style
    return sign, sign_style


def _players(view: View) -> Table:
    table = Table(box=None, pad_edge=False)
    for column in ("seat", "stack (top last)", "pts", "hand", "played", "dir", "sugar rush"):
        table.add_column(column)
    for seat in view["seats"]:
        number = seat["seat"]
        marks = (" *" if number == view["first_player"] else "") + (" <" if number == view["mover"] else "")
        stack = Text()
        for doughnut in seat["stack"]:
            letter, style = DOUGHNUTS[doughnut]
            stack.append(letter, style=style)
        cards = seat["sugar_rush"]
        sugar = ", ".join(cards) if cards is not None else f"{seat['sugar_rush_count']} hidden"
        direction = seat["revealed"] or ("chosen" if seat["committed"] else "…" if seat["choosing"] else "")
        table.add_row(
            Text(f"{number + 1} {SEAT_LETTERS[number]}{marks}", style=SEAT_STYLES[number]),
            stack,
            str(seat["doughnut_points"]),
            " ".join(seat["hand"]).upper(),
            " ".join(seat["played"]).upper(),
            direction.upper() if seat["revealed"] else direction,
            sugar,
        )
    return table


def _status(view: View) -> str:
    outcome = view["outcome"]
    if outcome is not None:
        winners = " and ".join(str(seat + 1) for seat in outcome["winners"])
        scores = ", ".join(f"{seat + 1}: {score:g}" for seat, score in enumerate(outcome["scores"]))
        return f"Game over. Scores {scores}. Winner: seat {winners}"
    score = "" if view["score"] is None else f"  ·  your points {view['score']:g}"
    return (
        f"round {view['round']}  ·  {view['phase']}  ·  deck {view['deck_size']}  ·  "
        f"Ketchup left {view['ketchup_left']}  ·  max stack {view['max_stack']}{score}"
    )


def _event(event: dict[str, Any]) -> str:
    what = event["card"] or event["doughnut"] or event["direction"] or ""
    other = f" from {event['other']}" if event["other"] is not None else ""
    return f"{event['seat']} {event['kind']} {what}{other}".strip()


__all__ = ["render"]
