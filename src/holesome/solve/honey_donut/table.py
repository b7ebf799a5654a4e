"""The solution table of Honey Donut's `simple` option: what every state is worth, and its use.

For each state (see `edges`) the table holds its `outcome` for the side to move (`WIN`, `LOSS`
or `DRAW`) and, when decided, the number of `plies` to the end under best play: the winner
hurries, the loser holds out. It is stored as an uncompressed NumPy `.npz` file and loaded whole.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
from numba import njit

from holesome.core.errors import HolesomeError
from holesome.solve.honey_donut.edges import code_of, state_number
from holesome.solve.honey_donut.encoding import CELL_COUNT, MOVE_COUNT, rank, shift, swap_colours
from holesome.solve.honey_donut.movegen import BLUE_SEAT, generate

DRAW: Final = 0
"""Also 'not yet known' while solving: a state never resolved is a draw."""
WIN: Final = 1
LOSS: Final = 2
NAMES: Final = {DRAW: "draw", WIN: "win", LOSS: "loss"}
FORMAT: Final = 1
"""Changes when the table's layout does."""
ENV_PATH: Final = "HOLESOME_HONEY_TABLE"


class MissingTable(HolesomeError):
    """No solution table where one was looked for."""


def default_path() -> Path:
    """Where the table is kept: `$HOLESOME_HONEY_TABLE`, else the user's cache directory."""
    if os.environ.get(ENV_PATH):
        return Path(os.environ[ENV_PATH])
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "holesome" / "honey-donut-simple.npz"


@dataclass(frozen=True, eq=False)
class Solution:
    """The solved states: `masks` and `offsets` number them (see `edges`), `outcome` and
    `plies` give each one's value for its side to move."""

    masks: np.ndarray
    offsets: np.ndarray
    outcome: np.ndarray
    plies: np.ndarray

    def save(self, path: Path) -> None:
        """Write the table to `path` (an `.npz` file); the directory is made if needed."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            np.savez(file, format=np.array(FORMAT), masks=self.masks, outcome=self.outcome, plies=self.plies)

    @classmethod
    def load(cls, path: Path) -> Solution:
        """Read a table written by `save`; `MissingTable` if there is none."""
        if not path.exists():
            raise MissingTable(f"no Honey Donut solution table at {path}: run `holesome solve honey-donut`")
        with np.load(path) as data:
            if int(data["format"]) != FORMAT:
                raise MissingTable(f"{path} is an old solution table: run `holesome solve honey-donut` again")
            masks = data["masks"]
            offsets = np.zeros(len(masks) + 1, np.int64)
            np.cumsum(np.bitwise_count(masks), out=offsets[1:])
            return cls(masks, offsets, data["outcome"], data["plies"])

    def counts(self) -> dict[str, int]:
        """How many states are won, lost and drawn for the side to move."""
        return {NAMES[value]: int(np.count_nonzero(self.outcome == value)) for value in (WIN, LOSS, DRAW)}

    def longest_win(self) -> int:
        """The most plies any forced win takes."""
        won = self.plies[self.outcome == WIN]
        return int(won.max()) if len(won) else 0

    def moves(self, board: tuple[int, ...], mover: int, previous: tuple[int, ...] | None) -> list[tuple[int, int, int]]:
        """Each legal move of `mover` (forbidden to restore `previous`) as `(move, outcome, plies)`
        for the mover, in `MOVES` order."""
        cells = np.array(board, np.int8)
        forbidden = -1 if previous is None else _key(previous)
        moves = np.empty(MOVE_COUNT, np.int64)
        children = np.empty(MOVE_COUNT, np.int64)
        wins = np.empty(MOVE_COUNT, np.bool_)
        count = generate(cells, mover, forbidden, moves, children, wins)
        values = []
        for i in range(count):
            move = int(moves[i])
            if wins[i]:
                values.append((move, WIN, 1))
                continue
            outcome, plies = _value_after(cells, mover, move, self.masks, self.offsets, self.outcome, self.plies)
            values.append((move, *_for_mover(outcome, plies)))
        return values

    def best(self, board: tuple[int, ...], mover: int, previous: tuple[int, ...] | None) -> tuple[int, int]:
        """`(outcome, plies)` of the position for `mover`: its best move's value."""
        values = self.moves(board, mover, previous)
        if not values:
            return LOSS, 0
        _, outcome, plies = max(values, key=lambda value: preference(value[1], value[2]))
        return outcome, plies


def preference(outcome: int, plies: int) -> tuple[int, int]:
    """Sort key of a move's value for its mover: the fastest win, then a draw, then the slowest loss."""
    if outcome == WIN:
        return 2, -plies
    if outcome == DRAW:
        return 1, 0
    return 0, plies


def _for_mover(outcome: int, plies: int) -> tuple[int, int]:
    """A state's value seen by the player who moved into it."""
    if outcome == WIN:
        return LOSS, plies + 1
    if outcome == LOSS:
        return WIN, plies + 1
    return DRAW, 0


def _key(board: tuple[int, ...]) -> int:
    return sum(piece << (3 * cell) for cell, piece in enumerate(board))


@njit(cache=True)
def _value_after(
    board: np.ndarray,
    mover: int,
    move: int,
    masks: np.ndarray,
    offsets: np.ndarray,
    outcome: np.ndarray,
    plies: np.ndarray,
) -> tuple[int, int]:
    """The value, for its side to move, of the state `mover`'s non-winning `move` makes."""
    child = np.empty(CELL_COUNT, np.int8)
    shift(board, move, child)
    if mover == BLUE_SEAT:
        red_view = child
    else:
        red_view = np.empty(CELL_COUNT, np.int8)
        swap_colours(child, red_view)
    state = state_number(offsets, masks, rank(red_view), code_of(red_view, move))
    return outcome[state], plies[state]
