"""The shared conformance checks on Doughnut Dash, for every player count and the other layouts."""

import pytest

import holesome
from holesome.core.conformance import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    check_game(holesome.load("doughnut-dash", players), games=2, seed=100 * players, deep_every=3)


@pytest.mark.parametrize("layout", ["2x8", "8x2"])
def test_conformance_on_the_other_layouts(layout: str) -> None:
    check_game(holesome.load("doughnut-dash", 3, layout=layout), games=1, seed=7, deep_every=5)
