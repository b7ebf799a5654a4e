"""The shared policy of `Game` and the conformance checks, on a toy game with every feature."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from holesome.core.conformance import check_game
from holesome.core.errors import IllegalAction, InvalidAction, InvalidOption
from holesome.core.game import CHANCE, Outcome, sample_chance
from holesome.core.match import Match
from holesome.core.perft import divide, perft
from tests.core.toy import Call, OddsAndEvens, Roll, ToyState


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toy_game_passes_conformance(players: int) -> None:
    check_game(OddsAndEvens(players), games=3)


def test_conformance_catches_a_view_that_leaks_a_pending_choice() -> None:
    leaky = OddsAndEvens(3)
    leaky.leak = True
    with pytest.raises(AssertionError, match="determinize changed what seat"):
        check_game(leaky, games=1)


class PeekingOddsAndEvens(OddsAndEvens):
    """Resamples hidden calls by flipping the true ones at random: uniform, yet tied to the secret."""

    def determinize(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        calls = tuple(
            call if index == seat or call is None else call ^ rng.randrange(2) for index, call in enumerate(state.calls)
        )
        return replace(state, calls=calls)


def test_conformance_catches_a_determinize_that_keeps_the_true_secrets() -> None:
    with pytest.raises(AssertionError, match="depends on what the seat cannot see"):
        check_game(PeekingOddsAndEvens(3), games=2)


def test_simultaneous_choices_are_commitments_resolved_by_the_last() -> None:
    game = OddsAndEvens(3)
    state = game.start(0)
    assert game.to_act(state) == (0, 1, 2)
    state = game.apply(state, 1, Call(1))
    assert game.to_act(state) == (0, 2), "a seat that chose waits for the rest"
    assert game.view(state, 0)["calls"] == [None, "hidden", None], "the choice is hidden from others"
    assert game.view(state, 1)["calls"][1] == 1, "but known to its seat"
    state = game.apply(game.apply(state, 0, Call(0)), 2, Call(0))
    assert game.to_act(state) == (CHANCE,)
    assert sum(chance for _, chance in game.chance_outcomes(state)) == pytest.approx(1)


def test_apply_refuses_wrong_seats_and_actions_and_says_why() -> None:
    game = OddsAndEvens(2)
    state = game.start(0)
    with pytest.raises(IllegalAction, match=r"odds-and-evens: seat 6 may not play odd: it is not this seat's turn"):
        game.apply(state, 5, Call(1))
    with pytest.raises(IllegalAction, match=r"prompt: call odd \(1\) or even \(0\)"):
        game.apply(state, 0, Roll(3))
    with pytest.raises(IllegalAction, match="chance may not play"):
        game.apply(state, CHANCE, Roll(3))
    state = game.apply(game.apply(state, 0, Call(1)), 1, Call(1))
    with pytest.raises(IllegalAction, match="not a possible chance outcome"):
        game.apply(state, CHANCE, Roll(7))


def test_finished_games_refuse_moves() -> None:
    game = OddsAndEvens(2, rounds=1)
    match = Match(game, seed=3)
    match.play({0: lambda d: d.legal_actions[0], 1: lambda d: d.legal_actions[1]})
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(match.state, 0, Call(0))


def test_encode_decode_and_json_of_a_union_of_actions() -> None:
    game = OddsAndEvens(2)
    assert game.num_actions == 8
    assert [game.decode(game.encode(action)) for action in game.action_space] == list(game.action_space)
    assert game.action_to_json(Roll(4)) == {"type": "roll", "pips": 4}
    assert game.action_from_json({"type": "call", "parity": 1}) == Call(1)
    for bad in ({"type": "roll", "pips": 9}, {"type": "jump"}, {"parity": "1"}, "odd", None):
        with pytest.raises(InvalidAction):
            game.action_from_json(bad)
    with pytest.raises(InvalidAction, match=r"action id 8 is not in 0\.\.7"):
        game.decode(8)


def test_options_are_parsed_checked_and_defaulted() -> None:
    assert OddsAndEvens(2).options == {"rounds": 3}
    assert OddsAndEvens(2, rounds="5").options == {"rounds": 5}
    with pytest.raises(InvalidOption, match="at least 1"):
        OddsAndEvens(2, rounds=0)
    with pytest.raises(InvalidOption, match="whole number"):
        OddsAndEvens(2, rounds="many")
    with pytest.raises(InvalidOption, match="is for 2, 3, 4 players, not 5"):
        OddsAndEvens(5)


def test_sample_chance_follows_the_probabilities() -> None:
    game = OddsAndEvens(2)
    state = game.apply(game.apply(game.start(0), 0, Call(0)), 1, Call(1))
    rng = random.Random(1)
    draws = [sample_chance(game, state, rng) for _ in range(600)]
    assert {draw.pips for draw in draws if isinstance(draw, Roll)} == set(range(1, 7))
    with pytest.raises(IllegalAction, match="not a chance step"):
        sample_chance(game, game.start(0), rng)


def test_perft_branches_on_every_seat_and_every_chance_outcome() -> None:
    game = OddsAndEvens(2, rounds=1)
    start = game.start(0)
    # step 1: either seat calls (2 seats x 2 calls); step 2: the other calls (2); step 3: a die (6);
    # then the one-round game is over, so no sequence reaches length 4
    assert [perft(game, start, depth) for depth in (1, 2, 3, 4)] == [4, 8, 48, 0]
    assert dict(divide(game, start, 2)) == {"seat 0: even": 2, "seat 0: odd": 2, "seat 1: even": 2, "seat 1: odd": 2}


def test_outcome_values_split_shared_wins() -> None:
    outcome = Outcome((3.0, 5.0, 5.0), (1, 2))
    assert outcome.values == (0.0, 0.5, 0.5)
    assert outcome.to_json()["values"] == [0.0, 0.5, 0.5]
