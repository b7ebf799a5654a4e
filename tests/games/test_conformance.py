"""The shared conformance checks, on every registered game and player count.

A light sweep so that no registered game escapes them; each game's own tests run them more
deeply, with settings that suit its length.
"""

import pytest

import holesome
from holesome.core.conformance import check_game

CASES = [(name, players) for name, game in holesome.GAMES.items() for players in game.player_counts]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_conformance(name: str, players: int) -> None:
    check_game(holesome.load(name, players), games=1, deep_every=5)
