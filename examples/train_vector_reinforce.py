"""Train a policy through Gymnasium's vector env until it beats the random bot (NumPy only).

    PYTHONPATH=src python examples/train_vector_reinforce.py            # about a minute of CPU

The learner sits in seat 1 of three-player Donut Dilemma (one round) against two `random` bots,
one `holesome/donut-dilemma-v0` env per slot of a `SyncVectorEnv`. The policy is linear:
logits = W x + b over the observation vector x, with the action mask setting illegal actions
to minus infinity, so it never plays one. It learns by REINFORCE: after each episode every
decision's log-probability is pushed up or down by the episode's reward (the learner's outcome
value: 1 for a win, a share of 1 on a tie, else 0) minus a running average of rewards.

Random play wins a third of the games (three seats, one winner); the trained policy, played
greedily (the most likely action), wins far more often. tests/interop/test_training.py runs a
smaller version of the same and asserts that it does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym
import numpy as np
from numpy.typing import NDArray

import holesome.interop.gymnasium as holesome_gym

GAME = "donut-dilemma"
SETTINGS: dict[str, Any] = {"players": 3, "rounds": 1, "seat": 1, "opponents": "random"}


@dataclass
class LinearPolicy:
    """A softmax over the legal actions of logits W x + b."""

    weights: NDArray[np.float64]
    bias: NDArray[np.float64]
    rng: np.random.Generator = field(repr=False)

    @classmethod
    def zeros(cls, features: int, actions: int, seed: int) -> LinearPolicy:
        return cls(np.zeros((actions, features)), np.zeros(actions), np.random.default_rng(seed))

    def probabilities(self, observation: NDArray[Any], mask: NDArray[Any]) -> NDArray[np.float64]:
        """The policy's distribution over actions; zero where the mask forbids."""
        logits = self.weights @ observation + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum()  # type: ignore[no-any-return]

    def sample(self, observation: NDArray[Any], mask: NDArray[Any]) -> int:
        return int(self.rng.choice(len(mask), p=self.probabilities(observation, mask)))

    def best(self, observation: NDArray[Any], mask: NDArray[Any]) -> int:
        return int(np.argmax(self.probabilities(observation, mask)))


def make_envs(count: int) -> gym.vector.SyncVectorEnv:
    """`count` learner envs side by side."""
    return gym.vector.SyncVectorEnv([lambda: gym.make(holesome_gym.env_id(GAME), **SETTINGS) for _ in range(count)])


def train(episodes: int, envs: int = 8, learning_rate: float = 0.1, seed: int = 0) -> LinearPolicy:
    """REINFORCE with a running-average baseline for `episodes` episodes (see the module docstring)."""
    vector = make_envs(envs)
    observations, _ = vector.reset(seed=seed)
    features = observations["observation"].shape[1]
    policy = LinearPolicy.zeros(features, int(observations["action_mask"].shape[1]), seed)
    trajectories: list[list[tuple[NDArray[Any], NDArray[Any], int]]] = [[] for _ in range(envs)]
    resetting = np.zeros(envs, bool)
    baseline, finished = 1.0 / SETTINGS["players"], 0
    while finished < episodes:
        actions = np.zeros(envs, np.int64)
        for slot in range(envs):
            if resetting[slot]:
                continue  # this step only starts the slot's next episode; its action is ignored
            observation, mask = observations["observation"][slot], observations["action_mask"][slot]
            actions[slot] = policy.sample(observation, mask)
            trajectories[slot].append((observation.copy(), mask.copy(), int(actions[slot])))
        observations, rewards, terminated, truncated, _ = vector.step(actions)
        done = (terminated | truncated) & ~resetting
        for ended in np.flatnonzero(done):
            _learn(policy, trajectories[ended], float(rewards[ended]) - baseline, learning_rate)
            baseline += 0.02 * (float(rewards[ended]) - baseline)
            trajectories[ended] = []
            finished += 1
        resetting = done
    vector.close()
    return policy


def _learn(
    policy: LinearPolicy, trajectory: list[tuple[NDArray[Any], NDArray[Any], int]], advantage: float, rate: float
) -> None:
    """One REINFORCE step: the gradient of each decision's log-probability, times the advantage."""
    for observation, mask, action in trajectory:
        gradient = -policy.probabilities(observation, mask)
        gradient[action] += 1.0
        policy.weights += rate * advantage * np.outer(gradient, observation)
        policy.bias += rate * advantage * gradient


def win_rate(policy: LinearPolicy, games: int, seed: int = 10_000) -> float:
    """The mean outcome value of the greedy policy over `games` games against the random bots."""
    env = gym.make(holesome_gym.env_id(GAME), **SETTINGS)
    total = 0.0
    for number in range(games):
        observation, _ = env.reset(seed=seed + number)
        done = False
        while not done:
            action = policy.best(observation["observation"], observation["action_mask"])
            observation, reward, terminated, truncated, _ = env.step(action)
            total += float(reward)
            done = terminated or truncated
    return total / games


def main() -> None:
    policy = train(episodes=6_000)
    rate = win_rate(policy, games=1_000)
    print(f"{GAME}, seat 2 of 3, one round: the trained policy wins {rate:.1%} against random bots (chance: 33.3%)")  # noqa: T201


if __name__ == "__main__":
    main()
