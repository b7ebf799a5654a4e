"""The Go Nuts encoder's layout, checked by hand on positions set up from card codes."""

from typing import Any

import pytest

import holesome
from holesome.core.game import CHANCE, Game
from holesome.games.go_nuts.actions import Choose, Pick
from holesome.games.go_nuts.cards import CODES, KINDS, Power, deck_counts
from holesome.games.go_nuts.scenario import position
from holesome.games.go_nuts.state import GoNutsState
from holesome.interop.encoders import GoNutsEncoder, encoder_for, profile_for
from tests.interop.encoding import sampled_views

K = len(KINDS)


def _encoder(game: Game[Any, Any]) -> GoNutsEncoder:
    encoder = encoder_for(game)
    assert isinstance(encoder, GoNutsEncoder)
    return encoder


def _block(encoder: GoNutsEncoder, vector: list[float], name: str, index: int = 0, width: int = K) -> list[float]:
    """The `index`-th `width`-wide part of a block (a seat's hand, a slot's card)."""
    start = encoder.layout[name].start + index * width
    return vector[start : start + width]


def _one_hot(code: str) -> list[float]:
    return [1.0 if card == CODES[code] else 0.0 for card in range(K)]


def _draw_all(game: Game[Any, Any], state: GoNutsState) -> GoNutsState:
    """Plays every chance step, each time the first card the deck may yield."""
    while game.to_act(state) == (CHANCE,):
        state = game.apply(state, CHANCE, game.chance_outcomes(state)[0][0])
    return state


def test_three_player_layout_size() -> None:
    # 1 round + 4 phases + 3 acting + 1 deck + 4 card blocks + 4x23 row + 3x23 hands + 3x3 totals
    # + 3 picked + 3x4 picks + 12 powers + 3 taker + 23 chosen + 3 chosen seat + 1 drawn
    # + 23 drawn cards + 3 passed + 23 my pass
    expected = 1 + 4 + 3 + 1 + 4 * K + 4 * K + 3 * K + 9 + 3 + 12 + 12 + 3 + K + 3 + 1 + K + 3 + K
    assert _encoder(holesome.load("go-nuts", 3)).size == expected


def test_hands_row_and_piles_from_the_observers_side() -> None:
    game = holesome.load("go-nuts", 3)
    encoder = _encoder(game)
    hands = [["PL"], ["JF", "JF"], []]
    state = position(3, row=["GL", "PL", "JF", "PO"], hands=hands, discard=["DH", "MB"], top=(1, "BC"))
    copies = deck_counts(3)
    mine = encoder.encode(game.view(state, 1))
    # seat 1 first, then seat 2, then seat 0
    assert _block(encoder, mine, "hands", 0)[CODES["JF"]] == 2 / copies[CODES["JF"]]
    assert sum(_block(encoder, mine, "hands", 1)) == 0
    assert _block(encoder, mine, "hands", 2)[CODES["PL"]] == 1 / copies[CODES["PL"]]
    assert _block(encoder, mine, "totals", 0, 3)[0] == 2 / sum(copies)
    assert _block(encoder, mine, "row", 2) == _one_hot("JF")
    assert _block(encoder, mine, "discard_top") == _one_hot("MB")
    assert _block(encoder, mine, "discard")[CODES["DH"]] == 1 / copies[CODES["DH"]]
    assert _block(encoder, mine, "phase", 0, 4) == [1, 0, 0, 0]
    assert _block(encoder, mine, "acting", 0, 3) == [1, 1, 1]
    # only seat 1 knows the Boston Cream it put back on the deck
    theirs = encoder.encode(game.view(state, 0))
    assert _block(encoder, mine, "deck_top") == _one_hot("BC")
    assert sum(_block(encoder, theirs, "deck_top")) == 0
    bc = CODES["BC"]
    assert _block(encoder, theirs, "unseen")[bc] - _block(encoder, mine, "unseen")[bc] == pytest.approx(1 / copies[bc])
    assert _block(encoder, theirs, "hands", 0)[CODES["PL"]] == 1 / copies[CODES["PL"]]


def test_picks_stay_secret_until_revealed() -> None:
    game = holesome.load("go-nuts", 3)
    encoder = _encoder(game)
    state = game.apply(position(3, row=["GL", "PL", "JF", "PO"]), 0, Pick(2))
    picker, other = encoder.encode(game.view(state, 0)), encoder.encode(game.view(state, 1))
    assert _block(encoder, picker, "picks", 0, 4) == [0, 1, 0, 0]
    assert _block(encoder, other, "picked", 0, 3) == [0, 0, 1]  # seat 0 is two seats after seat 1
    assert sum(_block(encoder, other, "picks", 2, 4)) == 0
    assert _block(encoder, other, "acting", 0, 3) == [1, 1, 0]
    state = game.apply(game.apply(state, 1, Pick(1)), 2, Pick(4))
    revealed = encoder.encode(game.view(state, 2))
    assert _block(encoder, revealed, "picks", 1, 4) == [0, 1, 0, 0]  # seat 0 follows seat 2
    assert _block(encoder, revealed, "hands", 0)[CODES["PO"]] > 0  # seat 2 took slot 4's Powdered
    assert _block(encoder, revealed, "phase", 0, 4) == [0, 0, 1, 0]  # the row refills


def test_double_chocolate_draws_show_only_to_the_taker() -> None:
    game = holesome.load("go-nuts", 4)
    encoder = _encoder(game)
    state = position(4, row=["DC", "PL", "GL", "JF", "PO"])
    for seat, slot in enumerate((1, 2, 3, 4)):
        state = game.apply(state, seat, Pick(slot))
    state = _draw_all(game, state)
    taker, other = encoder.encode(game.view(state, 0)), encoder.encode(game.view(state, 3))
    power = list(Power).index(Power.DRAW_TWO)
    assert _block(encoder, taker, "power", 0, 12)[power] == 1
    assert _block(encoder, other, "taker", 0, 4) == [0, 1, 0, 0]  # seat 0 is next after seat 3
    assert taker[encoder.layout.start("drawn")] == other[encoder.layout.start("drawn")] == 1
    drawn = game.view(state, 0)["power"]["drawn_cards"]
    assert sum(_block(encoder, taker, "drawn_cards")) == 1
    assert all(_block(encoder, taker, "drawn_cards")[CODES[code]] > 0 for code in drawn)
    assert sum(_block(encoder, other, "drawn_cards")) == 0
    kept = game.apply(state, 0, Choose(CODES[drawn[0]]))
    after = encoder.encode(game.view(kept, 0))
    assert sum(_block(encoder, after, "power", 0, 12)) == 0


@pytest.mark.parametrize(("players", "bound"), [(2, 35 * 13), (4, 57 * 33), (6, 64 * 61)])
def test_length_bound_holds_for_random_games(players: int, bound: int) -> None:
    # (deck - slots + 1) rounds x (n picks + n powers of at most n + 2 steps + n + 1 refills)
    game = holesome.load("go-nuts", players)
    profile = profile_for(game)
    assert profile.has_chance
    assert profile.max_game_length(game) == bound
    for seed in range(3):
        # one spectator view per state: a game of k steps shows k + 1 of them
        states = sum(1 for view in sampled_views(game, seed, bound + 2) if view["seat"] is None)
        assert states - 1 <= bound
