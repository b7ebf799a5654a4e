"""Go Nuts passes the shared conformance checks for every player count, with the spec's deck sizes."""

import pytest

import holesome
from holesome.core.conformance import check_game
from holesome.games.go_nuts import Draw, GoNuts, Pick
from holesome.games.go_nuts.cards import KINDS, deck_counts

DECK_SIZES = {2: 37, 3: 50, 4: 61, 5: 70, 6: 70}


@pytest.mark.parametrize("players", GoNuts.player_counts)
def test_conformance(players: int) -> None:
    check_game(holesome.load("go-nuts", players), games=3, seed=100, deep_every=4)


@pytest.mark.parametrize(("players", "size"), DECK_SIZES.items())
def test_deck_size_by_player_count(players: int, size: int) -> None:
    assert sum(deck_counts(players)) == size
    state = GoNuts(players).start(seed=1)
    assert len(state.row) == players + 1
    assert state.deck_size + len(state.row) == size


def test_colours_add_kinds_by_player_count() -> None:
    codes = {
        players: {KINDS[card].code for card, copies in enumerate(deck_counts(players)) if copies}
        for players in DECK_SIZES
    }
    assert "BC" not in codes[2] and "BC" in codes[3]
    assert "MI" not in codes[3] and "MI" in codes[4]
    assert "MF" not in codes[4] and "MF" in codes[5]
    assert codes[5] == codes[6]
    french_cruller = next(kind.id for kind in KINDS if kind.code == "FC")
    assert [deck_counts(players)[french_cruller] for players in DECK_SIZES] == [1, 2, 3, 4, 4]


def test_players_outside_two_to_six_are_refused() -> None:
    for players in (1, 7):
        with pytest.raises(holesome.InvalidOption):
            holesome.load("go-nuts", players)


def test_action_space_holds_picks_for_every_slot_and_draws_for_every_kind_in_play() -> None:
    game = GoNuts(3)
    space = game.action_space
    assert [action for action in space if isinstance(action, Pick)] == [Pick(slot) for slot in range(1, 5)]
    drawn = {action.card for action in space if isinstance(action, Draw)}
    assert drawn == {card for card, copies in enumerate(deck_counts(3)) if copies}
    assert len(set(space)) == len(space)
