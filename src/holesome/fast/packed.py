"""The Python half of a compiled game whose states are packed into one row of integers each.

Go Nuts, Donut Dilemma and Doughnut Dash each pack an ordinary state into a flat int64 row
(`pack`) and compile their rules over such rows: a move generator, the seats to act, the chance
weights, and a batch of random games played row by row. This base class turns those kernels into
the `CompiledGame` protocol (`holesome.fast.base`), so each game writes only its packing and its
bindings of the kernels to the game's tables.

A kernel game plays like `Game.playout`: a seat drawn uniformly among those to act, an action
drawn uniformly from its menu, a chance outcome drawn by its weight, and every step written down
as (seat, id) when asked, where a chance step's id is the outcome's index in
`game.chance_outcomes`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np

from holesome.core.game import CHANCE, Game
from holesome.fast.base import Trace

SEAT_CAPACITY = 16
"""Room for every seat to act at once."""


class PackedGame(ABC):
    """A `CompiledGame` over packed rows: subclasses pack states and bind the kernels."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.capacity = game.num_actions
        """Room for any menu: no menu is longer than the action space."""

    @abstractmethod
    def pack(self, state: Any) -> np.ndarray:
        """The state as one int64 row, as the kernels read it."""

    @abstractmethod
    def _menu(self, row: np.ndarray, seat: int, out: np.ndarray) -> int:
        """Write the seat's legal ids, ascending, into `out`; return how many."""

    @abstractmethod
    def _to_act(self, row: np.ndarray, out: np.ndarray) -> int:
        """Write the seats to act (`CHANCE` alone at a chance step) into `out`; return how many."""

    @abstractmethod
    def _chances(self, row: np.ndarray, out: np.ndarray) -> int:
        """At a chance step, write each outcome's weight (in `chance_outcomes` order); return how many."""

    @abstractmethod
    def _play(
        self,
        rows: np.ndarray,
        seed: int,
        max_steps: int,
        record: np.ndarray,
        lengths: np.ndarray,
        values: np.ndarray,
    ) -> None:
        """Play one random game on from each row, in place: steps into `record` (for its first
        `len(record)` rows), step counts into `lengths`, values into `values`."""

    @abstractmethod
    def _deal(self, games: int, seed: int) -> np.ndarray:
        """Rows of `games` fresh starts, dealt from `seed` as `game.start` deals them."""

    # The protocol.

    def legal_ids(self, state: Any, seat: int) -> tuple[int, ...]:
        """The compiled move generator's legal ids for `seat`, ascending (none for chance)."""
        if seat == CHANCE:
            return ()
        out = np.empty(self.capacity, np.int64)
        count = self._menu(self.pack(state), seat, out)
        return tuple(int(action) for action in out[:count])

    def trace(self, state: Any, seed: int, max_steps: int) -> Trace:
        """One random game on from `state`, every step written down."""
        rows = self.pack(state)[np.newaxis, :].copy()
        record = np.empty((1, max(max_steps, 0), 2), np.int64)
        lengths = np.zeros(1, np.int64)
        values = np.zeros((1, self.game.players), np.float64)
        self._play(rows, seed, max_steps, record, lengths, values)
        steps = tuple((int(seat), int(action)) for seat, action in record[0, : lengths[0]])
        return Trace(steps, tuple(float(value) for value in values[0]))

    def playouts(self, states: Sequence[Any], seed: int, max_steps: int) -> np.ndarray:
        """One random game on from each state; each game's values, a row per state."""
        rows = self.pack_all(states)
        values = np.zeros((len(states), self.game.players), np.float64)
        self._play(rows, seed, max_steps, _NO_RECORD, np.zeros(len(states), np.int64), values)
        return values

    def random_steps(self, games: int, seed: int, max_steps: int) -> int:
        """Deal `games` fresh games and play them out at random; the steps applied."""
        rows = self._deal(games, seed)
        lengths = np.zeros(games, np.int64)
        values = np.zeros((games, self.game.players), np.float64)
        self._play(rows, seed + 1, max_steps, _NO_RECORD, lengths, values)
        return int(lengths.sum())

    # For the agreement tests.

    def pack_all(self, states: Sequence[Any]) -> np.ndarray:
        """Several states as rows of one array (a state met several times is packed once)."""
        packed: dict[int, np.ndarray] = {}
        for state in states:
            if id(state) not in packed:
                packed[id(state)] = self.pack(state)
        rows = [packed[id(state)] for state in states]
        return np.stack(rows) if rows else np.zeros((0, 0), np.int64)

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats to act as the compiled rules find them (`(CHANCE,)` at a chance step)."""
        out = np.empty(SEAT_CAPACITY, np.int64)
        count = self._to_act(self.pack(state), out)
        return tuple(int(seat) for seat in out[:count])

    def chance_weights(self, state: Any) -> tuple[int, ...]:
        """Each chance outcome's weight, in `game.chance_outcomes(state)` order (none if not chance)."""
        out = np.empty(self.capacity, np.int64)
        count = self._chances(self.pack(state), out)
        return tuple(int(weight) for weight in out[:count])


_NO_RECORD = np.zeros((0, 0, 2), np.int64)
"""The record of a batch whose steps are not wanted."""
