"""The Double Dash! board: a grid of open and black spaces, the start spaces, and precomputed rays.

A board is given as rows of text, row 0 (Player 1's side) first and drawn at the top:

    1  a start space of Player 1        2  a start space of Player 2
    #  a black space                    .  an open space

Spaces are numbered row by row (`row * cols + col`) and named by column letter and row number
from 1, so the top-left space is `a1`. Directions are compass points with north at the top
(toward row 0). A piece moves along a *ray*: the spaces in one direction up to, not including,
the first black space or the board edge (the Ruling makes the edge act as a black space). The
rays of every space and direction, cut to every number of steps (`Line`), are built once per
layout, so a move is a walk along a tuple.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from string import ascii_lowercase
from typing import NamedTuple

from holesome.core.errors import InvalidOption

Square = int
"""A space's index, `row * cols + col`."""

Board = str
"""A position: every space's mark, row by row, in the board text's characters (pieces as `1` and `2`)."""


class Mark(Enum):
    """A character of the board text."""

    OPEN = "."
    BLACK = "#"
    FIRST = "1"
    SECOND = "2"


START_MARKS = (Mark.FIRST, Mark.SECOND)
"""The start-space mark of each seat."""
PIECE_MARKS: tuple[str, ...] = tuple(mark.value for mark in START_MARKS)
"""How each seat's pieces are written on a `Board`."""
EMPTY = Mark.OPEN.value
"""An open space with no piece on a `Board`."""


class Heading(Enum):
    """The eight straight directions a piece may move, north being the top (row 0)."""

    N = "n"
    NE = "ne"
    E = "e"
    SE = "se"
    S = "s"
    SW = "sw"
    W = "w"
    NW = "nw"


HEADINGS: tuple[Heading, ...] = tuple(Heading)
STEP: dict[Heading, tuple[int, int]] = {
    Heading.N: (-1, 0),
    Heading.NE: (-1, 1),
    Heading.E: (0, 1),
    Heading.SE: (1, 1),
    Heading.S: (1, 0),
    Heading.SW: (1, -1),
    Heading.W: (0, -1),
    Heading.NW: (-1, -1),
}
"""How one step in each direction changes (row, col)."""

MAX_COLUMNS = len(ascii_lowercase)
"""Columns are named by one letter each."""
MAX_ROWS = MAX_COLUMNS
"""As many rows as columns at most: a board's dashes are precomputed, and grow with its size."""


class Line(NamedTuple):
    """The spaces a dash of some number of steps crosses from one space in one heading, if no piece
    stops it: `passed` must hold no opponent's piece, and it ends on `end`, `short` of the number
    if a black space or the edge came first."""

    heading: Heading
    path: tuple[Square, ...]
    passed: tuple[Square, ...]
    end: Square
    short: bool


MAX_STEPS = 12
"""The longest dash: a double six used as one move."""


@dataclass(frozen=True, slots=True)
class Layout:
    """A board's shape: its size, black spaces, start spaces, and every dash each space allows."""

    rows: int
    cols: int
    black: frozenset[Square]
    starts: tuple[tuple[Square, ...], tuple[Square, ...]]
    """Each seat's start spaces."""
    lines: tuple[tuple[tuple[Line, ...], ...], ...]
    """`lines[steps][square]`: every dash of `steps` the ray of a heading allows from the space (see `Line`)."""
    ground: str
    """Every space's mark without pieces: black or open."""
    names: tuple[str, ...]
    """Every space's name (see `name`)."""

    @property
    def size(self) -> int:
        """The number of spaces."""
        return self.rows * self.cols

    def square(self, row: int, col: int) -> Square:
        """The index of the space at (row, col)."""
        return row * self.cols + col

    def coordinates(self, square: Square) -> tuple[int, int]:
        """The (row, col) of a space."""
        return divmod(square, self.cols)

    def name(self, square: Square) -> str:
        """The space's name: column letter then row number from 1, e.g. `a1`."""
        return self.names[square]

    def parse(self, text: str) -> Square | None:
        """The space a name like `c4` names, or None."""
        text = text.strip().lower()
        if len(text) < 2 or text[0] not in ascii_lowercase or not text[1:].isdigit():
            return None
        row, col = int(text[1:]) - 1, ascii_lowercase.index(text[0])
        return self.square(row, col) if 0 <= row < self.rows and 0 <= col < self.cols else None

    def start_board(self) -> Board:
        """The position at setup: each seat's pieces on its start spaces."""
        marks = list(self.ground)
        for seat, squares in enumerate(self.starts):
            for square in squares:
                marks[square] = PIECE_MARKS[seat]
        return "".join(marks)

    def to_rows(self, board: Board) -> list[str]:
        """A position as rows of text, row 0 first."""
        return [board[start : start + self.cols] for start in range(0, self.size, self.cols)]


def standard_rows() -> list[str]:
    """The standard board's rows, read from the package's `boards.json`."""
    data = json.loads((resources.files("holesome.games.double_dash") / "boards.json").read_text(encoding="utf-8"))
    return [str(row) for row in data["standard"]]


def normalize_rows(value: object) -> list[str]:
    """Board rows as strings; a row of only digits arrives from the command line as a number."""
    if not isinstance(value, list):
        raise InvalidOption(f"option board takes a list of rows of text, got {value!r}")
    rows: list[str] = []
    for item in value:
        row = str(item) if isinstance(item, int) and not isinstance(item, bool) else item
        if not isinstance(row, str):
            raise InvalidOption(f"option board: each row is text, got {item!r}")
        rows.append(row.strip())
    return rows


def layout_from_rows(rows: Sequence[str]) -> Layout:
    """The layout the rows of text describe; `InvalidOption` says what is wrong with them."""
    if not rows:
        raise InvalidOption("option board: no rows")
    if len(rows) > MAX_ROWS:
        raise InvalidOption(f"option board: at most {MAX_ROWS} rows, got {len(rows)}")
    cols = len(rows[0])
    if not 1 <= cols <= MAX_COLUMNS:
        raise InvalidOption(f"option board: rows must be 1 to {MAX_COLUMNS} spaces wide, got {cols}")
    known = {mark.value for mark in Mark}
    marks: list[Mark] = []
    for number, row in enumerate(rows):
        if len(row) != cols:
            raise InvalidOption(f"option board: row {number + 1} has {len(row)} spaces, row 1 has {cols}")
        unknown = sorted(set(row) - known)
        if unknown:
            raise InvalidOption(f"option board: row {number + 1} has {unknown[0]!r}; use one of 1 2 # .")
        marks.extend(Mark(char) for char in row)
    starts = tuple(tuple(square for square, mark in enumerate(marks) if mark is start) for start in START_MARKS)
    for seat, squares in enumerate(starts):
        if not squares:
            raise InvalidOption(f"option board: Player {seat + 1} has no start space ({START_MARKS[seat].value})")
    black = frozenset(square for square, mark in enumerate(marks) if mark is Mark.BLACK)
    rays = [
        [(heading, ray) for heading in HEADINGS if (ray := _ray(len(rows), cols, black, square, heading))]
        for square in range(len(marks))
    ]
    lines = tuple(tuple(_lines(square_rays, steps) for square_rays in rays) for steps in range(MAX_STEPS + 1))
    ground = "".join(Mark.BLACK.value if mark is Mark.BLACK else Mark.OPEN.value for mark in marks)
    names = tuple(f"{ascii_lowercase[col]}{row + 1}" for row in range(len(rows)) for col in range(cols))
    return Layout(len(rows), cols, black, (starts[0], starts[1]), lines, ground, names)


def _lines(rays: list[tuple[Heading, tuple[Square, ...]]], steps: int) -> tuple[Line, ...]:
    """The dash of `steps` along each of a space's (non-empty) rays; none of 0 steps."""
    if not steps:
        return ()
    return tuple(Line(heading, path := ray[:steps], path[:-1], path[-1], len(ray) < steps) for heading, ray in rays)


def _ray(rows: int, cols: int, black: frozenset[Square], square: Square, heading: Heading) -> tuple[Square, ...]:
    d_row, d_col = STEP[heading]
    row, col = divmod(square, cols)
    ray: list[Square] = []
    while True:
        row, col = row + d_row, col + d_col
        if not (0 <= row < rows and 0 <= col < cols) or row * cols + col in black:
            return tuple(ray)
        ray.append(row * cols + col)
