"""Doughnut Dash's rules over packed rows, compiled: menus, choosing, turns, landing, scoring.

Each function mirrors its counterpart in `holesome.games.doughnut_dash` (`rules`, `choosing`,
`thievery`, `table`, `scoring`), so that a row stays the packing of the state the pure engine
would reach; the floor and the row's fields are in `doughnut_dash_board`. The action ids, the
Sugar Rush and doughnut numbers come in `tab` (entries `T_*`), read from the loaded game in
`holesome.fast.doughnut_dash`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from holesome.fast.doughnut_dash_board import (
    ABOUT_TURN,
    DECK,
    DIRECTIONS,
    DISCARDS,
    DOUGHNUT,
    DOUGHNUTS,
    DRAW_COUNT,
    DRAWS,
    ENDING,
    FIRST,
    HOLD_STILL,
    KINDS,
    LEAP,
    LOOP,
    LOOP_COUNT,
    MOVED,
    MOVER,
    P_COMMIT,
    P_DIRECTION,
    P_HAND,
    P_LAST_WORD,
    P_REVEALED,
    P_SECOND_WIND,
    P_STACK,
    P_STACK_SIZE,
    P_SUGAR,
    P_THIEVES,
    PARTNER,
    PHASE,
    PLAYERS,
    SIDESTEP,
    SQUARES,
    THIEF,
    TIED,
    TIED_COUNT,
    TILES,
    VICTIM,
    VICTIM_COUNT,
    VICTIMS,
    block,
    dash,
    spin,
)
from holesome.fast.lead import lead
from holesome.games.doughnut_dash.rules import SCORE_SPREAD

CHANCE = -1
ALL_DIRECTIONS = (1 << DIRECTIONS) - 1

# Phases, in the order of `Phase`.
CHOOSE = 0
LAST_WORD_PHASE = 1
TURN = 2
THIEF_PHASE = 3
LOOP_PHASE = 4
STEAL = 5
GUARD_PHASE = 6
BLUEBERRY = 7
OVER = 8

# Sugar Rush kinds, in the order of their names (as `chance_outcomes` sorts them).
K_ABOUT_TURN = 0
K_GUARD = 1
K_HOLD_STILL = 2
K_LAST_WORD = 3
K_LEAP = 4
K_SECOND_WIND = 5
K_SIDESTEP = 6
K_SPIN = 7

# Doughnuts, in the order of `Doughnut`.
STRAWBERRY_LEMONADE = 0
CHOCOLATE_COCONUT = 1
BLUEBERRY_VIOLET = 2
KETCHUP = 3
RAINBOW_FROSTED = 4

# Entries of `tab`.
T_CHOOSE = 0
T_PLAY = 1
"""`T_PLAY + kind`: the id of `Play(kind)`, or -1 for a kind not played that way."""
T_SIDESTEP = T_PLAY + KINDS
"""Sidestep left; right is the next id."""
T_SPIN = T_SIDESTEP + 1
"""`Spin(position, clockwise)` is `T_SPIN + 2 * position` (+1 anticlockwise)."""
T_READY = T_SPIN + 1
T_GO = T_READY + 1
"""Go without the teleport; with it is the next id."""
T_HALT = T_GO + 1
T_ROB = T_HALT + 1
T_GIVE = T_ROB + 1
T_PASS = T_GIVE + 1
T_CARD_POINTS = T_PASS + 1
T_DOUGHNUT_POINTS = T_CARD_POINTS + KINDS
T_MAX_STACK = T_DOUGHNUT_POINTS + DOUGHNUTS
T_KETCHUP_TO_END = T_MAX_STACK + 1
TAB_SIZE = T_KETCHUP_TO_END + 1


@njit(cache=True)
def sugar(s: np.ndarray, seat: int, kind: int) -> int:
    return int(s[block(seat, P_SUGAR + kind)])


@njit(cache=True)
def play_card(s: np.ndarray, seat: int, kind: int) -> None:
    """A Sugar Rush card from the seat's hand onto the discard pile (`table.discard`)."""
    s[block(seat, P_SUGAR + kind)] -= 1
    s[DISCARDS + kind] += 1


@njit(cache=True)
def bits(mask: int) -> int:
    count = 0
    for bit in range(DIRECTIONS):
        count += (mask >> bit) & 1
    return count


@njit(cache=True)
def is_choosing(s: np.ndarray, seat: int) -> bool:
    """The seat has a choice to commit and has not (`Commit.is_done` is false)."""
    return bool(s[block(seat, P_COMMIT)] and not s[block(seat, P_LAST_WORD)] and s[block(seat, P_DIRECTION)] < 0)


@njit(cache=True)
def to_act(s: np.ndarray, out: np.ndarray) -> int:
    """Seats to act (`DoughnutDash.to_act`): chance while draws are due, else by phase."""
    phase = s[PHASE]
    if s[DRAW_COUNT] > 0:
        out[0] = CHANCE
        return 1
    if phase in (CHOOSE, LAST_WORD_PHASE):
        count = 0
        for seat in range(s[PLAYERS]):
            if is_choosing(s, seat):
                out[count] = seat
                count += 1
        return count
    if phase == OVER or s[MOVER] < 0:
        return 0
    out[0] = s[VICTIM] if phase == GUARD_PHASE and s[VICTIM] >= 0 else s[MOVER]
    return 1


@njit(cache=True)
def is_acting(s: np.ndarray, seat: int) -> bool:
    """Whether the seat is among those to act."""
    phase = s[PHASE]
    if s[DRAW_COUNT] > 0 or seat < 0 or seat >= s[PLAYERS]:
        return False
    if phase in (CHOOSE, LAST_WORD_PHASE):
        return is_choosing(s, seat)
    if phase == OVER or s[MOVER] < 0:
        return False
    return bool(seat == (s[VICTIM] if phase == GUARD_PHASE and s[VICTIM] >= 0 else s[MOVER]))


@njit(cache=True)
def chances(s: np.ndarray, out: np.ndarray) -> int:
    """Each card's weight in the deck (the discards once it is empty), kinds ascending."""
    if s[DRAW_COUNT] == 0:
        return 0
    pool = DECK if s[DECK : DECK + KINDS].sum() > 0 else DISCARDS
    count = 0
    for kind in range(KINDS):
        if s[pool + kind] > 0:
            out[count] = s[pool + kind]
            count += 1
    return count


@njit(cache=True)
def sort_ids(out: np.ndarray, count: int) -> int:
    """Insertion sort of the menu (built nearly in order), so ids come out ascending."""
    for index in range(1, count):
        value = out[index]
        place = index
        while place > 0 and out[place - 1] > value:
            out[place] = out[place - 1]
            place -= 1
        out[place] = value
    return count


@njit(cache=True)
def menu(s: np.ndarray, tab: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The seat's legal ids, ascending (`DoughnutDash.legal_actions`)."""
    if not is_acting(s, seat):
        return 0
    phase = s[PHASE]
    if phase in (CHOOSE, LAST_WORD_PHASE):
        return sort_ids(out, choices(s, tab, seat, out))
    if phase == TURN:
        return sort_ids(out, turn_menu(s, tab, seat, out))
    if phase == THIEF_PHASE:
        return sort_ids(out, thief_menu(s, tab, seat, out))
    if phase == LOOP_PHASE:
        for index in range(s[LOOP_COUNT]):
            out[index] = tab[T_HALT] + s[LOOP + index]
        return int(s[LOOP_COUNT])
    if phase == STEAL:
        for index in range(s[VICTIM_COUNT]):
            out[index] = tab[T_ROB] + s[VICTIMS + index]
        return sort_ids(out, int(s[VICTIM_COUNT]))
    if phase == GUARD_PHASE:
        out[0] = tab[T_PASS]
        if sugar(s, seat, K_GUARD) == 0:
            return 1
        out[1] = tab[T_PLAY + K_GUARD]
        return sort_ids(out, 2)
    for index in range(s[TIED_COUNT]):
        out[index] = tab[T_GIVE] + s[TIED + index]
    return sort_ids(out, int(s[TIED_COUNT]))


@njit(cache=True)
def choices(s: np.ndarray, tab: np.ndarray, seat: int, out: np.ndarray) -> int:
    """A choosing seat's menu (`choosing.choices`)."""
    wind = s[block(seat, P_SECOND_WIND)]
    hand = ALL_DIRECTIONS if wind else s[block(seat, P_HAND)]
    count = 0
    for direction in range(DIRECTIONS):
        if (hand >> direction) & 1:
            out[count] = tab[T_CHOOSE] + direction
            count += 1
    if not wind and can_wind(s, seat):
        out[count] = tab[T_PLAY + K_SECOND_WIND]
        count += 1
    if s[PHASE] == CHOOSE and sugar(s, seat, K_LAST_WORD) > 0:
        out[count] = tab[T_PLAY + K_LAST_WORD]
        count += 1
    return count


@njit(cache=True)
def can_wind(s: np.ndarray, seat: int) -> bool:
    """Second Wind is offered only with played direction cards to take back."""
    return sugar(s, seat, K_SECOND_WIND) > 0 and s[block(seat, P_HAND)] != ALL_DIRECTIONS


@njit(cache=True)
def turn_menu(s: np.ndarray, tab: np.ndarray, seat: int, out: np.ndarray) -> int:
    """Ready an unmoved thief, or play About Turn, Hold Still (before moving) or Spin."""
    count = 0
    moved = s[MOVED]
    for thief in range(2):
        if not (moved >> thief) & 1:
            out[count] = tab[T_READY] + thief
            count += 1
    if moved == 0:
        if sugar(s, seat, K_ABOUT_TURN) > 0 and not s[ABOUT_TURN]:
            out[count] = tab[T_PLAY + K_ABOUT_TURN]
            count += 1
        if sugar(s, seat, K_HOLD_STILL) > 0 and not s[HOLD_STILL]:
            out[count] = tab[T_PLAY + K_HOLD_STILL]
            count += 1
    if sugar(s, seat, K_SPIN) > 0:
        for action in range(2 * TILES):
            out[count] = tab[T_SPIN] + action
            count += 1
    return count


@njit(cache=True)
def thief_menu(s: np.ndarray, tab: np.ndarray, seat: int, out: np.ndarray) -> int:
    """Go (with the teleport it stands on, if any), Leap, Sidestep."""
    out[0] = tab[T_GO]
    count = 1
    if s[PARTNER + s[block(seat, P_THIEVES + s[THIEF])]] >= 0:
        out[count] = tab[T_GO] + 1
        count += 1
    if sugar(s, seat, K_LEAP) > 0 and not s[LEAP]:
        out[count] = tab[T_PLAY + K_LEAP]
        count += 1
    if sugar(s, seat, K_SIDESTEP) > 0 and s[SIDESTEP] < 0:
        out[count] = tab[T_SIDESTEP]
        out[count + 1] = tab[T_SIDESTEP] + 1
        count += 2
    return count


@njit(cache=True)
def draw(s: np.ndarray, index: int) -> None:
    """The first seat due to draw takes the `index`-th kind the pool holds (`table.draw`)."""
    if s[DECK : DECK + KINDS].sum() == 0:
        s[DECK : DECK + KINDS] = s[DISCARDS : DISCARDS + KINDS]
        s[DISCARDS : DISCARDS + KINDS] = 0
    kind = -1
    while index >= 0:
        kind += 1
        if s[DECK + kind] > 0:
            index -= 1
    s[DECK + kind] -= 1
    s[block(s[DRAWS], P_SUGAR + kind)] += 1
    s[DRAW_COUNT] -= 1
    s[DRAWS : DRAWS + s[DRAW_COUNT]] = s[DRAWS + 1 : DRAWS + 1 + s[DRAW_COUNT]].copy()
    s[DRAWS + s[DRAW_COUNT]] = -1


@njit(cache=True)
def due(s: np.ndarray, seat: int) -> None:
    """Queue a Sugar Rush draw for the seat."""
    s[DRAWS + s[DRAW_COUNT]] = seat
    s[DRAW_COUNT] += 1


@njit(cache=True)
def commit(s: np.ndarray, tab: np.ndarray, seat: int, action: int) -> None:
    """Record a seat's secret choice; reveal once every choosing seat has committed (`choosing.choose`)."""
    if action == tab[T_PLAY + K_SECOND_WIND]:
        s[block(seat, P_SECOND_WIND)] = 1
    elif action == tab[T_PLAY + K_LAST_WORD]:
        s[block(seat, P_LAST_WORD)] = 1
    else:
        s[block(seat, P_DIRECTION)] = action - tab[T_CHOOSE]
    for other in range(s[PLAYERS]):
        if is_choosing(s, other):
            return
    reveal(s)


@njit(cache=True)
def reveal(s: np.ndarray) -> None:
    """Every commitment face up (`choosing.reveal`); Last Word players then choose again."""
    waiting = False
    for seat in range(s[PLAYERS]):
        if not s[block(seat, P_COMMIT)]:
            continue
        if s[block(seat, P_SECOND_WIND)]:
            s[block(seat, P_HAND)] = ALL_DIRECTIONS
            play_card(s, seat, K_SECOND_WIND)
            s[block(seat, P_SECOND_WIND)] = 0
        if s[block(seat, P_LAST_WORD)]:
            play_card(s, seat, K_LAST_WORD)
            s[block(seat, P_LAST_WORD)] = 0
            waiting = True
            continue
        direction = s[block(seat, P_DIRECTION)]
        s[block(seat, P_HAND)] &= ~(1 << direction)
        s[block(seat, P_COMMIT)] = 0
        s[block(seat, P_DIRECTION)] = -1
        s[block(seat, P_REVEALED)] = direction
    if waiting:
        s[PHASE] = LAST_WORD_PHASE
    else:
        s[PHASE] = TURN
        new_turn(s, s[FIRST])


@njit(cache=True)
def new_turn(s: np.ndarray, seat: int) -> None:
    """A fresh `Turn` for the seat (nothing played, nothing moved)."""
    s[MOVER] = seat
    s[ABOUT_TURN] = 0
    s[HOLD_STILL] = 0
    s[MOVED] = 0
    next_thief(s)


@njit(cache=True)
def next_thief(s: np.ndarray) -> None:
    """Nothing readied: no thief, Leap, Sidestep, loop, victims or tie."""
    s[THIEF] = -1
    s[LEAP] = 0
    s[SIDESTEP] = -1
    s[VICTIM] = -1
    s[VICTIM_COUNT] = 0
    s[VICTIMS : VICTIMS + 4] = -1
    s[TIED_COUNT] = 0
    s[TIED : TIED + 4] = -1
    s[LOOP_COUNT] = 0
    s[LOOP : LOOP + SQUARES] = -1


@njit(cache=True)
def finish_thief(s: np.ndarray) -> None:
    """The thief's move is over: back to the mover's turn menu (`thievery.finish_thief`)."""
    s[MOVED] |= 1 << s[THIEF]
    next_thief(s)
    s[PHASE] = TURN


@njit(cache=True)
def is_ending(s: np.ndarray, tab: np.ndarray) -> bool:
    """At most one Ketchup left on the floor, or a stack at the maximum (`thievery.is_ending`)."""
    ketchup = 0
    for square in range(SQUARES):
        ketchup += s[DOUGHNUT + square] == KETCHUP
    if ketchup <= tab[T_KETCHUP_TO_END]:
        return True
    for seat in range(s[PLAYERS]):  # noqa: SIM110 (Numba compiles loops, not generators)
        if s[block(seat, P_STACK_SIZE)] >= tab[T_MAX_STACK]:
            return True
    return False


@njit(cache=True)
def stack_push(s: np.ndarray, seat: int, doughnut: int) -> None:
    size = s[block(seat, P_STACK_SIZE)]
    s[block(seat, P_STACK + size)] = doughnut
    s[block(seat, P_STACK_SIZE)] = size + 1


@njit(cache=True)
def land(s: np.ndarray, tab: np.ndarray, end: int) -> None:
    """Put the moving thief on `end`; take the doughnut there or rob the thieves there (`thievery.land`)."""
    seat = s[MOVER]
    s[block(seat, P_THIEVES + s[THIEF])] = end
    s[LOOP_COUNT] = 0
    s[LOOP : LOOP + SQUARES] = -1
    doughnut = s[DOUGHNUT + end]
    if doughnut >= 0:
        take(s, tab, seat, end, doughnut)
        return
    for other in range(s[PLAYERS]):
        here = s[block(other, P_THIEVES)] == end or s[block(other, P_THIEVES + 1)] == end
        if other != seat and here and s[block(other, P_STACK_SIZE)] > 0:
            s[VICTIMS + s[VICTIM_COUNT]] = other
            s[VICTIM_COUNT] += 1
    if s[VICTIM_COUNT] == 0:
        finish_thief(s)
    else:
        next_victim(s)


@njit(cache=True)
def take(s: np.ndarray, tab: np.ndarray, seat: int, square: int, doughnut: int) -> None:
    """The mover takes a doughnut; Strawberry Lemonade and Blueberry Violet make someone draw."""
    s[DOUGHNUT + square] = -1
    stack_push(s, seat, doughnut)
    if doughnut == STRAWBERRY_LEMONADE:
        due(s, seat)
    elif doughnut == BLUEBERRY_VIOLET:
        fewest = SQUARES + 1
        for other in range(s[PLAYERS]):
            if other != seat:
                fewest = min(fewest, s[block(other, P_STACK_SIZE)])
        for other in range(s[PLAYERS]):
            if other != seat and s[block(other, P_STACK_SIZE)] == fewest:
                s[TIED + s[TIED_COUNT]] = other
                s[TIED_COUNT] += 1
        if s[TIED_COUNT] == 1:
            due(s, s[TIED])
            s[TIED_COUNT] = 0
            s[TIED] = -1
    s[ENDING] = s[ENDING] or is_ending(s, tab)
    if s[TIED_COUNT] > 0:
        s[PHASE] = BLUEBERRY
    else:
        finish_thief(s)


@njit(cache=True)
def next_victim(s: np.ndarray) -> None:
    """Rob the next victim: the mover picks among several; the victim may Guard."""
    count = s[VICTIM_COUNT]
    if count == 0:
        finish_thief(s)
    elif count > 1:
        s[PHASE] = STEAL
        s[VICTIM] = -1
    else:
        s[PHASE] = GUARD_PHASE
        s[VICTIM] = s[VICTIMS]
        s[VICTIMS] = -1
        s[VICTIM_COUNT] = 0


@njit(cache=True)
def rob(s: np.ndarray, victim: int) -> None:
    """Steal next from `victim`: she decides on Guard first."""
    kept = 0
    for index in range(s[VICTIM_COUNT]):
        if s[VICTIMS + index] != victim:
            s[VICTIMS + kept] = s[VICTIMS + index]
            kept += 1
    s[VICTIMS + kept : VICTIMS + 4] = -1
    s[VICTIM_COUNT] = kept
    s[PHASE] = GUARD_PHASE
    s[VICTIM] = victim


@njit(cache=True)
def steal(s: np.ndarray, tab: np.ndarray) -> None:
    """The victim passed: the mover takes the top of her stack and she draws (`thievery.steal`)."""
    victim = s[VICTIM]
    size = s[block(victim, P_STACK_SIZE)] - 1
    doughnut = s[block(victim, P_STACK + size)]
    s[block(victim, P_STACK + size)] = 0
    s[block(victim, P_STACK_SIZE)] = size
    stack_push(s, s[MOVER], doughnut)
    due(s, victim)
    s[ENDING] = s[ENDING] or is_ending(s, tab)
    next_victim(s)


@njit(cache=True)
def heading(s: np.ndarray, seat: int) -> int:
    """Where the mover's thieves head this turn: her revealed direction, turned about by About
    Turn and aside by Sidestep."""
    towards = s[block(seat, P_REVEALED)]
    if s[ABOUT_TURN]:
        towards = (towards + 2) % DIRECTIONS
    if s[SIDESTEP] >= 0:
        towards = (towards + s[SIDESTEP]) % DIRECTIONS
    return int(towards)


@njit(cache=True)
def go(s: np.ndarray, tab: np.ndarray, floor: np.ndarray, teleport: bool, seen: np.ndarray, path: np.ndarray) -> None:
    """Send the readied thief off (`DoughnutDash._go`); a loop waits for the mover's pick."""
    seat, thief = s[MOVER], s[THIEF]
    start, friend = s[block(seat, P_THIEVES + thief)], s[block(seat, P_THIEVES + 1 - thief)]
    end = dash(s, floor, seat, start, friend, heading(s, seat), bool(s[LEAP]), teleport, seen, path)
    if end < 0:
        s[PHASE] = LOOP_PHASE
    else:
        land(s, tab, end)


@njit(cache=True)
def apply(
    s: np.ndarray, tab: np.ndarray, floor: np.ndarray, seat: int, action: int, seen: np.ndarray, path: np.ndarray
) -> None:
    """Apply a legal action (for `CHANCE`, the index of the card among those the pool holds),
    then settle what needs no decision (`DoughnutDash._apply`)."""
    phase = s[PHASE]
    if seat == CHANCE:
        draw(s, action)
    elif phase in (CHOOSE, LAST_WORD_PHASE):
        commit(s, tab, seat, action)
    elif action == tab[T_PLAY + K_GUARD]:
        play_card(s, seat, K_GUARD)
        next_victim(s)
    elif action == tab[T_PASS]:
        steal(s, tab)
    elif tab[T_SPIN] <= action < tab[T_SPIN] + 2 * TILES:
        spin(s, floor, (action - tab[T_SPIN]) // 2, (action - tab[T_SPIN]) % 2 == 0)
        play_card(s, seat, K_SPIN)
    elif action == tab[T_PLAY + K_ABOUT_TURN]:
        play_card(s, seat, K_ABOUT_TURN)
        s[ABOUT_TURN] = 1
    elif action == tab[T_PLAY + K_HOLD_STILL]:
        play_card(s, seat, K_HOLD_STILL)
        s[HOLD_STILL] = 1
    elif action == tab[T_PLAY + K_LEAP]:
        play_card(s, seat, K_LEAP)
        s[LEAP] = 1
    elif tab[T_SIDESTEP] <= action <= tab[T_SIDESTEP] + 1:
        play_card(s, seat, K_SIDESTEP)
        s[SIDESTEP] = 3 if action == tab[T_SIDESTEP] else 1
    else:
        act_on_thief(s, tab, floor, action, seen, path)
    advance(s)


@njit(cache=True)
def act_on_thief(
    s: np.ndarray, tab: np.ndarray, floor: np.ndarray, action: int, seen: np.ndarray, path: np.ndarray
) -> None:
    """Ready, Go, Halt, Rob or Give."""
    if tab[T_READY] <= action <= tab[T_READY] + 1:
        s[PHASE] = THIEF_PHASE
        s[THIEF] = action - tab[T_READY]
    elif tab[T_GO] <= action <= tab[T_GO] + 1:
        go(s, tab, floor, action != tab[T_GO], seen, path)
    elif tab[T_HALT] <= action < tab[T_HALT] + SQUARES:
        land(s, tab, action - tab[T_HALT])
    elif tab[T_ROB] <= action < tab[T_ROB] + s[PLAYERS]:
        rob(s, action - tab[T_ROB])
    else:
        due(s, action - tab[T_GIVE])
        finish_thief(s)


@njit(cache=True)
def advance(s: np.ndarray) -> None:
    """Drop draws nobody can make; end finished turns and rounds (`DoughnutDash._advance`)."""
    while True:
        if s[DRAW_COUNT] > 0:
            if s[DECK : DECK + KINDS].sum() > 0 or s[DISCARDS : DISCARDS + KINDS].sum() > 0:
                return
            s[DRAWS : DRAWS + s[DRAW_COUNT]] = -1
            s[DRAW_COUNT] = 0
        if s[PHASE] != TURN or s[MOVER] < 0:
            return
        moved = bits(s[MOVED])
        if not (moved == 2 or (s[HOLD_STILL] and moved == 1)):
            return
        following = (s[MOVER] + 1) % s[PLAYERS]
        if following == s[FIRST]:
            end_round(s)
        else:
            new_turn(s, following)


@njit(cache=True)
def end_round(s: np.ndarray) -> None:
    """Hands of one card take their played cards back; the first-player card passes on."""
    over = s[ENDING]
    for seat in range(s[PLAYERS]):
        if bits(s[block(seat, P_HAND)]) == 1:
            s[block(seat, P_HAND)] = ALL_DIRECTIONS
        s[block(seat, P_REVEALED)] = -1
        s[block(seat, P_COMMIT)] = 0 if over else 1
        s[block(seat, P_SECOND_WIND)] = 0
        s[block(seat, P_LAST_WORD)] = 0
        s[block(seat, P_DIRECTION)] = -1
    s[FIRST] = (s[FIRST] + 1) % s[PLAYERS]
    s[PHASE] = OVER if over else CHOOSE
    new_turn(s, -1)


@njit(cache=True)
def rainbow_points(rainbows: int) -> int:
    """What a stack's Rainbow Frosted score together: 1 -> -1, 2 -> -4, n >= 3 -> n*n."""
    if rainbows < 3:
        return -rainbows * rainbows
    return rainbows * rainbows


@njit(cache=True)
def scores(s: np.ndarray, tab: np.ndarray, out: np.ndarray, ketchup: np.ndarray) -> None:
    """Each seat's points (`scoring.points`) and Ketchup count."""
    for seat in range(s[PLAYERS]):
        total = 0
        rainbows = 0
        ketchup[seat] = 0
        for index in range(s[block(seat, P_STACK_SIZE)]):
            doughnut = s[block(seat, P_STACK + index)]
            if doughnut == RAINBOW_FROSTED:
                rainbows += 1
            else:
                total += tab[T_DOUGHNUT_POINTS + doughnut]
            ketchup[seat] += doughnut == KETCHUP
        total += rainbow_points(rainbows)
        for kind in range(KINDS):
            total += sugar(s, seat, kind) * tab[T_CARD_POINTS + kind]
        out[seat] = total


@njit(cache=True)
def values(s: np.ndarray, tab: np.ndarray, out: np.ndarray) -> None:
    """The outcome's values once over (most points, then most Ketchup); else `cutoff_values`."""
    players = s[PLAYERS]
    points = np.zeros(players, np.int64)
    ketchup = np.zeros(players, np.int64)
    scores(s, tab, points, ketchup)
    if s[PHASE] != OVER:
        lead(points, SCORE_SPREAD, out)
        return
    rank = points * 1024 + ketchup
    best = rank.max()
    leaders = 0
    for value in rank:
        leaders += value == best
    for seat in range(players):
        out[seat] = 1.0 / leaders if rank[seat] == best else 0.0
