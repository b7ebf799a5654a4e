"""Donut Dilemma passes the shared conformance checks at every player count.

The issue's counts (3, 5 and the default 10) play two games each; the others one. With ten
seats the costly checks (JSON round-trips, views, determinize) run every few steps.
"""

import pytest
from tests.games.donut_dilemma_twins import scramble

import holesome
from holesome.core.conformance import check_game
from holesome.games.donut_dilemma import DonutDilemma

MAIN_COUNTS = (3, 5, 10)


@pytest.mark.parametrize("players", DonutDilemma.player_counts)
def test_conformance(players: int) -> None:
    games = 2 if players in MAIN_COUNTS else 1
    deep_every = 1 if players <= 5 else 5
    game = holesome.load("donut-dilemma", players)
    check_game(game, games=games, seed=100, deep_every=deep_every, twin=scramble)


def test_conformance_with_options() -> None:
    game = holesome.load("donut-dilemma", 5, start=["A", "A", "c", "E", "E"], garnets=[0, 3, 1, 0, 3], rounds=3)
    check_game(game, games=2, seed=200, deep_every=2, twin=scramble)
