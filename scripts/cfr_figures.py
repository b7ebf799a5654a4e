"""Tabular CFR on the small configurations of the games with secrets: the figures of docs/interop.md.

    PYTHONPATH=src python scripts/cfr_figures.py [ITERATIONS...]

For each configuration (`holesome.interop.openspiel.SMALL_CONFIGURATIONS`) prints the game tree's
size, the exploitability (two players) or NashConv (more) of the uniform random policy (what the
`random` bot plays), and of CFR's average policy after each number of iterations, with the CPU
seconds CFR took.
"""

from __future__ import annotations

import sys
import time

import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

from holesome.interop.openspiel import SMALL_CONFIGURATIONS, register_all


def _gap(game: pyspiel.Game, policy: policy_lib.Policy) -> float:
    if game.num_players() == 2:
        return float(exploitability.exploitability(game, policy))
    return float(exploitability.nash_conv(game, policy))


def main(checkpoints: list[int]) -> None:
    register_all()
    print("| configuration | measure | random bot | " + " | ".join(f"CFR {n}" for n in checkpoints) + " | CFR CPU s |")  # noqa: T201 - a script prints its table
    print("|---|---|---|" + "---|" * len(checkpoints) + "---|")  # noqa: T201 - a script prints its table
    for spec in SMALL_CONFIGURATIONS.values():
        game = pyspiel.load_game(spec)
        measure = "exploitability" if game.num_players() == 2 else "NashConv"
        uniform = _gap(game, policy_lib.UniformRandomPolicy(game))
        solver = cfr.CFRSolver(game)
        figures, done = [], 0
        started = time.process_time()
        for target in checkpoints:
            for _ in range(target - done):
                solver.evaluate_and_update_policy()
            done = target
            figures.append(_gap(game, solver.average_policy()))
        spent = time.process_time() - started
        row = [f"`{spec}`", measure, f"{uniform:.4f}", *(f"{value:.4f}" for value in figures), f"{spent:.1f}"]
        print("| " + " | ".join(row) + " |", flush=True)  # noqa: T201 - a script prints its table


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [1, 10, 50])
