"""The training example learns: a tiny run of examples/train_vector_reinforce.py beats random bots.

Three seats, one winner: a policy no better than chance wins a third of the games. Over 300
games chance stays within a few hundredths of that (one standard deviation is 0.027), so a
win rate above 0.55 (eight deviations up) is learning, not luck.
"""

import runpy
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_vector_reinforce.py"
CHANCE = 1 / 3
LEARNED = 0.55


def test_a_short_training_run_beats_the_random_bots_by_a_margin_chance_would_not_reach() -> None:
    example = runpy.run_path(str(EXAMPLE))
    untrained = example["LinearPolicy"].zeros(1, 3, 0)
    assert untrained.best(np.zeros(1), np.array([0, 0, 1])) == 2  # only what the mask allows
    policy = example["train"](episodes=800, envs=8, seed=1)
    rate = example["win_rate"](policy, games=300)
    assert rate > LEARNED > CHANCE
