"""Whole Go Nuts games on packed rows, compiled: uniformly random ones, and greedy ones.

The rules are `go_nuts_kernels`'; this module only chooses. A random game takes a seat to act
uniformly and an action uniformly from its menu, as `Game.playout` does, and draws from the deck
by its counts. A greedy game (`mix` above 0) draws alike but has each seat choose as a player
who wants points would at a glance: its pick by how much the slot's card alone would raise its
lead over the best other seat, and its choices after the reveal (a power's card or opponent, a
Cinnamon Twist's pass) by its lead right after each, both by a softmax at `mix` times the spread
between the options, as `GreedyBot` mixes its picks. No pick is certain, so greedy seats still
collide and still surprise each other.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from holesome.fast.go_nuts_kernels import (
    C_RULE,
    CHANCE,
    DECK,
    I_PICK,
    MAX_SEATS,
    PLAYERS,
    R_FEWEST_CARDS,
    R_MAJORITY,
    ROW,
    WIDTH,
    all_picked,
    apply,
    deck_size,
    gain,
    held,
    lose,
    menu,
    scores,
    seat_points,
    to_act,
    values,
)


@njit(cache=True)
def play(
    rows: np.ndarray,
    cards: np.ndarray,
    ids: np.ndarray,
    capacity: int,
    seed: int,
    max_steps: int,
    record: np.ndarray,
    lengths: np.ndarray,
    out: np.ndarray,
    mix: float = 0.0,
) -> None:
    """One uniformly random game on from each row (chance by the deck's counts); with `mix`
    above 0, the seats choose by `greedy_pick` and `greedy_choice` instead."""
    np.random.seed(seed)
    kinds = cards.shape[0]
    points = np.empty(MAX_SEATS, np.int64)
    gains = np.empty(capacity, np.float64)
    trial = np.empty(WIDTH, np.int64)
    seats = np.empty(MAX_SEATS, np.int64)
    options = np.empty(capacity, np.int64)
    scratch = np.empty(capacity, np.int64)
    for game in range(rows.shape[0]):
        s = rows[game]
        steps = 0
        while steps < max_steps:
            count = to_act(s, cards, ids, seats, scratch)
            if count == 0:
                break
            if seats[0] == CHANCE:
                seat = CHANCE
                draw = np.random.randint(0, deck_size(s, kinds))
                action = 0
                for kind in range(kinds):
                    copies = s[DECK + kind]
                    if draw < copies:
                        break
                    draw -= copies
                    if copies > 0:
                        action += 1
            else:
                seat = seats[np.random.randint(0, count)]
                if mix > 0.0 and not all_picked(s):
                    action = ids[I_PICK] + greedy_pick(s, cards, seat, mix, points, gains)
                elif mix > 0.0:
                    action = greedy_choice(s, cards, ids, seat, mix, options, points, gains, trial, scratch)
                else:
                    action = options[np.random.randint(0, menu(s, cards, ids, seat, options))]
            apply(s, cards, ids, seat, action, scratch)
            if game < record.shape[0]:
                record[game, steps, 0] = seat
                record[game, steps, 1] = action
            steps += 1
        lengths[game] = steps
        values(s, cards, out[game])


@njit(cache=True)
def greedy_pick(s: np.ndarray, cards: np.ndarray, seat: int, mix: float, points: np.ndarray, gains: np.ndarray) -> int:
    """A slot index for the seat in a playout: each slot by a softmax of how much its card alone
    would raise the seat's lead over the best other seat, at a temperature of `mix` times the
    spread between the slots (as `GreedyBot` mixes). Another seat's points move with the card
    taken only through a majority or the fewest cards held (Maple Frosted); while neither can
    happen, only the seat's own points are counted again."""
    slots = s[PLAYERS] + 1
    scores(s, cards, points)
    own, rival = points[seat], best_other(points, s[PLAYERS], seat)
    follow = others_follow(s, cards, seat)
    for slot in range(slots):
        card = s[ROW + slot]
        gains[slot] = 0.0
        if card >= 0:
            gain(s, seat, card)
            if follow or cards[card, C_RULE] == R_MAJORITY:
                scores(s, cards, points)
                gains[slot] = points[seat] - own - best_other(points, s[PLAYERS], seat) + rival
            else:
                gains[slot] = seat_points(s, cards, seat) - own
            lose(s, seat, card)
    return softmax_draw(gains, slots, mix)


@njit(cache=True)
def greedy_choice(
    s: np.ndarray,
    cards: np.ndarray,
    ids: np.ndarray,
    seat: int,
    mix: float,
    options: np.ndarray,
    points: np.ndarray,
    gains: np.ndarray,
    trial: np.ndarray,
    scratch: np.ndarray,
) -> int:
    """An action for the seat in a playout once the picks are revealed (a power's choices, a
    Cinnamon Twist's pass): each of its menu by a softmax of the seat's lead over the best other
    seat right after it, at `mix` times the spread."""
    count = menu(s, cards, ids, seat, options)
    if count == 1:
        return int(options[0])
    for index in range(count):
        trial[:] = s
        apply(trial, cards, ids, seat, options[index], scratch)
        scores(trial, cards, points)
        gains[index] = points[seat] - best_other(points, s[PLAYERS], seat)
    return int(options[softmax_draw(gains, count, mix)])


@njit(cache=True)
def best_other(points: np.ndarray, players: int, seat: int) -> int:
    """The most points among the seats other than `seat`."""
    best = -(1 << 30)
    for other in range(players):
        if other != seat:
            best = max(best, points[other])
    return int(best)


@njit(cache=True)
def others_follow(s: np.ndarray, cards: np.ndarray, seat: int) -> bool:
    """Whether another seat holds a card scored by the fewest cards held."""
    for kind in range(cards.shape[0]):
        if cards[kind, C_RULE] == R_FEWEST_CARDS:
            for other in range(s[PLAYERS]):
                if other != seat and held(s, other, kind) > 0:
                    return True
    return False


@njit(cache=True)
def softmax_draw(gains: np.ndarray, count: int, mix: float) -> int:
    """An index below `count` drawn by a softmax of `gains` at `mix` times their spread (the
    weights are written over the gains); uniform without a spread."""
    best, worst = gains[0], gains[0]
    for index in range(1, count):
        best, worst = max(best, gains[index]), min(worst, gains[index])
    if best - worst < 1e-9:
        return int(np.random.randint(0, count))
    total = 0.0
    for index in range(count):
        gains[index] = math.exp((gains[index] - best) / (mix * (best - worst)))
        total += gains[index]
    draw = np.random.random() * total
    for index in range(count - 1):
        draw -= gains[index]
        if draw < 0.0:
            return index
    return count - 1
