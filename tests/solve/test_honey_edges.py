"""The solver's states: a board's valid unmove codes are exactly the distinct boards Blue could
have moved from, by the pure engine's rules."""

import random

import numpy as np
import pytest

pytest.importorskip("numba")

import holesome
from holesome.games.honey_donut import BLUE, HoneyDonut, HoneyState
from holesome.games.honey_donut.board import MOVES
from holesome.solve.honey_donut.edges import CODE_COUNT, CODE_MOVE, code_of, popcount, state_number, unmove_mask
from holesome.solve.honey_donut.encoding import BOARD_COUNT, shift, unrank


def blue_to_move(game: HoneyDonut, board: tuple[int, ...]) -> HoneyState:
    """A `simple` state on `board` with Blue to move and nothing forbidden."""
    state = HoneyState(board, BLUE, 1, None, None, (frozenset(), frozenset()), None)
    rebuilt: HoneyState = game.state_from_json(game.state_to_json(state))
    return rebuilt


def test_valid_codes_are_the_distinct_boards_blue_came_from() -> None:
    game = holesome.load("honey-donut", repetition="simple")
    assert isinstance(game, HoneyDonut)
    rng = random.Random(2)
    board = np.empty(18, np.int8)
    before = np.empty(18, np.int8)
    for index in rng.sample(range(BOARD_COUNT), 300):
        unrank(index, board)
        target = tuple(board.tolist())
        mask = unmove_mask(board)
        by_code = {}
        for code in range(CODE_COUNT):
            shift(board, CODE_MOVE[code] ^ 1, before)
            by_code[code] = tuple(before.tolist())
        valid = {by_code[code] for code in range(CODE_COUNT) if mask >> code & 1}
        assert len(valid) == popcount(mask)  # no state is numbered twice
        origins = set()
        for move_id, move in enumerate(MOVES):
            shift(board, move_id ^ 1, before)
            origin = tuple(before.tolist())
            state = blue_to_move(game, origin)
            if move in state.moves and state.children[state.moves.index(move)] == target:
                origins.add(origin)
                assert by_code[code_of(board, move_id)] == origin
        assert valid == origins


def test_states_are_numbered_densely_in_code_order() -> None:
    board = np.empty(18, np.int8)
    masks = np.zeros(3, np.uint32)
    for index in range(3):
        unrank(index * 1000, board)
        masks[index] = unmove_mask(board)
    offsets = np.concatenate([[0], np.cumsum([popcount(int(mask)) for mask in masks])]).astype(np.int64)
    numbers = [
        state_number(offsets, masks, index, code)
        for index in range(3)
        for code in range(CODE_COUNT)
        if masks[index] >> code & 1
    ]
    assert numbers == list(range(int(offsets[-1])))
