"""The compact encoding: keys and ranks name boards one to one."""

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from holesome.games.honey_donut.board import STARTING_BOARD, Piece
from holesome.solve.honey_donut.encoding import BOARD_COUNT, from_key, rank, swap_colours, to_key, unrank


def test_board_count_is_the_issue_figure() -> None:
    assert BOARD_COUNT == 18 * 17 * 120 * 91 == 3_341_520


@pytest.mark.parametrize("index", [0, 1, 90, 91, BOARD_COUNT // 2, BOARD_COUNT - 1])
def test_rank_inverts_unrank_at_the_ends(index: int) -> None:
    board = np.empty(18, np.int8)
    unrank(index, board)
    assert rank(board) == index


def test_unrank_makes_legal_boards_and_rank_inverts_it() -> None:
    rng = random.Random(11)
    board = np.empty(18, np.int8)
    seen = set()
    for index in rng.sample(range(BOARD_COUNT), 5000):
        unrank(index, board)
        counts = [int(np.count_nonzero(board == piece)) for piece in Piece]
        assert counts == [0, 12, 2, 1, 2, 1]
        assert rank(board) == index
        seen.add(board.tobytes())
    assert len(seen) == 5000


def test_rank_of_random_boards_is_in_range_and_inverted() -> None:
    rng = random.Random(5)
    pieces = list(STARTING_BOARD)
    board = np.empty(18, np.int8)
    for _ in range(2000):
        rng.shuffle(pieces)
        cells = np.array(pieces, np.int8)
        index = rank(cells)
        assert 0 <= index < BOARD_COUNT
        unrank(index, board)
        assert board.tolist() == pieces


def test_keys_round_trip_any_board() -> None:
    rng = random.Random(3)
    board = np.empty(18, np.int8)
    for _ in range(500):
        cells = np.array([rng.randrange(6) for _ in range(18)], np.int8)
        from_key(to_key(cells), board)
        assert board.tolist() == cells.tolist()


def test_swap_colours_exchanges_red_and_blue() -> None:
    out = np.empty(18, np.int8)
    swap_colours(np.array(STARTING_BOARD, np.int8), out)
    swapped = {int(Piece.RED): Piece.BLUE, int(Piece.RED_KING): Piece.BLUE_KING}
    swapped |= {int(Piece.BLUE): Piece.RED, int(Piece.BLUE_KING): Piece.RED_KING}
    assert out.tolist() == [int(swapped.get(piece, piece)) for piece in STARTING_BOARD]
