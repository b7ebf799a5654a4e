"""Inference at hidden information: determinizations weighted by what the opponents did.

`decision.determinize` draws a state the seat cannot tell from the real one, every such state
as likely as the game's sampler makes it: an opponent's secret pick is any slot, an opponent's
past submissions anything that fits the announcements. But opponents play to win, so worlds in
which they did something sensible are likelier. `InferenceSampler` draws several
determinizations, weights each by how likely a simple opponent model makes the opponents'
actions in it, and returns one drawn in proportion to the weights (sampling importance
resampling). It reads nothing but the samples `determinize` gives, so it is as honest as
`determinize`: two states the seat cannot tell apart give the same samples and the same choice.

The opponent models, one per game (a game without one is sampled plainly):

- **Go Nuts**: an opponent's secret pick, already made, is the slot whose donut adds most to
  its score, on a softmax over the gains (`GO_NUTS_TEMPERATURE` points);
- **Donut Dilemma**: each opponent's submissions in the rounds already played scored points on
  a softmax scale (`DILEMMA_TEMPERATURE` points a round): a history in which the others baked
  for nothing is unlikely.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from holesome.core.decision import Decision
from holesome.core.game import Game, Seat

CANDIDATES = 4
"""Determinizations drawn per sample; one of them is kept."""
GO_NUTS_TEMPERATURE = 3.0
"""Points of gain that make a Go Nuts pick e times likelier."""
DILEMMA_TEMPERATURE = 6.0
"""Points in a round that make a Donut Dilemma submission e times likelier."""

Model = Callable[[Game[Any, Any], Any, Seat], float]
"""The log-likelihood of the opponents' actions in a determinized state, for a seat."""


def go_nuts_picks(game: Game[Any, Any], state: Any, seat: Seat) -> float:
    """Each other seat's hidden pick, as likely as the gain of the slot's donut to its score."""
    from holesome.games.go_nuts import scoring

    if state.is_revealed:
        return 0.0
    total = 0.0
    for other, slot in enumerate(state.picks):
        if other == seat or slot is None:
            continue
        gains = []
        before = scoring.score(state.hands, other)
        for card in state.row:
            if card is None:
                gains.append(0.0)
                continue
            hand = list(state.hands[other])
            hand[card] += 1
            hands = (*state.hands[:other], tuple(hand), *state.hands[other + 1 :])
            gains.append((scoring.score(hands, other) - before) / GO_NUTS_TEMPERATURE)
        total += _log_softmax(gains, slot - 1)
    return total


def dilemma_rounds(game: Game[Any, Any], state: Any, seat: Seat) -> float:
    """Each other seat's points in every round played: a softmax over rounds' points."""
    total = 0.0
    previous = (0,) * game.players
    for result in state.history:
        for other in range(game.players):
            if other != seat:
                total += (result.scores[other] - previous[other]) / DILEMMA_TEMPERATURE
        previous = result.scores
    return total


MODELS: dict[str, Model] = {"go-nuts": go_nuts_picks, "donut-dilemma": dilemma_rounds}


def _log_softmax(logits: list[float], index: int) -> float:
    """log softmax(logits)[index], or 0 when the index is off the list (nothing to judge)."""
    if not 0 <= index < len(logits):
        return 0.0
    top = max(logits)
    return logits[index] - top - math.log(sum(math.exp(logit - top) for logit in logits))


class InferenceSampler:
    """Draws `candidates` determinizations and keeps one in proportion to its likelihood."""

    def __init__(self, candidates: int = CANDIDATES, models: dict[str, Model] | None = None) -> None:
        self.candidates = candidates
        self.models = MODELS if models is None else models

    def __call__(self, decision: Decision[Any, Any], rng: random.Random) -> Any:
        """One determinized state for the decision's seat, drawn as the module says."""
        model = self.models.get(decision.game.name)
        if model is None or self.candidates == 1:
            return decision.determinize(rng)
        samples = [decision.determinize(rng) for _ in range(self.candidates)]
        return rng.choices(samples, weights=self.weights(decision, samples))[0]

    def weights(self, decision: Decision[Any, Any], samples: list[Any]) -> list[float]:
        """The normalised likelihood of each sample under the game's opponent model."""
        model = self.models.get(decision.game.name)
        if model is None:
            return [1.0 / len(samples)] * len(samples)
        logs = [model(decision.game, sample, decision.seat) for sample in samples]
        top = max(logs)
        raw = [math.exp(log - top) for log in logs]
        return [weight / sum(raw) for weight in raw]
