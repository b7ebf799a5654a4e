"""Throughput measurements for `holesome bench`: speed is measured here, never asserted in tests.

`random_play` measures the bare engine the way every driver uses it: each step lists the legal
actions of a seat to act (or the chance outcomes) and applies one, until the game ends, then
starts the next game, for a fixed budget of CPU time on one core. CPU time rather than wall
time, so a figure taken on a busy machine still means something. `reference_play` plays
OpenSpiel's Python tic-tac-toe the same way, as a yardstick measured in the same run.
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


REFERENCE = "python_tic_tac_toe"
"""The yardstick game: OpenSpiel's tic-tac-toe written in Python (`open_spiel.python.games`)."""


def random_play(game: Game[Any, Any], seconds: float, seed: int = 0) -> Throughput:
    """Play random games for about `seconds` of CPU time (finishing the game under way) and count."""
    rng = random.Random(seed)
    steps = games = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        steps += random_game(game, rng)
        games += 1
    return Throughput(game.name, game.players, steps, games, time.process_time() - started)


def random_game(game: Game[Any, Any], rng: random.Random) -> int:
    """Play one game uniformly at random, legal moves listed each step; return its steps.
    The engine's side of every benchmark (the adapters' baseline plays it too)."""
    state = game.start(rng.randrange(2**31))
    steps = 0
    while seats := game.to_act(state):
        if seats[0] == CHANCE:
            state = game.apply(state, CHANCE, sample_chance(game, state, rng))
        else:
            seat = seats[rng.randrange(len(seats))]
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1
    return steps


def reference_play(seconds: float, seed: int = 0) -> Throughput:
    """OpenSpiel's `python_tic_tac_toe` played at random as `random_play` plays: the legal
    actions listed at every step, one applied, for about `seconds` of CPU time.

    Needs `open_spiel` (the `openspiel` extra); importing its Python games registers the game.
    """
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401 - registers python_tic_tac_toe

    reference = pyspiel.load_game(REFERENCE)
    rng = random.Random(seed)
    steps = games = 0
    started = time.process_time()
    deadline = started + seconds
    while time.process_time() < deadline:
        state = reference.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return Throughput(REFERENCE, reference.num_players(), steps, games, time.process_time() - started)


@dataclass(frozen=True)
class SearchSpeed:
    """Search iterations per second of one bot on one game: from the first decision of the
    game, and over decisions met later in a random game (positions near the end search faster,
    so the two figures are kept apart)."""

    game: str
    bot: str
    start_iterations: int
    start_seconds: float
    iterations: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON."""
        return {
            "bot": self.bot,
            "start_iterations": self.start_iterations,
            "start_seconds": round(self.start_seconds, 3),
            "start_iterations_per_second": round(self.start_iterations / self.start_seconds, 1),
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "iterations_per_second": round(self.iterations / self.seconds, 1),
        }


def search_speed(game: Game[Any, Any], bot: str, seconds: float, seed: int = 0, positions: int = 4) -> SearchSpeed:
    """Iterations per second of `bot` (`mcts` or `ismcts`): half the time on the game's first
    real decision, half spread over `positions` decisions met in a random game."""
    from holesome.bots.ismcts import ISMCTSBot
    from holesome.bots.mcts import MCTSBot
    from holesome.bots.search import Budget
    from holesome.core.decision import Decision

    def measure(decisions: list[tuple[Any, int]]) -> tuple[int, float]:
        budget = Budget(iterations=None, seconds=seconds / 2 / len(decisions))
        searcher = MCTSBot(seed, budget) if bot == "mcts" else ISMCTSBot(seed, budget)
        total = 0
        started = time.perf_counter()
        for state, seat in decisions:
            searcher.act(Decision(game, seat, state))
            total += searcher.iterations
        return total, time.perf_counter() - started

    start_iterations, start_seconds = measure([_first_decision(game, seed)])
    iterations, elapsed = measure(_decisions(game, seed, positions))
    return SearchSpeed(game.name, bot, start_iterations, start_seconds, iterations, elapsed)


def _first_decision(game: Game[Any, Any], seed: int) -> tuple[Any, int]:
    """The first state of a game (after any opening chance) where a seat has a real choice."""
    rng = random.Random(seed)
    state = game.start(seed)
    while seats := game.to_act(state):
        if seats[0] == CHANCE:
            state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            continue
        legal = game.legal_actions(state, seats[0])
        if len(legal) > 1:
            return state, seats[0]
        state = game.apply(state, seats[0], legal[0])
    raise ValueError(f"{game.name}: a game with no choice to search")


def _decisions(game: Game[Any, Any], seed: int, count: int) -> list[tuple[Any, int]]:
    """Up to `count` decisions with a real choice, spread over one random game."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    state = game.start(seed)
    while (seats := game.to_act(state)) and len(found) < count:
        if seats[0] == CHANCE:
            state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            continue
        seat = seats[rng.randrange(len(seats))]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and rng.random() < 0.3:
            found.append((state, seat))
        state = game.apply(state, seat, rng.choice(legal))
    return found or [(game.start(seed), game.to_act(game.start(seed))[0])]
