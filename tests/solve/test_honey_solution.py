"""The solved table: its values are consistent with one another, and states near the end agree
with brute-force search by the pure engine."""

import random

import numpy as np
import pytest

pytest.importorskip("numba")

import holesome
from holesome.games.honey_donut import BLUE, RED, HoneyDonut
from holesome.games.honey_donut.board import STARTING_BOARD
from holesome.solve.honey_donut.table import DRAW, LOSS, WIN, Solution
from tests.solve.honey_positions import decode, loses_within, pure_state, swapped, wins_within

DEPTH = 3
"""How far brute force looks past a drawn state's first move."""


@pytest.fixture(scope="module")
def game() -> HoneyDonut:
    loaded = holesome.load(
        "honey-donut", repetition="simple", max_plies=2_000
    )  # the largest allowed: no forced win in the table comes near it
    assert isinstance(loaded, HoneyDonut)
    return loaded


def sample(solution: Solution, outcome: int, plies: int, count: int, seed: int) -> list[int]:
    """`count` random states with this value."""
    chosen = np.flatnonzero((solution.outcome == outcome) & (solution.plies == plies))
    return [int(chosen[i]) for i in random.Random(seed).sample(range(len(chosen)), count)]


def test_every_state_is_counted(honey_table: Solution) -> None:
    counts = honey_table.counts()
    assert sum(counts.values()) == len(honey_table.outcome) == honey_table.offsets[-1]
    assert min(counts.values()) > 0


def test_values_are_the_best_over_the_moves(honey_table: Solution) -> None:
    """Each state's value is its best move's: the fastest win, a draw, the slowest loss."""
    rng = random.Random(7)
    for number in rng.sample(range(len(honey_table.outcome)), 3000):
        board, before, _ = decode(honey_table, number)
        stored = (int(honey_table.outcome[number]), int(honey_table.plies[number]))
        assert honey_table.best(board, RED, before) == stored
        assert honey_table.best(swapped(board), BLUE, swapped(before)) == stored


@pytest.mark.parametrize(("outcome", "plies"), [(WIN, 1), (WIN, 3), (WIN, 5), (LOSS, 2), (LOSS, 4)])
def test_decided_states_agree_with_brute_force(
    honey_table: Solution, game: HoneyDonut, outcome: int, plies: int
) -> None:
    """A state won (lost) in n plies: the search finds a forced win (loss) in n, none in n - 1."""
    for index, number in enumerate(sample(honey_table, outcome, plies, 16, seed=plies)):
        state = pure_state(game, number, honey_table, blue=index % 2 == 1)
        if outcome == WIN:
            assert wins_within(game, state, plies)
            assert not wins_within(game, state, plies - 1)
        else:
            assert loses_within(game, state, plies)
            assert not loses_within(game, state, plies - 1)


def test_drawn_states_have_no_short_forced_result(honey_table: Solution, game: HoneyDonut) -> None:
    """A drawn state is not won or lost within a few plies by the search either."""
    for index, number in enumerate(sample(honey_table, DRAW, 0, 12, seed=3)):
        state = pure_state(game, number, honey_table, blue=index % 2 == 1)
        assert not wins_within(game, state, DEPTH)
        assert not loses_within(game, state, DEPTH + 1)


def test_start_value_is_its_best_move(honey_table: Solution) -> None:
    values = honey_table.moves(STARTING_BOARD, RED, None)
    assert len(values) == 12
    assert honey_table.best(STARTING_BOARD, RED, None) in {(o, p) for _, o, p in values}
