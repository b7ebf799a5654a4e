"""What a learned leaf reads of a two-player Doughnut Dash position, compiled (`features`).

The floor is a torus of barriers and teleports laid out afresh each deal, so where a thief stands
says nothing by itself; what it would reach does. For each seat and each of its thieves, the
features hold what that thief would gain dashing each of the four ways from where it stands
(`doughnut_dash_games.landing_gain`: the doughnut it would take, or what it would steal), then
the seat's direction cards, its chosen and revealed directions, its points and their parts
(Rainbow Frosted above all), its stack's top (what a steal would take) and its Sugar Rush cards;
then the doughnuts left on the floor by kind, the phase, the lead in points, the deck's size, whose
turn it is and who holds the first-player card. The position is described from one seat's side
(its own block first), so one network serves both seats.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from holesome.fast.doughnut_dash_board import (
    DECK,
    DIRECTIONS,
    DOUGHNUT,
    DOUGHNUTS,
    DRAW_COUNT,
    DRAWS,
    ENDING,
    FIRST,
    KINDS,
    LOOP,
    LOOP_COUNT,
    MOVED,
    MOVER,
    P_COMMIT,
    P_DIRECTION,
    P_HAND,
    P_LAST_WORD,
    P_REVEALED,
    P_SECOND_WIND,
    P_STACK,
    P_STACK_SIZE,
    P_SUGAR,
    PHASE,
    SQUARES,
    block,
)
from holesome.fast.doughnut_dash_games import landing_gain
from holesome.fast.doughnut_dash_kernels import (
    KETCHUP,
    OVER,
    RAINBOW_FROSTED,
    T_CARD_POINTS,
    T_DOUGHNUT_POINTS,
    heading,
    rainbow_points,
)

LANDINGS = 2 * DIRECTIONS
"""A seat's landing gains: each thief, each way."""
PENDING = 3
"""A seat's gains the way it is going: each thief's, and whether it has a way yet."""
PER_SEAT = LANDINGS + PENDING + 3 * DIRECTIONS + 3 + 6 + DOUGHNUTS + KINDS
"""A seat's features: landings, the gains the way it goes, hand, revealed and chosen direction,
the choice's flags, points and their parts, the stack's top, the Sugar Rush cards."""
WIDTH = 2 * PER_SEAT + DOUGHNUTS + OVER + 1 + 10
"""How many features a position has."""
POINTS = 10.0
"""The scale of points among the features (a typical lead)."""


@njit(cache=True)
def features(row: np.ndarray, tab: np.ndarray, floor: np.ndarray, seat: int, out: np.ndarray) -> None:
    """Write the position `row` (packed, two seats) from `seat`'s side into `out` (`WIDTH`)."""
    s = row.copy()  # landing_gain marks a loop's squares in the row
    seen = np.full(SQUARES * DIRECTIONS * 2, -1, np.int64)
    path = np.empty(SQUARES * DIRECTIONS * 2 * 2 + 2, np.int64)
    out[:] = 0.0
    points = np.zeros(2)
    for side in range(2):
        who = seat if side == 0 else 1 - seat
        points[side] = _seat(row, s, tab, floor, who, out[side * PER_SEAT : (side + 1) * PER_SEAT], seen, path)
    at = 2 * PER_SEAT
    for square in range(SQUARES):
        if row[DOUGHNUT + square] >= 0:
            out[at + row[DOUGHNUT + square]] += 1 / 8
    at += DOUGHNUTS
    out[at + row[PHASE]] = 1.0
    at += OVER + 1
    deck = 0
    for kind in range(KINDS):
        deck += row[DECK + kind]
    draws = 0
    for index in range(row[DRAW_COUNT]):
        draws += row[DRAWS + index] == seat
    out[at] = (points[0] - points[1]) / POINTS
    out[at + 1] = deck / 20
    out[at + 2] = row[MOVER] == seat
    out[at + 3] = row[MOVER] == 1 - seat
    out[at + 4] = row[FIRST] == seat
    out[at + 5] = row[ENDING]
    out[at + 6] = row[MOVED] & 1
    out[at + 7] = (row[MOVED] >> 1) & 1
    out[at + 8] = draws
    out[at + 9] = 1.0


@njit(cache=True)
def _seat(
    row: np.ndarray,
    s: np.ndarray,
    tab: np.ndarray,
    floor: np.ndarray,
    who: int,
    out: np.ndarray,
    seen: np.ndarray,
    path: np.ndarray,
) -> float:
    """Write a seat's block into `out` (`PER_SEAT`), dashing on `s`, a copy of `row`; return
    its points."""
    for thief in range(2):
        for way in range(DIRECTIONS):
            gain = landing_gain(s, tab, floor, who, thief, way, False, False, seen, path)
            out[thief * DIRECTIONS + way] = gain / POINTS
    going = _going(row, who)
    if going >= 0:
        out[LANDINGS + 2] = 1.0
        for thief in range(2):
            if row[MOVER] != who or not (row[MOVED] >> thief) & 1:
                gain = landing_gain(s, tab, floor, who, thief, going, False, False, seen, path)
                out[LANDINGS + thief] = gain / POINTS
    s[LOOP_COUNT] = row[LOOP_COUNT]
    s[LOOP : LOOP + SQUARES] = row[LOOP : LOOP + SQUARES]
    at = LANDINGS + PENDING
    for way in range(DIRECTIONS):
        out[at + way] = (row[block(who, P_HAND)] >> way) & 1
    for number, field in enumerate((P_REVEALED, P_DIRECTION)):
        if row[block(who, field)] >= 0:
            out[at + (1 + number) * DIRECTIONS + row[block(who, field)]] = 1.0
    at += 3 * DIRECTIONS
    for number, field in enumerate((P_COMMIT, P_SECOND_WIND, P_LAST_WORD)):
        out[at + number] = row[block(who, field)]
    at += 3
    return _parts(row, tab, who, out[at:])


@njit(cache=True)
def _going(row: np.ndarray, who: int) -> int:
    """The way a seat's thieves go this round as far as the row says: the mover's heading (About
    Turn and Sidestep counted), else its revealed direction, else its chosen one; -1 if none."""
    if row[MOVER] == who and row[block(who, P_REVEALED)] >= 0:
        return heading(row, who)
    if row[block(who, P_REVEALED)] >= 0:
        return int(row[block(who, P_REVEALED)])
    return int(row[block(who, P_DIRECTION)])


@njit(cache=True)
def _parts(row: np.ndarray, tab: np.ndarray, who: int, out: np.ndarray) -> float:
    """A seat's points and their parts into `out`: points, Rainbow Frosted held and what they
    score, the stack's height, its Ketchup, the cards held, the stack's top kind, each card kind
    held. Returns the points."""
    size = row[block(who, P_STACK_SIZE)]
    flat, rainbows, ketchup = 0, 0, 0
    for index in range(size):
        doughnut = row[block(who, P_STACK + index)]
        if doughnut == RAINBOW_FROSTED:
            rainbows += 1
        else:
            flat += tab[T_DOUGHNUT_POINTS + doughnut]
        ketchup += doughnut == KETCHUP
    cards, held = 0, 0
    for kind in range(KINDS):
        count = row[block(who, P_SUGAR + kind)]
        cards += count * tab[T_CARD_POINTS + kind]
        held += count
        out[6 + DOUGHNUTS + kind] = count / 2
    total = flat + rainbow_points(rainbows) + cards
    out[0] = total / POINTS
    out[1] = rainbows / 4
    out[2] = rainbow_points(rainbows) / POINTS
    out[3] = size / 10
    out[4] = ketchup / 3
    out[5] = held / 3
    if size > 0:
        out[6 + row[block(who, P_STACK + size - 1)]] = 1.0
    return float(total)
