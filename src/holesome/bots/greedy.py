"""The `greedy` bot: one step of lookahead on the game's own score, ties broken at random.

For each legal action it samples states the seat cannot tell from the real one
(`Decision.determinize`), plays the action, and lets the rest of the step happen at random:
its own remaining choices in a chain, the other seats' pending choices, chance. It stops as soon
as the seat's score moves, the game ends, or the seat must decide again after someone else has
acted. The action with the best mean is played. A finished game counts its result on top of the
score (winning beats any score, losing is worse than any), so greedy takes a win in one and
avoids a loss in one when it sees them.

Copies of greedy must not play alike: two that always took the same best Go Nuts slot would
both lose it. So it plays any action within a whisker of the best (`NEAR_TIE`) at random, and
where others choose at the same time in secret (`Game.secret_round`) it mixes: each action is
played with a weight that falls off with its distance from the best (a softmax whose
temperature is a quarter of the spread), so a clearly worse slot is seldom taken and an almost
as good one often. Its `slips` setting (the `easy` strength) plays that share of moves at random.
"""

from __future__ import annotations

import math
import random
from typing import Any

from holesome.core.decision import Decision
from holesome.core.game import CHANCE, Game, Seat, sample_chance

RESULT_WEIGHT = 1_000.0
"""How much a finished game's result outweighs points: more than any game's score range."""
MAX_SETTLE_STEPS = 500
"""A bound on the random completion of one step, so a game without scoring cannot loop long."""
NEAR_TIE = 0.02
"""Actions whose mean is within this share of the best's size of it count as tied with it."""
MIX_TEMPERATURE = 0.25
"""At a simultaneous secret choice, the softmax temperature as a share of the spread of means."""


class GreedyBot:
    """Maximises the seat's score one step ahead, averaged over determinized states."""

    name = "greedy"

    def __init__(self, seed: int | None = None, samples: int = 4, slips: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.slips = slips

    def act(self, decision: Decision[Any, Any]) -> Any:
        """The legal action with the best mean score after one step (near ties at random),
        mixed at a simultaneous secret choice."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.slips and self.rng.random() < self.slips:
            return self.rng.choice(legal)
        game, seat = decision.game, decision.seat
        means = [0.0] * len(legal)
        simultaneous = False
        for _ in range(self.samples):
            state = decision.determinize(self.rng)
            opened = game.secret_round(state, seat)
            simultaneous = simultaneous or opened is not None
            for index, action in enumerate(legal):
                means[index] += self._value_after(game, opened or state, seat, action) / self.samples
        best, worst = max(means), min(means)
        if simultaneous and best - worst > 1e-9:
            temperature = MIX_TEMPERATURE * (best - worst)
            return self.rng.choices(legal, weights=[math.exp((mean - best) / temperature) for mean in means])[0]
        near = NEAR_TIE * abs(best) + 1e-9
        return self.rng.choice([action for action, mean in zip(legal, means, strict=True) if mean >= best - near])

    def _value_after(self, game: Game[Any, Any], state: Any, seat: Seat, action: Any) -> float:
        before = game.score(state, seat)
        state = game.apply(state, seat, action)
        others_acted = False
        for _ in range(MAX_SETTLE_STEPS):
            seats = game.to_act(state)
            if not seats or game.score(state, seat) != before or (others_acted and seat in seats):
                break
            if seats == (CHANCE,):
                actor, move = CHANCE, sample_chance(game, state, self.rng)
            else:
                actor = seat if seat in seats else self.rng.choice(seats)
                move = self.rng.choice(game.legal_actions(state, actor))
            state = game.apply(state, actor, move)
            others_acted = others_acted or actor != seat
        return _value(game, state, seat)


def _value(game: Game[Any, Any], state: Any, seat: Seat) -> float:
    outcome = game.outcome(state)
    result = 0.0 if outcome is None else (outcome.values[seat] - 1.0 / game.players) * RESULT_WEIGHT
    return game.score(state, seat) + result
