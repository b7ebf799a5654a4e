"""Double Dash!'s compiled path, for any board layout (`base.CompiledGame`).

A state is packed into a board row (`EMPTY`, or a seat's piece as seat + 1, per space) and a row
of fields (`double_dash_moves.FIELDS`); the layout's dashes become `Tables` once per loaded game.
The kernels take the game's own steps (roll, die, piece, direction), so a trace replays through
the pure engine action by action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from holesome.core.game import Game
from holesome.fast.base import Trace
from holesome.fast.double_dash_kernels import fresh_games, menu, play_batch
from holesome.fast.double_dash_moves import (
    DIE,
    END,
    FIELDS,
    HEADING,
    LINE_FIELDS,
    NONE,
    PASSED,
    PASSN,
    SHORT,
    Tables,
)
from holesome.games.double_dash import DashState, Direction, DoubleDash, Phase, Piece
from holesome.games.double_dash.actions import DICE, DOUBLE_ROLLS, FACES
from holesome.games.double_dash.board import HEADINGS, MAX_STEPS, PIECE_MARKS, Layout

_SQUARES: Final = bytes.maketrans(b"12#.", b"\x01\x02\x00\x00")
"""A board's text to its packed spaces: each seat's pieces as seat + 1, the rest `EMPTY`."""
_PHASES: Final = {phase: number for number, phase in enumerate(Phase)}
DOUBLE_INDEX: Final = np.full((FACES + 1, FACES + 1), -1, np.int64)
"""The index of a two-dice roll (low, high) among the chance outcomes of a later turn."""
for _index, _roll in enumerate(DOUBLE_ROLLS):
    DOUBLE_INDEX[_roll.dice] = _index
PLAYS_PER_PIECE: Final = 2 * len(HEADINGS)
"""A piece has at most one dash per heading for each of two dice (or for a double's two uses)."""


def tables(layout: Layout) -> Tables:
    """The layout's dashes as arrays (see `double_dash_moves`)."""
    shape = (MAX_STEPS + 1, layout.size, len(HEADINGS))
    count = np.zeros(shape[:2], np.int64)
    lines = np.zeros((*shape, LINE_FIELDS), np.int16)
    path = np.zeros((*shape, (layout.size + 63) // 64), np.int64)
    for steps, by_square in enumerate(layout.lines):
        for square, dashes in enumerate(by_square):
            count[steps, square] = len(dashes)
            for k, line in enumerate(dashes):
                row = lines[steps, square, k]
                row[HEADING], row[END], row[SHORT], row[PASSN] = (
                    HEADINGS.index(line.heading),
                    line.end,
                    line.short,
                    len(line.passed),
                )
                row[PASSED : PASSED + len(line.passed)] = line.passed
                for space in line.path:
                    path[steps, square, k, space // 64] |= np.int64(1) << np.int64(space % 64)
    return count, lines, path


def _pack(states: Sequence[DashState]) -> tuple[np.ndarray, np.ndarray]:
    """The boards and fields of the states (a state met again is packed once)."""
    rows: dict[int, tuple[bytes, list[int]]] = {}
    for state in states:
        if id(state) not in rows:
            rows[id(state)] = (state.board.encode().translate(_SQUARES), _fields(state))
    boards = np.frombuffer(b"".join(rows[id(state)][0] for state in states), np.int8)
    fields = np.array([rows[id(state)][1] for state in states], np.int64).reshape(-1, FIELDS)
    return boards.reshape(len(states), -1).copy(), fields


def _fields(state: DashState) -> list[int]:
    dice = (*state.dice, 0, 0)
    return [
        _PHASES[state.phase],
        state.mover,
        state.turns,
        state.quiet,
        dice[0],
        dice[1],
        len(state.dice),
        NONE if state.barred is None else state.barred,
        NONE if state.die is None else DICE.index(state.die),
        NONE if state.piece is None else state.piece,
        int(state.current is not None and state.current.captured),
        NONE if state.winner is None else state.winner,
    ]


class CompiledDoubleDash:
    """Double Dash!'s compiled batched path for one loaded game."""

    def __init__(self, game: DoubleDash) -> None:
        self.game: Game[Any, Any] = game
        self._tables = tables(game.layout)
        self._limit = int(game.options["no_capture_limit"])
        self._plays_size = PLAYS_PER_PIECE * max(len(starts) for starts in game.layout.starts)
        first_piece = game.encode(Piece(*game.layout.coordinates(0)))
        self._offsets = np.array([game.encode(DICE[0]), first_piece, game.encode(Direction(HEADINGS[0]))], np.int64)
        """The id of the first die, of the piece on the first space and of the first heading."""
        self._start = _pack([game.start(0)])

    def legal_ids(self, state: DashState, seat: int) -> tuple[int, ...]:
        """The ids of the seat's menu as the compiled move generator finds it."""
        if seat != state.mover or state.phase not in (Phase.DIE, Phase.PIECE, Phase.DIRECTION):
            return ()
        boards, fields = _pack([state])
        choices = np.empty(self._plays_size, np.int64)
        count = menu(self._tables, boards[0], fields[0], self._plays_size, choices)
        offset = self._offsets[_PHASES[state.phase] - DIE]
        return tuple(sorted(int(offset + choice) for choice in choices[:count]))

    def trace(self, state: DashState, seed: int, max_steps: int) -> Trace:
        """One random game on from `state`, every step written down."""
        record = np.zeros((max(max_steps, 1), 2), np.int64)
        values, lengths = self._play([state], seed, max_steps, record)
        steps = tuple((int(seat), int(choice)) for seat, choice in record[: int(lengths[0])])
        return Trace(steps, tuple(values[0].tolist()))

    def playouts(self, states: Sequence[DashState], seed: int, max_steps: int) -> np.ndarray:
        """One random game on from each state; each seat's value per game."""
        return self._play(states, seed, max_steps, np.empty((0, 2), np.int64))[0]

    def random_steps(self, games: int, seed: int, max_steps: int) -> int:
        """Play `games` random games from the start; the steps taken in all."""
        boards, fields = self._start
        return int(
            fresh_games(
                self._tables,
                boards[0],
                fields[0],
                games,
                self._limit,
                DOUBLE_INDEX,
                self._offsets,
                self._plays_size,
                max_steps,
                seed,
            )
        )

    def _play(
        self, states: Sequence[DashState], seed: int, max_steps: int, record: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        boards, fields = _pack(states)
        values = np.empty((len(states), len(PIECE_MARKS)))
        lengths = np.empty(len(states), np.int64)
        play_batch(
            self._tables,
            boards,
            fields,
            self._limit,
            DOUBLE_INDEX,
            self._offsets,
            self._plays_size,
            max_steps,
            seed,
            values,
            lengths,
            record,
        )
        return values, lengths


def build(game: Game[Any, Any]) -> CompiledDoubleDash | None:
    """Double Dash!'s compiled path: every board layout and no-capture limit is supported."""
    return CompiledDoubleDash(game) if isinstance(game, DoubleDash) else None
