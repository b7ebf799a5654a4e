"""Cases shared by the interop tests: every registered game and player count, plus Secret Bids."""

from typing import Any

import pytest

import holesome
from holesome.core.game import Game
from tests.interop.secret_bids import SecretBids


def player_counts_for(game: type[Game[Any, Any]]) -> list[int]:
    """The player counts each adapter is tested at: the fewest, the default and the most."""
    counts = game.player_counts
    return sorted({min(counts), game.default_players, max(counts)})


GAME_CASES: list[tuple[str, int]] = [
    (name, players) for name, game in holesome.GAMES.items() for players in player_counts_for(game)
]
"""Every registered game at its fewest, default and most players."""

TOY_CASES: list[int] = list(SecretBids.player_counts)


def load_case(name: str, players: int) -> Game[Any, Any]:
    """A registered game, or the Secret Bids test game under its name."""
    return SecretBids(players) if name == SecretBids.name else holesome.load(name, players)


ALL_CASES = GAME_CASES + [(SecretBids.name, players) for players in TOY_CASES]


@pytest.fixture(params=ALL_CASES, ids=[f"{name}-{players}p" for name, players in ALL_CASES])
def any_game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    """Each registered game and player count, and the test game at 2-4 players."""
    name, players = request.param
    return load_case(name, players)
