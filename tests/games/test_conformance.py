"""The shared conformance checks, on every registered game and player count."""

import pytest

import holesome
from holesome.core.conformance import check_game

CASES = [(name, players) for name, game in holesome.GAMES.items() for players in game.player_counts]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_conformance(name: str, players: int) -> None:
    check_game(holesome.load(name, players), games=3)
