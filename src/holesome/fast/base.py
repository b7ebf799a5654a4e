"""What every game's compiled path offers (`holesome.fast`): random playouts of batches of games
in Numba, used by the bots as leaves and by `holesome bench --compiled`.

A compiled game is built for one loaded game (its player count and options) by
`holesome.fast.compiled(game)`, which answers None where numba is missing or the options are not
supported. It reads ordinary holesome states (packing them into NumPy arrays itself), so callers
never see its arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from holesome.core.game import Game


@dataclass(frozen=True, slots=True)
class Trace:
    """One compiled random game: every step as (seat, id) in order, then its values.

    `id` is `game.encode(action)` for a seat's action; for a chance step (seat `CHANCE`) it is the
    index of the outcome in `game.chance_outcomes(state)`. `values` are the outcome values of the
    finished game, or `game.cutoff_values(state)` where the game was cut at `max_steps`. The
    agreement tests replay a trace through the pure engine and compare every step and the values.
    """

    steps: tuple[tuple[int, int], ...]
    values: tuple[float, ...]


class CompiledGame(Protocol):
    """A game's compiled batched path."""

    game: Game[Any, Any]

    def legal_ids(self, state: Any, seat: int) -> tuple[int, ...]:
        """The ids (`game.encode`) of `seat`'s legal actions in `state` as the compiled move
        generator finds them, ascending."""
        ...

    def trace(self, state: Any, seed: int, max_steps: int) -> Trace:
        """One uniformly random game on from `state` (chance by its true probabilities)."""
        ...

    def playouts(self, states: Sequence[Any], seed: int, max_steps: int) -> np.ndarray:
        """One random game on from each state, all at once: a float64 array of shape
        (len(states), players) of values in [0, 1], as `Trace.values`."""
        ...

    def random_steps(self, games: int, seed: int, max_steps: int) -> int:
        """Play `games` random games from fresh starts in one batch; the steps applied (chance
        steps included), for `holesome bench --compiled`."""
        ...
