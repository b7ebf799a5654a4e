"""Donut Dilemma passes the shared conformance checks at every player count."""

import pytest

import holesome
from holesome.core.conformance import check_game
from holesome.games.donut_dilemma import DonutDilemma


@pytest.mark.parametrize("players", DonutDilemma.player_counts)
def test_conformance(players: int) -> None:
    deep_every = 1 if players <= 5 else 7
    check_game(holesome.load("donut-dilemma", players), games=2, seed=100, deep_every=deep_every)


def test_conformance_with_options() -> None:
    game = holesome.load("donut-dilemma", 5, start=["A", "A", "c", "E", "E"], garnets=[0, 3, 1, 0, 3], rounds=3)
    check_game(game, games=2, seed=200, deep_every=2)
