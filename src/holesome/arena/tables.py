"""How far a short search's mix at two seats' secret picks falls from a long search's equilibrium.

    python -m holesome.arena.tables go-nuts --ours ismcts@0.13 --ours ismcts@0.13/g0.25/p8 --positions 40

A duel against another bot measures a search's strength with the noise of whole games: two runs
of one search on the same 400 Go Nuts deals fell 4 points apart (docs/bots.md). This measures
one part of it, the equilibrium a search plays where exactly two seats pick in secret, on fixed
positions with far less noise. Positions come from games between two `greedy` bots (each
two-seat secret step of seat 1 kept with a chance of one in three, seeded). At each, `ismcts`
runs `--reference` iterations with `--references` seeds, and their tables (`ISMCTSBot.two_seat_table`)
are averaged into one zero-sum table M, as the search itself combines its two seats' estimates.
Each bot named by `--ours` (as in `arena.duel`) then searches the position `--repeats` times, and
its mix x is scored in M by two losses in win probability, both 0 for M's own equilibrium:

- *exploitability*: M's value minus x's worst case (min over columns of xM), what a seat that
  knew x and M could take;
- *loss against the equilibrium*: M's value minus x M y*, y* the other seat's optimal mix in M;
  any mix of the actions M's equilibrium plays earns M's value against y*, so this counts only
  the share x puts on actions outside them.

Positions the searches solve exactly (Go Nuts' last rounds) are skipped: there is no table. Both
losses count the reference's own noise too, alike for every bot; the differences between bots,
paired by position, are what to read. Prints one Markdown row per bot, in win-probability
points a pick: positions scored, exploitability and its paired difference from the first bot,
loss against the equilibrium and its paired difference (each ± a standard error); `--json` keeps
each position's figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import holesome
from holesome.arena.duel import bot, refuse_unwritable_json
from holesome.bots import GreedyBot, ISMCTSBot
from holesome.bots.search import Budget
from holesome.core.decision import Decision
from holesome.core.errors import HolesomeError
from holesome.core.game import CHANCE, Game, sample_chance
from holesome.fast.matrix_game import constant_sum, matrix_game

SEAT = 0
"""The seat whose decisions are scored (seat 1 to a reader)."""
KEEP = 1 / 3
"""The chance that a two-seat secret step of `SEAT` is kept as a position."""
MAX_POSITIONS = 1_000
MAX_REFERENCE = 100_000
MAX_REPEATS = 100


def positions(game: Game[Any, Any], count: int, seed: int) -> list[Any]:
    """`count` states where `SEAT` and one other seat pick in secret, from greedy games."""
    rng = random.Random(seed)
    found: list[Any] = []
    deal = 0
    while len(found) < count:
        state = game.start(seed * 1_000 + deal)
        deal += 1
        greedy = [GreedyBot(rng.getrandbits(32)) for _ in range(game.players)]
        while game.outcome(state) is None and len(found) < count:
            seats = game.to_act(state)
            if seats == (CHANCE,):
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
                continue
            secret = len(seats) == 2 and SEAT in seats and game.secret_round(state, SEAT) is not None
            if secret and rng.random() < KEEP:
                found.append(state)
            seat = seats[0]
            state = game.apply(state, seat, greedy[seat].act(Decision(game, seat, state)))
    return found


def reference(decision: Decision[Any, Any], iterations: int, seeds: Sequence[int]) -> np.ndarray | None:
    """The zero-sum table of `SEAT`'s picks (rows) against the other seat's (columns, in the
    order of `SEAT`'s legal actions: the same picks), averaged over long searches; None if a
    search had no table."""
    legal = decision.legal_actions
    tables = []
    for seed in seeds:
        search = ISMCTSBot(seed, Budget(iterations=iterations))
        search.policy(decision)
        table = search.two_seat_table(SEAT, legal)
        if table is None or set(table.theirs) != set(legal):
            return None
        order = [table.theirs.index(action) for action in legal]
        tables.append(constant_sum(np.array(table.mine)[:, order], np.array(table.them)[order, :]))
    averaged: np.ndarray = np.mean(tables, axis=0)
    return averaged


def losses(table: np.ndarray, mix: np.ndarray) -> tuple[float, float]:
    """`mix`'s exploitability and loss against the column's equilibrium in the zero-sum `table`."""
    best = np.empty(table.shape[0])
    value = matrix_game(table, best)
    column = np.empty(table.shape[1])
    matrix_game(1.0 - table.T, column)
    column /= column.sum()
    return value - float((mix @ table).min()), value - float(mix @ table @ column)


def measure(
    game_name: str, ours: Sequence[str], count: int, iterations: int, references: int, repeats: int, seed: int
) -> dict[str, list[tuple[float, float]]]:
    """Each bot's mean (exploitability, loss against the equilibrium) at each position kept."""
    game = holesome.load(game_name, 2)
    scored: dict[str, list[tuple[float, float]]] = {name: [] for name in ours}
    for index, state in enumerate(positions(game, count, seed)):
        decision = Decision(game, SEAT, state)
        table = reference(decision, iterations, [seed * 7 + index * 100 + r for r in range(references)])
        if table is None:
            continue
        figures = []
        for name in ours:
            runs = []
            for repeat in range(repeats):
                policy = _search(name, seed * 13 + index * 100 + repeat).policy(decision)
                runs.append(losses(table, np.array([policy[action] for action in decision.legal_actions])))
            mean = (statistics.fmean(run[0] for run in runs), statistics.fmean(run[1] for run in runs))
            scored[name].append(mean)
            figures.append(f"{name} {mean[0]:.4f} / {mean[1]:.4f}")
        sys.stderr.write(f"position {index + 1}: {'; '.join(figures)}\n")
    return scored


def _search(name: str, seed: int) -> ISMCTSBot:
    """The bot `name` names (as in `arena.duel`), which must be an `ismcts` to have a table."""
    search = bot(name, seed)
    if not isinstance(search, ISMCTSBot):
        raise HolesomeError(f"{name}: only ismcts plays a two-seat table")
    return search


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (0 and 0 for no values)."""
    if not values:
        return 0.0, 0.0
    error = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return statistics.fmean(values), error


def main(argv: Sequence[str] | None = None) -> None:
    """Score each bot's mixes and print one Markdown row per bot."""
    parser = argparse.ArgumentParser(
        prog="python -m holesome.arena.tables",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=sorted(holesome.GAMES))
    parser.add_argument("--ours", action="append", required=True, help="a bot as in arena.duel; repeat to compare")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reference", type=int, default=3_000, help="iterations of each reference search")
    parser.add_argument("--references", type=int, default=2, help="reference searches averaged a position")
    parser.add_argument("--repeats", type=int, default=4, help="searches of each bot a position")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    for flag, value, most in (
        ("--positions", args.positions, MAX_POSITIONS),
        ("--reference", args.reference, MAX_REFERENCE),
        ("--references", args.references, MAX_REPEATS),
        ("--repeats", args.repeats, MAX_REPEATS),
    ):
        if not 1 <= value <= most:
            parser.error(f"{flag} must be 1..{most}, got {value}")
    try:
        game = holesome.load(args.game, 2)
        if type(game).secret_round is Game.secret_round:
            parser.error(f"{game.title} has no secret picks to score")
        for name in args.ours:
            _search(name, 0)
    except (HolesomeError, ValueError) as error:
        parser.error(str(error))
    refuse_unwritable_json(parser, args.json)
    scored = measure(args.game, args.ours, args.positions, args.reference, args.references, args.repeats, args.seed)
    first = scored[args.ours[0]]
    for name, rows in scored.items():
        cells = []
        for which in (0, 1):
            mean, spread = _mean_and_error([row[which] for row in rows])
            paired, paired_error = _mean_and_error(
                [row[which] - base[which] for row, base in zip(rows, first, strict=True)]
            )
            cells.append(f"{100 * mean:.2f} ± {100 * spread:.2f} | {100 * paired:+.2f} ± {100 * paired_error:.2f}")
        sys.stdout.write(f"| {args.game} | {name} | {len(rows)} | {' | '.join(cells)} |\n")
    if args.json:
        args.json.write_text(json.dumps({**vars(args), "json": None, "positions_scored": scored}))


if __name__ == "__main__":
    main()
