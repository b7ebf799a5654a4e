"""A mutable working copy of a state, for the few microseconds one step of the rules takes.

One action can set off a run of automatic steps (a slot resolved, a power applied, a card
drawn into the row). Doing them on lists and freezing once is much faster than building a
frozen state for each; the frozen states stay the only values the rest of holesome sees.
"""

from __future__ import annotations

from holesome.core.frozen import builder
from holesome.games.go_nuts.actions import Action
from holesome.games.go_nuts.cards import Card
from holesome.games.go_nuts.state import Event, GoNutsState, Happening, KnownTop, Seat, Task

_state = builder(GoNutsState)
"""Builds a `GoNutsState` at a plain class's speed (see `core.frozen`): one per step."""


class Table:
    """The pieces of a `GoNutsState` as lists, changed in place by the rules.

    Hands stay tuples (a change replaces the one hand it touches) and events a tuple (appended
    to only when something happens): most steps touch neither, so neither is copied for them.
    """

    __slots__ = (
        "cursor",
        "deck",
        "discard",
        "events",
        "hands",
        "over",
        "picks",
        "players",
        "round",
        "row",
        "task",
        "top",
    )

    def __init__(self, state: GoNutsState) -> None:
        self.players = len(state.hands)
        self.round = state.round
        self.row = list(state.row)
        self.deck = list(state.deck)
        self.top = state.top
        self.discard = list(state.discard)
        self.hands = list(state.hands)
        self.picks = list(state.picks)
        self.cursor = state.cursor
        self.task: Task | None = state.task
        self.events = state.events
        self.over = state.over

    def freeze(
        self,
        acting: tuple[Seat, ...],
        menus: tuple[tuple[Action, ...], ...],
        chances: tuple[tuple[Action, float], ...] = (),
    ) -> GoNutsState:
        """The frozen state, with the seats to act, their menus and the chance outcomes."""
        return _state(
            self.round,
            tuple(self.row),
            tuple(self.deck),
            self.top,
            tuple(self.discard),
            tuple(self.hands),
            tuple(self.picks),
            self.cursor,
            self.task,
            self.events,
            self.over,
            acting,
            menus,
            chances,
        )

    def deck_size(self) -> int:
        """Cards in the deck, a known top card included."""
        return sum(self.deck) + (self.top is not None)

    def log(
        self,
        what: Happening,
        seat: Seat | None = None,
        card: Card | None = None,
        slot: int | None = None,
        other: Seat | None = None,
    ) -> None:
        """Record a public event."""
        self.events += (Event(what, seat, card, slot, other),)

    def take_known_top(self) -> Card | None:
        """Take the deck's top card if someone knows it (no chance step needed), else None."""
        top = self.top
        if top is None:
            return None
        self.top = None
        return top.card

    def draw(self, card: Card) -> None:
        """Remove `card` (the outcome of a chance step) from the unknown part of the deck."""
        self.deck[card] -= 1

    def put_back(self, seat: Seat, card: Card) -> None:
        """Put `card` face down on top of the deck; `seat` knows what it is."""
        self.top = KnownTop(seat, card)

    def gain(self, seat: Seat, card: Card) -> None:
        """Add a card to a hand."""
        hand = self.hands[seat]
        self.hands[seat] = (*hand[:card], hand[card] + 1, *hand[card + 1 :])

    def lose(self, seat: Seat, card: Card) -> None:
        """Remove a card from a hand."""
        hand = self.hands[seat]
        self.hands[seat] = (*hand[:card], hand[card] - 1, *hand[card + 1 :])

    def retrieve(self, card: Card, copy: int) -> None:
        """Remove from the discard pile the `copy`-th card of that kind counted from the top."""
        pile = self.discard
        seen = -1
        for index in range(len(pile) - 1, -1, -1):
            if pile[index] == card:
                seen += 1
                if seen == copy:
                    del pile[index]
                    return
        raise AssertionError(f"the discard pile holds no copy {copy} of card {card}")
