"""Donut Dilemma in the terminal: the ring of bakeries, the host's announcements, your own
results, and at the end everyone's.

Bakeries are told apart by letter as well as colour; your bakery is marked `*`. Specials are
shown in notation (`g`, `r50`, `s`, `cd`, `j`), each in its donut's colour.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from holesome.core.game import View


def render(view: View) -> RenderableType:
    """The table, the announcements, the seat's own side, the result once over, the prompt."""
    colours = {bakery["letter"]: bakery["colour"] for bakery in view["table"]["bakeries"]}
    donut_colours = {donut["kind"]: donut["colour"] for donut in view["table"]["donuts"]}
    me = view["me"]
    parts: list[RenderableType] = [_heading(view), _ring(view, colours, None if me is None else me["bakery"])]
    if view["announcements"]:
        parts.append(_announcements(view, colours))
    if me is not None:
        parts.append(_own(me, donut_colours))
    if view["outcome"] is not None:
        parts.append(_final(view, colours))
    if view["prompt"]:
        parts.append(Text(view["prompt"], style="bold"))
    return Group(*parts)


def _heading(view: View) -> Text:
    who = "spectator" if view["seat"] is None else f"seat {view['seat'] + 1}"
    waiting = ", ".join(str(seat + 1) for seat in view["to_act"]) or "nobody"
    heading = Text(f"Donut Dilemma · round {view['round']} of {view['rounds']} · {who}", style="bold")
    if view["outcome"] is None:
        heading.append(f" · waiting for: {waiting}", style="dim")
    return heading


def _ring(view: View, colours: dict[str, str], mine: str | None) -> Text:
    """The bakeries in ring order (the last links back to the first), with last round's totals."""
    totals = view["last"]["bakeries"] if view["last"] else {}
    ring = Text("ring: ")
    for index, letter in enumerate(colours):
        if index:
            ring.append(" - ")
        ring.append(f"[{letter}{'*' if letter == mine else ''}]", style=f"bold {colours[letter]}")
        if letter in totals:
            ring.append(f" {totals[letter]}", style=colours[letter])
    first = next(iter(colours))
    ring.append(" - ")
    ring.append(f"({first})", style=colours[first])
    return ring


def _announcements(view: View, colours: dict[str, str]) -> Table:
    table = Table(title="announced", title_justify="left")
    table.add_column("round", justify="right")
    table.add_column("total", justify="right", style="bold")
    for letter, colour in colours.items():
        table.add_column(letter, justify="right", style=colour)
    for item in view["announcements"]:
        table.add_row(str(item["round"]), str(item["total"]), *(str(item["bakeries"][b]) for b in colours))
    return table


def _own(me: dict[str, Any], donut_colours: dict[str, str]) -> RenderableType:
    placement = "-" if me["placement"] is None else str(me["placement"])
    status = Text(
        f"you: bakery {me['bakery']} · score {me['score']} · placement {placement} · "
        f"garnets {me['garnets']} · specials allowed {me['allowance']}"
    )
    parts: list[RenderableType] = [status, Text(_partners(me["start"], me["partners"]))]
    if me["submission"] is not None and me["submission"]["move"] is not None:
        parts.append(Text("this round: ").append_text(_submission(me["submission"], donut_colours)))
    if me["rounds"]:
        table = Table(title="your rounds", title_justify="left")
        for column in ("round", "baked", "points", "score", "placement"):
            table.add_column(column, justify="left" if column == "baked" else "right")
        for item in me["rounds"]:
            table.add_row(
                str(item["round"]),
                _submission(item["submission"], donut_colours),
                str(item["points"]),
                str(item["score"]),
                str(item["placement"]),
            )
        parts.append(table)
    return Group(*parts)


def _partners(start: str, partners: list[int]) -> str:
    """Who started the game with the seat, seats counted from 1."""
    if not partners:
        return f"you started in bakery {start} alone"
    names = [f"seat {seat + 1}" for seat in partners]
    together = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"you started in bakery {start} with {together}"


def _submission(submission: dict[str, Any], donut_colours: dict[str, str]) -> Text:
    text = Text(f"to {submission['move']}")
    if submission["plain"] is not None:
        text.append(f", {submission['plain']} plain")
    for special in submission["specials"]:
        text.append(", ").append(special["text"], style=f"bold {donut_colours[special['donut']]}")
    return text


def _final(view: View, colours: dict[str, str]) -> RenderableType:
    outcome = view["outcome"]
    details = outcome["details"]
    table = Table(title="final", title_justify="left")
    for column in ("seat", "bakery", "score", "placement", "garnets won"):
        table.add_column(column, justify="right")
    for seat, (score, bakery) in enumerate(zip(view["final"]["scores"], view["final"]["bakeries"], strict=True)):
        mark = " (winner)" if seat in outcome["winners"] else ""
        mark += " (elimination candidate)" if seat in details["elimination_candidates"] else ""
        table.add_row(
            f"{seat + 1}{mark}",
            Text(bakery, style=colours[bakery]),
            str(score),
            str(details["placements"][seat]),
            str(details["garnet_awards"][seat]),
        )
    bonus = "earned" if details["prize_pool_bonus"] else "not earned"
    return Group(table, Text(f"prize-pool bonus: {bonus}", style="bold"))


__all__ = ["render"]
