"""Batched random playouts of Honey Donut under the `simple` option, compiled.

A batch of games advances together, one ply per game per round, each game picking uniformly
among its legal moves; a game ends when a King is pushed out, when its mover has no move
(a loss) or at the ply limit (a draw). Every move made is written down, so a test can replay
the games through the pure engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from holesome.bench import Throughput
from holesome.solve.honey_donut.encoding import CELL_COUNT, MOVE_COUNT, START, from_key, to_key
from holesome.solve.honey_donut.movegen import NO_BOARD, generate

DRAWN = -1
"""The winner recorded for a game drawn at the ply limit."""


@dataclass(frozen=True, eq=False)
class Playouts:
    """A finished batch: per game its `winner` (seat, or `DRAWN`), its length in `plies`, and
    the `moves` made (ids into `MOVES`, -1 after the end)."""

    winner: np.ndarray
    plies: np.ndarray
    moves: np.ndarray

    @property
    def steps(self) -> int:
        """Moves made in all the games together."""
        return int(self.plies.sum())


@njit(cache=True)
def _play(seed: int, max_plies: int, winner: np.ndarray, plies: np.ndarray, record: np.ndarray) -> None:
    np.random.seed(seed)
    games = len(winner)
    boards = np.empty((games, CELL_COUNT), np.int8)
    forbidden = np.full(games, NO_BOARD, np.int64)
    moves = np.empty(MOVE_COUNT, np.int64)
    children = np.empty(MOVE_COUNT, np.int64)
    wins = np.empty(MOVE_COUNT, np.bool_)
    over = np.zeros(games, np.bool_)
    for game in range(games):
        boards[game] = START
    playing = games
    ply = 0
    while playing > 0:
        for game in range(games):
            if over[game]:
                continue
            board = boards[game]
            mover = ply % 2
            count = generate(board, mover, forbidden[game], moves, children, wins)
            if count == 0:
                winner[game] = 1 - mover
                over[game] = True
                playing -= 1
                continue
            pick = np.random.randint(count)
            record[game, ply] = moves[pick]
            plies[game] = ply + 1
            if wins[pick] or ply + 1 == max_plies:
                winner[game] = mover if wins[pick] else DRAWN
                over[game] = True
                playing -= 1
            else:
                forbidden[game] = to_key(board)
                from_key(children[pick], board)
        ply += 1


def play(games: int, seed: int = 0, max_plies: int = 300) -> Playouts:
    """Play `games` random games at once from the starting position."""
    winner = np.full(games, DRAWN, np.int8)
    plies = np.zeros(games, np.int64)
    moves = np.full((games, max_plies), -1, np.int8)
    _play(seed, max_plies, winner, plies, moves)
    return Playouts(winner, plies, moves)


def measure(seconds: float, batch: int = 4096, seed: int = 0, max_plies: int = 300) -> Throughput:
    """Play batches of `batch` random games for about `seconds` of wall-clock time and count,
    as `holesome.bench.random_play` does for the pure engine (compiling happens off the clock)."""
    play(1, seed, max_plies)
    steps = games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        steps += play(batch, seed + games, max_plies).steps
        games += batch
    return Throughput("honey-donut", 2, steps, games, time.perf_counter() - started)
