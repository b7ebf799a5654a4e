"""Double Dash!'s leaf judgement: material and threats, as the rules make pieces win or lose."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from holesome.core.game import CHANCE
from holesome.games.double_dash import PLAYER_1, PLAYER_2, DashState, Die, DoubleDash, Phase, Piece, Roll, StartRoll
from holesome.games.double_dash.heuristic import capture_chance, reach

ROWS = [
    "1...1.",
    "......",
    "..#...",
    "...#..",
    "......",
    ".2...2",
]
"""A small board, the same turned half around: two pieces a side, two black spaces."""


def _game() -> DoubleDash:
    return DoubleDash(board=ROWS, no_capture_limit=100)


def _at_roll(game: DoubleDash, board: str, mover: int) -> DashState:
    """A later turn (two dice) about to be rolled by `mover`, on `board`."""
    start = game.apply(game.start(0), CHANCE, StartRoll((6, 1) if mover == PLAYER_1 else (1, 6)))
    return replace(start, board=board, turns=4)


def _board(*rows: str) -> str:
    return "".join(rows)


def _mirror(board: str) -> str:
    """The board turned half around with the sides swapped: the same position for the other side."""
    swap = {"1": "2", "2": "1"}
    return "".join(swap.get(mark, mark) for mark in reversed(board))


FACING = _board("1.....", "......", "1.#...", "...#..", "......", "2....2")
"""Player 1's pieces on a1 and a3 above Player 2's on a6: a3 reaches a6 with a 3 (a1 too, passing
a3, with a 5), and a6 reaches a3 with a 3."""
APART = _board("1...1.", "......", "..#...", "...#..", "......", ".2...2")
"""The start of the small board: nobody in reach."""


def test_reach_passes_own_pieces_and_stops_at_black_spaces_and_the_first_opponent() -> None:
    """From a1: e1 at 4 past its own c1, a5 at 4 (a6 behind it is not reached), f6 cut off by the
    black c3; from c1: e1 at 2. A 5 would mean an opponent passed or a black space crossed."""
    game = _game()
    board = _board("1.1.2.", "......", "..#...", "...#..", "2.....", "2....2")
    assert reach(game.layout, board, PLAYER_1) == frozenset({2, 4})
    assert reach(game.layout, APART, PLAYER_1) == frozenset()
    edge = _board("21....", "......", "..#...", "...#..", "......", "......")
    assert reach(game.layout, edge, PLAYER_1) == frozenset({1})  # a ray of one space, to the edge


def test_a_capture_chance_is_the_chance_a_die_or_a_double_shows_the_distance() -> None:
    assert capture_chance(frozenset({3}), first_turn=False) == pytest.approx(11 / 36)
    assert capture_chance(frozenset({4}), first_turn=False) == pytest.approx(12 / 36)  # 2+2 as one move of 4
    assert capture_chance(frozenset({12}), first_turn=False) == pytest.approx(1 / 36)
    assert capture_chance(frozenset({3}), first_turn=True) == pytest.approx(1 / 6)
    assert capture_chance(frozenset(), first_turn=False) == 0.0


def test_a_piece_up_is_valued_above_its_mirror() -> None:
    game = _game()
    up = _board("1...1.", "......", "..#...", "...#..", "......", ".....2")
    rng = random.Random(0)
    ahead = game.evaluate(_at_roll(game, up, PLAYER_2), rng)
    behind = game.evaluate(_at_roll(game, _mirror(up), PLAYER_1), rng)
    even = game.evaluate(_at_roll(game, APART, PLAYER_2), rng)
    assert even == pytest.approx((0.5, 0.5))
    assert ahead[PLAYER_1] > 0.6
    assert behind[PLAYER_2] == pytest.approx(ahead[PLAYER_1])
    assert sum(ahead) == pytest.approx(1.0)


def test_a_threat_is_worth_more_to_the_side_about_to_roll() -> None:
    game = _game()
    rng = random.Random(0)
    p1_rolls = game.evaluate(_at_roll(game, FACING, PLAYER_1), rng)[PLAYER_1]
    p2_rolls = game.evaluate(_at_roll(game, FACING, PLAYER_2), rng)[PLAYER_1]
    quiet = game.evaluate(_at_roll(game, APART, PLAYER_1), rng)[PLAYER_1]
    assert p1_rolls > quiet == pytest.approx(0.5)
    assert quiet > p2_rolls


def test_a_capture_in_hand_counts_in_full() -> None:
    """Player 1 has rolled a 3 (a3 takes a6) or a double one (nothing to take)."""
    game = _game()
    rolled = game.apply(_at_roll(game, FACING, PLAYER_1), CHANCE, Roll((3, 5)))
    missed = game.apply(_at_roll(game, FACING, PLAYER_1), CHANCE, Roll((1, 1)))
    rng = random.Random(0)
    assert game.evaluate(rolled, rng)[PLAYER_1] > 0.65
    assert game.evaluate(missed, rng)[PLAYER_1] < 0.5


def test_a_finished_game_is_valued_by_its_outcome() -> None:
    """Player 1 takes Player 2's last piece: the evaluation is the win itself."""
    game = _game()
    last = _board("......", "......", "1.#...", "...#..", "......", "2.....")
    state = game.apply(_at_roll(game, last, PLAYER_1), CHANCE, Roll((3, 5)))
    while state.phase is not Phase.OVER:
        capture = next(play for play in state.plays if play.captures)
        wanted = (Die(3), Piece(2, 0), capture.direction)
        state = game.apply(state, PLAYER_1, next(action for action in state.menu if action in wanted))
    assert game.evaluate(state, random.Random(0)) == (1.0, 0.0)
