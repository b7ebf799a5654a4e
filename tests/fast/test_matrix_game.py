"""Two-seat zero-sum matrix games (`fast.matrix_game`) are solved exactly: the value and a mix
that guarantees it, certified against every row and column."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

from holesome.fast.matrix_game import MAX_SIDE, TOLERANCE, matrix_game


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, MAX_SIDE),
    st.integers(1, MAX_SIDE),
    st.lists(st.integers(0, 4), min_size=MAX_SIDE**2, max_size=MAX_SIDE**2),
)
def test_matrix_games_are_solved_exactly(rows: int, columns: int, entries: list[int]) -> None:
    """The row seat's mix guarantees the value against every column, and the column seat's mix
    (the same solver on the game seen from its side) holds every row to it: a certificate that
    the value is the game's, up to the widest table a search solves. Entries from five levels
    make ties (degenerate games) common."""
    payoffs = np.array(entries[: rows * columns], float).reshape(rows, columns) / 4
    mine, theirs = np.empty(rows), np.empty(columns)
    worth = matrix_game(payoffs, mine)
    assert matrix_game(1.0 - payoffs.T, theirs) == pytest.approx(1.0 - worth)
    for mix in (mine, theirs):
        assert mix.min() >= 0 and mix.sum() == pytest.approx(1.0)
    assert (mine @ payoffs).min() >= worth - TOLERANCE
    assert (payoffs @ theirs).max() <= worth + TOLERANCE


def test_rock_paper_scissors_is_mixed_evenly() -> None:
    payoffs = np.array([[0.5, 0.0, 1.0], [1.0, 0.5, 0.0], [0.0, 1.0, 0.5]])
    mix = np.empty(3)
    assert matrix_game(payoffs, mix) == pytest.approx(0.5)
    assert mix == pytest.approx([1 / 3] * 3)
