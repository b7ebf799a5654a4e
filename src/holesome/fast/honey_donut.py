"""Honey Donut's compiled path, under both repetition options (`base.CompiledGame`).

States are packed into arrays: the board, the seat to move, the ply, and what the repetition
rule forbids (`simple`: the key of the board before the last move; `strict`: the keys of every
board seen, each marked with its side to move). The kernels are in `honey_donut_kernels`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from holesome.core.game import Game
from holesome.fast.base import Trace
from holesome.fast.honey_donut_kernels import CUT, DRAWN, INFO, NO_LIMIT, fresh_games, legal_moves, play_batch
from holesome.games.honey_donut import BLUE, RED, HoneyDonut, HoneyState
from holesome.solve.honey_donut.encoding import CELL_COUNT, MOVE_COUNT, START

VALUES: Final = np.full((max(DRAWN, CUT) + 1, 2), 0.5)
"""Each seat's value by result code: a winning seat, or `DRAWN` and `CUT` (judged a draw)."""
VALUES[RED], VALUES[BLUE] = (1.0, 0.0), (0.0, 1.0)
NO_PREVIOUS: Final = bytes(CELL_COUNT)
"""Packed in place of the board before the last move where none counts (no board is all empty)."""


class _Packed:
    """Live positions as arrays for the kernels (each distinct state once); positions already
    over keep their values."""

    def __init__(self, game: HoneyDonut, states: Sequence[HoneyState], strict: bool) -> None:
        self.finished: dict[int, tuple[float, ...]] = {}
        self.live: list[int] = []
        rows: dict[int, int] = {}
        index: list[int] = []
        positions: list[bytes] = []
        info: list[tuple[int, ...]] = []
        seen: list[bytes] = []
        for number, state in enumerate(states):
            if not state.moves:
                outcome = game.outcome(state)
                assert outcome is not None
                self.finished[number] = outcome.values
                continue
            self.live.append(number)
            if id(state) not in rows:  # a batch often holds one state many times
                rows[id(state)] = len(info)
                previous = NO_PREVIOUS if strict or state.previous is None else bytes(state.previous)
                positions.append(bytes(state.board) + previous)
                start = len(seen)
                if strict:
                    seen.extend(map(bytes, state.seen[0]))
                    split = len(seen)
                    seen.extend(map(bytes, state.seen[1]))
                else:
                    split = start
                info.append((state.mover, state.ply, start, split, len(seen)))
            index.append(rows[id(state)])
        self.positions = np.frombuffer(b"".join(positions), np.int8).reshape(-1, 2 * CELL_COUNT)
        self.info = np.array(info, np.int64).reshape(-1, INFO)
        self.seen = np.frombuffer(b"".join(seen), np.int8).reshape(-1, CELL_COUNT)
        self.index = np.array(index, np.int64)


class CompiledHoneyDonut:
    """Honey Donut's compiled batched path for one loaded game (either repetition option)."""

    def __init__(self, game: HoneyDonut) -> None:
        self.game: Game[Any, Any] = game
        self._strict = game.options["repetition"] == "strict"
        self._max_plies = NO_LIMIT if self._strict else int(game.options["max_plies"])

    def legal_ids(self, state: HoneyState, seat: int) -> tuple[int, ...]:
        """The seat's legal move ids as the compiled generator finds them."""
        if seat != state.mover or not state.moves:
            return ()
        packed = _Packed(self._honey, [state], self._strict)
        moves = np.empty(MOVE_COUNT, np.int64)
        count = legal_moves(packed.positions, packed.info, packed.seen, self._strict, moves)
        return tuple(sorted(int(move) for move in moves[:count]))

    def trace(self, state: HoneyState, seed: int, max_steps: int) -> Trace:
        """One random game on from `state`, every move written down."""
        packed = _Packed(self._honey, [state], self._strict)
        if packed.finished:
            return Trace((), packed.finished[0])
        record = np.full(max(max_steps, 1), -1, np.int64)
        results, steps = self._play(packed, seed, max_steps, record)
        moves = record[: int(steps[0])].tolist()
        seats = [(state.mover + ply) % 2 for ply in range(len(moves))]
        return Trace(tuple(zip(seats, moves, strict=True)), tuple(VALUES[results[0]].tolist()))

    def playouts(self, states: Sequence[HoneyState], seed: int, max_steps: int) -> np.ndarray:
        """One random game on from each state; each seat's value per game."""
        packed = _Packed(self._honey, states, self._strict)
        values = np.empty((len(states), 2))
        for index, finished in packed.finished.items():
            values[index] = finished
        if packed.live:
            results, _ = self._play(packed, seed, max_steps, np.empty(0, np.int64))
            values[packed.live] = VALUES[results]
        return values

    def random_steps(self, games: int, seed: int, max_steps: int) -> int:
        """Play `games` random games from the start; the moves made in all."""
        return int(fresh_games(games, START, self._strict, self._max_plies, max_steps, seed))

    @property
    def _honey(self) -> HoneyDonut:
        assert isinstance(self.game, HoneyDonut)
        return self.game

    def _play(self, packed: _Packed, seed: int, max_steps: int, record: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        results = np.empty(len(packed.live), np.int64)
        steps = np.empty(len(packed.live), np.int64)
        play_batch(
            packed.positions,
            packed.info,
            packed.seen,
            packed.index,
            self._strict,
            self._max_plies,
            max_steps,
            seed,
            results,
            steps,
            record,
        )
        return results, steps


def build(game: Game[Any, Any]) -> CompiledHoneyDonut | None:
    """Honey Donut's compiled path: both repetition options are supported."""
    return CompiledHoneyDonut(game) if isinstance(game, HoneyDonut) else None
