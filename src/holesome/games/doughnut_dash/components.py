"""Doughnut Dash's components: directions, doughnuts, Sugar Rush cards and the tile set.

Counts, points and tile features are read from the JSON files in `data/`, so an owner of the
printed game can swap in its real contents; what each kind *does* is rules, and lives in code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from typing import Any


class Direction(StrEnum):
    """A direction card, and the heading of a moving thief."""

    N = "n"
    E = "e"
    S = "s"
    W = "w"


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
"""Clockwise from North: turning right is one step on, turning left one step back."""

OPPOSITE = {d: DIRECTIONS[(i + 2) % 4] for i, d in enumerate(DIRECTIONS)}
RIGHT_OF = {d: DIRECTIONS[(i + 1) % 4] for i, d in enumerate(DIRECTIONS)}
LEFT_OF = {d: DIRECTIONS[(i + 3) % 4] for i, d in enumerate(DIRECTIONS)}


class Side(StrEnum):
    """Which way a Sidestep turns a thief from its heading."""

    LEFT = "left"
    RIGHT = "right"


class Doughnut(StrEnum):
    """The five kinds of doughnut."""

    STRAWBERRY_LEMONADE = "strawberry-lemonade"
    CHOCOLATE_COCONUT = "chocolate-coconut"
    BLUEBERRY_VIOLET = "blueberry-violet"
    KETCHUP = "ketchup"
    RAINBOW_FROSTED = "rainbow-frosted"


class Card(StrEnum):
    """The Sugar Rush card kinds."""

    ABOUT_TURN = "about-turn"
    LEAP = "leap"
    SPIN = "spin"
    HOLD_STILL = "hold-still"
    SIDESTEP = "sidestep"
    SECOND_WIND = "second-wind"
    LAST_WORD = "last-word"
    GUARD = "guard"


class Feature(StrEnum):
    """What a tile square may hold besides doughnuts and thieves. Teleports also have a colour."""

    FIXED = "fixed"
    REFLECT = "reflect"
    TELEPORT = "teleport"


TELEPORT_PREFIX = "teleport-"


def feature_kind(feature: str | None) -> Feature | None:
    """The kind of a square's feature as the tile data names it (`teleport-blue` is a teleport)."""
    if feature is None:
        return None
    if feature.startswith(TELEPORT_PREFIX):
        return Feature.TELEPORT
    return Feature(feature)


@dataclass(frozen=True, slots=True)
class Tile:
    """A factory-floor tile: its printed number and the features of its squares NW, NE, SW, SE."""

    id: int
    features: tuple[str | None, str | None, str | None, str | None]


def _load(name: str) -> Any:
    return json.loads((resources.files(__package__) / "data" / name).read_text(encoding="utf-8"))


def _load_tiles() -> tuple[Tile, ...]:
    tiles = []
    for entry in _load("tiles.json")["tiles"]:
        features = tuple(entry["features"])
        if len(features) != 4:
            raise ValueError(f"doughnut-dash tile {entry['id']}: a tile has 4 squares, got {len(features)}")
        for feature in features:
            feature_kind(feature)
        tiles.append(Tile(int(entry["id"]), features))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _load_tiles()
TILE_BY_ID: dict[int, Tile] = {tile.id: tile for tile in TILES}

_cards = _load("sugar_rush.json")["cards"]
CARD_COUNTS: dict[Card, int] = {Card(entry["kind"]): int(entry["count"]) for entry in _cards}
CARD_POINTS: dict[Card, int] = {Card(entry["kind"]): int(entry["points"]) for entry in _cards}
DECK: tuple[Card, ...] = tuple(sorted(card for card, count in CARD_COUNTS.items() for _ in range(count)))
"""The full Sugar Rush deck as a sorted multiset."""

_doughnuts = _load("doughnuts.json")
DOUGHNUT_COUNTS: dict[Doughnut, int] = {Doughnut(e["kind"]): int(e["count"]) for e in _doughnuts["doughnuts"]}
DOUGHNUT_POINTS: dict[Doughnut, int] = {Doughnut(e["kind"]): int(e["points"]) for e in _doughnuts["doughnuts"]}
"""Flat points per doughnut; Rainbow Frosted is scored by set size instead (see scoring)."""
REMOVED: dict[int, dict[Doughnut, int]] = {
    int(players): {Doughnut(kind): int(count) for kind, count in removed.items()}
    for players, removed in _doughnuts["removed"].items()
}
"""Doughnuts put back in the box at setup, by player count."""
