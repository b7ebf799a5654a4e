"""Go Nuts for Donuts! in the terminal: the row with slot numbers, every hand with its running
score, the deck, the discard pile, the power under way, the last round's events and the prompt.

Cards are coloured by their card colour (green, pink, purple, blue) and always shown with their
two-letter code, so they are told apart without colour too; a ★ marks a card with a power.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from holesome.core.game import View

_STYLES = {"green": "bold green", "pink": "bold magenta", "purple": "bold bright_magenta", "blue": "bold cyan"}
_RAINBOW = "bold yellow"
"""For a kind printed in several colours (French Cruller)."""
_NEWS = {
    "reveal": "picks revealed",
    "take": "seat {seat} takes {card} from slot {slot}",
    "clash": "slot {slot} was picked twice: {card} is discarded",
    "draw": "seat {seat} draws {card}",
    "draw-secret": "seat {seat} draws two cards in secret",
    "keep": "seat {seat} keeps {card} and puts the other back on the deck",
    "retrieve": "seat {seat} takes {card} from the discard pile",
    "clear": "seat {seat} discards {card} from slot {slot}",
    "discard": "seat {seat} discards {card}",
    "give": "seat {seat} gives {card} to seat {other}",
    "steal": "seat {seat} takes {card} from seat {other}",
    "spoil": "seat {seat} discards {card} held by seat {other}",
    "pass": "seat {seat} passes {card} to seat {other}",
    "refill": "{card} fills slot {slot}",
    "end": "the deck cannot refill the row: game over",
}


def render(view: View) -> RenderableType:
    """The whole table as one seat (or a spectator) sees it."""
    kinds = {kind["code"]: kind for kind in view["kinds"]}
    parts: list[RenderableType] = [
        Text(f"Go Nuts for Donuts!  ·  round {view['round']}  ·  {view['phase']}", style="bold"),
        _row(view, kinds),
        _piles(view, kinds),
        _hands(view, kinds),
    ]
    if view["power"]:
        parts.append(_power(view["power"], kinds))
    if view["events"]:
        parts.append(_events(view["events"], kinds))
    if view["outcome"]:
        parts.append(_outcome(view["outcome"]))
    elif view["prompt"]:
        parts.append(Text(view["prompt"], style="bold reverse"))
    return Group(*parts)


def _card(code: str | None, kinds: dict[str, Any], long: bool = False) -> Text:
    if code is None:
        return Text("--", style="dim")
    kind = kinds[code]
    colours = kind["colours"]
    style = _STYLES.get(colours[0], "bold") if len(colours) == 1 else _RAINBOW
    star = "★" if kind["power"] else ""
    return Text(f"{code}{star}" + (f" {kind['name']}" if long else ""), style=style)


def _row(view: View, kinds: dict[str, Any]) -> Table:
    table = Table(title="row", show_header=True, header_style="dim")
    table.add_column("slot", justify="right")
    table.add_column("donut")
    table.add_column("picked by")
    for slot in view["row"]:
        pickers = ", ".join(str(seat + 1) for seat in slot["picked_by"])
        table.add_row(str(slot["slot"]), _card(slot["card"], kinds, long=True), pickers)
    return table


def _piles(view: View, kinds: dict[str, Any]) -> Text:
    text = Text(f"deck {view['deck_size']} cards")
    if view["deck_top"]:
        text.append("  (top: ")
        text.append_text(_card(view["deck_top"], kinds, long=True))
        text.append(")")
    text.append(f"   discard pile {len(view['discard'])}: ")
    for code in view["discard"]:
        text.append_text(_card(code, kinds))
        text.append(" ")
    if view["discard"]:
        text.append("← top", style="dim")
    return text


def _hands(view: View, kinds: dict[str, Any]) -> Table:
    table = Table(title="players", show_header=True, header_style="dim")
    for column in ("seat", "score", "cards", "types", "pick", "hand"):
        table.add_column(column, justify="right" if column != "hand" else "left")
    for hand in view["hands"]:
        cards = Text()
        for code, count in hand["cards"].items():
            cards.append_text(_card(code, kinds))
            cards.append(f"x{count} " if count > 1 else " ")
        pick = str(hand["pick"]) if hand["pick"] is not None else ("✓" if hand["picked"] else "")
        seat = f"{hand['seat'] + 1}{' (you)' if hand['seat'] == view['seat'] else ''}"
        table.add_row(seat, str(hand["score"]), str(hand["count"]), str(hand["types"]), pick, cards)
    return table


def _power(power: dict[str, Any], kinds: dict[str, Any]) -> Text:
    text = Text(f"seat {power['taker'] + 1} resolves ")
    text.append_text(_card(power["card"], kinds, long=True))
    if power["chosen"]:
        text.append(f"  chosen: {', '.join(map(str, power['chosen']))}")
    if power.get("drawn_cards"):
        text.append(f"  you drew: {', '.join(power['drawn_cards'])}")
    if "passed" in power:
        waiting = [str(seat + 1) for seat, done in enumerate(power["passed"]) if not done]
        text.append(f"  waiting for: {', '.join(waiting) or 'nobody'}")
        if power["my_pass"]:
            text.append(f"  you pass: {power['my_pass']}")
    return text


def _events(events: list[dict[str, Any]], kinds: dict[str, Any]) -> Text:
    text = Text("last: ", style="dim")
    for event in events:
        card = event["card"]
        name = f"{kinds[card]['name']} ({card})" if card else ""
        text.append(
            _NEWS[event["what"]].format(
                seat=_counted(event["seat"]), card=name, slot=event["slot"], other=_counted(event["other"])
            )
        )
        text.append("; ", style="dim")
    return text


def _counted(seat: int | None) -> int | None:
    """A seat as people count it, from 1 (None stays None)."""
    return None if seat is None else seat + 1


def _outcome(outcome: dict[str, Any]) -> Text:
    winners = outcome["winners"]
    scores = ", ".join(f"seat {seat + 1}: {score:g}" for seat, score in enumerate(outcome["scores"]))
    who = " and ".join(f"seat {seat + 1}" for seat in winners)
    return Text(f"game over: {who} {'win' if len(winners) > 1 else 'wins'}  ({scores})", style="bold")


__all__ = ["render"]
