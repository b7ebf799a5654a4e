"""The round (rules/go-nuts.md, "A round"): pick, reveal, resolve slot by slot, refill, end.

`settle` runs every step that needs nobody's choice until a seat must choose, a card must be
drawn, or the game is over, and freezes the result with the seats to act and their menus. Every
state the rules hand out comes from `settle`, so every state is at rest.
"""

from __future__ import annotations

import random
from functools import cache

from holesome.core.game import CHANCE
from holesome.games.go_nuts import powers
from holesome.games.go_nuts.actions import DRAW, PICK, Action, Pick
from holesome.games.go_nuts.cards import NO_CARDS, Card, deck_counts
from holesome.games.go_nuts.state import GoNutsState, Happening, Seat
from holesome.games.go_nuts.table import Table


def deal(players: int, seed: int) -> GoNutsState:
    """Setup: shuffle the deck for `players` and deal players + 1 cards face up into the row."""
    counts = deck_counts(players)
    cards = [card for card, copies in enumerate(counts) for _ in range(copies)]
    random.Random(seed).shuffle(cards)
    row = tuple(cards[: players + 1])
    deck = list(counts)
    for card in row:
        deck[card] -= 1
    state = GoNutsState(
        round=1,
        row=row,
        deck=tuple(deck),
        top=None,
        discard=(),
        hands=(NO_CARDS,) * players,
        picks=(None,) * players,
        cursor=1,
        task=None,
        events=(),
        over=False,
    )
    return settle(Table(state))


def pick(t: Table, seat: Seat, slot: int) -> None:
    """Record a seat's secret pick; the last pick reveals them all and resolution starts at slot 1."""
    t.picks[seat] = slot
    if None not in t.picks:
        t.events = ()
        t.log(Happening.REVEAL)
        t.cursor = 1


def commit_pick(state: GoNutsState, seat: Seat, slot: int) -> GoNutsState:
    """A pick that is not the last: only the picks, the seats to act and their menus change.

    The commonest step of the game, so it skips the working copy that `pick` and `settle` use.
    """
    return GoNutsState(
        state.round,
        state.row,
        state.deck,
        state.top,
        state.discard,
        state.hands,
        (*state.picks[:seat], slot, *state.picks[seat + 1 :]),
        state.cursor,
        state.task,
        state.events,
        state.over,
        tuple(other for other in state.acting if other != seat),
        (*state.menus[:seat], (), *state.menus[seat + 1 :]),
    )


def chance(t: Table, card: Card) -> None:
    """A card came off the deck: for the drawing power under way, or into the first empty slot."""
    t.draw(card)
    if t.task is not None:
        powers.receive(t, t.task, card)
    else:
        _fill(t, card)


def choose(t: Table, seat: Seat, action: Action) -> None:
    """A seat's choice in the power under way."""
    assert t.task is not None
    powers.choose(t, t.task, seat, action)


def settle(t: Table) -> GoNutsState:
    """Run the automatic steps, then freeze with the seats to act, their menus, the chances."""
    acting, menus = advance(t)
    if acting != (CHANCE,):
        return t.freeze(acting, menus)
    size = sum(t.deck)
    return t.freeze(acting, menus, tuple((DRAW[card], copies / size) for card, copies in enumerate(t.deck) if copies))


def advance(t: Table) -> tuple[tuple[Seat, ...], powers.Menus]:
    """Run the automatic steps; return the seats to act (`(CHANCE,)` for a draw, `()` once the
    game is over) and each seat's menu."""
    players = t.players
    while True:
        if t.over:
            return (), _no_menus(players)
        if None in t.picks:
            menu = _pick_menu(players)
            return (
                tuple(seat for seat, slot in enumerate(t.picks) if slot is None),
                tuple(menu if slot is None else () for slot in t.picks),
            )
        task = t.task
        if task is not None:
            if powers.needs_card(task):
                card = t.take_known_top()
                if card is None:
                    return (CHANCE,), _no_menus(players)
                powers.receive(t, task, card)
                continue
            menus = powers.menus(t, task)
            acting = tuple(seat for seat in range(players) if menus[seat])
            if not acting:
                t.task = None
                continue
            if powers.is_forced_allowed(task):
                forced = next((seat for seat in acting if len(menus[seat]) == 1), None)
                if forced is not None:
                    powers.choose(t, task, forced, menus[forced][0])
                    continue
            return acting, menus
        if t.cursor <= players + 1:
            _resolve(t, t.cursor)
            t.cursor += 1
            continue
        if not _refill_or_end(t):
            return (CHANCE,), _no_menus(players)


def playout(t: Table, rng: random.Random, max_steps: int) -> bool:
    """Play uniformly at random to the end on the working copy, as `Game.playout` does with
    states (a random seat among those to act, a random option, chance by the deck's counts);
    False if the game is not over within `max_steps` steps."""
    kinds = range(len(t.deck))
    for _ in range(max_steps):
        acting, menus = advance(t)
        if not acting:
            return True
        if acting == (CHANCE,):
            chance(t, rng.choices(kinds, t.deck)[0])
            continue
        seat = acting[rng.randrange(len(acting))]
        action = rng.choice(menus[seat])
        if isinstance(action, Pick):
            pick(t, seat, action.slot)
        else:
            choose(t, seat, action)
    return False


def _resolve(t: Table, slot: int) -> None:
    """One slot: nobody picked it, it stays; several did, it is discarded; one did, they take it."""
    pickers = [seat for seat, picked in enumerate(t.picks) if picked == slot]
    if not pickers:
        return
    card = t.row[slot - 1]
    assert card is not None
    t.row[slot - 1] = None
    if len(pickers) > 1:
        t.discard.append(card)
        t.log(Happening.CLASH, card=card, slot=slot)
        return
    (seat,) = pickers
    t.gain(seat, card)
    t.log(Happening.TAKE, seat, card, slot)
    powers.begin(t, seat, card)


def _refill_or_end(t: Table) -> bool:
    """One refill step; False when it waits on a chance step.

    A full row starts the next round. Ruling: if the deck holds fewer cards than there are
    empty slots, the game ends at once with no partial refill.
    """
    empty = t.row.count(None)
    if not empty:
        t.round += 1
        t.picks = [None] * t.players
        t.cursor = 1
        return True
    if t.deck_size() < empty:
        t.over = True
        t.log(Happening.END)
        return True
    card = t.take_known_top()
    if card is None:
        return False
    _fill(t, card)
    return True


def _fill(t: Table, card: Card) -> None:
    slot = t.row.index(None) + 1
    t.row[slot - 1] = card
    t.log(Happening.REFILL, card=card, slot=slot)


@cache
def _pick_menu(players: int) -> tuple[Action, ...]:
    return PICK[1 : players + 2]


@cache
def _no_menus(players: int) -> tuple[tuple[Action, ...], ...]:
    return ((),) * players
