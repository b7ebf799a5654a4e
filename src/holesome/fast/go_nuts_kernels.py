"""Go Nuts's rules over packed rows, compiled: menus, the round's flow, the powers, scoring.

Each function mirrors its counterpart in `holesome.games.go_nuts` (`flow`, `powers`, `scoring`)
step for step, so that a row stays the packing of the state the pure engine would reach. A row
is always at rest, as every state is: `advance` runs the steps that need nobody's choice after
every action, and plays a menu's only option itself where the engine does.

What a card does and how it scores comes in `cards` (one line per kind, columns `C_*`), and the
action ids in `ids` (the first id of each action family, `I_*`), both read from the game in
`holesome.fast.go_nuts`, so no rule or number is restated here.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from holesome.fast.lead import lead
from holesome.games.go_nuts.rules import SCORE_SPREAD

CHANCE = -1

MAX_KINDS = 32
MAX_SEATS = 6
MAX_SLOTS = MAX_SEATS + 1
MAX_PILE = 80

# The row: one int64 per field, hands and the deck as counts per kind.
PLAYERS = 0
OVER = 1
CURSOR = 2
TOP_SEAT = 3
"""The seat that knows the deck's top card (a Double Chocolate put it back), or -1."""
TOP_CARD = 4
ROW = 5
"""`ROW + slot - 1`: the card in the slot, or -1."""
PICKS = ROW + MAX_SLOTS
"""`PICKS + seat`: the slot picked this round, or 0."""
POWER = PICKS + MAX_SEATS
"""The power under way (`P_*`), or -1."""
TAKER = POWER + 1
TASK_CARD = TAKER + 1
CHOSEN_COUNT = TASK_CARD + 1
CHOSEN = CHOSEN_COUNT + 1
DRAWN_COUNT = CHOSEN + 3
DRAWN = DRAWN_COUNT + 1
PASSES = DRAWN + 2
"""`PASSES + seat`: the card passed in a Cinnamon Twist, or -1."""
PILE_SIZE = PASSES + MAX_SEATS
PILE = PILE_SIZE + 1
"""The discard pile, bottom first."""
DECK = PILE + MAX_PILE
HANDS = DECK + MAX_KINDS
"""`HANDS + seat * MAX_KINDS + kind`: how many of the kind the seat holds."""
WIDTH = HANDS + MAX_SEATS * MAX_KINDS

# Powers and scoring rules, in the order of `cards.Power` and `cards.Rule`.
P_NONE = -1
P_DRAW = 0
P_TAKE_TOP = 1
P_CLEAR_ROW = 2
P_DRAW_TWO = 3
P_TAKE_ANY = 4
P_GIVE = 5
P_STEAL = 6
P_TWIST = 7
P_TAKE_THREE = 8
P_DISCARD_THREE = 9
P_DISCARD_ONE = 10
P_SPOIL = 11

R_EACH = 0
R_SET = 1
R_MAJORITY = 2
R_TYPES_AT_LEAST = 3
R_TYPES_AT_MOST = 4
R_CARDS_AT_MOST = 5
R_FEWEST_CARDS = 6
R_PER_NEGATIVE = 7

# Columns of `cards`.
C_POWER = 0
C_RULE = 1
C_POINTS = 2
C_MOST = 3
C_TIED = 4
C_LIMIT = 5
C_NEGATIVE = 6
C_RETRIEVE = 7
"""The offset of the kind's first `Retrieve` among the Retrieve ids."""
C_TABLE_SIZE = 8
C_TABLE = 9
CARD_COLUMNS = C_TABLE + 8

# Entries of `ids`: the first id of each family, and the lone ones.
I_PICK = 0
I_CLEAR = 1
I_CHOOSE = 2
I_OPPONENT = 3
I_RETRIEVE = 4
I_DONE = 5
I_FORFEIT = 6
ID_ENTRIES = 7

DRAW_TWO_CARDS = 2
DAY_OLD_LIMIT = 3
MILK_DISCARDS = 3


@njit(cache=True)
def deck_size(s: np.ndarray, kinds: int) -> int:
    """Cards in the deck, a known top card included."""
    total = 1 if s[TOP_SEAT] >= 0 else 0
    for kind in range(kinds):
        total += s[DECK + kind]
    return total


@njit(cache=True)
def held(s: np.ndarray, seat: int, kind: int) -> int:
    return int(s[HANDS + seat * MAX_KINDS + kind])


@njit(cache=True)
def gain(s: np.ndarray, seat: int, kind: int) -> None:
    s[HANDS + seat * MAX_KINDS + kind] += 1


@njit(cache=True)
def lose(s: np.ndarray, seat: int, kind: int) -> None:
    s[HANDS + seat * MAX_KINDS + kind] -= 1


@njit(cache=True)
def to_pile(s: np.ndarray, kind: int) -> None:
    s[PILE + s[PILE_SIZE]] = kind
    s[PILE_SIZE] += 1


@njit(cache=True)
def discard_own(s: np.ndarray, seat: int, kind: int) -> None:
    lose(s, seat, kind)
    to_pile(s, kind)


@njit(cache=True)
def clear_task(s: np.ndarray) -> None:
    """No power under way (every task field back to its packing for `task=None`)."""
    s[POWER] = P_NONE
    s[TAKER] = -1
    s[TASK_CARD] = -1
    s[CHOSEN_COUNT] = 0
    s[DRAWN_COUNT] = 0
    for index in range(3):
        s[CHOSEN + index] = -1
    for index in range(2):
        s[DRAWN + index] = -1
    for seat in range(MAX_SEATS):
        s[PASSES + seat] = -1


@njit(cache=True)
def start_task(s: np.ndarray, power: int, taker: int, card: int) -> None:
    clear_task(s)
    s[POWER] = power
    s[TAKER] = taker
    s[TASK_CARD] = card


@njit(cache=True)
def all_picked(s: np.ndarray) -> bool:
    for seat in range(s[PLAYERS]):  # noqa: SIM110 (Numba compiles loops, not generators)
        if s[PICKS + seat] == 0:
            return False
    return True


@njit(cache=True)
def needs_card(s: np.ndarray) -> bool:
    power = s[POWER]
    return bool(power == P_DRAW or (power == P_DRAW_TWO and s[DRAWN_COUNT] < DRAW_TWO_CARDS))


@njit(cache=True)
def hand_menu(s: np.ndarray, seat: int, without: int, kinds: int, choose: int, out: np.ndarray, count: int) -> int:
    """Append a `Choose` for each kind the seat holds, one copy of `without` (or -1) set aside."""
    base = HANDS + seat * MAX_KINDS
    for kind in range(kinds):
        copies = s[base + kind] - (1 if kind == without else 0)
        if copies > 0:
            out[count] = choose + kind
            count += 1
    return count


@njit(cache=True)
def count_cards(s: np.ndarray, seat: int, kinds: int) -> int:
    """How many cards the seat holds."""
    total = 0
    for kind in range(kinds):
        total += s[HANDS + seat * MAX_KINDS + kind]
    return total


@njit(cache=True)
def pile_menu(s: np.ndarray, cards: np.ndarray, kinds: int, retrieve: int, out: np.ndarray, count: int) -> int:
    """Append a `Retrieve` for each card of the pile, by kind and depth (ascending ids)."""
    for kind in range(kinds):
        copies = 0
        for index in range(s[PILE_SIZE]):
            if s[PILE + index] == kind:
                copies += 1
        first = retrieve + cards[kind, C_RETRIEVE]
        for copy in range(copies):
            out[count] = first + copy
            count += 1
    return count


@njit(cache=True)
def menu(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, seat: int, out: np.ndarray) -> int:
    """The seat's legal ids, ascending (`flow.advance`'s menus)."""
    players = s[PLAYERS]
    if s[OVER] or seat < 0 or seat >= players:
        return 0
    if not all_picked(s):
        if s[PICKS + seat] != 0:
            return 0
        for slot in range(players + 1):
            out[slot] = ids[I_PICK] + slot
        return int(players + 1)
    power = s[POWER]
    if power == P_NONE or needs_card(s):
        return 0
    if power == P_TWIST:
        if s[PASSES + seat] >= 0:
            return 0
        without = s[TASK_CARD] if seat == s[TAKER] else -1
        return hand_menu(s, seat, without, cards.shape[0], ids[I_CHOOSE], out, 0)
    if seat != s[TAKER]:
        return 0
    if power in (P_GIVE, P_STEAL, P_SPOIL, P_DISCARD_THREE, P_DISCARD_ONE):
        return chain_menu(s, cards, ids, power, out)
    return row_or_pile_menu(s, cards, ids, power, out)


@njit(cache=True)
def row_or_pile_menu(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, power: int, out: np.ndarray) -> int:
    """French Cruller, Double Chocolate, Red Velvet and Day-Old Donuts (`powers._taker_menu`)."""
    count = 0
    if power == P_CLEAR_ROW:
        for slot in range(1, s[PLAYERS] + 2):
            if s[ROW + slot - 1] >= 0 and not is_picked(s, slot):
                out[count] = ids[I_CLEAR] + slot - 1
                count += 1
        out[count] = ids[I_DONE]
        return count + 1
    if power == P_DRAW_TWO:
        low, high = min(s[DRAWN], s[DRAWN + 1]), max(s[DRAWN], s[DRAWN + 1])
        out[0] = ids[I_CHOOSE] + low
        out[1] = ids[I_CHOOSE] + high
        return 1 if high == low else 2
    count = pile_menu(s, cards, cards.shape[0], ids[I_RETRIEVE], out, 0)
    if power == P_TAKE_THREE:
        out[count] = ids[I_DONE]
        count += 1
    return count


@njit(cache=True)
def chain_menu(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, power: int, out: np.ndarray) -> int:
    """Sprinkled, Bear Claw, Strawberry Glazed, Milk and Raspberry Frosted (`powers._taker_menu`)."""
    kinds, taker, card, chosen = cards.shape[0], s[TAKER], s[TASK_CARD], s[CHOSEN_COUNT]
    count = 0
    if power == P_GIVE and chosen == 0:
        return hand_menu(s, taker, -1, kinds, ids[I_CHOOSE], out, 0)
    if power == P_GIVE or (power in (P_STEAL, P_SPOIL) and chosen == 0):
        for other in range(s[PLAYERS]):
            if other != taker and (power == P_GIVE or count_cards(s, other, kinds) > 0):
                out[count] = ids[I_OPPONENT] + other
                count += 1
        return count
    if power in (P_STEAL, P_SPOIL):
        return hand_menu(s, s[CHOSEN], -1, kinds, ids[I_CHOOSE], out, 0)
    count = hand_menu(s, taker, card, kinds, ids[I_CHOOSE], out, 0)
    if power == P_DISCARD_THREE:
        if chosen > 0:
            return count
        if count_cards(s, taker, kinds) - 1 < MILK_DISCARDS:
            count = 0
    elif count > 0:
        return count
    out[count] = ids[I_FORFEIT]
    return count + 1


@njit(cache=True)
def is_picked(s: np.ndarray, slot: int) -> bool:
    for seat in range(s[PLAYERS]):  # noqa: SIM110 (Numba compiles loops, not generators)
        if s[PICKS + seat] == slot:
            return True
    return False


@njit(cache=True)
def to_act(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> int:
    """The seats to act at rest (`(CHANCE,)` for a draw, none once the game is over)."""
    players = s[PLAYERS]
    if s[OVER]:
        return 0
    count = 0
    if not all_picked(s):
        for seat in range(players):
            if s[PICKS + seat] == 0:
                out[count] = seat
                count += 1
        return count
    if s[POWER] != P_NONE and not needs_card(s):
        for seat in range(players):
            if menu(s, cards, ids, seat, scratch) > 0:
                out[count] = seat
                count += 1
        return count
    out[0] = CHANCE
    return 1


@njit(cache=True)
def chances(s: np.ndarray, kinds: int, out: np.ndarray) -> int:
    """The weight of each card the deck may yield, kinds ascending (as `flow.settle` lists them)."""
    count = 0
    for kind in range(kinds):
        if s[DECK + kind] > 0:
            out[count] = s[DECK + kind]
            count += 1
    return count


@njit(cache=True)
def passable(s: np.ndarray, seat: int, taker: int, twist: int, kinds: int) -> bool:
    return count_cards(s, seat, kinds) - (1 if seat == taker else 0) > 0


@njit(cache=True)
def begin(s: np.ndarray, cards: np.ndarray, seat: int, card: int) -> None:
    """Start the power of `card`, just taken from the row (`powers.begin`)."""
    power = cards[card, C_POWER]
    kinds = cards.shape[0]
    if power == P_NONE:
        return
    if power == P_TAKE_TOP:
        if s[PILE_SIZE] > 0:
            s[PILE_SIZE] -= 1
            gain(s, seat, s[PILE + s[PILE_SIZE]])
            s[PILE + s[PILE_SIZE]] = 0
    elif power == P_DRAW or (power == P_DRAW_TWO and deck_size(s, kinds) < DRAW_TWO_CARDS):
        if deck_size(s, kinds) > 0:
            start_task(s, P_DRAW, seat, card)
    elif power == P_TWIST:
        for other in range(s[PLAYERS]):
            if not passable(s, other, seat, card, kinds):
                discard_own(s, seat, card)
                return
        start_task(s, power, seat, card)
    else:
        start_task(s, power, seat, card)


@njit(cache=True)
def receive(s: np.ndarray, card: int) -> None:
    """A drawing power gets the card that came off the deck."""
    if s[POWER] == P_DRAW:
        gain(s, s[TAKER], card)
        clear_task(s)
        return
    s[DRAWN + s[DRAWN_COUNT]] = card
    s[DRAWN_COUNT] += 1


@njit(cache=True)
def fill(s: np.ndarray, card: int) -> None:
    """Put a card from the deck into the first empty slot."""
    slot = 0
    while s[ROW + slot] >= 0:
        slot += 1
    s[ROW + slot] = card


@njit(cache=True)
def take_pile(s: np.ndarray, kind: int, copy: int) -> None:
    """Remove from the pile the `copy`-th card of `kind` counted from the top."""
    seen = -1
    size = s[PILE_SIZE]
    for index in range(size - 1, -1, -1):
        if s[PILE + index] == kind:
            seen += 1
            if seen == copy:
                for later in range(index, size - 1):
                    s[PILE + later] = s[PILE + later + 1]
                s[PILE + size - 1] = 0
                s[PILE_SIZE] = size - 1
                return


@njit(cache=True)
def retrieve_of(cards: np.ndarray, offset: int) -> tuple[int, int]:
    """The (kind, copy) a Retrieve id names, from its offset among the Retrieve ids."""
    kind = cards.shape[0] - 1
    while cards[kind, C_RETRIEVE] > offset:
        kind -= 1
    return kind, offset - cards[kind, C_RETRIEVE]


@njit(cache=True)
def choose(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, seat: int, action: int) -> None:
    """Apply one legal choice of the power under way (`powers.choose`)."""
    power, taker, card = s[POWER], s[TAKER], s[TASK_CARD]
    if power == P_TWIST:
        commit_pass(s, seat, action - ids[I_CHOOSE])
    elif action == ids[I_FORFEIT]:
        clear_task(s)
        discard_own(s, taker, card)
    elif action == ids[I_DONE]:
        clear_task(s)
    elif ids[I_CLEAR] <= action < ids[I_CHOOSE]:
        slot = action - ids[I_CLEAR] + 1
        to_pile(s, s[ROW + slot - 1])
        s[ROW + slot - 1] = -1
    elif ids[I_RETRIEVE] <= action < ids[I_DONE]:
        kind, copy = retrieve_of(cards, action - ids[I_RETRIEVE])
        take_pile(s, kind, copy)
        gain(s, taker, kind)
        keep_going(s, kind, power == P_TAKE_THREE, DAY_OLD_LIMIT)
    elif power == P_DRAW_TWO:
        kind = action - ids[I_CHOOSE]
        other = s[DRAWN + 1] if s[DRAWN] == kind else s[DRAWN]
        gain(s, taker, kind)
        clear_task(s)
        s[TOP_SEAT] = taker
        s[TOP_CARD] = other
    else:
        choose_in_chain(s, ids, power, action)


@njit(cache=True)
def keep_going(s: np.ndarray, kind: int, is_chain: bool, limit: int) -> None:
    """Note a card chosen in a chain of up to `limit` choices; end the task once it is complete."""
    chosen = s[CHOSEN_COUNT]
    if is_chain and chosen + 1 < limit:
        s[CHOSEN + chosen] = kind
        s[CHOSEN_COUNT] = chosen + 1
    else:
        clear_task(s)


@njit(cache=True)
def commit_pass(s: np.ndarray, seat: int, kind: int) -> None:
    """Record a Cinnamon Twist pass; once all are in, every card moves to the next seat together."""
    s[PASSES + seat] = kind
    players = s[PLAYERS]
    for other in range(players):
        if s[PASSES + other] < 0:
            return
    for giver in range(players):
        lose(s, giver, s[PASSES + giver])
    for giver in range(players):
        gain(s, (giver + 1) % players, s[PASSES + giver])
    clear_task(s)


@njit(cache=True)
def choose_in_chain(s: np.ndarray, ids: np.ndarray, power: int, action: int) -> None:
    """Sprinkled, Bear Claw, Strawberry Glazed (card then opponent, or the reverse), Raspberry, Milk."""
    taker = s[TAKER]
    if s[CHOSEN_COUNT] == 0 and power in (P_GIVE, P_STEAL, P_SPOIL):
        s[CHOSEN] = action - ids[I_CHOOSE if power == P_GIVE else I_OPPONENT]
        s[CHOSEN_COUNT] = 1
    elif power == P_GIVE:
        lose(s, taker, s[CHOSEN])
        gain(s, action - ids[I_OPPONENT], s[CHOSEN])
        clear_task(s)
    elif power in (P_STEAL, P_SPOIL):
        kind = action - ids[I_CHOOSE]
        lose(s, s[CHOSEN], kind)
        if power == P_STEAL:
            gain(s, taker, kind)
        else:
            to_pile(s, kind)
        clear_task(s)
    else:
        kind = action - ids[I_CHOOSE]
        discard_own(s, taker, kind)
        keep_going(s, kind, power == P_DISCARD_THREE, MILK_DISCARDS)


@njit(cache=True)
def resolve(s: np.ndarray, cards: np.ndarray, slot: int) -> None:
    """One slot: nobody picked it, it stays; several did, it is discarded; one did, they take it."""
    pickers = 0
    taker = -1
    for seat in range(s[PLAYERS]):
        if s[PICKS + seat] == slot:
            pickers += 1
            taker = seat
    if pickers == 0:
        return
    card = s[ROW + slot - 1]
    s[ROW + slot - 1] = -1
    if pickers > 1:
        to_pile(s, card)
        return
    gain(s, taker, card)
    begin(s, cards, taker, card)


@njit(cache=True)
def advance(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, scratch: np.ndarray) -> None:
    """Run every step that needs nobody's choice (`flow.advance`), leaving the row at rest."""
    while not s[OVER] and all_picked(s):
        if s[POWER] != P_NONE:
            if not settle_task(s, cards, ids, scratch):
                return
        elif s[CURSOR] <= s[PLAYERS] + 1:
            resolve(s, cards, s[CURSOR])
            s[CURSOR] += 1
        elif not refill_or_end(s, cards.shape[0]):
            return


@njit(cache=True)
def settle_task(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, scratch: np.ndarray) -> bool:
    """One automatic step of the power under way; False when it waits for a choice or a draw."""
    if needs_card(s):
        if s[TOP_SEAT] < 0:
            return False
        card = s[TOP_CARD]
        s[TOP_SEAT] = -1
        s[TOP_CARD] = -1
        receive(s, card)
        return True
    acting = 0
    forced = -1
    forced_action = -1
    for seat in range(s[PLAYERS]):
        count = menu(s, cards, ids, seat, scratch)
        if count > 0:
            acting += 1
            if count == 1 and forced < 0:
                forced, forced_action = seat, scratch[0]
    if acting == 0:
        clear_task(s)
        return True
    if s[POWER] != P_DRAW_TWO and forced >= 0:
        choose(s, cards, ids, forced, forced_action)
        return True
    return False


@njit(cache=True)
def refill_or_end(s: np.ndarray, kinds: int) -> bool:
    """One refill step (`flow._refill_or_end`); False when it waits for a draw."""
    players = s[PLAYERS]
    empty = 0
    for slot in range(players + 1):
        if s[ROW + slot] < 0:
            empty += 1
    if empty == 0:
        for seat in range(players):
            s[PICKS + seat] = 0
        s[CURSOR] = 1
    elif deck_size(s, kinds) < empty:
        s[OVER] = 1
    elif s[TOP_SEAT] < 0:
        return False
    else:
        card = s[TOP_CARD]
        s[TOP_SEAT] = -1
        s[TOP_CARD] = -1
        fill(s, card)
    return True


@njit(cache=True)
def apply(s: np.ndarray, cards: np.ndarray, ids: np.ndarray, seat: int, action: int, scratch: np.ndarray) -> None:
    """Apply a legal action (for `CHANCE`, the index of the chance outcome), then settle."""
    if seat == CHANCE:
        kind = -1
        while action >= 0:
            kind += 1
            if s[DECK + kind] > 0:
                action -= 1
        s[DECK + kind] -= 1
        if s[POWER] != P_NONE:
            receive(s, kind)
        else:
            fill(s, kind)
    elif not all_picked(s):
        s[PICKS + seat] = action - ids[I_PICK] + 1
        if all_picked(s):
            s[CURSOR] = 1
    else:
        choose(s, cards, ids, seat, action)
    advance(s, cards, ids, scratch)


@njit(cache=True)
def scores(s: np.ndarray, cards: np.ndarray, out: np.ndarray) -> None:
    """Every seat's points for the cards held now (`scoring.score`)."""
    for seat in range(s[PLAYERS]):
        out[seat] = seat_points(s, cards, seat)


@njit(cache=True)
def fewest_cards(s: np.ndarray, kinds: int) -> int:
    """How many cards the seat holding fewest holds."""
    fewest = 1 << 30
    for seat in range(s[PLAYERS]):
        fewest = min(fewest, count_cards(s, seat, kinds))
    return fewest


@njit(cache=True)
def seat_points(s: np.ndarray, cards: np.ndarray, seat: int) -> int:
    """One seat's points for the cards it holds."""
    held_cards, types, negatives = totals(s, cards, seat)
    total = 0
    for kind in range(cards.shape[0]):
        count = held(s, seat, kind)
        if count > 0:
            total += kind_points(s, cards, kind, count, held_cards, types, negatives)
    return total


@njit(cache=True)
def totals(s: np.ndarray, cards: np.ndarray, seat: int) -> tuple[int, int, int]:
    """What some kinds are scored by: the cards the seat holds, its types, its negative cards."""
    held_cards = 0
    types = 0
    negatives = 0
    for kind in range(cards.shape[0]):
        count = held(s, seat, kind)
        held_cards += count
        types += count > 0
        negatives += count * cards[kind, C_NEGATIVE]
    return held_cards, types, negatives


@njit(cache=True)
def by_totals(rule: int) -> bool:
    """Whether a kind's points follow its holder's `totals` (and, for the fewest cards, every
    seat's), not only its own count."""
    return rule not in (R_EACH, R_SET, R_MAJORITY)


@njit(cache=True)
def kind_points(
    s: np.ndarray, cards: np.ndarray, kind: int, count: int, held_cards: int, types: int, negatives: int
) -> int:
    """What `count` cards of a kind score for a holder with these totals (`scoring._points`)."""
    rule, points, limit = cards[kind, C_RULE], cards[kind, C_POINTS], cards[kind, C_LIMIT]
    if rule == R_SET:
        return int(cards[kind, C_TABLE + min(count, cards[kind, C_TABLE_SIZE]) - 1])
    if rule == R_MAJORITY:
        return int(count * points + majority_bonus(s, cards, kind, count))
    if rule == R_PER_NEGATIVE:
        return int(count * points * negatives)
    scores = True
    if rule == R_TYPES_AT_LEAST:
        scores = types >= limit
    elif rule == R_TYPES_AT_MOST:
        scores = types <= limit
    elif rule == R_CARDS_AT_MOST:
        scores = held_cards <= limit
    elif rule == R_FEWEST_CARDS:
        scores = held_cards <= fewest_cards(s, cards.shape[0])
    return int(count * points) if scores else 0


@njit(cache=True)
def majority_bonus(s: np.ndarray, cards: np.ndarray, kind: int, count: int) -> int:
    most = 0
    holders = 0
    for seat in range(s[PLAYERS]):
        most = max(most, held(s, seat, kind))
    if count < most:
        return 0
    for seat in range(s[PLAYERS]):
        if held(s, seat, kind) == most:
            holders += 1
    return int(cards[kind, C_MOST] if holders == 1 else cards[kind, C_TIED])


@njit(cache=True)
def values(s: np.ndarray, cards: np.ndarray, out: np.ndarray) -> None:
    """The outcome's values once over (most points, then most cards); else `cutoff_values`."""
    players = s[PLAYERS]
    points = np.zeros(players, np.int64)
    scores(s, cards, points)
    if s[OVER]:
        rank = np.zeros(players, np.int64)
        for seat in range(players):
            rank[seat] = points[seat] * 1024 + count_cards(s, seat, cards.shape[0])
        share_best(rank, out)
        return
    cutoff(points, out)


@njit(cache=True)
def share_best(rank: np.ndarray, out: np.ndarray) -> None:
    """Value 1 split among the seats of the highest rank."""
    best = rank.max()
    leaders = 0
    for value in rank:
        if value == best:
            leaders += 1
    for seat in range(len(rank)):
        out[seat] = 1.0 / leaders if rank[seat] == best else 0.0


@njit(cache=True)
def cutoff(points: np.ndarray, out: np.ndarray) -> None:
    """`Game.cutoff_values`: the lead in points on a softmax over `SCORE_SPREAD` (`lead_values`)."""
    lead(points, SCORE_SPREAD, out)


@njit(cache=True)
def deal(rows: np.ndarray, players: int, deck: np.ndarray, seed: int) -> None:
    """Fresh starts (`flow.deal`): the shuffled deck's first players + 1 cards into the row."""
    np.random.seed(seed)
    pool = np.empty(deck.sum(), np.int64)
    index = 0
    for kind in range(len(deck)):
        for _ in range(deck[kind]):
            pool[index] = kind
            index += 1
    for game in range(rows.shape[0]):
        s = rows[game]
        s[:] = 0
        s[PLAYERS] = players
        s[CURSOR] = 1
        s[TOP_SEAT] = -1
        s[TOP_CARD] = -1
        for slot in range(MAX_SLOTS):
            s[ROW + slot] = -1
        clear_task(s)
        for kind in range(len(deck)):
            s[DECK + kind] = deck[kind]
        for slot in range(players + 1):
            pick = slot + np.random.randint(0, len(pool) - slot)
            pool[slot], pool[pick] = pool[pick], pool[slot]
            s[ROW + slot] = pool[slot]
            s[DECK + pool[slot]] -= 1
