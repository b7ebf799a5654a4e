"""Throughput measurements for `holesome bench`: speed is measured here, never asserted in tests.

`random_play` measures the bare engine the way every driver uses it: each step lists the legal
actions of a seat to act (or the chance outcomes) and applies one, until the game ends, then
starts the next game, for a fixed wall-clock budget on one core.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from holesome.core.game import CHANCE, Game, sample_chance


@dataclass(frozen=True)
class Throughput:
    """Steps and finished games per second of random play."""

    game: str
    players: int
    steps: int
    games: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        """Applied actions (chance steps included) per second."""
        return self.steps / self.seconds

    @property
    def games_per_second(self) -> float:
        """Finished games per second."""
        return self.games / self.seconds

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON, rates rounded to whole numbers where they are large."""
        return {
            "players": self.players,
            "steps": self.steps,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "steps_per_second": round(self.steps_per_second, 1),
            "games_per_second": round(self.games_per_second, 3),
            "mean_game_length": round(self.steps / self.games, 1) if self.games else None,
        }


def random_play(game: Game[Any, Any], seconds: float, seed: int = 0) -> Throughput:
    """Play random games for about `seconds` (finishing the game under way) and count."""
    rng = random.Random(seed)
    steps = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.start(rng.randrange(2**31))
        while seats := game.to_act(state):
            if seats[0] == CHANCE:
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            else:
                seat = seats[rng.randrange(len(seats))]
                state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            steps += 1
        games += 1
    return Throughput(game.name, game.players, steps, games, time.perf_counter() - started)
