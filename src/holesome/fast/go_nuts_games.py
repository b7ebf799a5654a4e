"""Whole Go Nuts games on packed rows, compiled: uniformly random ones, and greedy ones.

The rules are `go_nuts_kernels`'; this module only chooses. A random game takes a seat to act
uniformly and an action uniformly from its menu, as `Game.playout` does, and draws from the deck
by its counts. A greedy game (`mix` above 0) draws alike but has each seat choose as a player
who wants points would at a glance: its pick by how much the slot's card (with the card an
Eclair or a Chocolate Frosted brings) would raise its lead over the best other seat, and its
choices after the reveal (a power's card or opponent, a Cinnamon Twist's pass) by its lead
right after each, both by a softmax at `mix` times the spread between the options, as
`GreedyBot` mixes its picks. No pick is certain, so greedy seats still collide and still
surprise each other.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from holesome.fast.go_nuts_kernels import (
    C_NEGATIVE,
    C_POWER,
    C_RULE,
    CHANCE,
    DECK,
    I_PICK,
    MAX_SEATS,
    P_DRAW,
    P_TAKE_TOP,
    PILE,
    PILE_SIZE,
    PLAYERS,
    R_FEWEST_CARDS,
    R_MAJORITY,
    ROW,
    WIDTH,
    all_picked,
    apply,
    by_totals,
    deck_size,
    gain,
    held,
    kind_points,
    lose,
    menu,
    seat_points,
    to_act,
    totals,
    values,
)
from holesome.fast.lead import softmax_draw

Hands = tuple[int, int, int, int, int, bool, int]
"""`before_pick`'s reading of the hands, for `card_gain`."""


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
    touched = np.empty(kinds, np.int64)
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
                    action = ids[I_PICK] + greedy_pick(s, cards, seat, mix, touched, gains)
                elif mix > 0.0:
                    action = greedy_choice(s, cards, ids, seat, mix, options, gains, trial, scratch)
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
def greedy_pick(s: np.ndarray, cards: np.ndarray, seat: int, mix: float, touched: np.ndarray, gains: np.ndarray) -> int:
    """A slot index for the seat in a playout: each slot by a softmax of its `pick_gains`, at a
    temperature of `mix` times the spread between the slots (as `GreedyBot` mixes)."""
    return softmax_draw(gains, pick_gains(s, cards, seat, touched, gains), mix)


@njit(cache=True)
def pick_gains(s: np.ndarray, cards: np.ndarray, seat: int, touched: np.ndarray, gains: np.ndarray) -> int:
    """How much each slot's card would raise the seat's lead over the best other seat, as the
    rules score the hands, into `gains` (0 for an empty slot); the number of slots.

    A card that brings another with it counts that one too: an Eclair the discard pile's top
    card, a Chocolate Frosted a card drawn from the deck (the mean over the cards its counts
    hold, which leave out a top card a Double Chocolate put back). Seats that valued such cards
    by their own points (none) let them go; seats that count what they bring won 72% of greedy
    games against them (docs/bots.md, session 20)."""
    seen = before_pick(s, cards, seat, touched)
    for slot in range(s[PLAYERS] + 1):
        card = s[ROW + slot]
        gains[slot] = 0.0
        if card < 0:
            continue
        gains[slot] = card_gain(s, cards, seat, card, touched, seen)
        power = cards[card, C_POWER]
        if power == P_TAKE_TOP and s[PILE_SIZE] > 0:
            gains[slot] += card_gain(s, cards, seat, s[PILE + s[PILE_SIZE] - 1], touched, seen)
        elif power == P_DRAW:
            drawn, total = 0, 0.0
            for kind in range(cards.shape[0]):
                copies = s[DECK + kind]
                if copies > 0:
                    drawn += copies
                    total += copies * card_gain(s, cards, seat, kind, touched, seen)
            if drawn > 0:
                gains[slot] += total / drawn
    return int(s[PLAYERS] + 1)


@njit(cache=True)
def before_pick(s: np.ndarray, cards: np.ndarray, seat: int, touched: np.ndarray) -> Hands:
    """What `card_gain` reads of the hands before a card is taken, gathered once a pick.

    A card moves few scores, so only those are counted again: the taker's points for the card's
    kind and for the kinds scored by its `totals`, listed into `touched`; another seat's only
    through a majority of the card's kind or the fewest cards held (Maple Frosted), and then
    that seat is counted again whole. The tuple: how many kinds `touched` lists, their points,
    the seat's cards, types and negative cards held, whether another seat holds a card scored by
    the fewest cards, and the best other seat's points."""
    held_cards, types, negatives = totals(s, cards, seat)
    touching = 0
    base = 0
    for kind in range(cards.shape[0]):
        count = held(s, seat, kind)
        if count > 0 and by_totals(cards[kind, C_RULE]):
            touched[touching] = kind
            touching += 1
            base += kind_points(s, cards, kind, count, held_cards, types, negatives)
    return (
        touching,
        base,
        held_cards,
        types,
        negatives,
        others_follow(s, cards, seat),
        best_other_points(s, cards, seat),
    )


@njit(cache=True)
def card_gain(s: np.ndarray, cards: np.ndarray, seat: int, card: int, touched: np.ndarray, seen: Hands) -> float:
    """How much one more card of the kind would raise the seat's lead, from `before_pick`'s
    reading of the hands (the row is left as it was)."""
    touching, base, held_cards, types, negatives, follow, rival = seen
    count = held(s, seat, card)
    before = base
    if count > 0 and not by_totals(cards[card, C_RULE]):
        before += kind_points(s, cards, card, count, held_cards, types, negatives)
    gain(s, seat, card)
    kinds_after = types + (count == 0)
    negatives_after = negatives + cards[card, C_NEGATIVE]
    after = kind_points(s, cards, card, count + 1, held_cards + 1, kinds_after, negatives_after)
    for index in range(touching):
        kind = touched[index]
        if kind != card:
            after += kind_points(s, cards, kind, held(s, seat, kind), held_cards + 1, kinds_after, negatives_after)
    best = best_other_points(s, cards, seat) if follow or cards[card, C_RULE] == R_MAJORITY else rival
    lose(s, seat, card)
    return float(after - before - best + rival)


@njit(cache=True)
def greedy_choice(
    s: np.ndarray,
    cards: np.ndarray,
    ids: np.ndarray,
    seat: int,
    mix: float,
    options: np.ndarray,
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
        gains[index] = seat_points(trial, cards, seat) - best_other_points(trial, cards, seat)
    return int(options[softmax_draw(gains, count, mix)])


@njit(cache=True)
def best_other_points(s: np.ndarray, cards: np.ndarray, seat: int) -> int:
    """The most points any seat other than `seat` has for the cards it holds."""
    best = -(1 << 30)
    for other in range(s[PLAYERS]):
        if other != seat:
            best = max(best, seat_points(s, cards, other))
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
