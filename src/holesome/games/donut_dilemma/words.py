"""Donut Dilemma in plain words: the prompt, each choice and the ending, with donut and bakery
names and seats as references (the notation of `actions.py` is only the terminal's hint)."""

from __future__ import annotations

from holesome.core.ask import Ask, ask
from holesome.core.game import Outcome
from holesome.games.donut_dilemma.actions import DONE_TEXT, SKIP_TEXT, Action, Move, Plain, Skip, Special, specials_hint
from holesome.games.donut_dilemma.components import COMPONENTS, NUMBERS, Bakery, Donut

DONUT_NAMES = {
    Donut.GLAZED: "Glazed",
    Donut.RAINBOW: "Rainbow Sprinkles",
    Donut.STRAWBERRY: "Strawberry",
    Donut.COFFEE: "Coffee",
    Donut.JELLY: "Jelly",
}


def bakery_name(bakery: Bakery) -> str:
    """`bakery C`."""
    return f"bakery {bakery.value}"


def move_ask(head: str, here: Bakery) -> Ask:
    """Where to end the round: stay, or one of the neighbouring bakeries."""
    others = [bakery_name(bakery) for bakery in COMPONENTS.moves[here] if bakery is not here]
    letters = ", ".join(bakery.lower() for bakery in COMPONENTS.moves[here])
    return ask(
        f"{head}: where do you bake? You are in {bakery_name(here)}: stay, or move to {' or '.join(others)}"
        " (or skip: stay and bake nothing)",
        hint=f"{letters}, or stay; or {SKIP_TEXT}",
    )


def plain_ask(head: str, garnets: int) -> Ask:
    """How many Plain donuts, with the garnets that buy more."""
    most = NUMBERS.plain_max
    extra = f" ({most + 1} to {most + garnets} spend a garnet each)" if garnets else ""
    return ask(f"{head}: how many Plain donuts? 0 to {most}{extra} (or skip)", hint=f"a number; or {SKIP_TEXT}")


def specials_ask(head: str, made: int, allowance: int, rainbow_max: int) -> Ask:
    """The next special donut, or done."""
    kinds = ", ".join(
        f"{DONUT_NAMES[donut]} (declare 0 to {rainbow_max})"
        if donut is Donut.RAINBOW
        else f"{DONUT_NAMES[donut]} (baked at a bakery you choose)"
        if donut is Donut.COFFEE
        else DONUT_NAMES[donut]
        for donut in Donut
    )
    return ask(
        f"{head}: special donut {made + 1} of {allowance}: {kinds}; or done (or skip)",
        hint=f"{specials_hint(rainbow_max)}; or {DONE_TEXT}, or {SKIP_TEXT}",
    )


def action_words(action: Action, here: Bakery | None = None) -> Ask:
    """A choice in words: `stay in bakery A`, `12 Plain`, `Rainbow Sprinkles declaring 50`."""
    if isinstance(action, Move):
        return ask(f"stay in {bakery_name(action.to)}" if action.to is here else f"move to {bakery_name(action.to)}")
    if isinstance(action, Plain):
        return ask(f"{action.count} Plain")
    if isinstance(action, Special):
        name = DONUT_NAMES[action.donut]
        if action.donut is Donut.RAINBOW:
            return ask(f"{name} declaring {action.number}")
        if action.at is not None:
            return ask(f"{name} baked at {bakery_name(action.at)}")
        return ask(name)
    if isinstance(action, Skip):
        return ask("skip: stay and bake nothing this round")
    return ask("done: no more specials")


def ending(outcome: Outcome) -> Ask:
    """Most points win, ties all win; the fewest points are the elimination candidates."""
    scores = outcome.scores
    winners = outcome.winners
    parts: list[str | int] = []
    for index, seat in enumerate(winners):
        parts += [" and " if index else "", seat]
    best = int(scores[winners[0]])
    parts.append(f" won with {best} points" if len(winners) == 1 else f" won together, tied on {best} points")
    last = outcome.details.get("elimination_candidates", [])
    if last and len(last) < len(scores):
        parts.append("; the fewest points: ")
        for index, seat in enumerate(last):
            parts += [", " if index else "", seat]
        parts.append(f" with {int(scores[last[0]])}")
    return ask(*parts)
