"""The Doughnut Dash encoder's layout, checked by hand on dealt tables given stacks and cards."""

from collections import Counter
from dataclasses import replace

import pytest

import holesome
from holesome.games.doughnut_dash import Card, Choose, DashState, Direction, DoughnutDash
from holesome.games.doughnut_dash.components import DECK, DOUGHNUT_COUNTS, Doughnut
from holesome.interop.encoders import DoughnutDashEncoder, encoder_for

SQUARES = 64
KINDS = list(Doughnut)


def _setup(players: int) -> tuple[DoughnutDash, DoughnutDashEncoder, DashState]:
    game = holesome.load("doughnut-dash", players)
    assert isinstance(game, DoughnutDash)
    encoder = encoder_for(game)
    assert isinstance(encoder, DoughnutDashEncoder)
    return game, encoder, game.start(4)


def _part(encoder: DoughnutDashEncoder, vector: list[float], name: str, index: int, width: int) -> list[float]:
    start = encoder.layout.start(name) + index * width
    return vector[start : start + width]


def _with(state: DashState, seat: int, sugar: tuple[Card, ...] = (), stack: tuple[Doughnut, ...] = ()) -> DashState:
    """`seat` given these Sugar Rush cards (from the deck) and this stack."""
    players = list(state.players)
    players[seat] = replace(players[seat], sugar=tuple(sorted(sugar)), stack=stack)
    deck = tuple(sorted((Counter(DECK) - Counter(sugar)).elements()))
    return replace(state, players=tuple(players), deck=deck)


def test_floor_planes_and_thieves_from_the_observers_side() -> None:
    game, encoder, state = _setup(3)
    view = game.view(state, 1)
    vector = encoder.encode(view)
    for square, doughnut in enumerate(state.doughnuts):
        column = [plane[square] for plane in (_part(encoder, vector, "doughnuts", k, SQUARES) for k in range(5))]
        assert column == [float(doughnut is kind) for kind in KINDS]
    for place, seat in enumerate((1, 2, 0)):
        for thief in (0, 1):
            plane = _part(encoder, vector, "thieves", place * 2 + thief, SQUARES)
            assert plane == [float(square == state.players[seat].thieves[thief]) for square in range(SQUARES)]
    teleports = [square for square in view["board"]["squares"] if square["partner"] is not None]
    assert teleports
    for square in teleports:
        assert _part(encoder, vector, "features", 2, SQUARES)[square["square"]] == 1
        assert _part(encoder, vector, "partner", 0, SQUARES)[square["square"]] == (square["partner"] + 1) / SQUARES
    assert _part(encoder, vector, "acting", 0, 3) == [1, 1, 1]
    assert _part(encoder, vector, "phase", 0, 9)[0] == 1  # choose


def test_sugar_rush_cards_show_only_to_their_holder() -> None:
    game, encoder, state = _setup(3)
    guard_and_leap = _with(state, 1, sugar=(Card.GUARD, Card.LEAP))
    two_spins = _with(state, 1, sugar=(Card.SPIN, Card.SPIN))
    holder = encoder.encode(game.view(guard_and_leap, 1))
    mine = _part(encoder, holder, "my_sugar", 0, 8)
    assert mine[list(Card).index(Card.GUARD)] == mine[list(Card).index(Card.LEAP)] == 1 / 6
    assert sum(mine) == pytest.approx(2 / 6)
    other = encoder.encode(game.view(guard_and_leap, 0))
    assert other == encoder.encode(game.view(two_spins, 0))
    assert sum(_part(encoder, other, "my_sugar", 0, 8)) == 0
    assert _part(encoder, other, "sugar_count", 1, 1) == [2 / len(DECK)]  # seat 1 is next after seat 0
    assert _part(encoder, other, "deck", 0, 1) == [(len(DECK) - 2) / len(DECK)]


def test_stacks_counts_height_and_top() -> None:
    game, encoder, state = _setup(3)
    state = _with(state, 2, stack=(Doughnut.KETCHUP, Doughnut.BLUEBERRY_VIOLET, Doughnut.KETCHUP))
    own, other = encoder.encode(game.view(state, 2)), encoder.encode(game.view(state, 0))
    ketchup, blueberry = KINDS.index(Doughnut.KETCHUP), KINDS.index(Doughnut.BLUEBERRY_VIOLET)
    for vector, place in ((own, 0), (other, 2)):
        stack = _part(encoder, vector, "stacks", place, 5)
        assert stack[ketchup] == 2 / DOUGHNUT_COUNTS[Doughnut.KETCHUP]
        assert stack[blueberry] == 1 / DOUGHNUT_COUNTS[Doughnut.BLUEBERRY_VIOLET]
        assert _part(encoder, vector, "stack_top", place, 5) == [float(i == ketchup) for i in range(5)]
        assert _part(encoder, vector, "stack_size", place, 1) == [3 / 15]  # 15 ends a 3-player game


def test_a_secret_direction_shows_only_to_its_chooser_until_the_reveal() -> None:
    game, encoder, state = _setup(3)
    state = game.apply(state, 0, Choose(Direction.E))
    chooser, other = encoder.encode(game.view(state, 0)), encoder.encode(game.view(state, 1))
    assert _part(encoder, chooser, "my_choice", 0, 6) == [0, 0, 0, 1, 0, 0]
    assert sum(_part(encoder, other, "my_choice", 0, 6)) == 0
    assert _part(encoder, other, "choosing", 2, 2) == [1, 1]  # seat 0 comes two after seat 1
    assert _part(encoder, other, "choosing", 0, 2) == [1, 0]
    assert _part(encoder, other, "acting", 0, 3) == [1, 1, 0]
    assert _part(encoder, other, "hand", 2, 4) == [1, 1, 1, 1]  # still in hand until the reveal
    state = game.apply(game.apply(state, 1, Choose(Direction.N)), 2, Choose(Direction.N))
    revealed = encoder.encode(game.view(state, 1))
    assert _part(encoder, revealed, "revealed", 2, 4) == [0, 1, 0, 0]
    assert _part(encoder, revealed, "played", 2, 4) == [0, 1, 0, 0]
    assert _part(encoder, revealed, "hand", 2, 4) == [1, 0, 1, 1]


def test_the_encoder_refuses_another_game() -> None:
    with pytest.raises(TypeError, match="needs a Doughnut Dash game"):
        DoughnutDashEncoder(holesome.load("go-nuts"))


@pytest.mark.parametrize(
    ("players", "grid", "squares"), [(2, "4x4", 64), (4, "4x4", 64), (2, "2x8", 64), (3, "8x2", 64)]
)
def test_size_follows_the_players_and_the_layout(players: int, grid: str, squares: int) -> None:
    encoder = encoder_for(holesome.load("doughnut-dash", players, layout=grid))
    assert encoder.size == (10 + 2 * players) * squares + 33 * players + 43
