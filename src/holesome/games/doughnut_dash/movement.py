"""Moving a thief: one pure function that returns the path it took.

`dash` walks a thief square by square and reports every hop (a step, a jump between teleports,
a bounce off a reflecting barrier, a leap over a doughnut) and why it stopped, so the browser
client can animate the move and the rules can settle what happens where it ends.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from holesome.core.frozen import builder
from holesome.games.doughnut_dash.board import Layout, Terrain
from holesome.games.doughnut_dash.components import OPPOSITE, Direction, Doughnut, Feature


class Hop(StrEnum):
    """How a thief reached a square."""

    STEP = "step"
    """Walked in from the neighbouring square."""
    JUMP = "jump"
    """Came out of the partner teleport."""
    BOUNCE = "bounce"
    """Walked in onto a reflecting barrier and turned back."""
    LEAP = "leap"
    """Walked in over a doughnut, by a Leap card, and went on."""


class Stop(StrEnum):
    """Why a thief stopped."""

    DOUGHNUT = "doughnut"
    THIEF = "thief"
    BARRIER = "barrier"
    LOOP = "loop"


@dataclass(frozen=True, slots=True)
class Path:
    """Where a thief went: from `start` with `heading`, each hop in order, the stop and its reason.

    For a loop, `loop` lists the squares of the loop (ascending), one of which the player picks
    to stop in, and `end` is the square where the loop closed until she does.
    """

    start: int
    heading: Direction
    squares: tuple[int, ...]
    hops: tuple[Hop, ...]
    stop: Stop
    end: int
    loop: tuple[int, ...] = ()


_path = builder(Path)
"""Builds a `Path` at a plain class's speed (see `core.frozen`): one per thief move."""

_STEP, _JUMP, _BOUNCE, _LEAP = Hop.STEP, Hop.JUMP, Hop.BOUNCE, Hop.LEAP
_DOUGHNUT, _THIEF, _BARRIER, _LOOP = Stop.DOUGHNUT, Stop.THIEF, Stop.BARRIER, Stop.LOOP
_FIXED, _REFLECT = Feature.FIXED, Feature.REFLECT
"""Enum members read once: on Python 3.11 reading `Hop.STEP` goes through the enum's metaclass
`__getattr__`, several times slower than a global, and a move reads several per square."""
_ONE_STEP = (_STEP,)
_UNTRACKED = 16
"""Hops a thief walks before loop detection starts: nearly every move stops within a few squares,
and a walk this long is followed again from its start keeping track of where it has been."""


def dash(
    layout: Layout,
    terrain: Terrain,
    doughnuts: tuple[Doughnut | None, ...],
    rivals: Collection[int],
    *,
    start: int,
    friend: int | None = None,
    heading: Direction,
    leap: bool = False,
    teleport: bool = False,
) -> Path:
    """Move a thief from `start` in `heading` until it stops.

    `rivals` are the squares holding other players' thieves (the mover's own other thief counts
    as empty for passing: `friend` is its square). `leap`: the thief passes over the whole square of
    the first doughnut it reaches, feature included. `teleport`: the thief starts on a teleport and
    uses it first. A square's doughnut or rival thief is met before its feature, so a teleport or
    barrier under a doughnut does nothing. A loop offers only its empty squares to stop in: no
    doughnut and no thief, the mover's own other thief included (the Ruling on endless loops).
    """
    if not leap and not teleport:  # the commonest move: one step onto a doughnut
        square = layout.step[heading][start]
        if doughnuts[square] is not None:
            return _path(start, heading, (square,), _ONE_STEP, _DOUGHNUT, square)
    walk = (layout, terrain, doughnuts, rivals, start, friend, heading, leap, teleport)
    path = _walk(*walk, None)
    if path is None:
        path = _walk(*walk, {})
        assert path is not None
    return path


def _walk(
    layout: Layout,
    terrain: Terrain,
    doughnuts: tuple[Doughnut | None, ...],
    rivals: Collection[int],
    start: int,
    friend: int | None,
    heading: Direction,
    leap: bool,
    teleport: bool,
    seen: dict[tuple[int, Direction, bool], int] | None,
) -> Path | None:
    """`dash`'s walk; with `seen` None, None if it goes on past `_UNTRACKED` hops (it may loop),
    otherwise `seen` records each (square, heading, leap) to find where a loop closes."""
    step, kinds, partner = layout.step, terrain.kinds, terrain.partner
    squares: list[int] = []
    hops: list[Hop] = []
    initial = heading
    jump_to = partner[start] if teleport else None
    if jump_to is None and seen is not None:
        seen[(start, heading, leap)] = 0
    square = start
    while True:
        stop: Stop | None = None
        if jump_to is None:
            square, hop = step[heading][square], _STEP
        else:
            square, hop, jump_to = jump_to, _JUMP, None
        if doughnuts[square] is not None:  # a Leap passes over the first one
            hop, stop = (_LEAP, None) if leap else (hop, _DOUGHNUT)
            leap = False
        elif square in rivals:
            stop = _THIEF
        elif hop is _STEP and kinds[square] is not None:
            heading, hop, stop, jump_to = _feature(terrain, square, heading)
        squares.append(square)
        hops.append(hop)
        if stop is not None:
            return _path(start, initial, tuple(squares), tuple(hops), stop, square)
        if jump_to is not None:
            continue
        if seen is None:
            if len(squares) > _UNTRACKED:
                return None
        elif (first := seen.setdefault((square, heading, leap), len(squares))) < len(squares):
            loop = tuple(sorted({here for here in squares[first:] if here != friend and doughnuts[here] is None}))
            return _path(start, initial, tuple(squares), tuple(hops), _LOOP, square, loop)


def _feature(terrain: Terrain, square: int, heading: Direction) -> tuple[Direction, Hop, Stop | None, int | None]:
    """Walking onto a feature: the new heading, the hop, a stop, and the square to jump to."""
    kind = terrain.kinds[square]
    if kind is _FIXED:
        return heading, _STEP, _BARRIER, None
    if kind is _REFLECT:
        return OPPOSITE[heading], _BOUNCE, None, None
    return heading, _STEP, None, terrain.partner[square]
