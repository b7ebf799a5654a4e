"""The steps of a Donut Dilemma submission, and their notation.

A submission is a chain of small menus by one seat (DESIGN.md): `Move`, then `Plain`, then
one `Special` at a time, then `Done` (the chain ends by itself once the allowance is used), or
`Skip` at any step.

| action | JSON | notation |
|---|---|---|
| end the round in bakery B | `{"type": "move", "to": "B"}` | `b` (`stay` also names your own bakery) |
| bake 12 plain | `{"type": "plain", "count": 12}` | `12` |
| a Glazed, Strawberry or Jelly | `{"type": "special", "donut": "glazed", "number": 0, "at": null}` | `g`, `s`, `j` |
| a Rainbow Sprinkles declaring 50 | `{"type": "special", "donut": "rainbow", "number": 50, "at": null}` | `r50` |
| a Coffee baked in bakery D | `{"type": "special", "donut": "coffee", "number": 0, "at": "D"}` | `cd` |
| no more specials | `{"type": "done"}` | `done` |
| submit nothing this round | `{"type": "skip"}` | `skip` |

`Skip` is on every menu: a seat may decline to submit at any step, and it is what a seat that runs
out of time plays. A submission counts only once the seat says done (the Ruling on time-outs), so a
seat that skips, whatever steps it had chosen, stays where it is and bakes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from holesome.games.donut_dilemma.components import BAKERIES, COMPONENTS, Bakery, Donut


@dataclass(frozen=True, slots=True)
class Move:
    """End this round in bakery `to`: your own (stay) or one next to it on the ring."""

    TYPE: ClassVar[str] = "move"
    to: Bakery


@dataclass(frozen=True, slots=True)
class Plain:
    """Bake `count` Plain donuts; those over the cap spend one garnet each."""

    TYPE: ClassVar[str] = "plain"
    count: int


@dataclass(frozen=True, slots=True)
class Special:
    """Bake one special donut: a Rainbow declares `number`, a Coffee is baked `at` a bakery."""

    TYPE: ClassVar[str] = "special"
    donut: Donut
    number: int = 0
    at: Bakery | None = None


@dataclass(frozen=True, slots=True)
class Done:
    """Bake no more specials: the submission is complete."""

    TYPE: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Skip:
    """Submit nothing this round: stay in your bakery and bake nothing, whatever was chosen so far."""

    TYPE: ClassVar[str] = "skip"


Action = Move | Plain | Special | Done | Skip

DONE = Done()
DONE_TEXT = "done"
SKIP = Skip()
SKIP_TEXT = "skip"
STAY_TEXT = "stay"

_BY_LETTER = {letter: donut for donut, letter in COMPONENTS.donut_letters.items()}
_BAKERY_BY_LETTER = {bakery.lower(): bakery for bakery in BAKERIES}


def to_text(action: Action) -> str:
    """The action's notation (see the module's table)."""
    if isinstance(action, Move):
        return action.to.lower()
    if isinstance(action, Plain):
        return str(action.count)
    if isinstance(action, Special):
        letter = COMPONENTS.donut_letters[action.donut]
        if action.donut is Donut.RAINBOW:
            return f"{letter}{action.number}"
        if action.at is not None:
            return letter + action.at.lower()
        return letter
    return SKIP_TEXT if isinstance(action, Skip) else DONE_TEXT


def from_text(text: str, here: Bakery) -> Action | None:
    """The action `text` names (any stage), or None; `stay` names `here`. Legality is not checked."""
    word = text.strip().lower()
    if word == DONE_TEXT:
        return DONE
    if word == SKIP_TEXT:
        return SKIP
    if word == STAY_TEXT:
        return Move(here)
    if word.isdigit():
        return Plain(int(word))
    if word in _BAKERY_BY_LETTER:
        return Move(_BAKERY_BY_LETTER[word])
    donut = _BY_LETTER.get(word[:1])
    rest = word[1:]
    if donut is Donut.RAINBOW:
        return Special(donut, int(rest)) if rest.isdigit() else None
    if donut is Donut.COFFEE:
        return Special(donut, at=_BAKERY_BY_LETTER[rest]) if rest in _BAKERY_BY_LETTER else None
    if donut is not None and not rest:
        return Special(donut)
    return None


def specials_hint(rainbow_max: int) -> str:
    """The notation of the specials menu in brief, e.g. `g, r0-r160, s, ca-ce, j`."""
    first, last = BAKERIES[0].lower(), BAKERIES[-1].lower()
    parts = []
    for donut in Donut:
        letter = COMPONENTS.donut_letters[donut]
        if donut is Donut.RAINBOW:
            parts.append(f"{letter}0-{letter}{rainbow_max}")
        elif donut is Donut.COFFEE:
            parts.append(f"{letter}{first}-{letter}{last}")
        else:
            parts.append(letter)
    return ", ".join(parts)
