"""Moving a thief: one pure function that returns the path it took.

`dash` walks a thief square by square and reports every hop (a step, a jump between teleports,
a bounce off a reflecting barrier, a leap over a doughnut) and why it stopped, so the browser
client can animate the move and the rules can settle what happens where it ends.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

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


def dash(
    layout: Layout,
    terrain: Terrain,
    doughnuts: tuple[Doughnut | None, ...],
    rivals: Collection[int],
    *,
    start: int,
    heading: Direction,
    leap: bool = False,
    teleport: bool = False,
) -> Path:
    """Move a thief from `start` in `heading` until it stops.

    `rivals` are the squares holding other players' thieves (the mover's own other thief counts
    as empty). `leap`: the thief passes over the first doughnut it reaches. `teleport`: the thief
    starts on a teleport and uses it first. A square's doughnut or rival thief is met before its
    feature, so a teleport or barrier under a doughnut does nothing.
    """
    step, kinds, partner = layout.step, terrain.kinds, terrain.partner
    squares: list[int] = []
    hops: list[Hop] = []
    seen: dict[tuple[int, Direction, bool], int] = {}
    initial = heading
    jump_to = partner[start] if teleport else None
    if jump_to is None:
        seen[(start, heading, leap)] = 0
    square = start
    while True:
        stop: Stop | None = None
        if jump_to is None:
            square, hop = step[heading][square], Hop.STEP
        else:
            square, hop, jump_to = jump_to, Hop.JUMP, None
        if doughnuts[square] is not None:
            if leap:
                leap, hop = False, Hop.LEAP
            else:
                stop = Stop.DOUGHNUT
        elif square in rivals:
            stop = Stop.THIEF
        elif hop is Hop.STEP and kinds[square] is not None:
            heading, hop, stop, jump_to = _feature(terrain, square, heading)
        squares.append(square)
        hops.append(hop)
        if stop is not None:
            return Path(start, initial, tuple(squares), tuple(hops), stop, square)
        if jump_to is not None:
            continue
        key = (square, heading, leap)
        if key in seen:
            loop = tuple(sorted(set(squares[seen[key] :])))
            return Path(start, initial, tuple(squares), tuple(hops), Stop.LOOP, square, loop)
        seen[key] = len(squares)


def _feature(terrain: Terrain, square: int, heading: Direction) -> tuple[Direction, Hop, Stop | None, int | None]:
    """Walking onto a feature: the new heading, the hop, a stop, and the square to jump to."""
    kind = terrain.kinds[square]
    if kind is Feature.FIXED:
        return heading, Hop.STEP, Stop.BARRIER, None
    if kind is Feature.REFLECT:
        return OPPOSITE[heading], Hop.BOUNCE, None, None
    return heading, Hop.STEP, None, terrain.partner[square]
