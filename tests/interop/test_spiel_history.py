"""The OpenSpiel adapter's history keeps past states only at checkpoints: information keys worked
out late (past states replayed) must equal those worked out at every step (no replay)."""

import random
from typing import Any

import pyspiel

from holesome.interop import openspiel as hos
from holesome.interop.spiel_history import CHECKPOINT

STEPS = 3 * CHECKPOINT + 5
"""Long enough to cross several checkpoints."""


def _random_actions(state: Any, rng: random.Random, steps: int) -> list[int]:
    """Apply up to `steps` random actions (chance by its odds); return them."""
    actions: list[int] = []
    while len(actions) < steps and not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, chances)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    return actions


def _keys_step_by_step(start: Any, actions: list[int], players: int) -> list[str]:
    """Every seat's information string after each action, asked at every step (nothing to replay)."""
    state = start.clone()
    strings = []
    for action in actions:
        state.apply_action(action)
        strings = [state.information_state_string(seat) for seat in range(players)]
    return strings


def test_keys_asked_late_equal_keys_asked_at_every_step() -> None:
    game = hos.load("go-nuts", players=4)
    late = game.new_initial_state()
    actions = _random_actions(late, random.Random(3), STEPS)
    assert len(actions) > 2 * CHECKPOINT
    asked = [late.information_state_string(seat) for seat in range(4)]
    assert asked == _keys_step_by_step(game.new_initial_state(), actions, 4)


def test_keys_asked_late_after_a_resample_replay_the_resampled_state() -> None:
    game = hos.load("go-nuts", players=4)
    state = game.new_initial_state()
    rng = random.Random(5)
    _random_actions(state, rng, CHECKPOINT + 3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    sample = state.resample_from_infostate(1, sampler)
    while sample.holesome_state == state.holesome_state:  # on until a sample differs (a wrong replay would show)
        _random_actions(state, rng, 1)
        sample = state.resample_from_infostate(1, sampler)
    start = sample.clone()
    actions = _random_actions(sample, rng, 2 * CHECKPOINT)
    asked = [sample.information_state_string(seat) for seat in range(4)]
    assert asked == _keys_step_by_step(start, actions, 4)


def test_a_history_that_branches_off_keeps_its_own_past() -> None:
    game = hos.load("go-nuts", players=4)
    trunk = game.new_initial_state()
    rng = random.Random(7)
    _random_actions(trunk, rng, CHECKPOINT + 5)
    while trunk.is_chance_node() or len(trunk.legal_actions()) < 2:
        _random_actions(trunk, rng, 1)
    start = trunk.clone()
    branch = trunk.clone()
    first, second = trunk.legal_actions()[:2]
    trunk.apply_action(first)  # the newest move of its run: appended in place
    branch.apply_action(second)  # a second move from the same point: a run of its own
    trunk_actions = [first, *_random_actions(trunk, rng, 10)]
    branch_actions = [second, *_random_actions(branch, rng, 10)]
    for state, actions in ((trunk, trunk_actions), (branch, branch_actions)):
        asked = [state.information_state_string(seat) for seat in range(4)]
        assert asked == _keys_step_by_step(start, actions, 4)


def test_a_game_played_on_keeps_one_run_per_checkpoint() -> None:
    game = hos.load("double-dash")
    state = game.new_initial_state()
    moves = len(_random_actions(state, random.Random(2), 4 * CHECKPOINT))
    runs, run = 0, state._node.run
    while run is not None:
        runs, run = runs + 1, run.before
    assert runs == moves // CHECKPOINT + 1
