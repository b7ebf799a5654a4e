"""The Donut Dilemma encoder's layout, checked by hand on a three-player, two-round game."""

import random
from typing import Any

import pytest

import holesome
from holesome.core.game import Game
from holesome.games.donut_dilemma import Bakery, Donut, Move, Plain, Special
from holesome.games.donut_dilemma.actions import DONE
from holesome.interop.encoders import DonutDilemmaEncoder, encoder_for, profile_for
from tests.interop.encoding import sampled_views

B = 5
SUBMISSION = 2 * B + 5 + 5
ANNOUNCEMENT = 1 + 3 * B
LARGEST = (38, 41)
"""The largest round totals with 3 players, 2 garnets in play and allowances 1 then 2."""
ROUND_ONE = (
    (0, [Move(Bakery.B), Plain(5), Special(Donut.GLAZED)]),
    (1, [Move(Bakery.A), Plain(13), Special(Donut.COFFEE, at=Bakery.C)]),  # two garnets spent
    (2, [Move(Bakery.C), Plain(0), Special(Donut.JELLY)]),
)
"""Bakery totals A 13, B 5 + 1 = 6, C 1 + 1 = 2 (seat 1's Coffee counts where it was baked)."""


def _setup() -> tuple[Game[Any, Any], DonutDilemmaEncoder]:
    game = holesome.load("donut-dilemma", 3, start=["A", "A", "C"], rounds=2, garnets=[0, 2, 0])
    encoder = encoder_for(game)
    assert isinstance(encoder, DonutDilemmaEncoder)
    return game, encoder


def _part(encoder: DonutDilemmaEncoder, vector: list[float], name: str, offset: int, width: int) -> list[float]:
    start = encoder.layout.start(name) + offset
    return vector[start : start + width]


def _after_round_one(game: Game[Any, Any]) -> Any:
    state = game.start(0)
    for seat, actions in ROUND_ONE:
        for action in actions:
            state = game.apply(state, seat, action)
    return state


def test_size_follows_players_and_rounds() -> None:
    _, encoder = _setup()
    per_round = 1 + ANNOUNCEMENT + SUBMISSION + 3
    assert encoder.size == 2 * per_round + 1 + 2 * 3 + 2 * B + 4 + SUBMISSION + 3 * (1 + B)
    assert encoder_for(holesome.load("donut-dilemma")).size == 4 * per_round + 1 + 20 + 2 * B + 4 + SUBMISSION + 60


def test_a_submission_under_way_shows_only_to_its_maker() -> None:
    game, encoder = _setup()
    state = game.apply(game.apply(game.start(0), 1, Move(Bakery.B)), 1, Plain(12))
    maker, other = encoder.encode(game.view(state, 1)), encoder.encode(game.view(state, 0))
    move_b = [0.0, 1.0, 0.0, 0.0, 0.0]
    assert _part(encoder, maker, "submission", 0, B + 3) == [*move_b, 1, 1, 12 / 13]
    assert sum(_part(encoder, other, "submission", 0, SUBMISSION)) == 0
    assert _part(encoder, maker, "bakery", 0, B) == _part(encoder, maker, "start", 0, B) == [1, 0, 0, 0, 0]
    assert _part(encoder, maker, "garnets", 0, 1) == [1.0]
    assert _part(encoder, maker, "round", 0, 2) == [1, 0]
    assert _part(encoder, other, "acting", 0, 3) == [1, 1, 1]
    state = game.apply(state, 1, Special(Donut.RAINBOW, number=19))
    done = encoder.encode(game.view(state, 1))
    specials = _part(encoder, done, "submission", B + 3, 5 + 1)
    assert specials == [0, 1 / 2, 0, 0, 0, 19 / LARGEST[0]]  # up to 2 specials can be allowed (round 2)
    assert _part(encoder, done, "submission", SUBMISSION - 1, 1) == [1]
    # from seat 2: itself, then seat 0, then seat 1 (who has submitted)
    assert _part(encoder, encoder.encode(game.view(state, 2)), "acting", 0, 3) == [1, 1, 0]


def test_announcements_and_my_past_round() -> None:
    game, encoder = _setup()
    state = _after_round_one(game)
    vector = encoder.encode(game.view(state, 1))
    announced = _part(encoder, vector, "announced", 0, ANNOUNCEMENT)
    assert announced[0] == 21 / LARGEST[0]
    assert announced[1:4] == [13 / LARGEST[0], 1, 1]  # A: exactly 13
    assert announced[4:7] == [6 / LARGEST[0], 1, 0]
    assert announced[7:10] == [2 / LARGEST[0], 1, 0]
    assert sum(_part(encoder, vector, "announced", ANNOUNCEMENT, ANNOUNCEMENT)) == 0  # round 2 not yet played
    past = _part(encoder, vector, "history", 0, SUBMISSION + 3)
    assert past[: B + 3] == [1, 0, 0, 0, 0, 1, 1, 1.0]  # stayed in A, 13 Plain (the most with 2 garnets)
    coffee_at = past[B + 3 + 5 + 1 : B + 3 + 5 + 1 + B]
    assert coffee_at == [0, 0, 1 / 2, 0, 0]
    assert past[SUBMISSION:] == [17 / 100, 17 / 100, 1 / 3]  # 13 Plain + 4 Coffee, heard as one number
    assert _part(encoder, vector, "garnets", 0, 1) == [0]
    assert _part(encoder, vector, "round", 0, 2) == [0, 1]
    # nobody else's round shows: seat 0's past-round block is seat 0's own
    seat_0 = encoder.encode(game.view(state, 0))
    assert _part(encoder, seat_0, "history", 0, B) == [0, 1, 0, 0, 0]
    assert _part(encoder, seat_0, "announced", 0, ANNOUNCEMENT) == announced


def test_the_end_announces_every_score_and_bakery_from_my_side() -> None:
    game, encoder = _setup()
    state = _after_round_one(game)
    for seat in range(3):
        for action in (Move(Bakery.B), Plain(0), DONE):
            state = game.apply(state, seat, action)
    view = game.view(state, 2)
    assert view["final"] is not None
    vector = encoder.encode(view)
    assert _part(encoder, vector, "over", 0, 1) == [1]
    final = _part(encoder, vector, "final", 0, 3 * (1 + B))
    scores = view["final"]["scores"]
    for place, seat in enumerate((2, 0, 1)):
        assert final[place * (1 + B)] == min(1.0, scores[seat] / 100)
        assert final[place * (1 + B) + 1 : (place + 1) * (1 + B)] == [0, 1, 0, 0, 0]
    assert sum(_part(encoder, encoder.encode(game.view(_after_round_one(game), 2)), "final", 0, 18)) == 0


def test_my_starting_partners_from_my_side() -> None:
    game = holesome.load("donut-dilemma", 4, start=["A", "B", "A", "A"])
    encoder = DonutDilemmaEncoder(game)
    from_seat_2 = encoder.encode(game.view(game.start(0), 2))
    assert _part(encoder, from_seat_2, "partners", 0, 4) == [0, 1, 1, 0]  # seat 3 comes next, then seat 0
    assert _part(encoder, encoder.encode(game.view(game.start(0), 1)), "partners", 0, 4) == [0, 0, 0, 0]


def test_the_encoder_refuses_another_game() -> None:
    with pytest.raises(TypeError, match="needs a Donut Dilemma game"):
        DonutDilemmaEncoder(holesome.load("go-nuts"))


def test_more_rounds_and_garnets_stay_in_range_to_the_end() -> None:
    game = holesome.load("donut-dilemma", 4, rounds=6, garnets=[3, 0, 1, 0])
    encoder = encoder_for(game)
    views = list(sampled_views(game, seed=2, max_steps=400))
    assert views[-1]["final"] is not None
    for view in views:
        assert all(encoder.low <= value <= encoder.high for value in encoder.encode(view))


@pytest.mark.parametrize(("players", "rounds"), [(10, 4), (3, 4), (3, 2), (5, 6)])
def test_size_formula_in_the_docs(players: int, rounds: int) -> None:
    encoder = encoder_for(holesome.load("donut-dilemma", players, rounds=rounds))
    assert encoder.size == 40 * rounds + 8 * players + 35


def test_the_length_bound_is_reached_by_an_all_jelly_game_and_never_passed() -> None:
    game = holesome.load("donut-dilemma", 3, rounds=3)
    profile = profile_for(game)
    assert not profile.has_chance
    bound = profile.max_game_length(game)
    assert bound == 3 * ((2 + 1) + (2 + 2) + (2 + 3))  # allowances 1, 2, 3 with Jellies before
    state, steps = game.start(1), 0
    while game.to_act(state):
        seat = game.to_act(state)[0]
        jelly = Special(Donut.JELLY)
        action = jelly if game.is_legal(state, seat, jelly) else game.legal_actions(state, seat)[0]
        state, steps = game.apply(state, seat, action), steps + 1
    assert steps == bound
    rng = random.Random(4)
    for seed in range(3):
        state, steps = game.start(seed), 0
        while game.to_act(state):
            seat = rng.choice(game.to_act(state))
            state, steps = game.apply(state, seat, rng.choice(game.legal_actions(state, seat))), steps + 1
        assert steps <= bound
