"""Double Dash! random games, compiled: the turn of `games.double_dash.rules`, step by step as the
pure engine takes it (a roll, then for each die its die, piece and direction menus, each choice
drawn uniformly from its menu), and drivers that play games of a batch to the end one by one.

A step writes the seat that acted (`CHANCE` for a roll) and the id it took: for a roll the
outcome's index among the game's chance outcomes, for a choice its action's id (`Game.encode`):
`offsets` holds the ids of the first die, of the piece on the first space and of the first
heading, and the die (0..11), the space or the heading's index counts on from there.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from holesome.core.game import CHANCE
from holesome.fast.double_dash_moves import (
    BARRED,
    CAPTURED,
    CAPTURES,
    CHOSEN_DIE,
    CHOSEN_PIECE,
    DICE,
    DIE,
    DIE_1,
    DIE_2,
    DIE_OF,
    DIRECTION,
    EMPTY,
    FACES,
    HEADING,
    LINE,
    MOVER,
    NONE,
    ORIGIN,
    OVER,
    PHASE,
    PIECE,
    QUIET,
    ROLL,
    START,
    TARGET,
    TURNS,
    WINNER,
    Tables,
    legal_plays,
    only_die,
    steps_of,
)

PLAYERS: Final = 2


@njit(cache=True, inline="always")
def _pick_group(plays: np.ndarray, n: int, column: int) -> int:
    """A uniformly random value among the distinct values of a column whose equal values stand
    together (the dice, or the pieces of one die)."""
    groups = 1
    for row in range(1, n):
        if plays[row, column] != plays[row - 1, column]:
            groups += 1
    pick = np.random.randint(groups)
    row = 0
    while pick > 0:
        row += 1
        if plays[row, column] != plays[row - 1, column]:
            pick -= 1
    return int(plays[row, column])


@njit(cache=True, inline="always")
def _offer(fields: np.ndarray, plays: np.ndarray, n: int, limit: int) -> None:
    """After a roll or a move: offer the plays left (the die menu is skipped when one die is
    left to choose), or end the turn if there are none (a die with no use is lost)."""
    fields[CHOSEN_PIECE] = NONE
    if n > 0:
        one_die = plays[0, DIE_OF] == plays[n - 1, DIE_OF]
        fields[PHASE] = PIECE if one_die else DIE
        fields[CHOSEN_DIE] = plays[0, DIE_OF] if one_die else NONE
        return
    fields[QUIET] = 0 if fields[CAPTURED] else fields[QUIET] + 1
    fields[DICE] = 0
    fields[BARRED] = NONE
    fields[CHOSEN_DIE] = NONE
    if fields[QUIET] >= limit:
        fields[PHASE] = OVER
    else:
        fields[PHASE] = ROLL
        fields[MOVER] = 1 - fields[MOVER]


@njit(cache=True, inline="always")
def _make(
    tables: Tables,
    board: np.ndarray,
    fields: np.ndarray,
    plays: np.ndarray,
    pick: int,
    pieces: np.ndarray,
    scratch: np.ndarray,
) -> int:
    """Make the play at row `pick`; return the plays of the dice left (0 if the game ended)."""
    mover = fields[MOVER]
    origin, target, die = plays[pick, ORIGIN], plays[pick, TARGET], plays[pick, DIE_OF]
    board[origin] = EMPTY
    board[target] = mover + 1
    different = fields[DICE] == 2 and fields[DIE_1] != fields[DIE_2]
    if plays[pick, CAPTURES]:
        fields[CAPTURED] = 1
        pieces[1 - mover] -= 1
        if pieces[1 - mover] == 0:
            fields[PHASE] = OVER
            fields[WINNER] = mover
            fields[QUIET] = 0
            fields[DICE] = 0
            fields[BARRED] = NONE
            fields[CHOSEN_DIE] = NONE
            fields[CHOSEN_PIECE] = NONE
            return 0
    if die >= FACES:
        fields[DICE] = 0
    else:
        if fields[DIE_1] == die + 1:
            fields[DIE_1] = fields[DIE_2]
        fields[DICE] -= 1
    fields[BARRED] = target if different else NONE
    return legal_plays(tables, board, mover, fields, plays, scratch) if fields[DICE] else 0


@njit(cache=True)
def step(
    tables: Tables,
    board: np.ndarray,
    fields: np.ndarray,
    plays: np.ndarray,
    n: int,
    pieces: np.ndarray,
    limit: int,
    double_index: np.ndarray,
    offsets: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> int:
    """Take one random step of a game not over; return how many plays are now on offer. `out`
    gets the seat that acted and the id it took; `pieces` counts each seat's pieces."""
    phase = fields[PHASE]
    if phase == START:
        first, second = np.random.randint(1, FACES + 1), np.random.randint(1, FACES + 1)
        out[0], out[1] = CHANCE, (first - 1) * FACES + second - 1
        if first != second:
            fields[PHASE] = ROLL
            fields[MOVER] = 0 if first > second else 1
        return n
    if phase == ROLL:
        out[0] = CHANCE
        fields[TURNS] += 1
        fields[CAPTURED] = 0
        fields[BARRED] = NONE
        if fields[TURNS] <= 2:
            fields[DIE_1] = np.random.randint(1, FACES + 1)
            fields[DICE] = 1
            out[1] = fields[DIE_1] - 1
        else:
            first, second = np.random.randint(1, FACES + 1), np.random.randint(1, FACES + 1)
            fields[DIE_1], fields[DIE_2] = min(first, second), max(first, second)
            fields[DICE] = 2
            out[1] = double_index[fields[DIE_1], fields[DIE_2]]
        n = legal_plays(tables, board, fields[MOVER], fields, plays, scratch)
        _offer(fields, plays, n, limit)
        return n
    out[0] = fields[MOVER]
    if phase == DIE:
        die = _pick_group(plays, n, DIE_OF)
        out[1] = offsets[0] + die
        fields[CHOSEN_DIE] = die
        fields[PHASE] = PIECE
        return only_die(plays, n, die)
    if phase == PIECE:
        piece = _pick_group(plays, n, ORIGIN)
        out[1] = offsets[1] + piece
        fields[CHOSEN_PIECE] = piece
        fields[PHASE] = DIRECTION
        return n
    first = 0
    while plays[first, ORIGIN] != fields[CHOSEN_PIECE]:
        first += 1
    last = first
    while last < n and plays[last, ORIGIN] == fields[CHOSEN_PIECE]:
        last += 1
    pick = np.random.randint(first, last)
    out[1] = offsets[2] + tables[1][steps_of(plays[pick, DIE_OF]), plays[pick, ORIGIN], plays[pick, LINE], HEADING]
    n = _make(tables, board, fields, plays, pick, pieces, scratch)
    if fields[PHASE] != OVER:
        _offer(fields, plays, n, limit)
    return n


@njit(cache=True)
def _resume(
    tables: Tables, board: np.ndarray, fields: np.ndarray, plays: np.ndarray, pieces: np.ndarray, scratch: np.ndarray
) -> int:
    """Count each seat's pieces and list the plays on offer in a packed position; how many."""
    pieces[:] = 0
    for square in range(len(board)):
        if board[square] != EMPTY:
            pieces[board[square] - 1] += 1
    if fields[PHASE] not in (DIE, PIECE, DIRECTION):
        return 0
    n = legal_plays(tables, board, fields[MOVER], fields, plays, scratch)
    return n if fields[CHOSEN_DIE] == NONE else only_die(plays, n, fields[CHOSEN_DIE])


@njit(cache=True)
def _judge(fields: np.ndarray, pieces: np.ndarray, values: np.ndarray) -> None:
    """Each seat's value: the outcome once over, else (cut short) its share of the pieces, as
    `Game.cutoff_values` computes it from `DoubleDash.score`."""
    if fields[PHASE] == OVER:
        for seat in range(PLAYERS):
            if fields[WINNER] == NONE:
                values[seat] = 1.0 / PLAYERS
            else:
                values[seat] = 1.0 if fields[WINNER] == seat else 0.0
        return
    on_board = pieces[0] + pieces[1]
    first, second = pieces[0] / on_board, pieces[1] / on_board
    total = first + second
    values[0], values[1] = first / total, second / total


@njit(cache=True)
def play_batch(
    tables: Tables,
    boards: np.ndarray,
    fields: np.ndarray,
    limit: int,
    double_index: np.ndarray,
    offsets: np.ndarray,
    plays_size: int,
    max_steps: int,
    seed: int,
    values: np.ndarray,
    lengths: np.ndarray,
    record: np.ndarray,
) -> None:
    """Play one random game on from each packed position (changing `boards` and `fields`), each
    cut after `max_steps` steps; write its values and length, and into `record` (unless empty)
    the steps of a single game as (seat, id) rows."""
    np.random.seed(seed)
    plays = np.empty((plays_size, 5), np.int64)
    scratch = np.empty((2, max(plays_size, boards.shape[1])), np.int64)
    pieces = np.empty(PLAYERS, np.int64)
    out = np.empty(2, np.int64)
    for game in range(len(boards)):
        board, state = boards[game], fields[game]
        n = _resume(tables, board, state, plays, pieces, scratch)
        steps = 0
        while state[PHASE] != OVER and steps < max_steps:
            n = step(tables, board, state, plays, n, pieces, limit, double_index, offsets, scratch, out)
            if len(record):
                record[steps] = out
            steps += 1
        lengths[game] = steps
        _judge(state, pieces, values[game])


@njit(cache=True)
def fresh_games(
    tables: Tables,
    start: np.ndarray,
    start_fields: np.ndarray,
    games: int,
    limit: int,
    double_index: np.ndarray,
    offsets: np.ndarray,
    plays_size: int,
    max_steps: int,
    seed: int,
) -> int:
    """Play `games` random games from the start, each cut after `max_steps` steps; the steps
    taken in all (rolls included)."""
    np.random.seed(seed)
    plays = np.empty((plays_size, 5), np.int64)
    scratch = np.empty((2, max(plays_size, len(start))), np.int64)
    pieces = np.empty(PLAYERS, np.int64)
    out = np.empty(2, np.int64)
    board = np.empty_like(start)
    state = np.empty_like(start_fields)
    total = 0
    for _ in range(games):
        board[:] = start
        state[:] = start_fields
        n = _resume(tables, board, state, plays, pieces, scratch)
        steps = 0
        while state[PHASE] != OVER and steps < max_steps:
            n = step(tables, board, state, plays, n, pieces, limit, double_index, offsets, scratch, out)
            steps += 1
        total += steps
    return total


@njit(cache=True)
def menu(tables: Tables, board: np.ndarray, fields: np.ndarray, plays_size: int, choices: np.ndarray) -> int:
    """Write the mover's menu in a packed position into `choices`, ascending: the dice (0..11),
    the spaces of the pieces, or the headings' indices; return how many."""
    plays = np.empty((plays_size, 5), np.int64)
    scratch = np.empty((2, max(plays_size, len(board))), np.int64)
    pieces = np.empty(PLAYERS, np.int64)
    n = _resume(tables, board, fields, plays, pieces, scratch)
    count = 0
    for row in range(n):
        if fields[PHASE] == DIE:
            choice = plays[row, DIE_OF]
        elif fields[PHASE] == PIECE:
            choice = plays[row, ORIGIN]
        elif plays[row, ORIGIN] == fields[CHOSEN_PIECE]:
            choice = tables[1][steps_of(plays[row, DIE_OF]), plays[row, ORIGIN], plays[row, LINE], HEADING]
        else:
            continue
        if count == 0 or choices[count - 1] != choice:
            choices[count] = choice
            count += 1
    return count
