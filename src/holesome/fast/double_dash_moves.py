"""Double Dash! legal plays, compiled: `games.double_dash.moves` on arrays.

A board holds `EMPTY` or a seat's piece (seat + 1) per space. A game's state beside its board is
a row of `FIELDS` (see the names below). The legal plays of the dice left are rows of `plays`
(`DIE_OF`, `ORIGIN`, `LINE`, `TARGET`, `CAPTURES`), grouped by die, then by space, then by
heading, in the pure engine's order. A die is numbered 0..11: pips - 1, plus 6 for a double used
as one move.

The dashes of a layout are `Tables` of three arrays: `count[steps, square]` dashes leave the
space; `lines[steps, square, k]` describes the k-th: its `HEADING` (index), the space it ends on
(`END`), whether a black space or the edge stopped it early (`SHORT`), and the spaces it passes
(`PASSED` onward, `PASSN` of them); `path[steps, square, k]` has a bit for each space it crosses
or ends on (space s: bit s % 64 of word s // 64). The helpers take the arrays one by one: taking
arrays out of a tuple costs reference counting on every call.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

Tables = tuple[np.ndarray, np.ndarray, np.ndarray]
"""A layout's dashes: (count, lines, path)."""
HEADING, END, SHORT, PASSN, PASSED = range(5)
LINE_FIELDS: Final = PASSED + 12
"""A line's fields: room for the longest dash's passed spaces."""
EMPTY: Final = 0
START, ROLL, DIE, PIECE, DIRECTION, OVER = range(6)
"""The phases, in `Phase` order."""
PHASE, MOVER, TURNS, QUIET, DIE_1, DIE_2, DICE, BARRED, CHOSEN_DIE, CHOSEN_PIECE, CAPTURED, WINNER = range(12)
FIELDS: Final = 12
"""A game's fields: its phase, mover, turns begun, quiet turns, the dice left (ascending, and how
many), the barred space, the chosen die and piece, whether this turn captured, the winner."""
NONE: Final = -1
"""No barred space, chosen die or piece, or winner."""
DIE_OF, ORIGIN, LINE, TARGET, CAPTURES = range(5)
COLUMNS: Final = 5
FACES: Final = 6


@njit(cache=True, inline="always")
def steps_of(die: int) -> int:
    """How many spaces a die moves."""
    return (die % FACES + 1) * (1 + die // FACES)


@njit(cache=True, inline="always")
def _reaches(lines: np.ndarray, board: np.ndarray, theirs: int, steps: int, origin: int, k: int) -> bool:
    """`moves.reach`: whether the k-th dash of `steps` from `origin` is a move."""
    owner = board[lines[steps, origin, k, END]]
    if owner != EMPTY and (owner != theirs or lines[steps, origin, k, SHORT]):
        return False  # its own piece, or an opponent reached short of the full count
    for j in range(PASSED, PASSED + lines[steps, origin, k, PASSN]):
        if board[lines[steps, origin, k, j]] == theirs:
            return False
    return True


@njit(cache=True, inline="always")
def _dashes(
    count: np.ndarray,
    lines: np.ndarray,
    board: np.ndarray,
    seat: int,
    pieces: np.ndarray,
    npieces: int,
    die: int,
    plays: np.ndarray,
    n: int,
) -> int:
    """Append the legal dashes of `die` by the `pieces` of `seat` to `plays` from row `n`; return
    the new row count."""
    steps = steps_of(die)
    theirs = 2 - seat
    for i in range(npieces):
        origin = pieces[i]
        for k in range(count[steps, origin]):
            if _reaches(lines, board, theirs, steps, origin, k):
                target = lines[steps, origin, k, END]
                plays[n, DIE_OF] = die
                plays[n, ORIGIN] = origin
                plays[n, LINE] = k
                plays[n, TARGET] = target
                plays[n, CAPTURES] = board[target] == theirs
                n += 1
    return n


@njit(cache=True, inline="always")
def _is_kept(path: np.ndarray, plays: np.ndarray, row: int, first: int, last: int) -> bool:
    """`moves._is_kept`: a play among rows `first..last` by another piece that the play at `row`
    cannot touch (it changes only its origin and target)."""
    origin, target = plays[row, ORIGIN], plays[row, TARGET]
    for other in range(first, last):
        if plays[other, ORIGIN] == origin:
            continue
        steps, start, k = steps_of(plays[other, DIE_OF]), plays[other, ORIGIN], plays[other, LINE]
        if (
            not (path[steps, start, k, origin >> 6] >> (origin & 63)) & 1
            and not (path[steps, start, k, target >> 6] >> (target & 63)) & 1
        ):
            return True
    return False


@njit(cache=True, inline="always")
def _keeps(
    count: np.ndarray,
    lines: np.ndarray,
    board: np.ndarray,
    seat: int,
    pieces: np.ndarray,
    npieces: int,
    plays: np.ndarray,
    row: int,
    steps: int,
    same_piece: bool,
) -> bool:
    """`moves._keeps`: whether, once the play at `row` is made, a piece can still dash `steps`
    (the moved one only if `same_piece`)."""
    origin, target = plays[row, ORIGIN], plays[row, TARGET]
    before = board[target]
    board[origin] = EMPTY
    board[target] = seat + 1
    found = False
    for i in range(npieces):
        start = pieces[i]
        if start == origin:
            if not same_piece:
                continue
            start = target
        for k in range(count[steps, start]):
            if _reaches(lines, board, 2 - seat, steps, start, k):
                found = True
                break
        if found:
            break
    board[target] = before
    board[origin] = seat + 1
    return found


@njit(cache=True, inline="always")
def _keep_only(plays: np.ndarray, keeps: np.ndarray, n: int, opponents: int) -> int:
    """`moves._full_or_winning`: compact the rows to those kept or winning at once."""
    kept = 0
    for row in range(n):
        if keeps[row] or (plays[row, CAPTURES] and opponents == 1):
            for column in range(COLUMNS):
                plays[kept, column] = plays[row, column]
            kept += 1
    return kept


@njit(cache=True)
def legal_plays(
    tables: Tables, board: np.ndarray, seat: int, fields: np.ndarray, plays: np.ndarray, scratch: np.ndarray
) -> int:
    """`moves.plays`: write the legal uses of the dice left into `plays`; return how many.

    `scratch` is a work array of two rows, each as long as the board and `plays`."""
    count, lines, path = tables
    pieces, keeps = scratch[0], scratch[1]
    npieces = 0
    opponents = 0
    for square in range(len(board)):
        if board[square] == seat + 1 and square != fields[BARRED]:
            pieces[npieces] = square
            npieces += 1
        elif board[square] == 2 - seat:
            opponents += 1
    first, second = fields[DIE_1], fields[DIE_2]
    if fields[DICE] == 1:
        return _dashes(count, lines, board, seat, pieces, npieces, first - 1, plays, 0)
    if first == second:
        singles = _dashes(count, lines, board, seat, pieces, npieces, first - 1, plays, 0)
        n = _dashes(count, lines, board, seat, pieces, npieces, first - 1 + FACES, plays, singles)
        any_kept = False
        for row in range(singles):
            keeps[row] = _is_kept(path, plays, row, 0, singles) or _keeps(
                count, lines, board, seat, pieces, npieces, plays, row, first, True
            )
            if keeps[row]:
                any_kept = True
        if n == singles and not any_kept:
            return singles
        for row in range(singles, n):
            keeps[row] = True
        return _keep_only(plays, keeps, n, opponents)
    lows = _dashes(count, lines, board, seat, pieces, npieces, first - 1, plays, 0)
    n = _dashes(count, lines, board, seat, pieces, npieces, second - 1, plays, lows)
    any_kept = False
    for row in range(n):
        low = row < lows
        keeps[row] = _is_kept(path, plays, row, lows if low else 0, n if low else lows) or _keeps(
            count, lines, board, seat, pieces, npieces, plays, row, second if low else first, False
        )
        if keeps[row]:
            any_kept = True
    return _keep_only(plays, keeps, n, opponents) if any_kept else n


@njit(cache=True, inline="always")
def only_die(plays: np.ndarray, n: int, die: int) -> int:
    """Compact the rows to the plays of `die`; return how many."""
    kept = 0
    for row in range(n):
        if plays[row, DIE_OF] == die:
            for column in range(COLUMNS):
                plays[kept, column] = plays[row, column]
            kept += 1
    return kept
