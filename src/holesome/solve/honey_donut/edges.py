"""The solver's states, numbered: each is an *edge*, a ranked board with Red to move and the
move by which Blue just made it.

Under the `simple` rule a state is a board, the side to move, and the board before the last
move (the one the mover may not restore). Swapping colours makes every state one with Red to
move, and the board before is named by Blue's last move, an *unmove* of the board. There are
30 unmove codes: one per direction of the 12 longer lines, one per 2-cell line (both of its
directions swap the same two pieces). A code is valid for a board when Blue could have played
it to make the board: the line holds a blue piece, the piece pushed out was no King (pushing
out their own is illegal, pushing out Red's would have ended the game), the board changed, and
no lower code on the line gives the same board before (a 4-cell line patterned a-b-a-b).

`masks[rank]` has a bit per valid code; the states of a board are numbered consecutively from
`offsets[rank]` in code order, so a state's number is found without a search.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from holesome.solve.honey_donut.encoding import (
    BLUE,
    BLUE_KING,
    LINE_CELLS,
    LINE_COUNT,
    LINE_LENGTH,
    MOVE_COUNT,
    RED_KING,
    REFILLED,
)

_code_moves = [
    move for line in range(LINE_COUNT) for move in (2 * line, 2 * line + 1)[: 1 if LINE_LENGTH[line] == 2 else 2]
]
CODE_COUNT: Final = len(_code_moves)
CODE_MOVE = np.array(_code_moves, dtype=np.int64)
"""Blue's move that each unmove code undoes (for a 2-cell line, its +1 direction)."""
CODE_LINE = CODE_MOVE // 2
CODE_OF_MOVE = np.array(
    [_code_moves.index(move if move in _code_moves else move - 1) for move in range(MOVE_COUNT)], dtype=np.int64
)
PAIR: Final = 2
LONG: Final = 4


@njit(cache=True)
def has_piece(board: np.ndarray, line: int, regular: int, king: int) -> bool:
    """Whether the line holds one of the side's pieces."""
    for i in range(LINE_LENGTH[line]):
        piece = board[LINE_CELLS[line, i]]
        if piece in (regular, king):
            return True
    return False


@njit(cache=True)
def is_alternating(board: np.ndarray, line: int) -> bool:
    """Whether a 4-cell line reads a-b-a-b, so that both its shifts make the same board."""
    cells = LINE_CELLS[line]
    return bool(LINE_LENGTH[line] == LONG and board[cells[0]] == board[cells[2]] and board[cells[1]] == board[cells[3]])


@njit(cache=True)
def _is_uniform(board: np.ndarray, line: int) -> bool:
    cells = LINE_CELLS[line]
    for i in range(1, LINE_LENGTH[line]):  # noqa: SIM110 (Numba compiles loops, not generators)
        if board[cells[i]] != board[cells[0]]:
            return False
    return True


@njit(cache=True)
def _is_king(piece: int) -> bool:
    return piece in (RED_KING, BLUE_KING)


@njit(cache=True)
def unmove_mask(board: np.ndarray) -> int:
    """The bit set of valid unmove codes of a board with Red to move (Blue moved last)."""
    mask = 0
    for code in range(CODE_COUNT):
        move = CODE_MOVE[code]
        line = move // 2
        if not has_piece(board, line, BLUE, BLUE_KING) or _is_uniform(board, line):
            continue
        if LINE_LENGTH[line] == PAIR:
            cells = LINE_CELLS[line]
            valid = not (_is_king(board[cells[0]]) and _is_king(board[cells[1]]))
        else:
            valid = not _is_king(board[REFILLED[move]]) and not (move % 2 == 1 and is_alternating(board, line))
        if valid:
            mask |= 1 << code
    return mask


@njit(cache=True)
def code_of(board: np.ndarray, move: int) -> int:
    """The unmove code naming Blue's `move` that made `board` (Red to move)."""
    line = move // 2
    if move % 2 == 1 and is_alternating(board, line):
        return int(CODE_OF_MOVE[move - 1])
    return int(CODE_OF_MOVE[move])


@njit(cache=True)
def popcount(bits: int) -> int:
    """The number of set bits of a 32-bit value."""
    bits = bits - ((bits >> 1) & 0x55555555)
    bits = (bits & 0x33333333) + ((bits >> 2) & 0x33333333)
    bits = (bits + (bits >> 4)) & 0x0F0F0F0F
    return int(((bits * 0x01010101) & 0xFFFFFFFF) >> 24)


@njit(cache=True)
def state_number(offsets: np.ndarray, masks: np.ndarray, rank: int, code: int) -> int:
    """The number of the state (board `rank`, unmove `code`); the code must be valid."""
    return int(offsets[rank] + popcount(masks[rank] & ((1 << code) - 1)))
