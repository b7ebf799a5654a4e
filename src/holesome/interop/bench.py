"""Throughput through each research interface beside the bare engine, for `holesome bench --interop`.

Each measurement plays random games for a budget of the process's own CPU time (which other
jobs on a shared machine disturb far less than the wall clock), the way a learner or a search
drives that interface, and counts applied actions (chance steps included). The engine and the
adapters take turns in slices of `SLICE` CPU-seconds until each has had its budget, so a change
in the machine's load (other jobs slow even a process's CPU time, through shared caches and
cores) falls on all of them alike instead of on whichever was running then; the ratios of the
adapters to the engine are what the benchmark is for.

| adapter | one step of the loop |
|---|---|
| `engine` | `legal_actions`, `apply` (the loop of holesome.bench.random_play) |
| `pettingzoo-aec` | `last()` (observation vector and mask), `step` (views for every seat's info) |
| `pettingzoo-parallel` | one action per seat that may act, `step` (observations and infos for all) |
| `gymnasium` | seat 0 learns: `step` with a masked random action; random bots play the others |
| `openspiel` | `legal_actions`, `apply_action` (no observations: what MCTS does) |

An adapter whose optional extra is not installed is reported as unavailable (None).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import Any

from holesome.bench import Throughput, random_game
from holesome.core.game import Game

ADAPTERS = ("engine", "pettingzoo-aec", "pettingzoo-parallel", "gymnasium", "openspiel")
SLICE = 0.1
"""CPU-seconds each interface plays in its turn (whole games: a turn may run over)."""
_SEED_RANGE = 2**31

Episode = Callable[[random.Random], int]
"""Plays one random game through an adapter; returns the number of applied actions."""


def interop_play(game: Game[Any, Any], seconds: float, seed: int = 0) -> dict[str, Throughput | None]:
    """Random-play throughput of `game` through each adapter, about `seconds` each, in turns."""
    runs: dict[str, _Run | None] = {}
    for adapter, make in _EPISODES.items():
        try:
            runs[adapter] = _Run(make(game), seed)
        except ImportError:
            runs[adapter] = None
    live = [run for run in runs.values() if run is not None]
    while any(run.seconds < seconds for run in live):
        for run in live:
            if run.seconds < seconds:
                run.play(min(SLICE, seconds - run.seconds))
    return {
        adapter: None if run is None else Throughput(game.name, game.players, run.steps, run.games, run.seconds)
        for adapter, run in runs.items()
    }


class _Run:
    """One interface's random games so far: whole games, played in slices of CPU time."""

    def __init__(self, episode: Episode, seed: int) -> None:
        self.episode = episode
        self.rng = random.Random(seed)
        self.steps = self.games = 0
        self.seconds = 0.0

    def play(self, seconds: float) -> None:
        """Play whole games, at least one, until `seconds` of CPU time have passed."""
        started = time.process_time()
        deadline = started + seconds
        now = started
        while now < deadline or now == started:
            self.steps += self.episode(self.rng)
            self.games += 1
            now = time.process_time()
        self.seconds += now - started


def _engine(game: Game[Any, Any]) -> Episode:
    return functools.partial(random_game, game)


def _pick(mask: Any, rng: random.Random) -> int:
    """A random legal action id from a mask (0 for a seat that may not act: the env ignores it)."""
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(legal.size)]) if legal.size else 0


def _aec(game: Game[Any, Any]) -> Episode:
    from holesome.interop.pettingzoo import env

    aec = env(game)

    def episode(rng: random.Random) -> int:
        aec.reset(seed=rng.randrange(_SEED_RANGE))
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            done = terminated or truncated
            aec.step(None if done else _pick(observation["action_mask"], rng))
        return len(aec.episode.actions)

    return episode


def _parallel(game: Game[Any, Any]) -> Episode:
    from holesome.interop.pettingzoo import parallel_env

    par = parallel_env(game)

    def episode(rng: random.Random) -> int:
        observations, _ = par.reset(seed=rng.randrange(_SEED_RANGE))
        while par.agents:
            actions = {agent: _pick(observation["action_mask"], rng) for agent, observation in observations.items()}
            observations, *_ = par.step(actions)
        return len(par.episode.actions)

    return episode


def _gymnasium(game: Game[Any, Any]) -> Episode:
    from holesome.interop.gymnasium import HolesomeEnv

    single = HolesomeEnv(game)

    def episode(rng: random.Random) -> int:
        observation, _ = single.reset(seed=rng.randrange(_SEED_RANGE))
        done = False
        while not done:
            observation, _, terminated, truncated, _ = single.step(_pick(observation["action_mask"], rng))
            done = terminated or truncated
        return len(single.episode.actions)

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
    "engine": _engine,
    "pettingzoo-aec": _aec,
    "pettingzoo-parallel": _parallel,
    "gymnasium": _gymnasium,
    "openspiel": _openspiel,
}

__all__ = ["ADAPTERS", "interop_play"]
