"""Two-seat zero-sum matrix games solved exactly, compiled: a value and an optimal mix.

The exact endgame of Go Nuts solves one at every pick of its backward induction, and `ismcts`
solves its root's estimated table of two seats' picks with it (`ISMCTSBot._solve`). The tables
are small (three picks a seat in two-player Go Nuts, at most `MAX_SIDE` at a root), so trying
every pair of supports is exact and cheap where a linear program would be neither simpler nor
faster. `constant_sum` makes the one table that two seats' own estimates describe, for both
`ismcts` and `arena.tables`.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import ArrayLike

TOLERANCE = 1e-9
"""How far a mixed strategy may fall short of the value it must guarantee (rounding only)."""
MAX_SIDE = 6
"""The most actions a side may have where a search solves its root's table (`ISMCTSBot._solve`):
every pair of supports is about 4**n of them, and random square tables took, in CPU ms at the
median and at most over 50 (2026-12-06, a loaded 2-core machine), 0.04 and 0.09 at four a side,
0.7 and 2.0 at six, 4.2 and 9.0 at seven, 24 and 39 at eight, where regret matching is cheaper."""


def constant_sum(mine: ArrayLike, theirs: ArrayLike) -> np.ndarray:
    """The one constant-sum table that two seats' estimates of their payoffs describe, for the
    row seat: `mine[i][j]` is its value for row i against column j, `theirs[j][i]` the column
    seat's. At two seats a game is won by one or shared, so the values add up to 1 and each
    cell is `(mine[i][j] + 1 - theirs[j][i]) / 2`, which uses both seats' playouts."""
    table: np.ndarray = (np.asarray(mine, dtype=np.float64) + 1.0 - np.asarray(theirs, dtype=np.float64).T) / 2.0
    return table


@njit(cache=True)
def matrix_game(payoffs: np.ndarray, strategy: np.ndarray) -> float:
    """The value of the zero-sum game whose row seat gets `payoffs` and its column seat loses
    them, with an optimal mix of the row seat written into `strategy`.

    A saddle point is taken at once; else every square block of rows and columns is tried as
    the two supports, each seat mixing to make the other indifferent over it, until a pair holds
    against every row and column: by Shapley and Snow (1950) an optimal pair of that kind exists.
    """
    rows, columns = payoffs.shape
    security = np.empty(rows)
    for i in range(rows):
        security[i] = payoffs[i].min()
    upper = np.inf
    for j in range(columns):
        upper = min(upper, payoffs[:, j].max())
    strategy[:] = 0.0
    best = int(np.argmax(security))
    if upper - security[best] <= TOLERANCE:
        strategy[best] = 1.0
        return float(security[best])
    chosen_rows = np.empty(rows, np.int64)
    chosen_columns = np.empty(columns, np.int64)
    for size in range(2, min(rows, columns) + 1):
        for row_set in range(1 << rows):
            if not _members(row_set, rows, size, chosen_rows):
                continue
            for column_set in range(1 << columns):
                if not _members(column_set, columns, size, chosen_columns):
                    continue
                block = payoffs[chosen_rows[:size]][:, chosen_columns[:size]]
                mine = _indifferent(block.T.copy())
                theirs = _indifferent(block.copy())
                if np.isnan(mine[0]) or np.isnan(theirs[0]):
                    continue
                worth = mine[size]
                if mine[:size].min() < -TOLERANCE or theirs[:size].min() < -TOLERANCE:
                    continue
                if (mine[:size] @ payoffs[chosen_rows[:size]]).min() < worth - TOLERANCE:
                    continue
                if (payoffs[:, chosen_columns[:size]] @ theirs[:size]).max() > worth + TOLERANCE:
                    continue
                strategy[chosen_rows[:size]] = np.maximum(mine[:size], 0.0)
                return float(worth)
    return np.nan


@njit(cache=True)
def _members(subset: int, size: int, wanted: int, out: np.ndarray) -> bool:
    """Write the members of the bit set `subset` of 0..size-1 into `out`; whether it has `wanted`."""
    count = 0
    for i in range(size):
        if subset >> i & 1:
            out[count] = i
            count += 1
    return count == wanted


@njit(cache=True)
def _indifferent(block: np.ndarray) -> np.ndarray:
    """The mix x over the columns of the square `block` that gives every row the same value w,
    with x summing to 1: (x..., w) by Gauss-Jordan elimination, or NaNs where the system is
    singular (no such mix, or many)."""
    size = block.shape[0]
    system = np.zeros((size + 1, size + 2))
    system[:size, :size] = block
    system[:size, size] = -1.0
    system[size, :size] = 1.0
    system[size, size + 1] = 1.0
    for column in range(size + 1):
        pivot = column + int(np.argmax(np.abs(system[column:, column])))
        if abs(system[pivot, column]) < 1e-12:
            return np.full(size + 1, np.nan)
        if pivot != column:
            swap = system[column].copy()
            system[column] = system[pivot]
            system[pivot] = swap
        system[column] /= system[column, column]
        for other in range(size + 1):
            if other != column:
                system[other] -= system[other, column] * system[column]
    return np.asarray(system[:, size + 1].copy())
