"""What the tree searches share: budgets, the rollout evaluator and the UCB formula.

The evaluator is a seam, as in OpenSpiel's `mcts.py`: anything with `evaluate(game, state, rng)`
returning one value in [0, 1] per seat can judge the leaves (a solver table, a learned value
function). The default asks the game itself (`Game.evaluate`: a random playout unless the game
offers better).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from holesome.core.game import Game


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may think per move: a number of iterations, or seconds, or both."""

    iterations: int | None = 1000
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations or seconds")
        if (self.iterations is not None and self.iterations < 1) or (self.seconds is not None and self.seconds <= 0):
            raise ValueError(f"a search budget must be positive, got {self}")

    def ticks(self, already: int = 0) -> Iterator[int]:
        """Yield iteration numbers until the budget is spent (at least one), counting from `already`
        (the simulations a resumed tree holds)."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        count = already
        while count == already or (
            (self.iterations is None or count < self.iterations)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            yield count
            count += 1


class Evaluator(Protocol):
    """Estimates each seat's value in [0, 1] at a state the search reached."""

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        """One value per seat."""
        ...


@dataclass(frozen=True, slots=True)
class GameEvaluation:
    """The game's own estimate (`Game.evaluate`): the search bots' default evaluator."""

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        """The values the game gives the state."""
        return game.evaluate(state, rng)


@dataclass(frozen=True, slots=True)
class RandomRollout:
    """Plays uniformly random actions (and samples chance) to the end: `Game.playout`.

    `max_steps` cuts long games short (a random Double Dash! game runs to thousands of steps);
    a cut-off rollout is valued by the seats' scores (`Game.cutoff_values`).
    """

    max_steps: int = 200

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        """The outcome values of one random playout."""
        return game.playout(state, rng, self.max_steps)


def ucb(total: float, visits: int, parent_visits: int, exploration: float) -> float:
    """UCB1: the mean value plus an exploration bonus that shrinks with visits."""
    return total / visits + exploration * math.sqrt(math.log(parent_visits) / visits)
