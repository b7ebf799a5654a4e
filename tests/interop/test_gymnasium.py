"""The single-agent Gymnasium env: Gymnasium's own checker and vector envs on every game and
player count, the registered ids, bots, rewards, illegal actions."""

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils import seeding
from gymnasium.utils.env_checker import check_env

import holesome
from holesome.core.errors import IllegalAction, InvalidOption
from holesome.core.game import Game
from holesome.interop.common import NotReset
from holesome.interop.gymnasium import HolesomeEnv, env_id
from tests.interop.conftest import GAME_CASES
from tests.interop.secret_bids import SecretBids

VECTOR_STEPS = 60
"""Steps of each vector-env check: several whole games of the short ones, every kind of step."""


def _play(env: HolesomeEnv, seed: int) -> tuple[float, dict[str, Any]]:
    observation, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    total, done = 0.0, False
    while not done:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    return total, info


def test_check_env(any_game: Game[Any, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec": the env is built directly, not by gymnasium.make
        check_env(HolesomeEnv(any_game), skip_render_check=True)


@pytest.mark.parametrize(("name", "players"), GAME_CASES)
def test_registered_id_makes_the_env_and_passes_check_env(name: str, players: int) -> None:
    env = gym.make(env_id(name), players=players, seat=players - 1)
    assert env.spec is not None and env.spec.id == f"holesome/{name}-v0"
    assert isinstance(env.unwrapped, HolesomeEnv) and env.unwrapped.game.players == players
    check_env(env.unwrapped, skip_render_check=True)


def _run_vector(vector: gym.vector.VectorEnv, seed: int) -> dict[str, Any]:
    """Masked last-legal actions for VECTOR_STEPS steps (0 in a slot that is being reset)."""
    observations, infos = vector.reset(seed=seed)
    for _ in range(VECTOR_STEPS):
        actions = np.array([(np.flatnonzero(mask).tolist() or [0])[-1] for mask in observations["action_mask"]])
        observations, rewards, terminated, truncated, infos = vector.step(actions)
        assert rewards.shape == terminated.shape == truncated.shape == (vector.num_envs,)
    vector.close()
    return dict(infos)


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize(("name", "players"), GAME_CASES)
def test_vector_envs_run_and_stack_the_infos(name: str, players: int, mode: str) -> None:
    vector = gym.make_vec(env_id(name), num_envs=2, vectorization_mode=mode, players=players)
    infos = _run_vector(vector, seed=3)
    assert set(infos) == {"illegal", "_illegal", "decisions", "_decisions"}
    assert infos["illegal"].dtype == np.bool_ and not infos["illegal"].any()
    assert infos["decisions"].shape == (2,)


def test_the_view_is_opt_in() -> None:
    _, info = HolesomeEnv("go-nuts", view=True).reset(seed=1)
    assert info["view"]["game"] == "go-nuts"
    _, info = HolesomeEnv("go-nuts").reset(seed=1)
    assert "view" not in info


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_episode_reward_is_the_learners_outcome_value(seat: int) -> None:
    env = HolesomeEnv(SecretBids(3), seat=seat, opponents=["random", "random"], view=True)
    total, info = _play(env, seed=seat)
    assert total == env.record.outcome["values"][seat]
    assert info["view"]["seat"] == seat
    assert info["view"]["outcome"] is not None


def test_episodes_replay_from_their_records() -> None:
    game = SecretBids(2)
    env = HolesomeEnv(game, seat=1)
    _play(env, seed=8)
    *_, last = holesome.replay(env.record, game)
    assert game.outcome(last) is not None


def test_same_seed_same_episode() -> None:
    first, second = HolesomeEnv(SecretBids(3)), HolesomeEnv(SecretBids(3))
    _play(first, seed=3)
    _play(second, seed=3)
    assert first.record == second.record


def test_a_seeded_reset_seeds_np_random_as_gymnasium_does() -> None:
    env = HolesomeEnv("honey-donut")
    env.reset(seed=11)
    assert env.np_random_seed == 11
    expected, _ = seeding.np_random(11)
    assert env.np_random.bit_generator.state == expected.bit_generator.state
    drawn = env.np_random.random()
    env.reset()  # an unseeded reset keeps the generator going
    assert env.np_random.random() != drawn
    env.reset(seed=11)
    assert env.np_random.random() == drawn
    with pytest.raises(gym.error.Error):
        env.reset(seed=-1)


def test_learner_acts_only_when_it_must() -> None:
    env = HolesomeEnv("honey-donut", seat=1, view=True)
    observation, info = env.reset(seed=0)
    assert info["view"]["to_act"] == [1]
    assert len(env.record.steps) == 1  # Red, a bot, has moved
    assert env.action_masks().dtype == np.bool_
    np.testing.assert_array_equal(env.action_masks(), observation["action_mask"].astype(bool))


def test_illegal_action_plays_the_default_action_by_default() -> None:
    env = HolesomeEnv("honey-donut", seat=0)
    observation, info = env.reset(seed=0)
    assert info == {"illegal": False, "decisions": 0}
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, _, terminated, _, info = env.step(illegal)
    assert info["illegal"] and not terminated
    first = env.record.steps[0]
    assert (first.seat, first.action) == (0, env.game.action_to_json(env.game.default_action(env.game.start(0), 0)))
    _, _, _, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert not info["illegal"]


def test_illegal_action_raises_when_asked_and_changes_nothing() -> None:
    env = HolesomeEnv("honey-donut", illegal="raise")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="seat 1 may not play"):
        env.step(illegal)
    assert env.record.steps == ()


def test_illegal_action_forfeits_when_asked() -> None:
    env = HolesomeEnv("honey-donut", illegal="forfeit")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (0.0, True, False, True)
    with pytest.raises(IllegalAction, match="episode is over"):
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidOption, match=r"seat must be in 0\.\.1"):
        HolesomeEnv("honey-donut", seat=2)
    with pytest.raises(InvalidOption, match="2 opponents needed"):
        HolesomeEnv(SecretBids(3), opponents=["random"])
    with pytest.raises(holesome.HolesomeError, match="no bot named"):
        HolesomeEnv("honey-donut", opponents="nobody")
    with pytest.raises(InvalidOption, match="illegal must be one of"):
        HolesomeEnv("honey-donut", illegal="ignore")


def test_truncation_after_max_steps() -> None:
    env = HolesomeEnv("honey-donut", max_steps=1)
    observation, _ = env.reset(seed=0)
    _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert (terminated, truncated) == (False, True)


def test_step_before_reset_says_to_call_reset() -> None:
    env = HolesomeEnv("go-nuts")
    for call in (lambda: env.step(0), env.action_masks, env.render):
        with pytest.raises(NotReset, match=r"go-nuts: call reset\(\) before step\(\)"):
            call()
    observation, _ = env.reset(seed=2)
    env.step(int(observation["action_mask"].argmax()))
