"""Honey Donut random games, compiled: the solver's move generator plus both repetition rules.

A game in progress is a board, the seat to move, the ply and what the repetition rule forbids:
under `simple` the key of the board before the last move, under `strict` every board seen with
each side to move, kept in an open-addressing hash set of keys (`_Seen`). Games of a batch are
played one after another to the end, so one hash set serves them all, emptied between games.

A game's result is a code: the winning seat, `DRAWN` (the `simple` ply limit) or `CUT` (the
step limit came first; Honey Donut values an unfinished game as a draw).
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from holesome.solve.honey_donut.encoding import CELL_COUNT, MOVE_COUNT, from_key, to_key
from holesome.solve.honey_donut.movegen import NO_BOARD, generate

DRAWN: Final = 2
CUT: Final = 3
NO_LIMIT: Final = -1
"""The ply limit under `strict`, which has none."""
MOVER, PLY, SEEN_START, SEEN_SPLIT, SEEN_END = range(5)
"""A packed position's `info`: the seat to move, the ply, and where its seen boards start, where
Blue's to move start, and where they end."""
INFO: Final = 5
SIDE_BIT: Final = 60
"""Where a key in the strict hash set records the side to move (board keys take 54 bits)."""
EMPTY_SLOT: Final = -1
_MIX: Final = 0x5851F42D4C957F2D
"""An odd multiplier: with the shifts of `_slot` it lets every bit of a key sway its slot."""


@njit(cache=True, inline="always")
def _slot(table: np.ndarray, key: int) -> int:
    """The slot holding `key`, or the empty slot where it would go (linear probing)."""
    mask = len(table) - 1
    mixed = (key ^ (key >> 30)) * _MIX
    mixed = (mixed ^ (mixed >> 27)) * _MIX
    slot = (mixed ^ (mixed >> 31)) & mask
    while table[slot] != EMPTY_SLOT and table[slot] != key:
        slot = (slot + 1) & mask
    return slot


@njit(cache=True)
def _new_set(keys: int) -> tuple[np.ndarray, np.ndarray]:
    """An empty hash set with room for `keys` keys at most half full: its slots, and the list of
    the slots in use (so that emptying it costs only as much as filling it)."""
    capacity = 64
    while capacity < 2 * keys:
        capacity *= 2
    return np.full(capacity, EMPTY_SLOT, np.int64), np.empty(capacity, np.int64)


@njit(cache=True)
def _grown(table: np.ndarray, used: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray]:
    """The set of `count` keys moved into one twice as large."""
    bigger, more = _new_set(count + 1)
    for i in range(count):
        more[i] = _slot(bigger, table[used[i]])
        bigger[more[i]] = table[used[i]]
    return bigger, more


@njit(cache=True, inline="always")
def _insert(table: np.ndarray, used: np.ndarray, count: int, key: int) -> int:
    """Add `key` to a set of `count` keys with room for it (see `_has_room`); return the new count."""
    slot = _slot(table, key)
    if table[slot] == EMPTY_SLOT:
        table[slot] = key
        used[count] = slot
        count += 1
    return count


@njit(cache=True, inline="always")
def _has_room(table: np.ndarray, count: int) -> bool:
    """Whether one more key keeps the set at most half full."""
    return 2 * (count + 1) <= len(table)


@njit(cache=True)
def _clear(table: np.ndarray, used: np.ndarray, count: int) -> None:
    for i in range(count):
        table[used[i]] = EMPTY_SLOT


@njit(cache=True)
def _legal(
    board: np.ndarray,
    mover: int,
    forbidden: int,
    strict: bool,
    table: np.ndarray,
    moves: np.ndarray,
    children: np.ndarray,
    wins: np.ndarray,
) -> int:
    """`generate`, with the strict rule's seen boards (the opponent's side) filtered out."""
    count = generate(board, mover, NO_BOARD if strict else forbidden, moves, children, wins)
    if not strict:
        return count
    side = np.int64(1 - mover) << SIDE_BIT
    kept = 0
    for i in range(count):
        if wins[i] or table[_slot(table, children[i] | side)] == EMPTY_SLOT:
            moves[kept] = moves[i]
            children[kept] = children[i]
            wins[kept] = wins[i]
            kept += 1
    return kept


@njit(cache=True)
def _play(
    board: np.ndarray,
    mover: int,
    ply: int,
    forbidden: int,
    strict: bool,
    max_plies: int,
    max_steps: int,
    table: np.ndarray,
    used: np.ndarray,
    count: int,
    record: np.ndarray,
) -> tuple[int, int, np.ndarray, np.ndarray, int]:
    """Play one random game on from the position (changing `board`); return its result code, the
    steps made and the hash set with its count, writing the moves into `record` unless empty."""
    moves = np.empty(MOVE_COUNT, np.int64)
    children = np.empty(MOVE_COUNT, np.int64)
    wins = np.empty(MOVE_COUNT, np.bool_)
    steps = 0
    while True:
        if max_plies != NO_LIMIT and ply >= max_plies:
            return DRAWN, steps, table, used, count
        legal = _legal(board, mover, forbidden, strict, table, moves, children, wins)
        if legal == 0:
            return 1 - mover, steps, table, used, count
        if steps == max_steps:
            return CUT, steps, table, used, count
        pick = np.random.randint(legal)
        if len(record):
            record[steps] = moves[pick]
        steps += 1
        if wins[pick]:
            return mover, steps, table, used, count
        if strict:
            if not _has_room(table, count):
                table, used = _grown(table, used, count)
            count = _insert(table, used, count, children[pick] | (np.int64(1 - mover) << SIDE_BIT))
        else:
            forbidden = to_key(board)
        from_key(children[pick], board)
        mover = 1 - mover
        ply += 1


@njit(cache=True)
def _load(
    positions: np.ndarray, info: np.ndarray, seen: np.ndarray, row: int, strict: bool, board: np.ndarray
) -> tuple[int, np.ndarray, np.ndarray, int]:
    """Set up packed position `row`: write its board into `board`; return the key the `simple`
    rule forbids and, under `strict`, the hash set of the boards seen (with its count)."""
    board[:] = positions[row, :CELL_COUNT]
    previous = to_key(positions[row, CELL_COUNT:])
    table, used = _new_set(info[row, SEEN_END] - info[row, SEEN_START] + 64)
    count = 0
    if strict:
        for i in range(info[row, SEEN_START], info[row, SEEN_END]):
            side = int(i >= info[row, SEEN_SPLIT]) << SIDE_BIT
            count = _insert(table, used, count, to_key(seen[i]) | side)
    return NO_BOARD if previous == 0 else previous, table, used, count


@njit(cache=True)
def play_batch(
    positions: np.ndarray,
    info: np.ndarray,
    seen: np.ndarray,
    index: np.ndarray,
    strict: bool,
    max_plies: int,
    max_steps: int,
    seed: int,
    results: np.ndarray,
    steps: np.ndarray,
    record: np.ndarray,
) -> None:
    """Play one random game on from packed position `index[game]` for each game, in order.

    A position is a row of `positions` (its board, then the board before the last move or
    zeros) and of `info` (see `MOVER` and on); the boards it has seen are rows of `seen`, Red's
    to move first. `results` and `steps` receive each game's result code and length, `record`
    (empty, or one row of `max_steps` moves) the moves of a single game.
    """
    np.random.seed(seed)
    board = np.empty(CELL_COUNT, np.int8)
    for game in range(len(index)):
        row = index[game]
        forbidden, table, used, count = _load(positions, info, seen, row, strict, board)
        results[game], steps[game], table, used, count = _play(
            board, info[row, MOVER], info[row, PLY], forbidden, strict, max_plies, max_steps, table, used, count, record
        )


@njit(cache=True)
def legal_moves(positions: np.ndarray, info: np.ndarray, seen: np.ndarray, strict: bool, moves: np.ndarray) -> int:
    """Write the legal move ids of the first packed position's mover into `moves`; return how many."""
    board = np.empty(CELL_COUNT, np.int8)
    forbidden, table, _, _ = _load(positions, info, seen, 0, strict, board)
    children = np.empty(MOVE_COUNT, np.int64)
    wins = np.empty(MOVE_COUNT, np.bool_)
    return _legal(board, info[0, MOVER], forbidden, strict, table, moves, children, wins)


@njit(cache=True)
def fresh_games(games: int, start: np.ndarray, strict: bool, max_plies: int, max_steps: int, seed: int) -> int:
    """Play `games` random games from the starting position; the steps made in all."""
    np.random.seed(seed)
    table, used = _new_set(64)
    board = np.empty(CELL_COUNT, np.int8)
    record = np.empty(0, np.int64)
    total = 0
    for _ in range(games):
        board[:] = start
        count = 0
        if strict:
            count = _insert(table, used, count, to_key(start))
        _, steps, table, used, count = _play(
            board, 0, 0, NO_BOARD, strict, max_plies, max_steps, table, used, count, record
        )
        _clear(table, used, count)
        total += steps
    return total
