"""Doughnut Dash's floor over packed rows, compiled: the row's fields, a thief's dash, Spin, and
the deal.

Each function mirrors its counterpart in `holesome.games.doughnut_dash` (`movement.dash`,
`board.terrain`, `DoughnutDash._spin`, `DoughnutDash.start`). The floor's tables (steps across
the torus, each tile's squares and features, Spin's permutations) come in `floor`, an array of
`F_*` blocks built from the loaded game's layout in `holesome.fast.doughnut_dash`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SQUARES = 64
"""Every layout (4x4, 2x8, 8x2 tiles of 2x2) has 64 squares."""
TILES = 16
SEATS = 4
DIRECTIONS = 4
KINDS = 8
"""Sugar Rush kinds, coded in the order of their names (the order of `chance_outcomes`)."""
DOUGHNUTS = 5
MAX_DRAWS = 16
MAX_STACK = SQUARES

# Square features.
NONE = 0
FIXED = 1
REFLECT = 2
TELEPORT = 3

# The row: the game's header, the turn under way, the cards, the floor, then one block per seat.
PLAYERS = 0
FIRST = 1
PHASE = 2
ENDING = 3
DRAW_COUNT = 4
DRAWS = 5
"""Seats due to draw, in order (`DRAW_COUNT` of them)."""
MOVER = DRAWS + MAX_DRAWS
"""The seat whose turn it is, or -1."""
ABOUT_TURN = MOVER + 1
HOLD_STILL = ABOUT_TURN + 1
MOVED = HOLD_STILL + 1
"""Bit t set once thief t has moved this turn."""
THIEF = MOVED + 1
"""The thief being readied or moving, or -1."""
LEAP = THIEF + 1
SIDESTEP = LEAP + 1
"""-1, or the turn of a Sidestep: 1 to the right, 3 to the left (quarter-turns clockwise)."""
VICTIM = SIDESTEP + 1
VICTIM_COUNT = VICTIM + 1
VICTIMS = VICTIM_COUNT + 1
TIED_COUNT = VICTIMS + SEATS
TIED = TIED_COUNT + 1
LOOP_COUNT = TIED + SEATS
LOOP = LOOP_COUNT + 1
"""The empty squares of the loop a thief is in, ascending (`LOOP_COUNT` of them)."""
DECK = LOOP + SQUARES
DISCARDS = DECK + KINDS
TILE = DISCARDS + KINDS
"""`TILE + position`: the tile's number there."""
TURNS = TILE + TILES
FEATURE = TURNS + TILES
COLOUR = FEATURE + SQUARES
"""A teleport's colour (its pair), or -1."""
PARTNER = COLOUR + SQUARES
DOUGHNUT = PARTNER + SQUARES
"""The doughnut on each square, or -1."""
SEAT_BLOCKS = DOUGHNUT + SQUARES

# A seat's block.
P_THIEVES = 0
P_HAND = 2
"""Direction cards in hand: bit d for direction d (N, E, S, W); the others are the played ones."""
P_SUGAR = 3
"""`P_SUGAR + kind`: Sugar Rush cards of that kind."""
P_COMMIT = P_SUGAR + KINDS
"""1 while the seat has a choice to commit this round (`Player.commit` is not None)."""
P_SECOND_WIND = P_COMMIT + 1
P_LAST_WORD = P_SECOND_WIND + 1
P_DIRECTION = P_LAST_WORD + 1
P_REVEALED = P_DIRECTION + 1
P_STACK_SIZE = P_REVEALED + 1
P_STACK = P_STACK_SIZE + 1
SEAT_WIDTH = P_STACK + MAX_STACK
WIDTH = SEAT_BLOCKS + SEATS * SEAT_WIDTH

# Blocks of `floor`.
F_STEP = 0
"""`F_STEP + heading * SQUARES + square`: the square one step away."""
F_TILE_SQUARES = F_STEP + DIRECTIONS * SQUARES
"""`F_TILE_SQUARES + position * 4 + corner`: the squares of a tile position, NW, NE, SW, SE."""
F_SPIN = F_TILE_SQUARES + TILES * 4
"""`F_SPIN + (position * 2 + anticlockwise) * SQUARES + square`: where the content a Spin
brings to the square was."""
F_FEATURES = F_SPIN + TILES * 2 * SQUARES
"""`F_FEATURES + (number - 1) * 8 + corner * 2`: a tile's feature and teleport colour at a corner."""
F_CLOCKWISE = F_FEATURES + TILES * 8
"""`F_CLOCKWISE + corner`: the corner whose content a clockwise quarter-turn brings there."""
FLOOR_SIZE = F_CLOCKWISE + 4


@njit(cache=True)
def block(seat: int, field: int) -> int:
    """The index of a field of a seat's block."""
    return SEAT_BLOCKS + seat * SEAT_WIDTH + field


@njit(cache=True)
def pair_teleports(s: np.ndarray) -> None:
    """Each teleport's partner: the one other square of its colour (`board.terrain`)."""
    teleports = np.empty(SQUARES, np.int64)
    count = 0
    for square in range(SQUARES):
        s[PARTNER + square] = -1
        if s[COLOUR + square] >= 0:
            teleports[count] = square
            count += 1
    for first in range(count):
        found = -1
        matches = 0
        for second in range(count):
            if second != first and s[COLOUR + teleports[second]] == s[COLOUR + teleports[first]]:
                found = teleports[second]
                matches += 1
        if matches == 1:
            s[PARTNER + teleports[first]] = found


@njit(cache=True)
def is_rival(s: np.ndarray, seat: int, square: int) -> bool:
    """Whether another seat's thief stands on the square."""
    for other in range(s[PLAYERS]):
        if other != seat and (s[block(other, P_THIEVES)] == square or s[block(other, P_THIEVES + 1)] == square):
            return True
    return False


@njit(cache=True)
def dash(
    s: np.ndarray,
    floor: np.ndarray,
    seat: int,
    start: int,
    friend: int,
    heading: int,
    leap: bool,
    teleport: bool,
    seen: np.ndarray,
    path: np.ndarray,
) -> int:
    """Move a thief from `start` until it stops (`movement.dash`); return where it stopped, or -1
    for a loop, whose empty squares are then the row's `LOOP`. `seen` (one entry per square,
    heading and leap) must hold -1 throughout and is left so; `path` is room for the squares."""
    length = 0
    jump_to = s[PARTNER + start] if teleport else -1
    if jump_to < 0:
        seen[(start * DIRECTIONS + heading) * 2 + leap] = 0
    square = start
    stop = -2
    while stop == -2:
        stepped = jump_to < 0
        square = floor[F_STEP + heading * SQUARES + square] if stepped else jump_to
        halted, heading, leap, jump_to = enter(s, seat, square, stepped, heading, leap)
        path[length] = square
        length += 1
        if halted:
            stop = square
        elif jump_to < 0:
            key = (square * DIRECTIONS + heading) * 2 + leap
            if seen[key] >= 0:
                keep_loop(s, path, seen[key], length, friend)
                stop = -1
            else:
                seen[key] = length
    for index in range(length):
        seen[path[index] * DIRECTIONS * 2 : (path[index] + 1) * DIRECTIONS * 2] = -1
    seen[start * DIRECTIONS * 2 : (start + 1) * DIRECTIONS * 2] = -1
    return stop


@njit(cache=True)
def enter(
    s: np.ndarray, seat: int, square: int, stepped: bool, heading: int, leap: bool
) -> tuple[bool, int, bool, int]:
    """A thief comes onto a square (by a step, or out of a teleport): whether it stops there, and
    its heading, Leap and the square it jumps to (-1: none) from there. A doughnut or a rival
    thief is met before the square's feature, and a Leap passes over the doughnut's square."""
    if s[DOUGHNUT + square] >= 0:
        return not leap, heading, False, -1
    if is_rival(s, seat, square):
        return True, heading, leap, -1
    feature = s[FEATURE + square] if stepped else NONE
    if feature == FIXED:
        return True, heading, leap, -1
    if feature == REFLECT:
        return False, (heading + 2) % DIRECTIONS, leap, -1
    if feature == TELEPORT:
        return False, heading, leap, int(s[PARTNER + square])
    return False, heading, leap, -1


@njit(cache=True)
def keep_loop(s: np.ndarray, path: np.ndarray, first: int, length: int, friend: int) -> None:
    """The loop's empty squares (no doughnut, not the mover's other thief), ascending, into `LOOP`."""
    count = 0
    for square in range(SQUARES):
        if square == friend or s[DOUGHNUT + square] >= 0:
            continue
        for index in range(first, length):
            if path[index] == square:
                s[LOOP + count] = square
                count += 1
                break
    s[LOOP_COUNT] = count


@njit(cache=True)
def spin(s: np.ndarray, floor: np.ndarray, position: int, clockwise: bool) -> None:
    """Turn one tile a quarter-turn with its features, doughnuts and thieves (`DoughnutDash._spin`)."""
    source = F_SPIN + (position * 2 + (0 if clockwise else 1)) * SQUARES
    s[TURNS + position] = (s[TURNS + position] + (1 if clockwise else 3)) % 4
    for field in (FEATURE, COLOUR, DOUGHNUT):
        before = s[field : field + SQUARES].copy()
        for square in range(SQUARES):
            s[field + square] = before[floor[source + square]]
    for seat in range(s[PLAYERS]):
        for thief in range(2):
            where = s[block(seat, P_THIEVES + thief)]
            for square in range(SQUARES):
                if floor[source + square] == where:
                    s[block(seat, P_THIEVES + thief)] = square
                    break
    pair_teleports(s)


@njit(cache=True)
def lay_tiles(s: np.ndarray, floor: np.ndarray) -> None:
    """The features of every square from the tiles and their turns (`board.terrain`)."""
    for position in range(TILES):
        number, turns = s[TILE + position], s[TURNS + position]
        for corner in range(4):
            source = corner
            for _ in range(turns):
                source = floor[F_CLOCKWISE + source]
            square = floor[F_TILE_SQUARES + position * 4 + corner]
            s[FEATURE + square] = floor[F_FEATURES + (number - 1) * 8 + source * 2]
            s[COLOUR + square] = floor[F_FEATURES + (number - 1) * 8 + source * 2 + 1]
    pair_teleports(s)


@njit(cache=True)
def deal(rows: np.ndarray, first: np.ndarray, floor: np.ndarray, bag: np.ndarray, seed: int) -> None:
    """Fresh starts (`DoughnutDash.start`) from `first`, a packed start whose floor, doughnuts and
    first player are dealt afresh: tiles shuffled and turned, the doughnuts of `bag` shuffled onto
    the squares without thieves, a random first player."""
    np.random.seed(seed)
    players = first[PLAYERS]
    numbers = np.arange(1, TILES + 1)
    for game in range(rows.shape[0]):
        s = rows[game]
        s[:] = first
        np.random.shuffle(numbers)
        for position in range(TILES):
            s[TILE + position] = numbers[position]
            s[TURNS + position] = np.random.randint(0, 4)
        lay_tiles(s, floor)
        np.random.shuffle(bag)
        placed = 0
        for square in range(SQUARES):
            s[DOUGHNUT + square] = -1
            if not is_rival(s, -1, square):
                s[DOUGHNUT + square] = bag[placed]
                placed += 1
        s[FIRST] = np.random.randint(0, players)
