"""Per-client quotas: counted, refused past the limit, freed when games end, and their tables kept small."""

from __future__ import annotations

import pytest

from holesome.server.errors import TooMany
from holesome.server.quotas import Limits, Quotas


class Clock:
    def __init__(self) -> None:
        self.moment = 0.0

    def __call__(self) -> float:
        return self.moment


def test_creations_are_limited_per_minute_and_open_games_until_they_end() -> None:
    clock = Clock()
    quotas = Quotas(Limits(games_per_minute=2, open_games=3), clock)
    for game in ("a", "b"):
        quotas.may_create("x")
        quotas.created("x", game)
    with pytest.raises(TooMany, match="2 new games a minute"):
        quotas.may_create("x")
    quotas.may_create("y")  # another client is counted apart
    clock.moment = 61.0
    quotas.may_create("x")
    quotas.created("x", "c")
    with pytest.raises(TooMany, match="3 unfinished games"):
        quotas.may_create("x")
    quotas.closed("a")
    quotas.may_create("x")
    for game in ("b", "c"):
        quotas.closed(game)
    clock.moment = 200.0
    quotas.may_create("z")
    assert quotas._open == {} and quotas._creators == {} and quotas._created == {}


def test_sockets_are_limited_per_client_and_per_game_and_freed_on_close() -> None:
    quotas = Quotas(Limits(sockets_per_client=2, sockets_per_game=3))
    quotas.open_socket("x", "g")
    quotas.open_socket("x", "g")
    with pytest.raises(TooMany, match="2 WebSockets from one client"):
        quotas.open_socket("x", "g")
    quotas.open_socket("y", "g")
    with pytest.raises(TooMany, match="3 WebSockets on one game"):
        quotas.open_socket("z", "g")
    for client in ("x", "x", "y"):
        quotas.close_socket(client, "g")
    assert quotas._sockets == {} and quotas._game_sockets == {}
