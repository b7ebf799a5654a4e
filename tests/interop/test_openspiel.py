"""OpenSpiel on every game and player count: registration, its random-simulation checks,
pickling and serialization, game strings, length bounds, tabular CFR on the small
configurations, MCTS and ISMCTS, and the warnings about unsafe algorithms."""

import copy
import pickle
import random
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability, ismcts, mcts

import holesome
from holesome.core.errors import IllegalAction, InvalidOption
from holesome.core.game import CHANCE
from holesome.interop import openspiel as hos
from holesome.interop.encoders import encoder_for, profile_for
from tests.interop.conftest import player_counts_for
from tests.interop.secret_bids import Act, SecretBids

hos.register(SecretBids)
REGISTERED = hos.register_all()
CFR_ITERATIONS = 4
"""Enough for CFR's average policy to halve the uniform policy's exploitability on each small configuration."""
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


@pytest.mark.parametrize("name", sorted(holesome.GAMES))
def test_every_point_of_whole_games_agrees_with_the_engine(name: str) -> None:
    """What each history point works out once (the player, the legal ids, the chance pairs, the
    action an id stands for) equals the engine's answer asked afresh, over a whole random game."""
    loaded = hos.load(name)
    engine = loaded.holesome_game
    is_repeat = profile_for(engine).is_repeat
    state, truth, rng = loaded.new_initial_state(), engine.start(0), random.Random(11)
    while seats := engine.to_act(truth):
        assert not state.is_terminal()
        if seats[0] == CHANCE:
            assert state.is_chance_node()
            possible = [
                (engine.encode(outcome), chance)
                for outcome, chance in engine.chance_outcomes(truth)
                if chance > 0 and (is_repeat is None or not is_repeat(engine, outcome))
            ]
            total = sum(chance for _, chance in possible)
            pairs = state.chance_outcomes()
            assert [outcome for outcome, _ in pairs] == sorted(outcome for outcome, _ in possible)
            assert dict(pairs) == pytest.approx({outcome: chance / total for outcome, chance in possible})
            action = rng.choices([outcome for outcome, _ in pairs], [chance for _, chance in pairs])[0]
        else:
            assert state.current_player() == seats[0]
            legal = state.legal_actions()
            assert legal == sorted(engine.encode(move) for move in engine.legal_actions(truth, seats[0]))
            action = rng.choice(legal)
        state.apply_action(action)
        truth = engine.apply(truth, seats[0], engine.decode(action))
        assert state.holesome_state == truth
    assert state.is_terminal()
    assert state.returns() == list(engine.outcome(truth).values)


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


def _random_history(game: Any, seed: int, steps: int) -> Any:
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game", "players"), _cases())
def test_games_and_states_pickle_deep_copy_and_serialize(game: Any, players: int) -> None:
    loaded = hos.load(game, players=players)
    state = _random_history(loaded, seed=players, steps=30)
    assert str(pickle.loads(pickle.dumps(loaded))) == str(loaded)
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
        assert copied.history() == state.history()
        assert copied.holesome_state == state.holesome_state
    again, restored = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(loaded, state))
    assert str(again) == str(loaded)
    assert restored.holesome_state == state.holesome_state


def test_a_pickled_game_loads_in_a_fresh_process(tmp_path: Path) -> None:
    state = _random_history(hos.load("double-dash", board=["1.1", ".#.", "2.2"]), seed=1, steps=12)
    path = tmp_path / "state.pickle"
    path.write_bytes(pickle.dumps(state))
    code = f"import pickle; s = pickle.loads(open({str(path)!r}, 'rb').read()); print(len(s.history()))"
    printed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert int(printed) == len(state.history())


OPTION_CASES = [
    ("honey-donut", {"repetition": "simple", "max_plies": 40}),
    ("go-nuts", {"players": 5}),
    ("doughnut-dash", {"players": 3, "layout": "2x8"}),
    ("double-dash", {"board": ["1111", "#..#", "....", "2222"], "no_capture_limit": 7}),
    ("donut-dilemma", {"players": 3, "start": ["A", "C", "E"], "garnets": [0, 2, 1], "rounds": 2}),
    ("donut-dilemma", {"players": 4, "max_steps": 9, "deals": 3, "seed": 4, "allow": ["a", "b", "0", "done"]}),
]


@pytest.mark.parametrize(("game", "params"), OPTION_CASES)
def test_load_game_of_the_games_string_round_trips_every_option(game: str, params: dict[str, Any]) -> None:
    loaded = hos.load(game, **{key: hos.parameter(value) for key, value in params.items()})
    again = pyspiel.load_game(str(loaded))
    assert str(again) == str(loaded)
    assert again.holesome_game.options == loaded.holesome_game.options
    for key, value in params.items():
        if key in loaded.holesome_game.options:
            assert loaded.holesome_game.options[key] == value
    assert again.get_parameters() == loaded.get_parameters()


def test_list_parameters_refuse_items_that_would_break_the_string() -> None:
    with pytest.raises(InvalidOption, match="holds one of"):
        hos.parameter(["a,b"])


def test_lengths_stay_within_the_proven_bounds() -> None:
    bounds = {name: hos.load(name).max_game_length() for name in holesome.GAMES}
    assert bounds["double-dash"] == 1 + 3 * 2 + 6 * (19 * 100 - 2)
    assert bounds["go-nuts"] == 1881 and bounds["donut-dilemma"] == 180
    assert bounds["doughnut-dash"] == hos.DEFAULT_MAX_STEPS
    for name in holesome.GAMES:
        loaded = hos.load(name, **({"max_plies": 80, "repetition": "simple"} if name == "honey-donut" else {}))
        for seed in range(2):
            state = _random_history(loaded, seed, steps=loaded.max_game_length() + 1)
            assert state.is_terminal()
            assert len(state.history()) <= loaded.max_game_length()


def test_double_dash_folds_tied_start_rolls_away() -> None:
    state = hos.load("double-dash").new_initial_state()
    outcomes = state.chance_outcomes()
    engine = state.get_game().holesome_game
    assert len(outcomes) == 30
    assert all(engine.decode(outcome).dice[0] != engine.decode(outcome).dice[1] for outcome, _ in outcomes)
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)


def test_a_game_without_a_bound_is_cut_off_and_valued_by_its_scores() -> None:
    loaded = hos.load("doughnut-dash", players=2, max_steps=6)
    assert loaded.max_game_length() == 6
    state = _random_history(loaded, seed=0, steps=50)
    assert state.is_terminal() and len(state.history()) == 6
    engine = loaded.holesome_game
    assert engine.outcome(state.holesome_state) is None
    assert state.returns() == pytest.approx(list(engine.cutoff_values(state.holesome_state)))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_allow_cuts_menus_to_the_listed_actions() -> None:
    loaded = pyspiel.load_game(hos.SMALL_CONFIGURATIONS["donut-dilemma"])
    engine = loaded.holesome_game
    state = loaded.new_initial_state()
    texts = []
    while state.current_player() == 0:
        texts.append([engine.action_to_text(engine.decode(action)) for action in state.legal_actions()])
        state.apply_action(state.legal_actions()[-1])
    assert texts[1] == ["0", "6", "11"] and texts[2] == ["done"]
    assert all(set(menu) <= {"a", "b", "c", "d", "e"} for menu in texts[:1])
    with pytest.raises(InvalidOption, match="allow names no action"):
        hos.load("donut-dilemma", players=3, allow="[zz]")


@pytest.mark.parametrize("name", sorted(hos.SMALL_CONFIGURATIONS))
def test_tabular_cfr_lowers_exploitability_on_the_small_configurations(name: str) -> None:
    loaded = pyspiel.load_game(hos.SMALL_CONFIGURATIONS[name])
    gap = exploitability.exploitability if loaded.num_players() == 2 else exploitability.nash_conv
    uniform = gap(loaded, policy.UniformRandomPolicy(loaded))
    solver = cfr.CFRSolver(loaded)
    for _ in range(CFR_ITERATIONS):
        solver.evaluate_and_update_policy()
    assert gap(loaded, solver.average_policy()) < uniform / 2


def test_cpp_searches_warn_on_holesome_games() -> None:
    loaded = hos.load("go-nuts", players=2)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    with pytest.warns(hos.AlgorithmWarning, match="cannot run on Python games"):
        pyspiel.MCTSBot(loaded, evaluator, 2.0, 10, 1000, False, 0, False)
    assert getattr(pyspiel.ISMCTSBot, "_holesome_guarded", False)  # it warns at step(state), then crashes


def test_python_mcts_warns_when_it_searches_hidden_information() -> None:
    loaded = hos.load("go-nuts", players=2)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(loaded, 1.4, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = loaded.new_initial_state()
    with pytest.warns(hos.AlgorithmWarning, match="searches the true state"):
        bot.step(state)
    with warnings.catch_warnings():
        warnings.simplefilter("error", hos.AlgorithmWarning)
        perfect = hos.load("honey-donut", repetition="simple", max_plies=20)
        mcts.MCTSBot(perfect, 1.4, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng).step(
            perfect.new_initial_state()
        )
