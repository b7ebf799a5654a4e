"""Which solved states can arise from the starting position under the `simple` rule.

A sweep over the boards expands every state on the frontier (reached, not yet expanded) into its
successors; sweeps repeat until the frontier is empty. Each state is expanded once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np
from numba import njit

from holesome.solve.honey_donut.edges import CODE_COUNT, CODE_MOVE, code_of, state_number
from holesome.solve.honey_donut.encoding import (
    BOARD_COUNT,
    CELL_COUNT,
    MOVE_COUNT,
    START,
    from_key,
    rank,
    shift,
    swap_colours,
    to_key,
    unrank,
)
from holesome.solve.honey_donut.movegen import NO_BOARD, RED_SEAT, generate
from holesome.solve.honey_donut.table import Solution

UNSEEN: Final = 0
FRONTIER: Final = 1
EXPANDED: Final = 2


@njit(cache=True)
def _reach_children(
    board: np.ndarray, forbidden: int, masks: np.ndarray, offsets: np.ndarray, marks: np.ndarray
) -> int:
    """Put Red's successors of (`board`, `forbidden`) on the frontier; return how many were new."""
    moves = np.empty(MOVE_COUNT, np.int64)
    children = np.empty(MOVE_COUNT, np.int64)
    wins = np.empty(MOVE_COUNT, np.bool_)
    child = np.empty(CELL_COUNT, np.int8)
    swapped = np.empty(CELL_COUNT, np.int8)
    new = 0
    for i in range(generate(board, RED_SEAT, forbidden, moves, children, wins)):
        if wins[i]:
            continue
        from_key(children[i], child)
        swap_colours(child, swapped)
        state = state_number(offsets, masks, rank(swapped), code_of(swapped, moves[i]))
        if marks[state] == UNSEEN:
            marks[state] = FRONTIER
            new += 1
    return new


@njit(cache=True)
def _sweep(masks: np.ndarray, offsets: np.ndarray, marks: np.ndarray) -> int:
    """Expand every state on the frontier once; return how many states it newly reached."""
    board = np.empty(CELL_COUNT, np.int8)
    before = np.empty(CELL_COUNT, np.int8)
    new = 0
    for index in range(BOARD_COUNT):
        first, last = offsets[index], offsets[index + 1]
        if not np.any(marks[first:last] == FRONTIER):
            continue
        unrank(index, board)
        state = first
        for code in range(CODE_COUNT):
            if masks[index] & (1 << code):
                if marks[state] == FRONTIER:
                    marks[state] = EXPANDED
                    shift(board, CODE_MOVE[code] ^ 1, before)
                    new += _reach_children(board, to_key(before), masks, offsets, marks)
                state += 1
    return new


def reachable(solution: Solution, progress: Callable[[int], None] | None = None) -> np.ndarray:
    """A boolean per state: whether some game from the start reaches it. `progress` hears the
    running count after each sweep."""
    marks = np.zeros(len(solution.outcome), np.uint8)
    found = _reach_children(START, NO_BOARD, solution.masks, solution.offsets, marks)
    while (new := _sweep(solution.masks, solution.offsets, marks)) > 0:
        found += new
        if progress is not None:
            progress(found)
    reached: np.ndarray = marks == EXPANDED
    return reached
