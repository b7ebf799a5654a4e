"""What only Go Nuts's compiled path has: Retrieve ids as the encoding numbers them, fresh deals
that are the engine's starting positions, and the first steps of its random games, chance draws
from the deck included (the tests every compiled path over packed rows shares are in
`test_packed_agreement`)."""

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

from holesome.core.game import CHANCE
from holesome.fast.go_nuts import CompiledGoNuts
from holesome.games.go_nuts import GoNuts
from holesome.games.go_nuts.actions import RETRIEVE, Retrieve
from holesome.games.go_nuts.cards import KINDS
from holesome.games.go_nuts.scenario import position
from tests.fast.agreement import OPTIONS, build, check_first_steps, positions

PLAYERS = [options["players"] for options in OPTIONS["go-nuts"]]


def compiled(players: int) -> tuple[GoNuts, CompiledGoNuts]:
    return build("go-nuts", {"players": players}, GoNuts, CompiledGoNuts)


def test_retrieve_ids_follow_the_encoding() -> None:
    game, fast = compiled(6)
    first = fast.ids[fast.k.I_RETRIEVE]
    for card, copies in enumerate(RETRIEVE):
        for copy, action in enumerate(copies):
            assert isinstance(action, Retrieve)
            assert game.encode(action) == first + fast.cards[card, fast.k.C_RETRIEVE] + copy


@pytest.mark.parametrize("players", PLAYERS)
def test_fresh_deals_are_starting_positions(players: int) -> None:
    _game, fast = compiled(players)
    rows = fast._deal(50, seed=players)
    codes = [kind.code for kind in KINDS]
    for row in rows:
        dealt = [codes[card] for card in row[fast.k.ROW : fast.k.ROW + players + 1]]
        assert np.array_equal(row, fast.pack(position(players, row=dealt)))
    assert fast.random_steps(20, seed=1, max_steps=10_000) > 20 * 10


@pytest.mark.parametrize("players", [2, 6])
def test_random_steps_are_uniform_and_chance_follows_the_deck(players: int) -> None:
    game, fast = compiled(players)
    states = positions(game, range(1))
    check_first_steps(fast, states[0], 3000)
    chance = next(state for state in states if game.to_act(state) == (CHANCE,))
    check_first_steps(fast, chance, 3000)
