"""The donut kinds, read from `cards.toml`: names, colours, copies, powers and scoring rules.

A card in a state is its kind's id: the kind's position in `cards.toml`. Hands, the deck and the
unknown part of anything are counts per kind (`Counts`), since cards of one kind are identical.
Rules code refers to powers and scoring rules, never to a kind by name, so the data file alone
says which card does what.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from typing import Any

Card = int
"""A kind's id: its position in `KINDS`."""
Counts = tuple[int, ...]
"""How many cards of each kind, indexed by kind id."""


class Power(Enum):
    """What a card does when it is taken from the row (rules/go-nuts.md, "Powers")."""

    DRAW = "draw"
    """Chocolate Frosted: draw the top card of the deck and keep it."""
    TAKE_TOP = "take-top"
    """Eclair: take the top card of the discard pile."""
    CLEAR_ROW = "clear-row"
    """French Cruller: discard any number of row cards nobody picked this round."""
    DRAW_TWO = "draw-two"
    """Double Chocolate: draw two, keep one, put the other back on top (the taker knows it)."""
    TAKE_ANY = "take-any"
    """Red Velvet: take any one card from the discard pile."""
    GIVE = "give"
    """Sprinkled: give one of your cards (this one included) to an opponent."""
    STEAL = "steal"
    """Bear Claw: take any one card from any opponent."""
    TWIST = "twist"
    """Cinnamon Twist: every player secretly passes one card to the next seat."""
    TAKE_THREE = "take-three"
    """Day-Old Donuts: take up to three cards from the discard pile."""
    DISCARD_THREE = "discard-three"
    """Milk: discard three of your other cards, or discard this card."""
    DISCARD_ONE = "discard-one"
    """Raspberry Frosted: discard one of your other cards; with none, discard this card."""
    SPOIL = "spoil"
    """Strawberry Glazed: discard one card held by an opponent."""


class Rule(Enum):
    """How a kind scores at the end (rules/go-nuts.md, "Scoring")."""

    EACH = "each"
    """`points` per card."""
    SET = "set"
    """`table[count - 1]` for the whole set; counts past the table score its last entry."""
    MAJORITY = "majority"
    """`points` per card; the single player with the most (one or more) scores `most` more,
    players tied for the most score `tied` more each."""
    TYPES_AT_LEAST = "types-at-least"
    """`points` per card if the holder has `limit` or more types."""
    TYPES_AT_MOST = "types-at-most"
    """`points` per card if the holder has `limit` or fewer types."""
    CARDS_AT_MOST = "cards-at-most"
    """`points` per card if the holder holds `limit` or fewer cards."""
    FEWEST_CARDS = "fewest-cards"
    """`points` per card if no player holds fewer cards than the holder."""
    PER_NEGATIVE = "per-negative"
    """Each card scores `points` per negative card the holder holds."""


@dataclass(frozen=True, slots=True)
class Scoring:
    """A kind's scoring rule and its numbers (unused numbers are 0 or empty)."""

    rule: Rule
    points: int = 0
    table: tuple[int, ...] = ()
    most: int = 0
    tied: int = 0
    limit: int = 0

    @property
    def is_negative(self) -> bool:
        """Whether each card of the kind scores below zero: what Coffee counts."""
        return self.rule is Rule.EACH and self.points < 0


@dataclass(frozen=True, slots=True)
class Kind:
    """One donut kind as printed: its code, name, copies per colour, power and scoring."""

    id: Card
    code: str
    name: str
    copies: tuple[tuple[str, int], ...]
    power: Power | None
    scoring: Scoring
    text: str

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours its cards come in (French Cruller comes in every colour)."""
        return tuple(colour for colour, _ in self.copies)


def _load() -> tuple[dict[str, int], tuple[Kind, ...]]:
    data: dict[str, Any] = tomllib.loads(
        (resources.files(__package__ or __name__) / "cards.toml").read_text(encoding="utf-8")
    )
    colours = {str(colour): int(players) for colour, players in data["colours"].items()}
    kinds = []
    for index, entry in enumerate(data["kind"]):
        scoring = dict(entry["scoring"])
        rule = Rule(scoring.pop("rule"))
        table = tuple(int(points) for points in scoring.pop("table", ()))
        copies = tuple((str(colour), int(count)) for colour, count in entry["copies"].items())
        unknown = [colour for colour, _ in copies if colour not in colours]
        if unknown:
            raise ValueError(f"cards.toml: {entry['name']} has copies of unknown colour {unknown[0]!r}")
        power = Power(entry["power"]) if "power" in entry else None
        kind = Kind(
            index,
            str(entry["code"]),
            str(entry["name"]),
            copies,
            power,
            Scoring(rule, table=table, **scoring),
            str(entry["text"]),
        )
        kinds.append(kind)
    if len({kind.code for kind in kinds}) != len(kinds):
        raise ValueError("cards.toml: two kinds share a code")
    return colours, tuple(kinds)


COLOURS, KINDS = _load()
"""Each colour with the fewest players it is used from; every kind, by id."""
CODES: dict[str, Card] = {kind.code: kind.id for kind in KINDS}
NO_CARDS: Counts = (0,) * len(KINDS)
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6)
"""The box holds six sets of selection cards, numbered 1 to 7."""


def deck_counts(players: int) -> Counts:
    """The deck for a player count: every card whose colour is used with that many players."""
    return tuple(sum(count for colour, count in kind.copies if COLOURS[colour] <= players) for kind in KINDS)


def colours_in_play(players: int) -> tuple[str, ...]:
    """The colours used with `players` players."""
    return tuple(colour for colour, fewest in COLOURS.items() if fewest <= players)
