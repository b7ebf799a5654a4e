"""Two-player Go Nuts solved exactly to the end, compiled: the last rounds of a game.

At two seats the game keeps no secret but the picks while they are made: the deck's order is
unknown to both seats alike (`GoNutsState.deck` is a multiset; the Double Chocolate, whose taker
learns the top card, is not in the two-player deck), and everything else is on the table. So
once the deck is short, the rest of the game is a small game of simultaneous picks and chance,
and its value can be computed rather than estimated (backward induction, as Shapley's stochastic
games are solved):

- at a pick, the two seats' 3x3 table of values is solved as a zero-sum matrix game;
- at a draw, the values of the cards the deck may yield are averaged by their copies;
- at a power's choice (the French Cruller's), the chooser takes the best for itself;
- at the end, the outcome: 1 to the winner, a half each on a shared win.

Values are seat 0's (seat 1's is one minus it), positions met twice are solved once (`memo`,
keyed by a hash of the row), and a search stops, answering NaN, after `limit` positions so that
a caller can fall back on a search when the deck is longer than it can afford. The rules are
the compiled ones of `go_nuts_kernels`, which the agreement tests hold to the pure engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import Dict

from holesome.fast import go_nuts_kernels as k
from holesome.fast.matrix_game import matrix_game

_FNV_OFFSET = np.uint64(1469598103934665603)
_FNV_PRIME = np.uint64(1099511628211)


def new_memo() -> Dict:
    """An empty table of solved positions (row hash to seat 0's value)."""
    return Dict.empty(types.int64, types.float64)


@njit(cache=True)
def row_key(s: np.ndarray) -> int:
    """A 64-bit hash (FNV-1a) of the whole row: the key of a solved position."""
    key = _FNV_OFFSET
    for entry in s:
        key = (key ^ np.uint64(entry & 0xFFFFFFFF)) * _FNV_PRIME
    return int(np.int64(key))


@njit(cache=True)
def table(
    s: np.ndarray,
    cards: np.ndarray,
    ids: np.ndarray,
    capacity: int,
    limit: int,
    memo: Dict,
    mine: np.ndarray,
    theirs: np.ndarray,
    out: np.ndarray,
) -> tuple[bool, int, int]:
    """Seat 0's value after each choice at the row `s` (at rest, two seats, some seat to act).
    Where both seats pick, `out[i, j]` is for seat 0's id `mine[i]` against seat 1's `theirs[j]`;
    where one seat chooses, `out[i, 0]` is for its `mine[i]`, and no column ids are written.
    Returns whether it was solved within `limit` positions, and the two menus' lengths."""
    count = np.zeros(1, np.int64)
    seats = np.empty(k.MAX_SEATS, np.int64)
    scratch = np.empty(capacity, np.int64)
    acting = k.to_act(s, cards, ids, seats, scratch)
    rows = k.menu(s, cards, ids, seats[0], mine)
    columns = 1
    for i in range(rows):
        after = s.copy()
        k.apply(after, cards, ids, seats[0], mine[i], scratch)
        if acting == 1:
            out[i, 0] = value(after, cards, ids, capacity, count, limit, memo)
            continue
        columns = k.menu(after, cards, ids, 1, theirs)
        for j in range(columns):
            child = after.copy()
            k.apply(child, cards, ids, 1, theirs[j], scratch)
            out[i, j] = value(child, cards, ids, capacity, count, limit, memo)
    return count[0] <= limit, rows, (0 if acting == 1 else columns)


@njit(cache=True)
def value(  # noqa: PLR0912 (one self-recursive function: the cache cannot load two)
    s: np.ndarray,
    cards: np.ndarray,
    ids: np.ndarray,
    capacity: int,
    count: np.ndarray,
    limit: int,
    memo: Dict,
) -> float:
    """Seat 0's value of the row `s` with both seats playing perfectly from here; NaN once
    `count` (positions visited, updated) passes `limit`. One function calling itself: Numba
    cannot load two functions that call each other from its cache."""
    key = row_key(s)
    if key in memo:
        return float(memo[key])
    count[0] += 1
    if count[0] > limit:
        return np.nan
    seats = np.empty(k.MAX_SEATS, np.int64)
    scratch = np.empty(capacity, np.int64)
    acting = k.to_act(s, cards, ids, seats, scratch)
    menu = np.empty(capacity, np.int64)
    if acting == 0:
        ends = np.empty(2)
        k.values(s, cards, ends)
        found = (ends[0] - ends[1] + 1.0) / 2.0
    elif seats[0] == k.CHANCE:
        outcomes = k.chances(s, cards.shape[0], menu)
        total = menu[:outcomes].sum()
        found = 0.0
        for i in range(outcomes):
            child = s.copy()
            k.apply(child, cards, ids, k.CHANCE, i, scratch)
            worth = value(child, cards, ids, capacity, count, limit, memo)
            if np.isnan(worth):
                return worth
            found += menu[i] / total * worth
    elif acting == 1:
        found = -1.0 if seats[0] == 0 else 2.0
        for i in range(k.menu(s, cards, ids, seats[0], menu)):
            child = s.copy()
            k.apply(child, cards, ids, seats[0], menu[i], scratch)
            worth = value(child, cards, ids, capacity, count, limit, memo)
            if np.isnan(worth):
                return worth
            found = max(found, worth) if seats[0] == 0 else min(found, worth)
    else:
        theirs = np.empty(capacity, np.int64)
        rows = k.menu(s, cards, ids, 0, menu)
        payoffs = np.empty((rows, rows))
        for i in range(rows):
            after = s.copy()
            k.apply(after, cards, ids, 0, menu[i], scratch)
            for j in range(k.menu(after, cards, ids, 1, theirs)):
                child = after.copy()
                k.apply(child, cards, ids, 1, theirs[j], scratch)
                worth = value(child, cards, ids, capacity, count, limit, memo)
                if np.isnan(worth):
                    return worth
                payoffs[i, j] = worth
        found = float(matrix_game(payoffs, np.empty(rows)))
    memo[key] = found
    return float(found)
