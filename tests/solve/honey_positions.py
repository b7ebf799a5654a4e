"""Helpers for the solver tests: solver states as pure-engine states, and brute-force search."""

import numpy as np

from holesome.games.honey_donut import BLUE, RED, HoneyDonut, HoneyState
from holesome.games.honey_donut.board import MOVES
from holesome.solve.honey_donut.edges import CODE_COUNT, CODE_MOVE
from holesome.solve.honey_donut.encoding import SWAP_COLOURS, shift, unrank
from holesome.solve.honey_donut.table import Solution

Board = tuple[int, ...]


def decode(solution: Solution, number: int) -> tuple[Board, Board, int]:
    """State `number` as (board with Red to move, the board before, Blue's last move id)."""
    index = int(np.searchsorted(solution.offsets, number, side="right")) - 1
    mask = int(solution.masks[index])
    code = [code for code in range(CODE_COUNT) if mask >> code & 1][number - int(solution.offsets[index])]
    board = np.empty(18, np.int8)
    before = np.empty(18, np.int8)
    unrank(index, board)
    shift(board, CODE_MOVE[code] ^ 1, before)
    return tuple(board.tolist()), tuple(before.tolist()), int(CODE_MOVE[code])


def swapped(board: Board) -> Board:
    """The board with the colours exchanged."""
    return tuple(int(SWAP_COLOURS[piece]) for piece in board)


def pure_state(game: HoneyDonut, number: int, solution: Solution, blue: bool = False) -> HoneyState:
    """State `number` as a pure `simple` state (with colours swapped, Blue to move, if `blue`)."""
    board, before, move = decode(solution, number)
    if blue:
        board, before = swapped(board), swapped(before)
    state = HoneyState(board, BLUE if blue else RED, 1, MOVES[move], before, (frozenset(), frozenset()), None)
    rebuilt: HoneyState = game.state_from_json(game.state_to_json(state))
    return rebuilt


def wins_within(game: HoneyDonut, state: HoneyState, plies: int) -> bool:
    """Whether the side to move can force a win in at most `plies` plies (pure engine search)."""
    if plies < 1:
        return False
    for move in state.moves:
        child = game.apply(state, state.mover, move)
        outcome = game.outcome(child)
        if outcome is not None and outcome.winners == (state.mover,):
            return True
        if outcome is None and loses_within(game, child, plies - 1):
            return True
    return False


def loses_within(game: HoneyDonut, state: HoneyState, plies: int) -> bool:
    """Whether the side to move cannot avoid losing within `plies` plies."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome.winners == (1 - state.mover,)
    return plies >= 2 and all(
        wins_within(game, game.apply(state, state.mover, move), plies - 1) for move in state.moves
    )
