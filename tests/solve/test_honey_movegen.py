"""The compiled move generator agrees with the pure engine, move for move, on every state of
random games under both repetition options.

The suite plays a few hundred games; `HOLESOME_MOVEGEN_GAMES=10000` runs the issue's full check.
"""

import os
import random

import numpy as np
import pytest

pytest.importorskip("numba")

import holesome
from holesome.games.honey_donut import HoneyDonut, HoneyState, Move
from holesome.games.honey_donut.board import MOVES, STARTING_BOARD
from holesome.solve.honey_donut.encoding import from_key
from holesome.solve.honey_donut.movegen import NO_BOARD, generate

GAMES = int(os.environ.get("HOLESOME_MOVEGEN_GAMES", "150"))


def compiled(state: HoneyState, forbidden: int) -> tuple[list[Move], list[tuple[int, ...]]]:
    """The compiled generator's moves and child boards for the state's mover."""
    moves = np.empty(36, np.int64)
    children = np.empty(36, np.int64)
    wins = np.empty(36, np.bool_)
    count = generate(np.array(state.board, np.int8), state.mover, forbidden, moves, children, wins)
    board = np.empty(18, np.int8)
    boards = []
    for key in children[:count]:
        from_key(int(key), board)
        boards.append(tuple(board.tolist()))
    assert [bool(won) for won in wins[:count]] == [0 in child for child in boards]
    return [MOVES[move] for move in moves[:count]], boards


def key(board: tuple[int, ...]) -> int:
    return sum(piece << (3 * cell) for cell, piece in enumerate(board))


def compiled_for(game: HoneyDonut, state: HoneyState) -> tuple[list[Move], list[tuple[int, ...]]]:
    """The compiled moves under the game's repetition rule (`strict` filters the children)."""
    if game.options["repetition"] == "simple":
        return compiled(state, NO_BOARD if state.previous is None else key(state.previous))
    seen = state.seen[1 - state.mover]
    kept = [(m, b) for m, b in zip(*compiled(state, NO_BOARD), strict=True) if 0 in b or b not in seen]
    return [m for m, _ in kept], [b for _, b in kept]


def check_games(game: HoneyDonut, games: int, seed: int) -> int:
    """Play random games, comparing the generators on every state where moves are asked for
    (a game ended for want of a move included); return how many states were compared."""
    rng = random.Random(seed)
    limit = game.options["max_plies"] if game.options["repetition"] == "simple" else None
    checked = 0
    for number in range(games):
        state = game.start(number)
        while state.winner is None and (limit is None or state.ply < limit):
            moves, boards = compiled_for(game, state)
            assert moves == list(state.moves)
            assert boards == list(state.children)
            checked += 1
            if not state.moves:
                break
            state = game.apply(state, state.mover, rng.choice(state.moves))
    return checked


@pytest.mark.parametrize("repetition", ["simple", "strict"])
def test_compiled_moves_match_the_pure_engine(repetition: str) -> None:
    game = holesome.load("honey-donut", repetition=repetition)
    assert isinstance(game, HoneyDonut)
    assert check_games(game, GAMES, seed=len(repetition)) > GAMES * 10


def compiled_perft(board: np.ndarray, mover: int, forbidden: int, depth: int) -> int:
    """Perft by the compiled generator under `simple`, stopping at won positions."""
    if depth == 0:
        return 1
    moves = np.empty(36, np.int64)
    children = np.empty(36, np.int64)
    wins = np.empty(36, np.bool_)
    count = generate(board, mover, forbidden, moves, children, wins)
    total = 0
    child = np.empty(18, np.int8)
    for i in range(count):
        if wins[i]:
            total += 1 if depth == 1 else 0
            continue
        from_key(int(children[i]), child)
        total += compiled_perft(child.copy(), 1 - mover, key(tuple(board.tolist())), depth - 1)
    return total


@pytest.mark.parametrize(("depth", "count"), [(1, 12), (2, 144), (3, 1814)])
def test_compiled_perft_gives_the_check_figures(depth: int, count: int) -> None:
    assert compiled_perft(np.array(STARTING_BOARD, np.int8), 0, NO_BOARD, depth) == count
