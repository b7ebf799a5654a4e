"""The single-agent Gymnasium env: Gymnasium's own checker, bots, rewards, illegal actions."""

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import holesome
from holesome.core.errors import IllegalAction, InvalidOption
from holesome.core.game import Game
from holesome.interop.gymnasium import HolesomeEnv
from tests.interop.secret_bids import SecretBids


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
        check_env(HolesomeEnv(any_game, illegal="forfeit"), skip_render_check=True)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_episode_reward_is_the_learners_outcome_value(seat: int) -> None:
    env = HolesomeEnv(SecretBids(3), seat=seat, opponents=["random", "random"])
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


def test_learner_acts_only_when_it_must() -> None:
    env = HolesomeEnv("honey-donut", seat=1)
    observation, info = env.reset(seed=0)
    assert info["view"]["to_act"] == [1]
    assert len(env.record.steps) == 1  # Red, a bot, has moved
    assert env.action_masks().dtype == np.bool_
    np.testing.assert_array_equal(env.action_masks(), observation["action_mask"].astype(bool))


def test_illegal_action_raises_by_default_and_changes_nothing() -> None:
    env = HolesomeEnv("honey-donut")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="seat 0 may not play"):
        env.step(illegal)
    assert env.record.steps == ()


def test_illegal_action_forfeits_when_asked() -> None:
    env = HolesomeEnv("honey-donut", illegal="forfeit")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["forfeit"]) == (0.0, True, False, illegal)
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
