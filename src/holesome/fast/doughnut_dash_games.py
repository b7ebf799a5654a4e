"""Whole Doughnut Dash games on packed rows, compiled: uniformly random ones, and greedy ones.

The rules are `doughnut_dash_kernels`'; this module only chooses. A random game takes a seat to
act uniformly and an action uniformly from its menu, as `Game.playout` does, and draws Sugar
Rush cards by the pool's counts. Random seats play a Spin card as soon as they hold one (a
turn's menu holds 32 Spins and two Readies) and send their thieves anywhere.

A greedy game (`mix` above 0) draws alike but has each seat choose as a player who wants
doughnuts would at a glance: its direction by what its two thieves would land on heading that
way from where they stand (`landing_gain`), and, when a thief starts on a teleport, whether to
use it the same way, both by a softmax at `mix` times the spread between the options, as
`GreedyBot` mixes. It readies its thieves in a random order and plays no Sugar Rush card of its
own choosing (an unplayed card keeps its points); the other choices (where to stop in a loop,
whom to rob first, Guard, who draws for a Blueberry Violet) are made at random.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from holesome.fast.doughnut_dash_board import (
    DIRECTIONS,
    DOUGHNUT,
    KINDS,
    LEAP,
    LOOP,
    LOOP_COUNT,
    MOVED,
    P_HAND,
    P_SECOND_WIND,
    P_STACK,
    P_STACK_SIZE,
    P_THIEVES,
    PARTNER,
    PHASE,
    PLAYERS,
    SQUARES,
    THIEF,
    block,
    dash,
)
from holesome.fast.doughnut_dash_kernels import (
    ALL_DIRECTIONS,
    CHANCE,
    CHOOSE,
    LAST_WORD_PHASE,
    RAINBOW_FROSTED,
    STRAWBERRY_LEMONADE,
    T_CHOOSE,
    T_DOUGHNUT_POINTS,
    T_GO,
    T_READY,
    THIEF_PHASE,
    TURN,
    apply,
    chances,
    heading,
    menu,
    rainbow_points,
    to_act,
    values,
)
from holesome.fast.lead import softmax_draw

CARD_WORTH = 50 / 42
"""What a Sugar Rush card drawn is worth to a greedy seat: the points of the whole deck (50) over
its 42 cards."""


@njit(cache=True)
def play(
    rows: np.ndarray,
    tab: np.ndarray,
    floor: np.ndarray,
    capacity: int,
    seed: int,
    max_steps: int,
    record: np.ndarray,
    lengths: np.ndarray,
    out: np.ndarray,
    mix: float = 0.0,
) -> None:
    """One uniformly random game on from each row (Sugar Rush draws by the pool's counts); with
    `mix` above 0, the seats choose by `greedy_action` instead."""
    np.random.seed(seed)
    seats = np.empty(8, np.int64)
    options = np.empty(capacity, np.int64)
    gains = np.empty(capacity, np.float64)
    weights = np.empty(KINDS, np.int64)
    seen = np.full(SQUARES * DIRECTIONS * 2, -1, np.int64)
    path = np.empty(SQUARES * DIRECTIONS * 2 * 2 + 2, np.int64)
    for game in range(rows.shape[0]):
        s = rows[game]
        steps = 0
        while steps < max_steps:
            count = to_act(s, seats)
            if count == 0:
                break
            if seats[0] == CHANCE:
                seat = CHANCE
                outcomes = chances(s, weights)
                draw_at = np.random.randint(0, weights[:outcomes].sum())
                action = 0
                while draw_at >= weights[action]:
                    draw_at -= weights[action]
                    action += 1
            else:
                seat = seats[np.random.randint(0, count)]
                if mix > 0.0:
                    action = greedy_action(s, tab, floor, seat, mix, options, gains, seen, path)
                else:
                    action = options[np.random.randint(0, menu(s, tab, seat, options))]
            apply(s, tab, floor, seat, action, seen, path)
            if game < record.shape[0]:
                record[game, steps, 0] = seat
                record[game, steps, 1] = action
            steps += 1
        lengths[game] = steps
        values(s, tab, out[game])


@njit(cache=True)
def greedy_action(
    s: np.ndarray,
    tab: np.ndarray,
    floor: np.ndarray,
    seat: int,
    mix: float,
    options: np.ndarray,
    gains: np.ndarray,
    seen: np.ndarray,
    path: np.ndarray,
) -> int:
    """A greedy seat's action id: see the module's docstring."""
    phase = s[PHASE]
    if phase in (CHOOSE, LAST_WORD_PHASE):
        count = direction_gains(s, tab, floor, seat, options, gains, seen, path)
    elif phase == THIEF_PHASE:
        count = go_gains(s, tab, floor, seat, options, gains, seen, path)
    elif phase == TURN:
        count = 0
        for thief in range(2):
            if not (s[MOVED] >> thief) & 1:
                options[count] = tab[T_READY] + thief
                gains[count] = 0.0
                count += 1
    else:
        return int(options[np.random.randint(0, menu(s, tab, seat, options))])
    return int(options[softmax_draw(gains, count, mix)])


@njit(cache=True)
def direction_gains(
    s: np.ndarray,
    tab: np.ndarray,
    floor: np.ndarray,
    seat: int,
    options: np.ndarray,
    gains: np.ndarray,
    seen: np.ndarray,
    path: np.ndarray,
) -> int:
    """Each direction the seat may choose, with both its thieves' `landing_gain` that way; the count."""
    hand = ALL_DIRECTIONS if s[block(seat, P_SECOND_WIND)] else s[block(seat, P_HAND)]
    count = 0
    for direction in range(DIRECTIONS):
        if (hand >> direction) & 1:
            options[count] = tab[T_CHOOSE] + direction
            gains[count] = 0.0
            for thief in range(2):
                gains[count] += landing_gain(s, tab, floor, seat, thief, direction, False, False, seen, path)
            count += 1
    return count


@njit(cache=True)
def go_gains(
    s: np.ndarray,
    tab: np.ndarray,
    floor: np.ndarray,
    seat: int,
    options: np.ndarray,
    gains: np.ndarray,
    seen: np.ndarray,
    path: np.ndarray,
) -> int:
    """The readied thief's Go, and Go by the teleport it stands on, with their `landing_gain`s,
    heading as `doughnut_dash_kernels.go` sends it; the count."""
    thief = s[THIEF]
    towards = heading(s, seat)
    count = 0
    for teleport in range(2):
        if teleport == 0 or s[PARTNER + s[block(seat, P_THIEVES + thief)]] >= 0:
            options[count] = tab[T_GO] + teleport
            gains[count] = landing_gain(s, tab, floor, seat, thief, towards, bool(s[LEAP]), teleport == 1, seen, path)
            count += 1
    return count


@njit(cache=True)
def landing_gain(
    s: np.ndarray,
    tab: np.ndarray,
    floor: np.ndarray,
    seat: int,
    thief: int,
    heading: int,
    leap: bool,
    teleport: bool,
    seen: np.ndarray,
    path: np.ndarray,
) -> float:
    """How many points the seat would gain on the others if this thief dashed now: the doughnut
    it would take (a Strawberry Lemonade's card counted at `CARD_WORTH`), or what it would steal
    from the thieves it would land on (its worth to the seat and its loss to them, less the card
    they draw); none for a loop. The floor and the other thieves are taken as they stand."""
    start = s[block(seat, P_THIEVES + thief)]
    friend = s[block(seat, P_THIEVES + 1 - thief)]
    end = dash(s, floor, seat, start, friend, heading, leap, teleport, seen, path)
    if end < 0:
        s[LOOP_COUNT] = 0
        s[LOOP : LOOP + SQUARES] = -1
        return 0.0
    doughnut = s[DOUGHNUT + end]
    if doughnut >= 0:
        return worth(s, tab, seat, doughnut)
    gain = 0.0
    for other in range(s[PLAYERS]):
        here = s[block(other, P_THIEVES)] == end or s[block(other, P_THIEVES + 1)] == end
        size = s[block(other, P_STACK_SIZE)]
        if other != seat and here and size > 0:
            top = s[block(other, P_STACK + size - 1)]
            gain += worth(s, tab, seat, top) + worth(s, tab, other, top, -1) - CARD_WORTH
    return gain


@njit(cache=True)
def worth(s: np.ndarray, tab: np.ndarray, seat: int, doughnut: int, sign: int = 1) -> float:
    """The points a doughnut adds to the seat's stack on top (`sign` 1), or takes away from it
    leaving the top (`sign` -1); a Strawberry Lemonade taken brings a card."""
    if doughnut != RAINBOW_FROSTED:
        points = float(tab[T_DOUGHNUT_POINTS + doughnut])
        return points + CARD_WORTH if sign > 0 and doughnut == STRAWBERRY_LEMONADE else points
    rainbows = 0
    for index in range(s[block(seat, P_STACK_SIZE)]):
        rainbows += s[block(seat, P_STACK + index)] == RAINBOW_FROSTED
    if sign > 0:
        return float(rainbow_points(rainbows + 1) - rainbow_points(rainbows))
    return float(rainbow_points(rainbows) - rainbow_points(rainbows - 1))
