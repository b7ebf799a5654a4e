"""Donut Dilemma's components: the bakeries on their ring, the special donuts, the numbers.

The printed contents live in `components.toml` beside this module, read once at import. The
code fixes only what the rules name: five bakeries lettered A-E and five kinds of special
donut. Their colours, the ring's links, the notation letters and every number come from the
file, so an owner of another printing can change them without touching code.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any


class Bakery(StrEnum):
    """A bakery on the ring, by its letter."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"


class Donut(StrEnum):
    """A kind of special donut (Plain donuts are only counted, never chosen one by one)."""

    GLAZED = "glazed"
    RAINBOW = "rainbow"
    STRAWBERRY = "strawberry"
    COFFEE = "coffee"
    JELLY = "jelly"


BAKERIES: tuple[Bakery, ...] = tuple(Bakery)
DONUTS: tuple[Donut, ...] = tuple(Donut)


@dataclass(frozen=True, slots=True)
class Numbers:
    """The numbers the rules score with (see `components.toml` for what each means)."""

    plain_max: int
    bakery_limit: int
    base_specials: int
    jelly_extra_specials: int
    glazed_points: int
    strawberry_points_per_baker: int
    coffee_points_per_baker: int
    bonus_rounds: int


@dataclass(frozen=True, slots=True)
class Awards:
    """Garnets at the end: `winner` for the winners, else the first threshold reached."""

    winner: int
    thresholds: tuple[tuple[int, int], ...]
    """`(points, garnets)` pairs, highest points first."""

    def for_score(self, score: int, is_winner: bool) -> int:
        """The garnets a final score earns (the highest award that applies, never a sum)."""
        if is_winner:
            return self.winner
        return next((garnets for points, garnets in self.thresholds if score >= points), 0)


@dataclass(frozen=True, slots=True)
class Components:
    """Everything `components.toml` holds, checked."""

    colours: dict[Bakery, str]
    moves: dict[Bakery, tuple[Bakery, ...]]
    """Where a player in each bakery may end the round: itself and its neighbours, A-E order."""
    donut_letters: dict[Donut, str]
    donut_colours: dict[Donut, str]
    numbers: Numbers
    awards: Awards


def _load() -> Components:
    text = (resources.files(__package__) / "components.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    bakeries = {Bakery(entry["letter"]): str(entry["colour"]) for entry in data["bakeries"]}
    if set(bakeries) != set(BAKERIES):
        raise ValueError("components.toml must list each bakery A-E once")
    moves: dict[Bakery, set[Bakery]] = {bakery: {bakery} for bakery in BAKERIES}
    for first, second in data["links"]:
        moves[Bakery(first)].add(Bakery(second))
        moves[Bakery(second)].add(Bakery(first))
    donuts: dict[Donut, dict[str, Any]] = {Donut(entry["kind"]): entry for entry in data["donuts"]}
    letters = {donut: str(entry["letter"]) for donut, entry in donuts.items()}
    if set(donuts) != set(DONUTS) or len(set(letters.values())) != len(DONUTS):
        raise ValueError("components.toml must list each special donut once, each with its own letter")
    if not all(len(letter) == 1 and letter.isalpha() and letter.islower() for letter in letters.values()):
        raise ValueError("a donut's notation letter must be one lower-case letter")
    thresholds = sorted(((int(points), int(garnets)) for points, garnets in data["awards"]["thresholds"]), reverse=True)
    return Components(
        colours=bakeries,
        moves={bakery: tuple(b for b in BAKERIES if b in ends) for bakery, ends in moves.items()},
        donut_letters=letters,
        donut_colours={donut: str(entry["colour"]) for donut, entry in donuts.items()},
        numbers=Numbers(**{key: int(value) for key, value in data["numbers"].items()}),
        awards=Awards(int(data["awards"]["winner"]), tuple(thresholds)),
    )


COMPONENTS = _load()
NUMBERS = COMPONENTS.numbers
