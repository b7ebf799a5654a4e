"""Throughput of the compiled paths, beside OpenSpiel's C++ random games on connect_four.

Both are counted the same way: steps applied (chance steps included) per CPU-second of this
process, so the figure is per core whatever else the machine runs. Compiling happens before the
clock starts. OpenSpiel plays with `pyspiel.evaluate_bots` and two uniform random C++ bots, the
loop of its own benchmarks; its steps are counted from each finished game's history, off the
clock.
"""

from __future__ import annotations

import time
from importlib.util import find_spec
from typing import Any, Final

from holesome.bench import Throughput
from holesome.core.game import Game
from holesome.fast import compiled

UNCUT: Final = 1_000_000
"""A step limit no random game reaches: bench games are played to their end."""
WARM_UP: Final = 0.05
"""CPU-seconds a batch should take, so the clock reads are few."""
REFERENCE: Final = "openspiel connect_four (C++ evaluate_bots)"


def compiled_play(game: Game[Any, Any], seconds: float, seed: int = 0) -> Throughput | None:
    """Random games on the game's compiled path for about `seconds` of CPU time; None if the
    game has none."""
    fast = compiled(game)
    if fast is None:
        return None
    fast.random_steps(1, seed, UNCUT)  # compiles, or loads the compiled code
    batch = 1
    while True:  # find a batch that takes long enough to time
        started = time.process_time()
        fast.random_steps(batch, seed, UNCUT)
        if time.process_time() - started >= WARM_UP or batch >= 1 << 20:
            break
        batch *= 2
    steps = games = 0
    started = time.process_time()
    while (elapsed := time.process_time() - started) < seconds:
        steps += fast.random_steps(batch, seed + games + 1, UNCUT)
        games += batch
    return Throughput(game.name, game.players, steps, games, elapsed)


def openspiel_play(seconds: float, seed: int = 0, batch: int = 2000) -> Throughput | None:
    """OpenSpiel's C++ random games on connect_four for about `seconds` of CPU time; None
    without the `openspiel` extra."""
    if find_spec("pyspiel") is None:
        return None
    import pyspiel

    game = pyspiel.load_game("connect_four")
    bots = [pyspiel.make_uniform_random_bot(player, seed + player) for player in range(game.num_players())]
    steps = games = 0
    cpu = 0.0
    while cpu < seconds:
        states = [game.new_initial_state() for _ in range(batch)]
        started = time.process_time()
        for number, state in enumerate(states):
            pyspiel.evaluate_bots(state, bots, seed + games + number)
        cpu += time.process_time() - started
        steps += sum(len(state.history()) for state in states)
        games += batch
    return Throughput("connect_four", game.num_players(), steps, games, cpu)
