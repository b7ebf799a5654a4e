"""The PettingZoo adapters: PettingZoo's own checks on every game and player count, then the
contract's turn structures, the illegal-action policies and the god's-view state."""

import contextlib
import copy
import io
import pickle
import random
import types
import warnings
from functools import partial
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)
from pettingzoo.utils import aec_to_parallel

import holesome
from holesome.core.errors import IllegalAction, InvalidAction
from holesome.core.game import Game
from holesome.interop import pettingzoo as hz
from holesome.interop.common import NotReset
from holesome.interop.encoders import encoder_for
from tests.interop.secret_bids import Act, SecretBids


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    """PettingZoo warns that dict observations are not arrays, as it does for its own board games."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


CYCLES = 100
"""Cycles of PettingZoo's checks: whole games for most, the opening of a Double Dash game."""


def test_api_test(any_game: Game[Any, Any]) -> None:
    api_test(hz.env(any_game), num_cycles=CYCLES)


def test_parallel_api_test(any_game: Game[Any, Any]) -> None:
    parallel_api_test(hz.parallel_env(any_game), num_cycles=CYCLES)


def test_seed_test(any_game: Game[Any, Any]) -> None:
    seed_test(lambda: hz.env(any_game), num_cycles=CYCLES // 2)


def test_parallel_seed_test(any_game: Game[Any, Any]) -> None:
    """Unmasked random actions for every agent: the "default" policy plays the illegal ones' default."""
    parallel_seed_test(lambda: hz.parallel_env(any_game, illegal="default"), num_cycles=CYCLES // 2)


def test_max_cycles_test(any_game: Game[Any, Any]) -> None:
    module = types.SimpleNamespace(
        env=partial(hz.env, any_game, illegal="default", parallelizable=True),
        parallel_env=partial(hz.parallel_env, any_game, illegal="default"),
    )
    max_cycles_test(module)


def test_aec_to_parallel_passes_the_parallel_api_test(any_game: Game[Any, Any]) -> None:
    converted = aec_to_parallel(hz.env(any_game, parallelizable=True, max_cycles=CYCLES))
    parallel_api_test(converted, num_cycles=CYCLES)


def test_state_test(any_game: Game[Any, Any]) -> None:
    state_test(hz.env(any_game, illegal="default"), hz.parallel_env(any_game), num_cycles=CYCLES // 10)


def test_render_test(any_game: Game[Any, Any]) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        render_test(partial(hz.env, any_game))


def test_aec_by_turns_is_not_declared_parallelizable() -> None:
    env = hz.env("honey-donut")
    assert env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env)


def test_aec_by_cycles_matches_the_parallel_env() -> None:
    """The same actions through `aec_to_parallel` and the Parallel env make the same record."""
    game = holesome.load("go-nuts", players=3)
    converted = aec_to_parallel(hz.env(game, parallelizable=True))
    direct = hz.parallel_env(game)
    for env in (converted, direct):
        observations, _ = env.reset(seed=9)
        while env.agents:
            actions = {agent: _last_legal(obs) for agent, obs in observations.items()}
            observations, *_ = env.step(actions)
    assert converted.unwrapped.record == direct.record
    assert converted.unwrapped.record.outcome is not None


def test_aec_by_cycles_selects_every_agent_and_applies_at_the_cycle_end() -> None:
    game = SecretBids(3)
    env = hz.env(game, parallelizable=True)
    env.reset(seed=4)
    selected = []
    for _ in range(3):
        selected.append(env.agent_selection)
        env.step(game.encode(Act("bid", 0)))
        if len(selected) < 3:
            assert env.record.steps == ()  # nothing applied before the cycle ends
    assert selected == ["player_0", "player_1", "player_2"]
    assert [step.seat for step in env.record.steps][:3] == [0, 1, 2]


def test_illegal_default_plays_the_default_action_and_says_so() -> None:
    game = holesome.load("honey-donut")
    env = hz.env(game, illegal="default")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.observe("player_0")["action_mask"] == 0)[0])
    env.step(illegal)
    first = env.record.steps[0]
    assert (first.seat, first.action) == (0, game.action_to_json(game.default_action(game.start(0), 0)))
    assert env.infos["player_0"]["illegal"] is True
    assert env.infos["player_1"]["illegal"] is False
    env.step(int(np.flatnonzero(env.observe("player_1")["action_mask"])[0]))
    assert env.infos["player_0"]["illegal"] is False
    with pytest.raises(holesome.InvalidOption, match="illegal must be one of"):
        hz.env(game, illegal="ignore")


def test_aec_infos_are_made_when_read_and_hold_the_info_last_handed_out() -> None:
    game = holesome.load("honey-donut")
    env = hz.env(game, illegal="default")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(env.observe("player_0")["action_mask"] == 0)[0])
    env.step(illegal)
    *_, info = env.last()  # player_1's alone; the infos are not made yet
    assert env._infos is None
    assert info["illegal"] is False and info["view"] == game.view(env.holesome_state, 1)
    assert env.infos["player_1"] is info  # the same dict, now inside the infos
    assert env.infos["player_0"]["illegal"] is True  # as of the step, though read after `last()`
    env.step(int(np.flatnonzero(env.observe("player_1")["action_mask"])[0]))
    assert env.last()[4] is env.infos["player_0"]  # made first this time: `last()` reads them


def test_state_is_every_seats_observation_in_seat_order() -> None:
    game = SecretBids(3)
    env = hz.parallel_env(game)
    observations, _ = env.reset(seed=2)
    state = env.state()
    assert env.state_space.contains(state)
    expected = np.concatenate([observations[f"player_{seat}"]["observation"] for seat in range(3)])
    np.testing.assert_array_equal(state, expected)


def test_observations_build_only_the_entries_read(monkeypatch: pytest.MonkeyPatch) -> None:
    game = holesome.load("go-nuts", players=4)
    calls: list[Any] = []
    view = game.view

    def counted(state: Any, seat: Any) -> Any:
        calls.append(seat)
        return view(state, seat)

    monkeypatch.setattr(game, "view", counted)
    env = hz.parallel_env(game)
    observations, _ = env.reset(seed=1)
    masks = [observation["action_mask"] for observation in observations.values()]
    assert calls == [] and all(mask.any() for mask in masks)
    assert observations["player_2"]["observation"].shape == (encoder_for(game).size,)
    assert calls == [2]


def test_parallel_masks_are_the_legal_actions_of_every_seat_idle_ones_included() -> None:
    game = holesome.load("doughnut-dash", players=4)
    env = hz.parallel_env(game)
    observations, _ = env.reset(seed=3)
    rng = random.Random(3)
    idle = 0
    while env.agents:
        state = env.holesome_state
        actions = {}
        for agent, observation in observations.items():
            seat = int(agent.removeprefix("player_"))
            expected = np.zeros(game.num_actions, np.int8)
            expected[[game.encode(action) for action in game.legal_actions(state, seat)]] = 1
            np.testing.assert_array_equal(observation["action_mask"], expected)
            observation["action_mask"][:] = 1  # the caller's own array: later masks do not see it
            legal = np.flatnonzero(expected)
            idle += not legal.size
            actions[agent] = int(rng.choice(legal)) if legal.size else 0
        observations, *_ = env.step(actions)
    assert idle


MAX_CYCLES = 400
"""Episodes in the record tests stop here (most games end long before; Double Dash may not)."""


def _play_random(env: hz.HolesomeAECEnv, seed: int) -> None:
    env.reset(seed=seed)
    for number, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + number)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)


def test_aec_episode_is_a_holesome_record_that_replays(any_game: Game[Any, Any]) -> None:
    env = hz.env(any_game, max_cycles=MAX_CYCLES)
    _play_random(env, seed=5)
    record = env.record
    *_, last = holesome.replay(record, any_game)
    assert last == env.holesome_state
    outcome = any_game.outcome(last)
    assert record.outcome == (None if outcome is None else outcome.to_json())
    assert outcome is not None or all(env.truncations.values())


def test_aec_same_seed_same_chance_and_deal() -> None:
    game = SecretBids(3)
    first, second = hz.env(game), hz.env(game)
    _play_random(first, seed=11)
    _play_random(second, seed=11)
    assert first.record == second.record
    assert any(step.seat == holesome.CHANCE for step in first.record.steps)


def test_aec_rewards_are_outcome_values_at_the_end() -> None:
    env = hz.env(SecretBids(3))
    env.reset(seed=2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0])
        env.step(action)
    assert [totals[f"player_{seat}"] for seat in range(3)] == env.record.outcome["values"]


def test_aec_simultaneous_phase_commits_in_seat_order_and_hides_pending_bids() -> None:
    game = SecretBids(3)
    views = []
    for bid in (0, 1):
        env = hz.env(game)
        env.reset(seed=4)
        assert env.agent_selection == "player_0"
        env.step(game.encode(Act("bid", bid)))
        assert env.agent_selection == "player_1"
        views.append((env.observe("player_1"), env.infos["player_1"]["view"], env.infos["player_0"]["view"]))
    (obs_a, view_a, own_a), (obs_b, view_b, own_b) = views
    np.testing.assert_array_equal(obs_a["observation"], obs_b["observation"])
    assert view_a == view_b
    assert (own_a["my_bid"], own_b["my_bid"]) == (0, 1)


def test_aec_chained_decision_selects_the_same_agent_again() -> None:
    game = SecretBids(2)
    env = hz.env(game)
    env.reset(seed=1)
    env.step(game.encode(Act("bid", 0)))
    env.step(game.encode(Act("bid", 1)))
    assert env.agent_selection == "player_1"
    assert env.infos["player_1"]["view"]["phase"] == "decide"
    env.step(game.encode(Act("take", 0)))
    assert env.agent_selection == "player_1"
    assert env.infos["player_1"]["view"]["phase"] == "confirm"


def test_aec_illegal_action_raises_and_changes_nothing() -> None:
    game = holesome.load("honey-donut")
    env = hz.env(game)
    env.reset(seed=0)
    legal = env.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(legal == 0)[0])
    with pytest.raises(IllegalAction, match="honey-donut"):
        env.step(illegal)
    with pytest.raises(InvalidAction, match="not an action id"):
        env.step("push")
    assert env.agent_selection == "player_0"
    assert env.record.steps == ()
    np.testing.assert_array_equal(env.observe("player_0")["action_mask"], legal)


def test_masks_mark_exactly_the_legal_actions(any_game: Game[Any, Any]) -> None:
    env = hz.env(any_game)
    env.reset(seed=3)
    *_, state = holesome.replay(env.record, any_game)
    for seat in range(any_game.players):
        mask = env.observe(f"player_{seat}")["action_mask"]
        assert set(np.flatnonzero(mask)) == {any_game.encode(action) for action in any_game.legal_actions(state, seat)}


def test_parallel_simultaneous_phase_resolves_in_one_step() -> None:
    game = SecretBids(3)
    env = hz.parallel_env(game)
    env.reset(seed=6)
    bids = {agent: game.encode(Act("bid", 1 if agent == "player_2" else 0)) for agent in env.agents}
    _, _, _, _, infos = env.step(bids)
    view = infos["player_0"]["view"]
    assert view["revealed"] == [0, 0, 1]
    assert view["phase"] == "decide"  # the chance step was sampled inside the env
    assert view["leader"] == 2


def test_parallel_missing_or_illegal_actions_change_nothing() -> None:
    game = SecretBids(2)
    env = hz.parallel_env(game)
    env.reset(seed=6)
    with pytest.raises(InvalidAction, match="no action for player_1"):
        env.step({"player_0": game.encode(Act("bid", 0))})
    with pytest.raises(IllegalAction, match="seat 2 may not play"):
        env.step({"player_0": game.encode(Act("bid", 0)), "player_1": game.encode(Act("take", 0))})
    assert env.record.steps == ()


def _last_legal(observation: dict[str, Any]) -> int:
    """The highest legal action id, or 0 for a seat that may not act (the env ignores it)."""
    legal = np.flatnonzero(observation["action_mask"])
    return int(legal[-1]) if legal.size else 0


def test_parallel_ends_with_outcome_values_and_no_agents() -> None:
    game = holesome.load("honey-donut", repetition="simple", max_plies=6)
    env = hz.parallel_env(game)
    observations, _ = env.reset(seed=0)
    while env.agents:
        actions = {agent: _last_legal(obs) for agent, obs in observations.items()}
        observations, rewards, terminations, _, _ = env.step(actions)
    assert all(terminations.values())
    assert rewards == {"player_0": 0.5, "player_1": 0.5}  # a draw at the ply limit


def test_truncation_after_max_steps() -> None:
    env = hz.env("honey-donut", max_cycles=2)
    env.reset(seed=0)
    for _ in range(2):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())


def test_render_ansi_draws_the_public_view() -> None:
    env = hz.env("honey-donut", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text is not None
    assert "red to move" in text


def test_loaded_game_takes_no_extra_options() -> None:
    with pytest.raises(holesome.InvalidOption, match=r"holesome\.load"):
        hz.env(holesome.load("honey-donut"), players=2)
    with pytest.raises(holesome.InvalidOption, match="render_mode"):
        hz.env("honey-donut", render_mode="rgb_array")


def test_parallel_step_dicts_are_the_callers_own() -> None:
    env = hz.parallel_env("go-nuts", players=3)
    observations, _ = env.reset(seed=4)
    while env.agents:
        actions = {agent: _last_legal(obs) for agent, obs in observations.items()}
        observations, rewards, terminations, truncations, _ = env.step(actions)
        for returned in (rewards, terminations, truncations):
            assert set(returned) == set(env.possible_agents)
        if env.agents:
            assert rewards == dict.fromkeys(env.agents, 0.0) and not any(terminations.values())
            assert not any(truncations.values())
            rewards["player_0"], terminations["player_1"], truncations["player_2"] = 9.0, True, True  # the caller's
    assert all(terminations.values()) and sum(rewards.values()) == pytest.approx(1.0)


def test_agent_iter_hands_out_the_selected_agent_until_none_is_left_or_max_iter() -> None:
    env = hz.env("honey-donut")
    env.reset(seed=0)
    handed = []
    for agent in env.agent_iter(max_iter=5):
        assert agent == env.agent_selection
        handed.append(agent)
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert handed == ["player_0", "player_1", "player_0", "player_1", "player_0"]
    steps = 0
    for _ in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else _last_legal(env.observe(env.agent_selection)))
        steps += 1
    assert env.agents == [] and steps >= len(env.possible_agents)


def test_aec_observations_over_a_game_are_the_seats_own_and_a_callers_changes_stay_its_own(
    any_game: Game[Any, Any],
) -> None:
    env = hz.env(any_game, max_cycles=MAX_CYCLES)
    env.reset(seed=8)
    encoder = encoder_for(any_game)
    rng = random.Random(8)
    for step, agent in enumerate(env.agent_iter()):
        observation, _, terminated, truncated, info = env.last()
        seat, state = int(agent.removeprefix("player_")), env.holesome_state
        expected = np.zeros(any_game.num_actions, np.int8)
        expected[[any_game.encode(action) for action in any_game.legal_actions(state, seat)]] = 1
        np.testing.assert_array_equal(observation["action_mask"], expected)
        if step % 7 == 0:  # the vector and the view are the seat's own, and only built when read
            vector = np.asarray(encoder.encode(any_game.view(state, seat)), np.float32)
            np.testing.assert_array_equal(observation["observation"], vector)
            assert info["view"] == any_game.view(state, seat)
        legal = np.flatnonzero(observation["action_mask"])
        observation["action_mask"][:] = 1  # the caller's own array: later masks do not see it
        env.step(None if terminated or truncated else int(legal[rng.randrange(legal.size)]))


@pytest.mark.parametrize(
    "call",
    [
        lambda env: env.step(0),
        lambda env: env.last(),
        lambda env: env.observe("player_0"),
        lambda env: env.state(),
        lambda env: env.infos,
        lambda env: env.record,
    ],
)
def test_aec_before_reset_says_to_call_reset(call: Any) -> None:
    """`env()` hands out the env unwrapped, so no order-enforcing wrapper says it; the env does."""
    aec = hz.env("go-nuts")
    with pytest.raises(NotReset, match=r"go-nuts: call reset\(\) before step\(\), last\(\)"):
        call(aec)
    aec.reset(seed=3)
    call(aec)  # each works once the env is reset


def test_parallel_before_reset_says_to_call_reset() -> None:
    for illegal in ("raise", "default"):
        par = hz.parallel_env("go-nuts", illegal=illegal)
        with pytest.raises(NotReset, match=r"go-nuts: call reset\(\) before step\(\) or state\(\)"):
            par.step({"player_0": 0})
        with pytest.raises(NotReset):
            par.state()
        observations, _ = par.reset(seed=3)
        par.step({agent: int(observation["action_mask"].argmax()) for agent, observation in observations.items()})


def test_an_env_not_yet_reset_is_an_attribute_error_that_copies_and_pickles() -> None:
    """`NotReset` is an AttributeError, as the missing attribute raised before, so `getattr` with a
    default, `copy` and `pickle` work on an env before its first reset."""
    for made in (hz.env("go-nuts"), hz.parallel_env("go-nuts")):
        with pytest.raises(AttributeError):
            made.state()
        for twin in (copy.deepcopy(made), pickle.loads(pickle.dumps(made))):
            with pytest.raises(NotReset):
                twin.state()
            twin.reset(seed=5)
            assert twin.state().shape == twin.state_space.shape
