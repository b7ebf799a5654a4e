"""The shared conformance checks on Doughnut Dash, for every player count and a smaller layout."""

import pytest

import holesome
from holesome.core.conformance import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    check_game(holesome.load("doughnut-dash", players), games=2, seed=100 * players, deep_every=3)


def test_conformance_on_a_three_by_five_layout() -> None:
    check_game(holesome.load("doughnut-dash", 3, layout="3x5"), games=1, seed=7, deep_every=5)
