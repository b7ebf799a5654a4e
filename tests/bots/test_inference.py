"""The inference sampler: determinizations weighted by the opponents' play, and still honest."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

import holesome
from holesome.bots import ISMCTSBot
from holesome.bots.inference import InferenceSampler
from holesome.bots.search import Budget
from holesome.core.decision import Decision
from holesome.core.game import CHANCE
from holesome.core.match import Match
from holesome.games.go_nuts import flow
from holesome.games.go_nuts.table import Table

DONUT_HOLES = 1


def _go_nuts_after_seat_1s_pick(slot: int) -> tuple[holesome.Game[Any, Any], Any]:
    """Two players; seat 1 holds four Donut Holes, the row is Donut Holes, Eclair, Glazed
    (a fifth hole is worth 5 points to it, the Glazed 2, the Eclair nothing); seat 1 has
    secretly picked `slot` and seat 0 is to pick."""
    game = holesome.load("go-nuts", players=2)
    hand = [0] * 23
    hand[DONUT_HOLES] = 4
    start = game.start(3)
    state = flow.settle(Table(replace(start, hands=(start.hands[0], tuple(hand)))))
    assert [state.row[index] for index in range(3)] == [1, 2, 4]
    return game, game.apply(state, 1, game.legal_actions(state, 1)[slot - 1])


def test_go_nuts_weights_favour_the_pick_the_opponents_hand_wants() -> None:
    game, state = _go_nuts_after_seat_1s_pick(1)
    decision = Decision(game, 0, state)
    rng = random.Random(1)
    samples = [decision.determinize(rng) for _ in range(90)]
    weights = InferenceSampler().weights(decision, samples)
    by_slot: dict[int, list[float]] = {}
    for sample, weight in zip(samples, weights, strict=True):
        by_slot.setdefault(sample.picks[1], []).append(weight)
    mean = {slot: sum(found) / len(found) for slot, found in by_slot.items()}
    assert mean[1] > mean[3] > mean[2]
    drawn = Counter(InferenceSampler()(decision, rng).picks[1] for _ in range(300))
    plain = Counter(decision.determinize(rng).picks[1] for _ in range(300))
    assert drawn[1] > 1.5 * plain[1]


def test_the_sampler_never_reads_what_its_seat_cannot_see() -> None:
    """Seat 1 picked the holes or the Eclair: seat 0 cannot tell, so it samples and plays the same."""
    game, holes = _go_nuts_after_seat_1s_pick(1)
    _, eclair = _go_nuts_after_seat_1s_pick(2)
    assert game.view(holes, 0) == game.view(eclair, 0)
    sampler = InferenceSampler()
    assert sampler(Decision(game, 0, holes), random.Random(4)) == sampler(Decision(game, 0, eclair), random.Random(4))
    choices = [
        ISMCTSBot(7, Budget(iterations=60), sampler=InferenceSampler()).act(Decision(game, 0, state))
        for state in (holes, eclair)
    ]
    assert choices[0] == choices[1]


def _midgame(game: holesome.Game[Any, Any], seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    match: Match[Any, Any] = Match(game, seed)
    match.roll_chance()
    for _ in range(steps):
        seat = rng.choice(match.to_act)
        match.act(seat, rng.choice(game.legal_actions(match.state, seat)))
        match.roll_chance()
    return match.state


def test_donut_dilemma_weights_favour_pasts_where_the_others_scored() -> None:
    game = holesome.load("donut-dilemma", players=5)
    state = _midgame(game, 2, 40)
    assert state.history, "a round has been played"
    decision = Decision(game, 0, state)
    rng = random.Random(3)
    samples = [decision.determinize(rng) for _ in range(30)]
    weights = InferenceSampler().weights(decision, samples)
    others = [sum(sample.history[-1].scores[1:]) for sample in samples]
    assert len(set(others)) > 1, "the pasts differ in what the others scored"
    ranked = sorted(zip(others, weights, strict=True))
    assert all(low[1] <= high[1] + 1e-12 for low, high in pairwise(ranked))
    assert sum(weights) == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["go-nuts", "donut-dilemma"])
def test_ismcts_with_inference_stays_honest(name: str) -> None:
    game = holesome.load(name)
    rng = random.Random(5)
    for steps in (3, 17, 31):
        state = _midgame(game, steps, steps)
        for seat in game.to_act(state):
            if seat == CHANCE:
                continue
            twin = game.determinize(state, seat, rng)
            choices = [
                ISMCTSBot(11, Budget(iterations=20), sampler=InferenceSampler()).act(Decision(game, seat, position))
                for position in (state, twin)
            ]
            assert choices[0] == choices[1]
