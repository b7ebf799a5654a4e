"""The test game itself follows the contract, so the adapter tests built on it mean something."""

import pytest
from secret_bids import SecretBids

from holesome.core.conformance import check_game


@pytest.mark.parametrize("players", SecretBids.player_counts)
def test_secret_bids_conforms(players: int) -> None:
    check_game(SecretBids(players), games=3)
