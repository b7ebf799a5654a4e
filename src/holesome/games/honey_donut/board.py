"""The Honey Donut board: 18 hex cells around a hole, its 18 lines, and precomputed shifts.

Cells use axial coordinates (q, r) with s = -q - r: every cell with max(|q|, |r|, |s|) <= 2
except the hole at (0, 0). They are numbered 0..17 row by row (r from -2 to 2, then q rising)
and lettered a..r in the same order for notation:

          a b c             r = -2
         d e f g            r = -1
        h i   j k           r =  0   (the hole between i and j)
         l m n o            r =  1
          p q r             r =  2

A move is a cyclic shift of one line. `SHIFTS[move]` is the permutation that does it, built
once at import, so making a move is one C-level `itemgetter` call on the board tuple.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from itertools import pairwise
from operator import itemgetter
from typing import NamedTuple

Cell = tuple[int, int]
Board = tuple[int, ...]
"""One `Piece` value per cell, indexed like `CELLS`."""


class Piece(IntEnum):
    """What stands on a cell. Boards hold the plain int values, for speed."""

    EMPTY = 0
    WHITE = 1
    RED = 2
    RED_KING = 3
    BLUE = 4
    BLUE_KING = 5


CELLS: tuple[Cell, ...] = tuple(
    (q, r) for r in range(-2, 3) for q in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) <= 2 and (q, r) != (0, 0)
)
INDEX: dict[Cell, int] = {cell: index for index, cell in enumerate(CELLS)}
LETTERS = "abcdefghijklmnopqr"

_LINE_CELLS: tuple[tuple[Cell, ...], ...] = (
    # constant r
    ((0, -2), (1, -2), (2, -2)),
    ((-1, -1), (0, -1), (1, -1), (2, -1)),
    ((-2, 0), (-1, 0)),
    ((1, 0), (2, 0)),
    ((-2, 1), (-1, 1), (0, 1), (1, 1)),
    ((-2, 2), (-1, 2), (0, 2)),
    # constant q
    ((-2, 0), (-2, 1), (-2, 2)),
    ((-1, -1), (-1, 0), (-1, 1), (-1, 2)),
    ((0, -2), (0, -1)),
    ((0, 1), (0, 2)),
    ((1, -2), (1, -1), (1, 0), (1, 1)),
    ((2, -2), (2, -1), (2, 0)),
    # constant s
    ((0, -2), (-1, -1), (-2, 0)),
    ((1, -2), (0, -1), (-1, 0), (-2, 1)),
    ((2, -2), (1, -1)),
    ((-1, 1), (-2, 2)),
    ((2, -1), (1, 0), (0, 1), (-1, 2)),
    ((2, 0), (1, 1), (0, 2)),
)
LINES: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[cell] for cell in line) for line in _LINE_CELLS)
"""The 18 lines in the specification's order, as cell indices in its listed order."""

CELL_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(number for number, line in enumerate(LINES) if cell in line) for cell in range(len(CELLS))
)
"""For each cell, the three lines through it (one per axis)."""


class Move(NamedTuple):
    """A line and a direction: +1 pushes every piece toward the line's last listed cell."""

    line: int
    dir: int


MOVES: tuple[Move, ...] = tuple(Move(line, direction) for line in range(len(LINES)) for direction in (1, -1))


class Shift(NamedTuple):
    """How a move rearranges the board: the new board, and the cells it pushes from and into."""

    permute: Callable[[Board], Board]
    pushed_from: int
    """The leading-end cell, whose piece is pushed out."""
    refilled: int
    """The trailing-end cell, where the pushed piece is put back."""


def _shift(move: Move) -> Shift:
    cells = LINES[move.line] if move.dir == 1 else LINES[move.line][::-1]
    source = list(range(len(CELLS)))
    for before, after in pairwise(cells):
        source[after] = before
    source[cells[0]] = cells[-1]
    return Shift(itemgetter(*source), cells[-1], cells[0])


SHIFTS: dict[Move, Shift] = {move: _shift(move) for move in MOVES}

LineShift = tuple[Move, Callable[[Board], Board], int, int]
"""A move with its `Shift` unpacked: (move, permute, pushed_from, refilled)."""

LINE_SHIFTS: tuple[tuple[LineShift, ...], ...] = tuple(
    tuple((move, *SHIFTS[move]) for move in MOVES if move.line == line) for line in range(len(LINES))
)
"""Per line, its two moves with their shifts unpacked: the move generator's inner loop."""

OWN_SHIFTS: dict[tuple[int, int, int], tuple[LineShift, ...]] = {
    (first, second, king): tuple(
        shift
        for line in sorted({*CELL_LINES[first], *CELL_LINES[second], *CELL_LINES[king]})
        for shift in LINE_SHIFTS[line]
        if shift[2] != king
    )
    for first in range(len(CELLS))
    for second in range(first + 1, len(CELLS))
    for king in range(len(CELLS))
}
"""The moves of the lines through a side's three pieces (two regular cells ascending, then the
King's), in `MOVES` order, less those that push the side's own King out (never legal): the
candidates the move generator tests."""


def move_cells(move: Move) -> tuple[int, ...]:
    """The line's cells in the direction the pieces move (trailing end first)."""
    cells = LINES[move.line]
    return cells if move.dir == 1 else cells[::-1]


def to_text(move: Move) -> str:
    """Notation: the trailing cell's letter, then the next cell's: `ab` pushes from a toward b."""
    cells = move_cells(move)
    return LETTERS[cells[0]] + LETTERS[cells[1]]


def from_text(text: str) -> Move | None:
    """The move two adjacent letters on one line name, in their order (any pair on the line)."""
    if len(text) != 2 or not set(text) <= set(LETTERS):
        return None
    first, second = (LETTERS.index(letter) for letter in text)
    for move in MOVES:
        cells = move_cells(move)
        if any(cells[i : i + 2] == (first, second) for i in range(len(cells) - 1)):
            return move
    return None


SYMBOLS = ".orRbB"
"""Text symbols by `Piece` value: empty, white, red, red King, blue, blue King."""


def board_to_text(board: Board) -> str:
    """The board as 18 symbols in cell order (a..r), e.g. the start is `rRroooooooooooobBb`."""
    return "".join(SYMBOLS[piece] for piece in board)


def board_from_text(text: str) -> Board:
    """The board 18 symbols describe; ValueError if the text is not such a board."""
    if len(text) != len(CELLS) or not set(text) <= set(SYMBOLS):
        raise ValueError(f"a board is {len(CELLS)} of {SYMBOLS!r}, got {text!r}")
    return tuple(SYMBOLS.index(symbol) for symbol in text)


STARTING_BOARD: Board = tuple(
    int(
        {
            (0, -2): Piece.RED,
            (1, -2): Piece.RED_KING,
            (2, -2): Piece.RED,
            (-2, 2): Piece.BLUE,
            (-1, 2): Piece.BLUE_KING,
            (0, 2): Piece.BLUE,
        }.get(cell, Piece.WHITE)
    )
    for cell in CELLS
)
