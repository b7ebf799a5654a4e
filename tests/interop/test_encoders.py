"""Observation encoders: Honey Donut's layout, the hashed fallback, per-game facts."""

from math import factorial

import pytest

import holesome
from holesome.games.honey_donut.board import LETTERS
from holesome.interop.encoders import (
    HashedViewEncoder,
    HoneyDonutEncoder,
    encoder_for,
    profile_for,
)
from tests.interop.secret_bids import Act, SecretBids

PLANES = 5
TURN, IS_RED, LAST = 90, 91, 92


def _flags(vector: list[float], letter: str) -> list[float]:
    cell = LETTERS.index(letter)
    return vector[cell * PLANES : (cell + 1) * PLANES]


def test_honey_donut_start_from_each_side() -> None:
    game = holesome.load("honey-donut")
    state = game.start(0)
    encoder = encoder_for(game)
    assert isinstance(encoder, HoneyDonutEncoder)
    red, blue = (encoder.encode(game.view(state, seat)) for seat in (0, 1))
    assert len(red) == len(blue) == encoder.size == 128
    # b holds the red King, q the blue King, a a red piece, h a white piece
    assert _flags(red, "b") == [0, 1, 0, 0, 0]
    assert _flags(blue, "b") == [0, 0, 0, 1, 0]
    assert _flags(red, "q") == [0, 0, 0, 1, 0]
    assert _flags(red, "a") == [1, 0, 0, 0, 0]
    assert _flags(blue, "a") == [0, 0, 1, 0, 0]
    assert _flags(red, "h") == [0, 0, 0, 0, 1]
    assert (red[TURN], red[IS_RED], blue[TURN], blue[IS_RED]) == (1, 1, 0, 0)
    assert sum(red[LAST:]) == 0


def test_honey_donut_last_move_and_empty_cell() -> None:
    game = holesome.load("honey-donut")
    state = game.start(0)
    move = game.legal_actions(state, 0)[0]
    after = game.apply(state, 0, move)
    vector = encoder_for(game).encode(game.view(after, 1))
    assert vector[LAST + game.encode(move)] == 1
    assert sum(vector[LAST:]) == 1
    assert vector[TURN] == 1
    empty = game.view(after, 1) | {"cells": [{**cell, "piece": None} for cell in game.view(after, 1)["cells"]]}
    assert sum(encoder_for(game).encode(empty)[:TURN]) == 0


def test_hashed_encoder_is_fixed_size_deterministic_and_tells_views_apart() -> None:
    game = SecretBids(3)
    encoder = encoder_for(game)
    assert isinstance(encoder, HashedViewEncoder)
    state = game.start(1)
    later = game.apply(state, 0, Act("bid", 1))
    views = [game.view(state, seat) for seat in range(3)] + [game.view(later, 0)]
    vectors = [encoder.encode(view) for view in views]
    assert all(len(vector) == encoder.size for vector in vectors)
    assert vectors[0] == HashedViewEncoder().encode(views[0])
    assert vectors[0] != vectors[3]  # seat 0's own pending bid shows
    other_bid = game.apply(state, 0, Act("bid", 0))
    assert encoder.encode(game.view(later, 1)) == encoder.encode(game.view(other_bid, 1))  # seat 1 cannot tell


def test_hashed_encoder_needs_a_bucket() -> None:
    with pytest.raises(ValueError, match="at least one bucket"):
        HashedViewEncoder(0)


def test_honey_donut_length_bound() -> None:
    simple = holesome.load("honey-donut", repetition="simple", max_plies=40)
    assert profile_for(simple).max_game_length(simple) == 40
    strict = holesome.load("honey-donut")
    # 18 cells: 12 white, 2 red, 2 blue and the two Kings; two sides to move; one winning ply
    boards = factorial(18) // (factorial(12) * factorial(2) * factorial(2))
    assert profile_for(strict).max_game_length(strict) == boards * 2 + 1


def test_unknown_games_get_the_cautious_profile() -> None:
    profile = profile_for(SecretBids(2))
    assert profile.has_chance
    assert profile.max_game_length(SecretBids(2)) is None
    assert not profile_for(holesome.load("honey-donut")).has_chance
