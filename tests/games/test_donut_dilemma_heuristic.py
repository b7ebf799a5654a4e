"""Donut Dilemma's leaf judgement: the round resolved with the unfinished submissions finished
the safe way, then the lead."""

from __future__ import annotations

import random

import pytest

from holesome.games.donut_dilemma import Action, Bakery, DilemmaState, DonutDilemma, Move, Plain, Special, Submission
from holesome.games.donut_dilemma.actions import DONE, SKIP
from holesome.games.donut_dilemma.components import Donut
from holesome.games.donut_dilemma.heuristic import finished, round_scores, values

GLAZED, STRAWBERRY = Special(Donut.GLAZED), Special(Donut.STRAWBERRY)


def _game() -> DonutDilemma:
    """Three seats: seats 1 and 2 start in bakery A, seat 3 in B."""
    return DonutDilemma(3, start=["A", "A", "B"])


def _submit(game: DonutDilemma, state: DilemmaState, seat: int, *actions: Action) -> DilemmaState:
    for action in actions:
        state = game.apply(state, seat, action)
    return state


def test_an_unfinished_submission_is_finished_the_safe_way() -> None:
    assert finished(Submission(), Bakery.A, 2) == Submission(Bakery.A, 11, (GLAZED, GLAZED), done=True)
    begun = Submission(Bakery.B, 5, (STRAWBERRY,))
    assert finished(begun, Bakery.A, 2) == Submission(Bakery.B, 5, (STRAWBERRY, GLAZED), done=True)
    skipped = Submission(Bakery.A, 0, done=True)
    assert finished(skipped, Bakery.A, 2) is skipped


def test_the_round_under_way_is_scored_by_the_rules() -> None:
    """Seat 1 bakes 11 Plain and a Strawberry in A, where seat 2 bakes 1 Plain: A holds exactly 13,
    so seat 1 scores 11 + 8 x 2; with a Glazed instead it scores 11 + 1. Seat 3 has not
    submitted: it is counted as staying in B with 11 Plain and a Glazed (12)."""
    game = _game()
    start = _submit(game, game.start(0), 1, Move(Bakery.A), Plain(1), DONE)
    strawberry = _submit(game, start, 0, Move(Bakery.A), Plain(11), STRAWBERRY)
    glazed = _submit(game, start, 0, Move(Bakery.A), Plain(11), GLAZED)
    assert round_scores(strawberry) == (27, 1, 12)
    assert round_scores(glazed) == (12, 1, 12)
    assert values(strawberry, game.rounds)[0] > values(glazed, game.rounds)[0]


def test_a_lead_in_points_is_valued_above_its_mirror_and_less_surely_with_rounds_to_play() -> None:
    """After round 1 seat 1 leads seat 2 by 12 (seat 2 skipped); swapping what they did swaps the values."""
    game = _game()
    state = game.start(0)
    safe = (Move(Bakery.A), Plain(11), GLAZED)
    ahead = _submit(game, _submit(game, _submit(game, state, 0, *safe), 1, SKIP), 2, Move(Bakery.B), Plain(11), GLAZED)
    behind = _submit(game, _submit(game, _submit(game, state, 0, SKIP), 1, *safe), 2, Move(Bakery.B), Plain(11), GLAZED)
    assert ahead.round == behind.round == 2
    lead, trail = values(ahead, game.rounds), values(behind, game.rounds)
    assert lead[0] > lead[1] and lead[0] == pytest.approx(lead[2])
    assert trail[1] == pytest.approx(lead[0]) and trail[0] == pytest.approx(lead[1])
    assert sum(lead) == pytest.approx(1.0)
    assert values(ahead, rounds=2)[1] < lead[1]  # one round left, not three: the lead is surer


def _mean(game: DonutDilemma, state: DilemmaState, samples: int = 200) -> list[float]:
    rng = random.Random(1)
    totals = [0.0] * game.players
    for _ in range(samples):
        found = game.evaluate(state, rng)
        assert sum(found) == pytest.approx(1.0)
        totals = [total + value for total, value in zip(totals, found, strict=True)]
    return [total / samples for total in totals]


def test_the_evaluation_plays_the_round_out_at_random_and_favours_the_safe_baker() -> None:
    """Seat 1 has submitted 11 Plain and a Glazed (12 points whatever happens), seat 2 skipped;
    seat 3 has yet to submit, and is played out at random: seat 1 leads on average, seat 2 trails."""
    game = _game()
    state = _submit(game, _submit(game, game.start(0), 0, Move(Bakery.A), Plain(11), GLAZED), 1, SKIP)
    mean = _mean(game, state)
    assert mean[0] > 0.5 > mean[1]
    assert mean[0] > mean[2] > mean[1]


def test_a_finished_game_is_valued_by_its_outcome() -> None:
    game = DonutDilemma(3, start=["A", "A", "B"], rounds=1)
    state = _submit(game, game.start(0), 0, Move(Bakery.A), Plain(11), GLAZED)
    state = _submit(game, _submit(game, state, 1, SKIP), 2, SKIP)
    assert game.outcome(state) is not None
    assert game.evaluate(state, random.Random(0)) == (1.0, 0.0, 0.0)
