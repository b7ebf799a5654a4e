"""The compiled Honey Donut move generator: the pure engine's `_generate`, on keys and arrays.

`generate` lists a side's legal moves in `MOVES` order with the key of the board each makes,
under the `simple` repetition rule (one forbidden board: the one before the opponent's last
move). The `strict` rule forbids a set of boards; its callers filter the children themselves.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from holesome.solve.honey_donut.encoding import (
    BITS,
    BLUE,
    BLUE_KING,
    CELL_COUNT,
    CELL_LINE_MASK,
    EMPTY,
    LINE_COUNT,
    LINE_LENGTH,
    MOVE_CELLS,
    PIECE_MASK,
    PUSHED_FROM,
    RED,
    RED_KING,
    REFILLED,
)

NO_BOARD = -1
"""The forbidden key when nothing is forbidden (no key is negative)."""
RED_SEAT, BLUE_SEAT = 0, 1


@njit(cache=True)
def child_key(board: np.ndarray, key: int, move: int) -> int:
    """The key of the board after `move`'s cyclic shift (no King removed)."""
    cells = MOVE_CELLS[move]
    length = LINE_LENGTH[move // 2]
    child = key
    for i in range(length):
        cell = cells[i]
        source = cells[i - 1] if i > 0 else cells[length - 1]
        child = (child & ~(np.int64(PIECE_MASK) << (BITS * cell))) | (np.int64(board[source]) << (BITS * cell))
    return child


@njit(cache=True)
def generate(
    board: np.ndarray, mover: int, forbidden: int, moves: np.ndarray, children: np.ndarray, wins: np.ndarray
) -> int:
    """Write `mover`'s legal moves, their children's keys and whether each pushes out the other
    King into the output arrays (36 long); return how many there are.

    A winning move's child has an empty cell where the King was put back; `forbidden` is the key
    of the board the `simple` rule forbids (`NO_BOARD` for none).
    """
    regular = RED if mover == RED_SEAT else BLUE
    own_king = RED_KING if mover == RED_SEAT else BLUE_KING
    their_king = BLUE_KING if mover == RED_SEAT else RED_KING
    key = 0
    lines = 0
    for cell in range(CELL_COUNT):
        piece = board[cell]
        key |= int(piece) << (BITS * cell)
        if piece in (regular, own_king):
            lines |= CELL_LINE_MASK[cell]
    count = 0
    for line in range(LINE_COUNT):
        if not lines & (1 << line):
            continue
        for move in (2 * line, 2 * line + 1):
            pushed = board[PUSHED_FROM[move]]
            if pushed == own_king:
                continue
            child = child_key(board, key, move)
            won = pushed == their_king
            if won:
                child &= ~(np.int64(PIECE_MASK) << (BITS * REFILLED[move]))
                child |= np.int64(EMPTY) << (BITS * REFILLED[move])
            elif child in (key, forbidden):
                continue
            moves[count] = move
            children[count] = child
            wins[count] = won
            count += 1
    return count
