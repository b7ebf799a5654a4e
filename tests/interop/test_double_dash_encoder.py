"""The Double Dash encoder's layout, checked by hand on a 4 x 4 board."""

from typing import Any

import pytest

import holesome
from holesome.core.game import CHANCE, Game
from holesome.games.double_dash.actions import Direction, Piece, Roll, StartRoll
from holesome.games.double_dash.board import Heading
from holesome.interop.encoders import DoubleDashEncoder, encoder_for

BOARD = ["1111", "....", ".#..", "2222"]
"""Player 1 on row 1, Player 2 on row 4, one black space on b3 (square 9)."""
SPACES = 16
B1, B2, B3, C3 = 1, 5, 9, 10


def _game_and_encoder() -> tuple[Game[Any, Any], DoubleDashEncoder]:
    game = holesome.load("double-dash", board=BOARD)
    encoder = encoder_for(game)
    assert isinstance(encoder, DoubleDashEncoder)
    return game, encoder


def _plane(encoder: DoubleDashEncoder, vector: list[float], name: str) -> list[float]:
    return vector[encoder.layout[name]]


def test_size_follows_the_board() -> None:
    _, encoder = _game_and_encoder()
    assert encoder.size == 9 * SPACES + 6 + 2 + 1 + 1 + 3 * 6 + 12 + 2 + 1
    assert encoder_for(holesome.load("double-dash")).size == 9 * 100 + 43


def test_pieces_are_mine_or_theirs_from_each_side() -> None:
    game, encoder = _game_and_encoder()
    state = game.start(0)
    first, second = (encoder.encode(game.view(state, seat)) for seat in (0, 1))
    row_1, row_4 = [1.0] * 4 + [0.0] * 12, [0.0] * 12 + [1.0] * 4
    assert _plane(encoder, first, "mine") == _plane(encoder, second, "theirs") == row_1
    assert _plane(encoder, first, "theirs") == _plane(encoder, second, "mine") == row_4
    assert _plane(encoder, first, "black") == [1.0 if space == B3 else 0.0 for space in range(SPACES)]
    assert (_plane(encoder, first, "first"), _plane(encoder, second, "first")) == ([1.0], [0.0])
    assert _plane(encoder, first, "pieces") == [1.0, 1.0]
    assert _plane(encoder, first, "phase") == [1, 0, 0, 0, 0, 0]
    assert sum(_plane(encoder, first, "movers")) == 0


def test_a_turn_shows_dice_choices_and_moves() -> None:
    game, encoder = _game_and_encoder()
    state = game.apply(game.start(0), CHANCE, StartRoll((6, 1)))
    state = game.apply(state, CHANCE, Roll((2,)))
    mover, waiting = (encoder.encode(game.view(state, seat)) for seat in (0, 1))
    assert _plane(encoder, mover, "movers") == [1, 0]
    assert _plane(encoder, waiting, "movers") == [0, 1]
    assert _plane(encoder, mover, "rolled") == _plane(encoder, mover, "left") == [0, 0.5, 0, 0, 0, 0]
    assert _plane(encoder, mover, "first_turn") == [1.0]
    assert _plane(encoder, mover, "origins")[:4] == [1, 1, 1, 1]
    assert _plane(encoder, mover, "targets")[C3] == 1  # b1 south-east two spaces
    state = game.apply(state, 0, Piece(0, 1))
    chosen = encoder.encode(game.view(state, 0))
    assert _plane(encoder, chosen, "chosen_piece") == [1.0 if space == B1 else 0.0 for space in range(SPACES)]
    assert _plane(encoder, chosen, "chosen_die")[1] == 1  # the single 2
    assert _plane(encoder, chosen, "origins") == _plane(encoder, chosen, "chosen_piece")
    state = game.apply(state, 0, Direction(Heading.S))  # the black space on b3 stops it on b2
    state = game.apply(state, CHANCE, Roll((1,)))
    after = encoder.encode(game.view(state, 1))
    assert _plane(encoder, after, "last_from")[B1] == _plane(encoder, after, "last_to")[B2] == 1
    assert sum(_plane(encoder, after, "last_to")) == 1
    assert _plane(encoder, after, "theirs")[B2] == 1
    assert _plane(encoder, after, "movers") == [1, 0]
    assert sum(_plane(encoder, after, "moved")) == 0


def test_the_encoder_refuses_another_game() -> None:
    with pytest.raises(TypeError, match="needs a Double Dash game"):
        DoubleDashEncoder(holesome.load("go-nuts"))
