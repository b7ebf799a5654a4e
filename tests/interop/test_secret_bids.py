"""The test game itself follows the contract, so the adapter tests built on it mean something."""

import pytest

from holesome.core.conformance import check_game
from tests.interop.secret_bids import SecretBids


@pytest.mark.parametrize("players", SecretBids.player_counts)
def test_secret_bids_conforms(players: int) -> None:
    check_game(SecretBids(players), games=3)
