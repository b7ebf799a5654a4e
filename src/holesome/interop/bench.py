"""Throughput through each research interface beside the bare engine, for `holesome bench --interop`.

Each measurement plays random games for a wall-clock budget, the way a learner or a search
drives that interface, and counts applied actions (chance steps included) as `random_play`
does for the bare engine:

| adapter | one step of the loop |
|---|---|
| `engine` | `legal_actions`, `apply` (holesome.bench.random_play) |
| `pettingzoo-aec` | `last()` (observation vector and mask), `step` (views for every seat's info) |
| `pettingzoo-parallel` | one action per seat that may act, `step` (observations and infos for all) |
| `gymnasium` | seat 0 learns: `step` with a masked random action; random bots play the others |
| `openspiel` | `legal_actions`, `apply_action` (no observations: what MCTS does) |

An adapter whose optional extra is not installed is reported as unavailable (None).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from holesome.bench import Throughput, random_play
from holesome.core.game import Game

ADAPTERS = ("engine", "pettingzoo-aec", "pettingzoo-parallel", "gymnasium", "openspiel")
_SEED_RANGE = 2**31

Episode = Callable[[random.Random], int]
"""Plays one random game through an adapter; returns the number of applied actions."""


def interop_play(game: Game[Any, Any], seconds: float, seed: int = 0) -> dict[str, Throughput | None]:
    """Random-play throughput of `game` through each adapter, about `seconds` each."""
    results: dict[str, Throughput | None] = {"engine": random_play(game, seconds, seed)}
    for adapter, make in _EPISODES.items():
        try:
            episode = make(game)
        except ImportError:
            results[adapter] = None
            continue
        results[adapter] = _measure(game, episode, seconds, seed)
    return results


def _measure(game: Game[Any, Any], episode: Episode, seconds: float, seed: int) -> Throughput:
    rng = random.Random(seed)
    steps = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        steps += episode(rng)
        games += 1
    return Throughput(game.name, game.players, steps, games, time.perf_counter() - started)


def _aec(game: Game[Any, Any]) -> Episode:
    import numpy as np

    from holesome.interop.pettingzoo import env

    aec = env(game)

    def episode(rng: random.Random) -> int:
        aec.reset(seed=rng.randrange(_SEED_RANGE))
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            done = terminated or truncated
            aec.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        return len(aec.record.steps)

    return episode


def _parallel(game: Game[Any, Any]) -> Episode:
    import numpy as np

    from holesome.interop.pettingzoo import parallel_env

    par = parallel_env(game)

    def episode(rng: random.Random) -> int:
        observations, _ = par.reset(seed=rng.randrange(_SEED_RANGE))
        while par.agents:
            actions = {}
            for agent, observation in observations.items():
                legal = np.flatnonzero(observation["action_mask"])
                actions[agent] = int(rng.choice(legal)) if legal.size else 0
            observations, *_ = par.step(actions)
        return len(par.record.steps)

    return episode


def _gymnasium(game: Game[Any, Any]) -> Episode:
    import numpy as np

    from holesome.interop.gymnasium import HolesomeEnv

    single = HolesomeEnv(game)

    def episode(rng: random.Random) -> int:
        observation, _ = single.reset(seed=rng.randrange(_SEED_RANGE))
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, truncated, _ = single.step(action)
            done = terminated or truncated
        return len(single.record.steps)

    return episode


def _openspiel(game: Game[Any, Any]) -> Episode:
    from holesome.interop.openspiel import load, parameter

    params = {key: parameter(value) for key, value in game.options.items()}
    spiel = load(type(game), players=game.players, **params)

    def episode(rng: random.Random) -> int:
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, chances)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return len(state.history())

    return episode


_EPISODES: dict[str, Callable[[Game[Any, Any]], Episode]] = {
    "pettingzoo-aec": _aec,
    "pettingzoo-parallel": _parallel,
    "gymnasium": _gymnasium,
    "openspiel": _openspiel,
}

__all__ = ["ADAPTERS", "interop_play"]
