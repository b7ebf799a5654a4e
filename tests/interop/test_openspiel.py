"""OpenSpiel: registration, its random-simulation checks, MCTS and ISMCTS on our games."""

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import holesome
from holesome.core.errors import IllegalAction, InvalidOption
from holesome.interop import openspiel as hos
from holesome.interop.encoders import encoder_for
from tests.interop.conftest import player_counts_for
from tests.interop.secret_bids import Act, SecretBids

hos.register(SecretBids)
REGISTERED = hos.register_all()
HIDDEN = [name for name, game in holesome.GAMES.items() if not game.perfect_information]
"""Registered games with hidden information: ISMCTS runs on each (Secret Bids always)."""


def _cases() -> list[tuple[Any, int]]:
    cases: list[tuple[Any, int]] = [(name, n) for name, game in holesome.GAMES.items() for n in player_counts_for(game)]
    return cases + [(SecretBids, n) for n in SecretBids.player_counts]


@pytest.mark.parametrize(("game", "players"), _cases())
def test_random_simulation_checks(game: Any, players: int) -> None:
    pyspiel.random_sim_test(hos.load(game, players=players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("players", SecretBids.player_counts)
def test_random_simulation_checks_with_a_chance_deal(players: int) -> None:
    game = hos.load(SecretBids, players=players, deals=4)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_every_game_is_registered_by_its_short_name() -> None:
    assert [hos.short_name(name) for name in holesome.GAMES] == REGISTERED
    assert hos.short_name("honey-donut") == "holesome_honey_donut"
    loaded = pyspiel.load_game("holesome_honey_donut(repetition=simple,max_plies=12)")
    assert loaded.holesome_game.options == {"repetition": "simple", "max_plies": 12}
    assert loaded.max_game_length() == 12


def test_honey_donut_type_and_info() -> None:
    game = hos.load("honey-donut")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (game.num_players(), game.num_distinct_actions()) == (2, holesome.load("honey-donut").num_actions)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.observation_tensor_shape() == [encoder_for(holesome.load("honey-donut")).size]


def test_hidden_information_game_type() -> None:
    game = hos.load(SecretBids, players=3)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 3


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(InvalidOption, match="deals must be at least 1"):
        hos.load(SecretBids, deals=0)
    with pytest.raises(InvalidOption, match="not 5"):
        hos.load("honey-donut", players=5)


def test_states_follow_the_holesome_game() -> None:
    game = hos.load("honey-donut")
    engine = game.holesome_game
    state = game.new_initial_state()
    truth = engine.start(0)
    assert state.current_player() == 0
    assert state.legal_actions() == sorted(engine.encode(a) for a in engine.legal_actions(truth, 0))
    move = engine.legal_actions(truth, 0)[0]
    state.apply_action(engine.encode(move))
    assert state.holesome_state == engine.apply(truth, 0, move)
    assert state.current_player() == 1
    assert state.action_to_string(0, engine.encode(move)) == engine.action_to_text(move)


def test_illegal_action_raises_and_changes_nothing() -> None:
    game = hos.load("honey-donut")
    state = game.new_initial_state()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = state.holesome_state
    with pytest.raises(IllegalAction, match="honey-donut"):
        state.apply_action(illegal)
    assert state.holesome_state == before
    assert state.history() == []


def _after_bids(bids: tuple[int, ...]) -> Any:
    game = hos.load(SecretBids, players=2)
    state = game.new_initial_state()
    for bid in bids:
        state.apply_action(game.holesome_game.encode(Act("bid", bid)))
    return state


def test_strings_and_tensors_come_from_views() -> None:
    state = _after_bids((0,))
    engine = state.get_game().holesome_game
    assert state.current_player() == 1
    view = state.observation_string(1)
    assert '"my_bid":null' in view and '"has_bid":[true,false]' in view
    expected = np.asarray(encoder_for(engine).encode(engine.view(state.holesome_state, 1)), np.float32)
    np.testing.assert_array_equal(np.asarray(state.observation_tensor(1), np.float32), expected)
    assert state.information_state_string(1).startswith(view + "\nhistory ")
    public = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    observer = state.get_game().make_py_observer(public)
    assert '"card":null' in observer.string_from(state, 0)


def test_information_state_hides_pending_choices() -> None:
    low, high = _after_bids((0,)), _after_bids((1,))
    assert low.information_state_string(1) == high.information_state_string(1)
    assert low.information_state_string(0) != high.information_state_string(0)


def test_information_state_has_perfect_recall() -> None:
    game = hos.load(SecretBids, players=2)
    engine = game.holesome_game
    states = []
    for bonus in (2, 3):  # the leader leaves a different bonus; the next round looks the same
        state = game.new_initial_state()
        for action in (Act("bid", 1), Act("bid", 0), Act("draw", bonus), Act("leave"), Act("confirm")):
            state.apply_action(engine.encode(action))
        states.append(state)
    first, second = states
    assert first.observation_string(1) == second.observation_string(1)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_resample_keeps_the_information_state_and_resamples_secrets() -> None:
    state = _after_bids((1,))
    key = state.information_state_string(1)
    cards = set()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(40):
        sample = state.resample_from_infostate(1, sampler)
        assert sample.information_state_string(1) == key
        assert sample.holesome_state.cards[1] == state.holesome_state.cards[1]
        cards.add(sample.holesome_state.cards[0])
        assert sample.holesome_state.pending[0] in (0, 1)
    assert len(cards) > 1
    assert state.information_state_string(1) == key  # the original is untouched


def test_clone_is_independent() -> None:
    game = hos.load("honey-donut")
    state = game.new_initial_state()
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == [] and len(copy.history()) == 1
    assert state.holesome_state == game.holesome_game.start(0)


def test_mcts_plays_honey_donut_to_the_end() -> None:
    game = hos.load("honey-donut", repetition="simple", max_plies=60)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 1.4, 40, evaluator, random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == 1.0
    assert state.get_game().holesome_game.outcome(state.holesome_state) is not None


def test_mcts_takes_a_winning_push() -> None:
    game = hos.load("honey-donut")
    engine = game.holesome_game
    state = game.new_initial_state()
    rng = random.Random(3)
    while True:  # random play until Red has a move that pushes the blue King out
        truth = state.holesome_state
        moves = engine.legal_actions(truth, truth.mover)
        wins = [move for move in moves if engine.apply(truth, truth.mover, move).winner is not None]
        if wins and truth.mover == 0:
            break
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 1.4, 200, evaluator, random_state=np.random.RandomState(0), solve=True)
    assert engine.decode(bot.step(state)) in wins


SEARCHED_DECISIONS = 40
"""ISMCTS decides seat 0's first decisions, then random play goes on, so that long games (Double
Dash runs past a thousand steps) stay quick to test. A Go Nuts game gives seat 0 about 20-26
decisions, so ISMCTS plays all of them."""
ROLLOUT_STEPS = 10
"""Rollouts stop after this many steps; an unfinished rollout is worth 0 to everyone."""


@pytest.mark.parametrize("game", [SecretBids, *HIDDEN])
def test_ismcts_plays_a_hidden_information_game_to_the_end(game: Any) -> None:
    loaded = hos.load(game)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=ROLLOUT_STEPS)
    searcher = ismcts.ISMCTSBot(loaded, evaluator, 1.4, 8, random_state=rng)
    state = loaded.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=chances)))
        elif state.current_player() == 0 and searched < SEARCHED_DECISIONS:
            action = int(searcher.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 0
    assert sum(state.returns()) == pytest.approx(1.0)
