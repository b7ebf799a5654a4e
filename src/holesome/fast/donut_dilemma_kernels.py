"""Donut Dilemma's rules over packed rows, compiled: the submission menus, the host's resolution.

Each function mirrors its counterpart in `holesome.games.donut_dilemma` (`menus`, `state`,
`scoring`, `rules`), so that a row stays the packing of the state the pure engine would reach.
The game has no chance step after the deal: every seat submits in secret at once, one small menu
at a time, and the round resolves when the last seat is done.

The numbers, the ring of bakeries, the Rainbow bounds and the action ids come in `tab` (entries
`T_*`), read from the loaded game in `holesome.fast.donut_dilemma`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

BAKERIES = 5

# The row: a header, then one block of `STRIDE` fields per seat.
PLAYERS = 0
ROUNDS = 1
ROUND = 2
"""The round being submitted, from 1 (past `ROUNDS` once the game is over)."""
STRIDE = 3
SEATS = 4

# A seat's block: where it stands and what it holds, then its submission so far.
S_BAKERY = 0
S_GARNETS = 1
S_ALLOWANCE = 2
S_SCORE = 3
S_MOVE = 4
"""The bakery it ends the round in, or -1 before it moves."""
S_PLAIN = 5
"""Plain donuts, or -1 before it says."""
S_DONE = 6
S_SPECIALS = 7
S_GLAZED = 8
S_STRAWBERRY = 9
S_JELLY = 10
S_COFFEE = 11
"""`S_COFFEE + bakery`: Coffees baked in that bakery."""
S_RAINBOWS = S_COFFEE + BAKERIES
S_RAINBOW = S_RAINBOWS + 1
"""The numbers its Rainbow Sprinkles declare, `S_RAINBOWS` of them."""

# Entries of `tab`.
T_MOVE = 0
T_PLAIN = 1
T_GLAZED = 2
T_RAINBOW = 3
T_STRAWBERRY = 4
T_COFFEE = 5
T_JELLY = 6
T_DONE = 7
T_SKIP = 8
"""The highest id: `Skip` ends every menu."""
T_PLAIN_MAX = 9
T_LIMIT = 10
T_BASE_SPECIALS = 11
T_JELLY_EXTRA = 12
T_GLAZED_POINTS = 13
T_STRAWBERRY_POINTS = 14
T_COFFEE_POINTS = 15
T_RING = 16
"""`T_RING + bakery * BAKERIES + end`: 1 if a seat in `bakery` may end the round in `end`."""
T_RAINBOW_MAX = T_RING + BAKERIES * BAKERIES
"""`T_RAINBOW_MAX + round - 1`: the largest number a Rainbow may declare that round."""


def seat_fields(rounds: int) -> int:
    """The fields of one seat's block, with room for the most specials `rounds` rounds allow."""
    return S_RAINBOW + rounds


@njit(cache=True)
def at(s: np.ndarray, seat: int, field: int) -> int:
    """The index of one field of a seat's block."""
    return int(SEATS + seat * s[STRIDE] + field)


@njit(cache=True)
def is_over(s: np.ndarray) -> bool:
    return bool(s[ROUND] > s[ROUNDS])


@njit(cache=True)
def menu(s: np.ndarray, tab: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The seat's next step, as ascending ids (`Menus.menu`): the step's options, then Skip."""
    if is_over(s) or seat < 0 or seat >= s[PLAYERS] or s[at(s, seat, S_DONE)]:
        return 0
    count = 0
    if s[at(s, seat, S_MOVE)] < 0:
        here = s[at(s, seat, S_BAKERY)]
        for end in range(BAKERIES):
            if tab[T_RING + here * BAKERIES + end]:
                out[count] = tab[T_MOVE] + end
                count += 1
    elif s[at(s, seat, S_PLAIN)] < 0:
        for plain in range(tab[T_PLAIN_MAX] + s[at(s, seat, S_GARNETS)] + 1):
            out[count] = tab[T_PLAIN] + plain
            count += 1
    else:
        count = specials_menu(s, tab, out)
    out[count] = tab[T_SKIP]
    return count + 1


@njit(cache=True)
def specials_menu(s: np.ndarray, tab: np.ndarray, out: np.ndarray) -> int:
    """Every special (Rainbows up to the round's largest total, a Coffee for each bakery), then Done."""
    out[0] = tab[T_GLAZED]
    count = 1
    for number in range(tab[T_RAINBOW_MAX + s[ROUND] - 1] + 1):
        out[count] = tab[T_RAINBOW] + number
        count += 1
    out[count] = tab[T_STRAWBERRY]
    count += 1
    for bakery in range(BAKERIES):
        out[count] = tab[T_COFFEE] + bakery
        count += 1
    out[count] = tab[T_JELLY]
    out[count + 1] = tab[T_DONE]
    return count + 2


@njit(cache=True)
def to_act(s: np.ndarray, out: np.ndarray) -> int:
    """The seats whose submissions are not done, ascending; none once the game is over."""
    if is_over(s):
        return 0
    count = 0
    for seat in range(s[PLAYERS]):
        if not s[at(s, seat, S_DONE)]:
            out[count] = seat
            count += 1
    return count


@njit(cache=True)
def clear_submission(s: np.ndarray, seat: int) -> None:
    """A submission not yet begun."""
    for field in range(S_MOVE, s[STRIDE]):
        s[at(s, seat, field)] = 0
    s[at(s, seat, S_MOVE)] = -1
    s[at(s, seat, S_PLAIN)] = -1


@njit(cache=True)
def apply(s: np.ndarray, tab: np.ndarray, seat: int, action: int) -> None:
    """One step of a seat's submission (`Submission.after`); the last one done resolves the round.
    Skip throws away what was chosen: the seat stays where it is and bakes nothing."""
    if action < tab[T_PLAIN]:
        clear_submission(s, seat)
        s[at(s, seat, S_MOVE)] = action - tab[T_MOVE]
        return
    if action < tab[T_GLAZED]:
        s[at(s, seat, S_PLAIN)] = action - tab[T_PLAIN]
        return
    if action == tab[T_SKIP]:
        clear_submission(s, seat)
        s[at(s, seat, S_MOVE)] = s[at(s, seat, S_BAKERY)]
        s[at(s, seat, S_PLAIN)] = 0
        s[at(s, seat, S_DONE)] = 1
    elif action == tab[T_DONE]:
        s[at(s, seat, S_DONE)] = 1
    else:
        bake(s, tab, seat, action)
    for other in range(s[PLAYERS]):
        if not s[at(s, other, S_DONE)]:
            return
    resolve(s, tab)


@njit(cache=True)
def bake(s: np.ndarray, tab: np.ndarray, seat: int, action: int) -> None:
    """Add one special; the submission is done once the allowance is used."""
    if action == tab[T_GLAZED]:
        s[at(s, seat, S_GLAZED)] += 1
    elif action < tab[T_STRAWBERRY]:
        rainbows = s[at(s, seat, S_RAINBOWS)]
        s[at(s, seat, S_RAINBOW + rainbows)] = action - tab[T_RAINBOW]
        s[at(s, seat, S_RAINBOWS)] = rainbows + 1
    elif action == tab[T_STRAWBERRY]:
        s[at(s, seat, S_STRAWBERRY)] += 1
    elif action < tab[T_JELLY]:
        s[at(s, seat, S_COFFEE + action - tab[T_COFFEE])] += 1
    else:
        s[at(s, seat, S_JELLY)] += 1
    s[at(s, seat, S_SPECIALS)] += 1
    if s[at(s, seat, S_SPECIALS)] >= s[at(s, seat, S_ALLOWANCE)]:
        s[at(s, seat, S_DONE)] = 1


@njit(cache=True)
def resolve(s: np.ndarray, tab: np.ndarray) -> None:
    """The host's work once every seat is done (`scoring.resolve`, `DonutDilemma._resolve`)."""
    players = s[PLAYERS]
    totals = np.zeros(BAKERIES, np.int64)
    heads = np.zeros(BAKERIES, np.int64)
    for seat in range(players):
        end = s[at(s, seat, S_MOVE)]
        heads[end] += 1
        coffees = 0
        for bakery in range(BAKERIES):
            coffees += s[at(s, seat, S_COFFEE + bakery)]
            totals[bakery] += s[at(s, seat, S_COFFEE + bakery)]
        totals[end] += s[at(s, seat, S_PLAIN)] + s[at(s, seat, S_SPECIALS)] - coffees
    round_total = totals.sum()
    for seat in range(players):
        s[at(s, seat, S_SCORE)] += points(s, tab, seat, totals, heads, round_total)
    for seat in range(players):
        s[at(s, seat, S_BAKERY)] = s[at(s, seat, S_MOVE)]
        s[at(s, seat, S_GARNETS)] -= max(0, s[at(s, seat, S_PLAIN)] - tab[T_PLAIN_MAX])
        s[at(s, seat, S_ALLOWANCE)] = tab[T_BASE_SPECIALS] + tab[T_JELLY_EXTRA] * s[at(s, seat, S_JELLY)]
        clear_submission(s, seat)
    s[ROUND] += 1


@njit(cache=True)
def points(s: np.ndarray, tab: np.ndarray, seat: int, totals: np.ndarray, heads: np.ndarray, round_total: int) -> int:
    """One seat's points for the round (`scoring.score_submission`)."""
    end = s[at(s, seat, S_MOVE)]
    mine = totals[end]
    plain = s[at(s, seat, S_PLAIN)]
    glazed = s[at(s, seat, S_GLAZED)]
    if mine > tab[T_LIMIT] and glazed == 0:
        plain = 0
    total = plain + glazed * tab[T_GLAZED_POINTS]
    for index in range(s[at(s, seat, S_RAINBOWS)]):
        number = s[at(s, seat, S_RAINBOW + index)]
        if number == round_total:
            total += number
    if mine == tab[T_LIMIT]:
        total += s[at(s, seat, S_STRAWBERRY)] * tab[T_STRAWBERRY_POINTS] * heads[end]
    for bakery in range(BAKERIES):
        total += s[at(s, seat, S_COFFEE + bakery)] * tab[T_COFFEE_POINTS] * heads[bakery]
    return int(total)


@njit(cache=True)
def values(s: np.ndarray, out: np.ndarray) -> None:
    """The outcome's values once over (the highest scores share the win); else `cutoff_values`."""
    players = s[PLAYERS]
    scores = np.zeros(players, np.int64)
    for seat in range(players):
        scores[seat] = s[at(s, seat, S_SCORE)]
    if is_over(s) or scores.min() < 0 or scores.sum() <= 0:
        best = scores.max()
        leaders = 0
        for score in scores:
            leaders += score == best
        for seat in range(players):
            out[seat] = 1.0 / leaders if scores[seat] == best else 0.0
        return
    total = 0.0
    for score in scores:
        total += float(score)
    for seat in range(players):
        out[seat] = float(scores[seat]) / total


@njit(cache=True)
def play(
    rows: np.ndarray,
    tab: np.ndarray,
    capacity: int,
    seed: int,
    max_steps: int,
    record: np.ndarray,
    lengths: np.ndarray,
    out: np.ndarray,
) -> None:
    """One uniformly random game on from each row: a seat among those to act, then a step of its menu."""
    np.random.seed(seed)
    seats = np.empty(rows.shape[1], np.int64)
    options = np.empty(capacity, np.int64)
    for game in range(rows.shape[0]):
        s = rows[game]
        steps = 0
        while steps < max_steps:
            count = to_act(s, seats)
            if count == 0:
                break
            seat = seats[np.random.randint(0, count)]
            action = options[np.random.randint(0, menu(s, tab, seat, options))]
            apply(s, tab, seat, action)
            if game < record.shape[0]:
                record[game, steps, 0] = seat
                record[game, steps, 1] = action
            steps += 1
        lengths[game] = steps
        values(s, out[game])


@njit(cache=True)
def deal(rows: np.ndarray, first: np.ndarray, redeal: bool, seed: int) -> None:
    """Fresh starts like the start row `first`, with the starting bakeries dealt afresh if
    `redeal`, as `setup.deal_starts` deals them (a random order of the bakeries gives the extra
    places, then the places are shuffled among the seats)."""
    np.random.seed(seed)
    players = first[PLAYERS]
    places = np.empty(players, np.int64)
    for game in range(rows.shape[0]):
        s = rows[game]
        s[:] = first
        if not redeal:
            continue
        extras_first = np.random.permutation(BAKERIES)
        for seat in range(players):
            places[seat] = extras_first[seat % BAKERIES]
        np.random.shuffle(places)
        for seat in range(players):
            s[at(s, seat, S_BAKERY)] = places[seat]
