"""The twelve powers (rules/go-nuts.md, "Powers"): how each starts, its menus, its choices.

A power starts when its card is taken from the row (`begin`). The ones that need nobody's
choice act at once; the others become the state's `Task`, whose chain of small menus (`menus`)
the taker (or, for Cinnamon Twist, every seat) answers one action at a time (`choose`). Drawing
powers wait on chance steps (`needs_card`, `receive`). The flow (`flow.advance`) plays a menu's
only option itself, except Double Chocolate's keep, whose size would give away the drawn cards;
a task with no option left does nothing and ends, as the spec's "nothing" cases say.
"""

from __future__ import annotations

from collections.abc import Sequence

from holesome.games.go_nuts.actions import (
    CHOOSE,
    CLEAR,
    DONE,
    FORFEIT,
    OPPONENT,
    RETRIEVE,
    Action,
    Choose,
    Clear,
    Done,
    Forfeit,
    Opponent,
    Retrieve,
)
from holesome.games.go_nuts.cards import KINDS, Card, Counts, Power
from holesome.games.go_nuts.state import Happening, Seat, Task
from holesome.games.go_nuts.table import Table

DRAW_TWO_CARDS = 2
"""Double Chocolate draws two cards."""
DAY_OLD_LIMIT = 3
"""Day-Old Donuts takes up to three cards."""
MILK_DISCARDS = 3
"""Milk asks for three other cards."""

Menus = tuple[tuple[Action, ...], ...]


def begin(t: Table, seat: Seat, card: Card) -> None:
    """Start the power of `card`, which `seat` has just taken from the row."""
    power = KINDS[card].power
    if power is None:
        return
    if power is Power.TAKE_TOP:
        if t.discard:
            top = t.discard.pop()
            t.gain(seat, top)
            t.log(Happening.RETRIEVE, seat, top)
    elif power is Power.DRAW or (power is Power.DRAW_TWO and t.deck_size() < DRAW_TWO_CARDS):
        if t.deck_size():
            t.task = Task(Power.DRAW, seat, card)
    elif power is Power.TWIST:
        if all(_passable(t, other, seat, card) for other in range(t.players)):
            t.task = Task(power, seat, card, passes=(None,) * t.players)
        else:
            _discard_own(t, seat, card)
    else:
        t.task = Task(power, seat, card)


def needs_card(task: Task) -> bool:
    """Whether the task waits for a card from the deck."""
    return task.power is Power.DRAW or (task.power is Power.DRAW_TWO and len(task.drawn) < DRAW_TWO_CARDS)


def receive(t: Table, task: Task, card: Card) -> None:
    """Give a drawing task the card that came off the deck."""
    if task.power is Power.DRAW:
        t.gain(task.taker, card)
        t.log(Happening.DRAW, task.taker, card)
        t.task = None
        return
    drawn = (*task.drawn, card)
    t.task = Task(task.power, task.taker, task.card, drawn=drawn)
    if len(drawn) == DRAW_TWO_CARDS:
        t.log(Happening.DRAW_SECRET, task.taker)


def menus(t: Table, task: Task) -> Menus:
    """Each seat's options in the task now (empty for seats with nothing to choose)."""
    if task.power is Power.TWIST:
        return tuple(
            _passable(t, seat, task.taker, task.card) if committed is None else ()
            for seat, committed in enumerate(task.passes)
        )
    options = _taker_menu(t, task)
    return tuple(options if seat == task.taker else () for seat in range(t.players))


def is_forced_allowed(task: Task) -> bool:
    """Whether a single option may be played without asking (not so for Double Chocolate's
    keep: whether the two drawn cards match is the taker's secret)."""
    return task.power is not Power.DRAW_TWO


def choose(t: Table, task: Task, seat: Seat, action: Action) -> None:
    """Apply one legal choice of the task."""
    power, taker = task.power, task.taker
    t.task = None
    if power is Power.TWIST:
        _commit_pass(t, task, seat, action)
    elif isinstance(action, Forfeit):
        _discard_own(t, taker, task.card)
    elif isinstance(action, Done):
        pass
    elif isinstance(action, Clear):
        card = t.row[action.slot - 1]
        assert card is not None
        t.row[action.slot - 1] = None
        t.discard.append(card)
        t.log(Happening.CLEAR, taker, card, action.slot)
        t.task = task
    elif isinstance(action, Retrieve):
        t.retrieve(action.card, action.copy)
        t.gain(taker, action.card)
        t.log(Happening.RETRIEVE, taker, action.card)
        chosen = (*task.chosen, action.card)
        if power is Power.TAKE_THREE and len(chosen) < DAY_OLD_LIMIT:
            t.task = Task(power, taker, task.card, chosen)
    elif power is Power.DRAW_TWO:
        assert isinstance(action, Choose)
        drawn = list(task.drawn)
        drawn.remove(action.card)
        t.gain(taker, action.card)
        t.put_back(taker, drawn[0])
        t.log(Happening.KEEP, taker, action.card)
    else:
        _choose_in_chain(t, task, action)


def _choose_in_chain(t: Table, task: Task, action: Action) -> None:
    """Sprinkled, Bear Claw, Strawberry Glazed (card then opponent, or the reverse), Raspberry, Milk."""
    power, taker = task.power, task.taker
    if not task.chosen and power is Power.GIVE:
        assert isinstance(action, Choose)
        t.task = Task(power, taker, task.card, (action.card,))
        return
    if not task.chosen and power in (Power.STEAL, Power.SPOIL):
        assert isinstance(action, Opponent)
        t.task = Task(power, taker, task.card, (action.seat,))
        return
    if power is Power.GIVE:
        assert isinstance(action, Opponent)
        card = task.chosen[0]
        t.lose(taker, card)
        t.gain(action.seat, card)
        t.log(Happening.GIVE, taker, card, other=action.seat)
        return
    assert isinstance(action, Choose)
    card = action.card
    if power in (Power.STEAL, Power.SPOIL):
        victim = task.chosen[0]
        t.lose(victim, card)
        if power is Power.STEAL:
            t.gain(taker, card)
            t.log(Happening.STEAL, taker, card, other=victim)
        else:
            t.discard.append(card)
            t.log(Happening.SPOIL, taker, card, other=victim)
        return
    _discard_own(t, taker, card)
    chosen = (*task.chosen, card)
    if power is Power.DISCARD_THREE and len(chosen) < MILK_DISCARDS:
        t.task = Task(power, taker, task.card, chosen)


def _taker_menu(t: Table, task: Task) -> tuple[Action, ...]:
    power, taker = task.power, task.taker
    if power is Power.CLEAR_ROW:
        picked = set(t.picks)
        return (DONE, *(CLEAR[slot] for slot, card in enumerate(t.row, 1) if card is not None and slot not in picked))
    if power is Power.DRAW_TWO:
        return tuple(CHOOSE[card] for card in sorted(set(task.drawn)))
    if power is Power.TAKE_ANY:
        return _pile_menu(t.discard)
    if power is Power.TAKE_THREE:
        return (DONE, *_pile_menu(t.discard))
    if power is Power.GIVE:
        if not task.chosen:
            return _hand_menu(t.hands[taker])
        return tuple(OPPONENT[seat] for seat in range(t.players) if seat != taker)
    if power in (Power.STEAL, Power.SPOIL):
        if not task.chosen:
            return tuple(OPPONENT[seat] for seat in range(t.players) if seat != taker and any(t.hands[seat]))
        return _hand_menu(t.hands[task.chosen[0]])
    others = _others(t.hands[taker], task.card)
    if power is Power.DISCARD_THREE:
        if task.chosen:
            return _hand_menu(others)
        return (FORFEIT, *_hand_menu(others)) if sum(others) >= MILK_DISCARDS else (FORFEIT,)
    if power is Power.DISCARD_ONE:
        return _hand_menu(others) or (FORFEIT,)
    raise AssertionError(f"no menu for power {power}")


def _commit_pass(t: Table, task: Task, seat: Seat, action: Action) -> None:
    """Record a Cinnamon Twist pass; once all are in, every card moves to the next seat together."""
    assert isinstance(action, Choose)
    passes = list(task.passes)
    passes[seat] = action.card
    if None in passes:
        t.task = Task(task.power, task.taker, task.card, passes=tuple(passes))
        return
    for giver, card in enumerate(passes):
        assert card is not None
        t.lose(giver, card)
    for giver, card in enumerate(passes):
        assert card is not None
        receiver = (giver + 1) % t.players
        t.gain(receiver, card)
        t.log(Happening.PASS, giver, card, other=receiver)


def _passable(t: Table, seat: Seat, taker: Seat, twist: Card) -> tuple[Action, ...]:
    """The cards `seat` may pass to the next seat: the taker may not pass the Twist it just took."""
    hand = t.hands[seat]
    return _hand_menu(_others(hand, twist) if seat == taker else hand)


def _others(hand: Counts, card: Card) -> list[int]:
    """A hand without one copy of `card` (the power card itself)."""
    others = list(hand)
    others[card] -= 1
    return others


def _hand_menu(hand: Sequence[int]) -> tuple[Action, ...]:
    return tuple(CHOOSE[card] for card, count in enumerate(hand) if count)


def _pile_menu(pile: list[Card]) -> tuple[Action, ...]:
    """One option per card in the pile, the top card first."""
    seen = [0] * len(KINDS)
    options: list[Action] = []
    for card in reversed(pile):
        options.append(RETRIEVE[card][seen[card]])
        seen[card] += 1
    return tuple(options)


def _discard_own(t: Table, seat: Seat, card: Card) -> None:
    t.lose(seat, card)
    t.discard.append(card)
    t.log(Happening.DISCARD, seat, card)
