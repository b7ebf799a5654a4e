"""The typed JSON codec games use for their states and actions."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import NamedTuple

import pytest

from holesome.core.codec import DERIVED, DecodeError, from_json, to_json


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Point(NamedTuple):
    x: int
    y: int


@dataclass(frozen=True)
class Thing:
    colour: Colour
    where: Point
    tags: frozenset[str]
    path: tuple[Point, ...]
    pair: tuple[int, str]
    note: str | None
    cache: int = field(default=0, metadata=DERIVED)


def test_round_trip_of_every_supported_type() -> None:
    thing = Thing(Colour.BLUE, Point(1, 2), frozenset({"b", "a"}), (Point(0, 0),), (3, "x"), None, cache=9)
    data = to_json(thing)
    assert data == {
        "colour": "blue",
        "where": {"x": 1, "y": 2},
        "tags": ["a", "b"],
        "path": [{"x": 0, "y": 0}],
        "pair": [3, "x"],
        "note": None,
    }
    assert from_json(Thing, data) == Thing(
        Colour.BLUE, Point(1, 2), frozenset({"a", "b"}), (Point(0, 0),), (3, "x"), None
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"colour": "green"}, "is not a Colour"),
        ({"where": {"x": 1}}, "needs field 'y'"),
        ({"where": {"x": 1, "y": True}}, "expected a whole number"),
        ({"pair": [1]}, "expected 2 items"),
        ({"extra": 1}, "has no field 'extra'"),
    ],
)
def test_values_that_do_not_fit_say_where(data: dict[str, object], message: str) -> None:
    good = to_json(Thing(Colour.RED, Point(0, 0), frozenset(), (), (1, "a"), "n"))
    with pytest.raises(DecodeError, match=message):
        from_json(Thing, {**good, **data})
