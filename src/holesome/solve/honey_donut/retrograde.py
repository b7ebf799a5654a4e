"""Retrograde analysis of Honey Donut under the `simple` repetition rule.

Every state (see `edges`) starts unknown. States whose mover can push out the other King are
won in 1 ply; states with no legal move are lost in 0. Then, level by level, each state
resolved at distance d tells its predecessors: a lost state makes each predecessor won in d+1;
a won state takes one from each predecessor's count of unresolved successors, and a count that
reaches zero makes that predecessor lost in d+1. Working in distance order gives every won state
its fastest win and every lost state its slowest loss. What is never resolved is a draw: neither
side can force a win, so play may go on for ever.

The predecessors of a state (board B, Red to move, Blue came from P) are the states with Blue to
move on P, Red having come from any Q but B; swapping colours makes them states of the ranked
board P*, whose unmove codes name the Qs.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit

from holesome.solve.honey_donut.edges import CODE_COUNT, CODE_LINE, CODE_MOVE, popcount, unmove_mask
from holesome.solve.honey_donut.encoding import (
    BOARD_COUNT,
    CELL_COUNT,
    MOVE_COUNT,
    rank,
    shift,
    swap_colours,
    to_key,
    unrank,
)
from holesome.solve.honey_donut.movegen import NO_BOARD, RED_SEAT, generate
from holesome.solve.honey_donut.table import DRAW, LOSS, WIN, Solution

Progress = Callable[[str, int, int], None]
"""Called as `progress(phase, done, total)` while solving."""

CHUNK = 1 << 16
"""Boards per compiled call, so that progress can be shown between calls."""


@njit(cache=True)
def _count_states(start: int, stop: int, masks: np.ndarray, counts: np.ndarray) -> None:
    board = np.empty(CELL_COUNT, np.int8)
    for index in range(start, stop):
        unrank(index, board)
        masks[index] = unmove_mask(board)
        counts[index] = popcount(masks[index])


@njit(cache=True)
def _seed(
    start: int,
    stop: int,
    masks: np.ndarray,
    offsets: np.ndarray,
    outcome: np.ndarray,
    plies: np.ndarray,
    pending: np.ndarray,
) -> None:
    """Resolve the states decided at once and count every other state's successors."""
    board = np.empty(CELL_COUNT, np.int8)
    before = np.empty(CELL_COUNT, np.int8)
    moves = np.empty(MOVE_COUNT, np.int64)
    children = np.empty(MOVE_COUNT, np.int64)
    wins = np.empty(MOVE_COUNT, np.bool_)
    distinct = np.empty(MOVE_COUNT, np.int64)
    for index in range(start, stop):
        unrank(index, board)
        count = generate(board, RED_SEAT, NO_BOARD, moves, children, wins)
        can_win = False
        kinds = 0
        for i in range(count):
            if wins[i]:
                can_win = True
            elif children[i] not in distinct[:kinds]:
                distinct[kinds] = children[i]
                kinds += 1
        state = offsets[index]
        for code in range(CODE_COUNT):
            if not masks[index] & (1 << code):
                continue
            if can_win:
                outcome[state] = WIN
                plies[state] = 1
            else:
                shift(board, CODE_MOVE[code] ^ 1, before)
                successors = kinds - (to_key(before) in distinct[:kinds])
                if successors == 0:
                    outcome[state] = LOSS
                    plies[state] = 0
                else:
                    pending[state] = successors
            state += 1


@njit(cache=True)
def _propagate(
    start: int,
    stop: int,
    level: int,
    masks: np.ndarray,
    offsets: np.ndarray,
    outcome: np.ndarray,
    plies: np.ndarray,
    pending: np.ndarray,
) -> int:
    """Pass the states of boards `start..stop` resolved at distance `level` to their
    predecessors; return how many predecessors that resolved (at distance `level + 1`)."""
    board = np.empty(CELL_COUNT, np.int8)
    resolved = 0
    for index in range(start, stop):
        first, last = offsets[index], offsets[index + 1]
        if not _any_at(level, first, last, outcome, plies):
            continue
        unrank(index, board)
        state = first
        for code in range(CODE_COUNT):
            if masks[index] & (1 << code):
                if outcome[state] != DRAW and plies[state] == level:
                    resolved += _tell_predecessors(
                        board, code, outcome[state] == LOSS, level, masks, offsets, outcome, plies, pending
                    )
                state += 1
    return resolved


@njit(cache=True)
def _any_at(level: int, first: int, last: int, outcome: np.ndarray, plies: np.ndarray) -> bool:
    """Whether a state numbered `first..last` was resolved at distance `level`."""
    for state in range(first, last):  # noqa: SIM110 (Numba compiles loops, not generators)
        if outcome[state] != DRAW and plies[state] == level:
            return True
    return False


@njit(cache=True)
def _tell_predecessors(
    board: np.ndarray,
    code: int,
    lost: bool,
    level: int,
    masks: np.ndarray,
    offsets: np.ndarray,
    outcome: np.ndarray,
    plies: np.ndarray,
    pending: np.ndarray,
) -> int:
    """Resolve what the state (`board`, unmove `code`), lost or won at `level`, decides among the
    states that lead to it; return how many it resolved."""
    after = np.empty(CELL_COUNT, np.int8)
    before = np.empty(CELL_COUNT, np.int8)
    earlier = np.empty(CELL_COUNT, np.int8)
    swap_colours(board, after)
    after_key = to_key(after)
    shift(board, CODE_MOVE[code] ^ 1, earlier)
    swap_colours(earlier, before)
    origin = rank(before)
    predecessor = offsets[origin]
    resolved = 0
    for other in range(CODE_COUNT):
        if not masks[origin] & (1 << other):
            continue
        if CODE_LINE[other] == CODE_LINE[code]:
            shift(before, CODE_MOVE[other] ^ 1, earlier)
            if to_key(earlier) == after_key:  # the move back to the board Red may not restore
                predecessor += 1
                continue
        if outcome[predecessor] == DRAW:
            if not lost:
                pending[predecessor] -= 1
            if lost or pending[predecessor] == 0:
                outcome[predecessor] = WIN if lost else LOSS
                plies[predecessor] = level + 1
                resolved += 1
        predecessor += 1
    return resolved


def solve(progress: Progress | None = None) -> Solution:
    """Solve every state of the `simple` option; `progress` hears how far each phase has got."""
    report = progress or (lambda phase, done, total: None)
    masks = np.zeros(BOARD_COUNT, np.uint32)
    counts = np.zeros(BOARD_COUNT, np.int64)
    for start in range(0, BOARD_COUNT, CHUNK):
        stop = min(start + CHUNK, BOARD_COUNT)
        _count_states(start, stop, masks, counts)
        report("numbering states", stop, BOARD_COUNT)
    offsets = np.zeros(BOARD_COUNT + 1, np.int64)
    np.cumsum(counts, out=offsets[1:])
    del counts
    total = int(offsets[-1])
    outcome = np.zeros(total, np.uint8)
    plies = np.zeros(total, np.uint16)
    pending = np.zeros(total, np.uint8)
    for start in range(0, BOARD_COUNT, CHUNK):
        stop = min(start + CHUNK, BOARD_COUNT)
        _seed(start, stop, masks, offsets, outcome, plies, pending)
        report("finding ends", stop, BOARD_COUNT)
    resolved = int(np.count_nonzero(outcome))
    level = 0
    while True:
        found = 0
        for start in range(0, BOARD_COUNT, CHUNK):
            found += _propagate(start, min(start + CHUNK, BOARD_COUNT), level, masks, offsets, outcome, plies, pending)
        resolved += found
        report(f"retrograde, depth {level + 1}", resolved, total)
        level += 1
        if found == 0 and level > 1:
            break
    return Solution(masks, offsets, outcome, plies)
