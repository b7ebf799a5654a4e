"""Compact Honey Donut positions: a board as a 54-bit key, and a perfect rank of every board.

A *key* packs one `Piece` per cell in 3 bits (cell i at bits 3i..3i+2): any board, Kings or not,
fits one int64, so equality and hashing of boards are single integer operations.

A *rank* numbers, without gaps, the boards on which both Kings stand:
18 (red King) x 17 (blue King) x C(16, 2) (red pieces) x C(14, 2) (blue pieces) = 3,341,520.
The solver stores one row per ranked board with Red to move; a Blue-to-move position is the
same as its colour-swapped board with Red to move, since the rules treat the colours alike.

The tables are NumPy copies of `holesome.games.honey_donut.board`, so the compiled code moves
pieces exactly as the pure engine does.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from holesome.games.honey_donut.board import CELL_LINES, CELLS, LINES, MOVES, SHIFTS, STARTING_BOARD, Piece, move_cells

CELL_COUNT: Final = len(CELLS)
LINE_COUNT: Final = len(LINES)
MOVE_COUNT: Final = len(MOVES)
MAX_LINE: Final = max(len(line) for line in LINES)
BITS: Final = 3
PIECE_MASK: Final = (1 << BITS) - 1

EMPTY, WHITE, RED, RED_KING, BLUE, BLUE_KING = (int(piece) for piece in Piece)
BOARD_COUNT: Final = 18 * 17 * (16 * 15 // 2) * (14 * 13 // 2)
RED_PAIRS: Final = 16 * 15 // 2
BLUE_PAIRS: Final = 14 * 13 // 2

LINE_LENGTH = np.array([len(line) for line in LINES], dtype=np.int64)
LINE_CELLS = np.array([[*line, *([-1] * (MAX_LINE - len(line)))] for line in LINES], dtype=np.int64)
MOVE_CELLS = np.array(
    [[*move_cells(move), *([-1] * (MAX_LINE - len(LINES[move.line])))] for move in MOVES], dtype=np.int64
)
"""Per move, its line's cells in the direction the pieces travel (trailing end first)."""
CELL_LINE_MASK = np.array([sum(1 << line for line in lines) for lines in CELL_LINES], dtype=np.int64)
"""Per cell, a bit for each line through it."""
PUSHED_FROM = np.array([SHIFTS[move].pushed_from for move in MOVES], dtype=np.int64)
REFILLED = np.array([SHIFTS[move].refilled for move in MOVES], dtype=np.int64)
SWAP_COLOURS = np.array([EMPTY, WHITE, BLUE, BLUE_KING, RED, RED_KING], dtype=np.int8)
"""Piece value -> the same piece in the other colour."""
START = np.array(STARTING_BOARD, dtype=np.int8)


@njit(cache=True)
def to_key(board: np.ndarray) -> int:
    """The board's 54-bit key."""
    key = 0
    for cell in range(CELL_COUNT):
        key |= int(board[cell]) << (BITS * cell)
    return key


@njit(cache=True)
def from_key(key: int, board: np.ndarray) -> None:
    """Write the board a key stands for into `board`."""
    for cell in range(CELL_COUNT):
        board[cell] = (key >> (BITS * cell)) & PIECE_MASK


@njit(cache=True)
def swap_colours(board: np.ndarray, out: np.ndarray) -> None:
    """Write `board` with red and blue exchanged into `out`."""
    for cell in range(CELL_COUNT):
        out[cell] = SWAP_COLOURS[board[cell]]


@njit(cache=True)
def shift(board: np.ndarray, move: int, out: np.ndarray) -> None:
    """Write the board after the cyclic shift of `move` into `out` (no King is removed here)."""
    out[:] = board
    cells = MOVE_CELLS[move]
    length = LINE_LENGTH[move // 2]
    out[cells[0]] = board[cells[length - 1]]
    for i in range(1, length):
        out[cells[i]] = board[cells[i - 1]]


@njit(cache=True)
def _pair_rank(low: int, high: int) -> int:
    return high * (high - 1) // 2 + low


@njit(cache=True)
def rank(board: np.ndarray) -> int:
    """The board's number in 0..BOARD_COUNT-1; both Kings must stand on it."""
    red_king = blue_king = -1
    red_low = red_high = blue_low = blue_high = -1
    for cell in range(CELL_COUNT):
        piece = board[cell]
        if piece == RED_KING:
            red_king = cell
        elif piece == BLUE_KING:
            blue_king = cell
        elif piece == RED:
            if red_low < 0:
                red_low = cell
            else:
                red_high = cell
        elif piece == BLUE:
            if blue_low < 0:
                blue_low = cell
            else:
                blue_high = cell
    kings = red_king * 17 + blue_king - (blue_king > red_king)
    red = _pair_rank(_free_below(board, red_low, 2), _free_below(board, red_high, 2))
    blue = _pair_rank(_free_below(board, blue_low, 4), _free_below(board, blue_high, 4))
    return (kings * RED_PAIRS + red) * BLUE_PAIRS + blue


@njit(cache=True)
def _free_below(board: np.ndarray, cell: int, placed: int) -> int:
    """`cell`'s position among the cells not taken by the first `placed` pieces in rank order
    (2: the Kings; 4: the Kings and the red pieces)."""
    taken = 0
    for other in range(cell):
        piece = board[other]
        if piece in (RED_KING, BLUE_KING) or (placed == 4 and piece == RED):
            taken += 1
    return cell - taken


@njit(cache=True)
def unrank(index: int, board: np.ndarray) -> None:
    """Write the board numbered `index` into `board` (the inverse of `rank`)."""
    blue = index % BLUE_PAIRS
    index //= BLUE_PAIRS
    red = index % RED_PAIRS
    kings = index // RED_PAIRS
    board[:] = WHITE
    red_king = kings // 17
    blue_king = kings % 17
    blue_king += blue_king >= red_king
    board[red_king] = RED_KING
    board[blue_king] = BLUE_KING
    _place_pair(board, red, RED)
    _place_pair(board, blue, BLUE)


@njit(cache=True)
def _place_pair(board: np.ndarray, pair: int, piece: int) -> None:
    """Put two `piece`s on the free (white) cells whose positions the pair rank names."""
    high = 1
    while (high + 1) * high // 2 <= pair:
        high += 1
    low = pair - high * (high - 1) // 2
    free = 0
    for cell in range(CELL_COUNT):
        if board[cell] == WHITE:
            if free in (low, high):
                board[cell] = piece
            free += 1
