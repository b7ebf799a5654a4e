"""A cheap judgement of a Double Dash! position for the search bots' leaves: material and threats.

The rules score only the end: "a player who loses her last piece loses" (rules, End), so the
pieces each side keeps are what progress means, and the captures each side can make next are
what will change them soonest. There is no race home to value: a piece's only way to matter is
to capture or to be captured. The judgement therefore reads, from the position alone:

- **material**: each side's pieces on the board;
- **threats**: the chance that a side's next roll lets one of its dice capture. "A piece that
  reaches an opponent's piece with exactly its last step captures it" and "opponent pieces
  cannot be passed" (rules, A turn): an opposing piece is in reach at distance k along a line if
  nothing but the mover's own pieces stands between (own pieces may be passed through) and no
  black space or edge cuts the line first; a die of k, or a double of k/2 used as one move of k,
  then captures it. A mover in the middle of her turn knows her dice: she captures next if any
  of her legal plays captures. Those are the plays that fit the choices made so far (the chosen
  die's, then the chosen piece's), so the die, piece and direction menus of one move each read
  it their own way: that guides a short search straight to a capture, and is what misleads a
  longer one (a term read the same at every menu cured that but measured far weaker at every
  budget tried; docs/bots.md, 2026-11-29, session 18).

They are combined as a lead in pieces, the mover's next capture counted in full and the
opponent's reply (on the board as it stands, before the mover's move) at half weight, and
turned into values by a logistic curve (`MATERIAL_WEIGHT`).

A search that walks a whole turn (`bots.turn`) judges thousands of its ends, about half of them the
same board reached with the dice in the other order, so a position between turns is judged once
(`_settled`, remembered by board) and the lines are read by one getter a ray (`_RAYS`).
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any

from holesome.games.double_dash.actions import DOUBLE_ROLL_CHANCES, SINGLE_ROLL_CHANCES, Roll
from holesome.games.double_dash.board import PIECE_MARKS, Board, Layout, Square
from holesome.games.double_dash.state import DashState, Phase

MATERIAL_WEIGHT = 1.0
"""How sharply a lead in pieces turns into value: one piece up is worth 0.73. A curve rather
than the share of pieces makes one piece up a clear signal (the share barely moves with ten each)."""
REPLY_WEIGHT = 0.5
"""How much the opponent's threat on the next roll counts against the mover: the mover moves
first and may take the threatening piece or move the threatened one away."""
RAY = 12
"""The longest dash (a double six as one move): no capture reaches farther."""

_CHOOSING = (Phase.DIE, Phase.PIECE, Phase.DIRECTION)


def _rolls(chances: tuple[tuple[object, float], ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    return tuple((roll.dice, chance) for roll, chance in chances if isinstance(roll, Roll))


SINGLE_ROLLS = _rolls(SINGLE_ROLL_CHANCES)
"""A player's first turn: one die."""
DOUBLE_ROLLS = _rolls(DOUBLE_ROLL_CHANCES)
"""Every later turn: two dice, each unordered roll with its chance."""


Shape = tuple[int, int, frozenset[Square]]
"""What a layout's rays depend on: its rows, columns and black spaces."""
_RAYS: dict[Shape, tuple[tuple[itemgetter[Any], ...], ...]] = {}


def _shape(layout: Layout) -> Shape:
    """The layout's shape, its rays made on first sight: per space, a getter of the marks along
    each ray, in order (a single mark for a ray of one space, which `in` and `index` read alike)."""
    shape = (layout.rows, layout.cols, layout.black)
    if shape not in _RAYS:
        _RAYS[shape] = tuple(tuple(itemgetter(*line.path) for line in rays if line.path) for rays in layout.lines[RAY])
    return shape


def reach(layout: Layout, board: Board, seat: int) -> frozenset[int]:
    """The distances at which a piece of `seat` has an opposing piece in reach: the first opposing
    piece along each line from each piece, passing its own pieces, before a black space or the
    edge (the layout's rays already stop there)."""
    return _reach(_RAYS[_shape(layout)], board, seat)


def _reach(rays: tuple[tuple[itemgetter[Any], ...], ...], board: Board, seat: int) -> frozenset[int]:
    mine, theirs = PIECE_MARKS[seat], PIECE_MARKS[1 - seat]
    found: set[int] = set()
    square = board.find(mine)
    while square >= 0:
        for marks_along in rays[square]:
            marks = marks_along(board)
            if theirs in marks:
                found.add(marks.index(theirs) + 1)
        square = board.find(mine, square + 1)
    return frozenset(found)


@cache
def capture_chance(distances: frozenset[int], first_turn: bool) -> float:
    """The chance that a roll lets one die capture at one of `distances`: a die showing one of
    them, or a double whose sum (one move of twice its pips) is one."""
    if not distances:
        return 0.0
    chance = 0.0
    for dice, weight in SINGLE_ROLLS if first_turn else DOUBLE_ROLLS:
        hit = any(pips in distances for pips in dice)
        if not hit and len(dice) == 2 and dice[0] == dice[1]:
            hit = 2 * dice[0] in distances
        if hit:
            chance += weight
    return chance


def lead(layout: Layout, state: DashState, players: int) -> float:
    """The mover's lead in pieces, her next capture and the opponent's reply counted (see the module)."""
    board, mover = state.board, state.mover
    if state.phase not in _CHOOSING:
        return _settled(_shape(layout), board, mover, state.turns < players, state.turns + 1 < players)
    material = board.count(PIECE_MARKS[mover]) - board.count(PIECE_MARKS[1 - mover])
    now = 1.0 if any(play.captures for play in state.plays) else 0.0
    reply = capture_chance(reach(layout, board, 1 - mover), state.turns < players)
    return material + now - REPLY_WEIGHT * reply


@lru_cache(maxsize=1 << 14)
def _settled(shape: Shape, board: Board, mover: int, first_turn: bool, their_first_turn: bool) -> float:
    """`lead` between turns, when the mover has yet to roll: her roll's chance of a capture, and
    the opponent's on the roll after."""
    rays = _RAYS[shape]
    material = board.count(PIECE_MARKS[mover]) - board.count(PIECE_MARKS[1 - mover])
    now = capture_chance(_reach(rays, board, mover), first_turn)
    reply = capture_chance(_reach(rays, board, 1 - mover), their_first_turn)
    return material + now - REPLY_WEIGHT * reply


def values(layout: Layout, state: DashState, players: int) -> tuple[float, ...]:
    """Each seat's value in (0, 1) at an unfinished position: the logistic curve of the mover's
    `lead`, in the outcome's scale (1 a win, 0 a loss, the two summing to 1)."""
    mover_value = 1.0 / (1.0 + math.exp(-MATERIAL_WEIGHT * lead(layout, state, players)))
    return (mover_value, 1.0 - mover_value) if state.mover == 0 else (1.0 - mover_value, mover_value)
