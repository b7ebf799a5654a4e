"""What the tree searches share: budgets, the rollout evaluator and the UCB formula.

The evaluator is a seam, as in OpenSpiel's `mcts.py`: anything with `evaluate(game, state, rng)`
returning one value in [0, 1] per seat can judge the leaves (a solver table, a learned value
function). The default (`settings.DefaultLeaf`) asks the game itself (`Game.evaluate`: a random
playout unless the game offers better), or plays compiled random games where that was measured
stronger.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from holesome.core.decision import Decision
from holesome.core.game import Game

WALL_SHARE = 3.0
"""A timed search also stops after this many times its seconds of wall-clock time, so that a
move on a crowded machine (or server) still comes in bounded time."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """When a timed search must stop: after its CPU seconds, or `WALL_SHARE` times as many on the
    wall clock, whichever comes first."""

    cpu: float
    wall: float

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        """The deadline `seconds` of CPU time from now."""
        return cls(time.thread_time() + seconds, time.perf_counter() + WALL_SHARE * seconds)

    def passed(self) -> bool:
        """Whether the time is spent."""
        return time.thread_time() >= self.cpu or time.perf_counter() >= self.wall


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may think per move: a number of iterations, or seconds, or both.

    Seconds are CPU seconds of the searching thread (`time.thread_time`): a bot at `@1s` thinks
    as much on a busy machine as on an idle one, so strength measured at a time budget does not
    depend on what else runs; wall-clock time is capped at `WALL_SHARE` times as much.
    """

    iterations: int | None = 1000
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs iterations or seconds")
        if (self.iterations is not None and self.iterations < 1) or (self.seconds is not None and self.seconds <= 0):
            raise ValueError(f"a search budget must be positive, got {self}")

    def ticks(self) -> Iterator[int]:
        """Yield iteration numbers from 0 until the budget is spent (at least one). An iteration
        budget counts the simulations this search runs, not those a resumed tree already holds:
        at equal iterations each decision gets as many new ones as OpenSpiel's searchers run.

        The clock starts once the first iteration is done. That iteration may load a game's
        compiled code, once a process (about half a CPU-second on Doughnut Dash with Numba's cache
        warm): charged to the move, it left a fresh process's first timed search one iteration."""
        if self.seconds is None:
            yield from range(self.iterations or 1)  # no clock to read; __post_init__ saw iterations set
            return
        yield 0
        deadline = Deadline.after(self.seconds)
        count = 1
        while (self.iterations is None or count < self.iterations) and not deadline.passed():
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


Sampler = Callable[[Decision[Any, Any], random.Random], Any]
"""Draws a state a seat cannot tell from the real one, for a search to descend in."""


def determinize(decision: Decision[Any, Any], rng: random.Random) -> Any:
    """The plain sampler: the game's own `determinize` for the decision's seat."""
    return decision.determinize(rng)


def ucb(total: float, visits: int, parent_visits: int, exploration: float) -> float:
    """UCB1: the mean value plus an exploration bonus that shrinks with visits."""
    return total / visits + exploration * math.sqrt(math.log(parent_visits) / visits)
