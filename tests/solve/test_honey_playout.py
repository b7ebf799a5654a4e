"""The batched playout kernel plays legal games: each one replays through the pure engine to
the same result."""

import json

import numpy as np
import pytest
from typer.testing import CliRunner

pytest.importorskip("numba")

import holesome
from holesome.cli import app
from holesome.games.honey_donut.board import MOVES
from holesome.solve.honey_donut.playout import DRAWN, play


@pytest.mark.parametrize("max_plies", [12, 60])
def test_playouts_replay_through_the_pure_engine(max_plies: int) -> None:
    game = holesome.load("honey-donut", repetition="simple", max_plies=max_plies)
    batch = play(300, seed=max_plies, max_plies=max_plies)
    for winner, plies, moves in zip(batch.winner, batch.plies, batch.moves, strict=True):
        state = game.start(0)
        for move in moves[:plies]:
            state = game.apply(state, state.mover, MOVES[move])
        assert (moves[plies:] == -1).all()
        outcome = game.outcome(state)
        assert outcome is not None
        assert outcome.winners == ((0, 1) if winner == DRAWN else (winner,))
    assert batch.steps == batch.plies.sum() > 0
    if max_plies == 12:
        assert (batch.winner == DRAWN).any()


def test_first_moves_are_uniform() -> None:
    first = play(2400, seed=9, max_plies=1).moves[:, 0]
    counts = np.bincount(first, minlength=len(MOVES))
    legal = holesome.load("honey-donut").start(0).moves
    assert {MOVES[move] for move in np.flatnonzero(counts)} == set(legal)
    assert counts.max() < 1.4 * 2400 / len(legal)
    assert counts[counts > 0].min() > 0.6 * 2400 / len(legal)


def test_the_same_seed_plays_the_same_games() -> None:
    assert (play(50, seed=4).moves == play(50, seed=4).moves).all()
    assert (play(50, seed=4).moves != play(50, seed=5).moves).any()


def test_bench_reports_the_compiled_kernel_beside_the_pure_engine() -> None:
    result = CliRunner().invoke(app, ["bench", "honey-donut", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["honey-donut (compiled batch, simple)"]["steps"] > 0
    assert figures["honey-donut"]["steps"] > 0
