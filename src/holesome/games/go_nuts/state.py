"""The Go Nuts state: the row, the deck, the discard pile, the hands, the picks and the power under way.

A state is always at rest: the rules have run every step that needs nobody's choice, so either
some seats must choose, or a card must be drawn (a chance step), or the game is over. The seats
to act, their menus and the chance outcomes are derived when the state is made (`flow.settle`);
they take no part in equality or JSON.

What is secret (see `view`): the picks until every seat has picked; the Cinnamon Twist passes
until every seat has passed; the cards a Double Chocolate drew (its taker sees them); the deck's
top card once a Double Chocolate put it back (its taker sees it). The deck itself is a multiset
(`deck`, counts per kind): nobody knows its order, so no order is stored and each draw is a
chance step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from holesome.core.codec import DERIVED
from holesome.games.go_nuts.actions import Action
from holesome.games.go_nuts.cards import Card, Counts, Power

Seat = int


class KnownTop(NamedTuple):
    """The card a Double Chocolate put back on the deck, and the seat that knows it."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class Task:
    """A power being resolved: whose it is and what has been chosen so far in its chain.

    `chosen` holds the public choices already made (a card given, an opponent named, the cards
    Milk discarded or Day-Old Donuts took). `drawn` holds the cards a Double Chocolate drew and
    has not yet kept (its taker's secret). `passes` holds the Cinnamon Twist commitments, one per
    seat (None: not yet passed), each secret until all are in.
    """

    power: Power
    taker: Seat
    card: Card
    """The card whose power this is."""
    chosen: tuple[int, ...] = ()
    drawn: tuple[Card, ...] = ()
    passes: tuple[Card | None, ...] = ()


class Happening(Enum):
    """What an event records, for views that show and animate the last round."""

    REVEAL = "reveal"
    """Every pick is shown."""
    TAKE = "take"
    """`seat` took `card` from `slot`."""
    CLASH = "clash"
    """Two or more seats picked `slot`: its `card` went to the discard pile."""
    DRAW = "draw"
    """`seat` drew `card` from the deck and kept it."""
    DRAW_SECRET = "draw-secret"
    """`seat` drew two cards from the deck without showing them (Double Chocolate)."""
    KEEP = "keep"
    """`seat` kept `card` and put the other back on top of the deck, face down."""
    RETRIEVE = "retrieve"
    """`seat` took `card` from the discard pile."""
    CLEAR = "clear"
    """`seat` discarded the unpicked `card` in `slot` (French Cruller)."""
    DISCARD = "discard"
    """`seat` discarded its own `card`."""
    GIVE = "give"
    """`seat` gave `card` to `other`."""
    STEAL = "steal"
    """`seat` took `card` from `other`."""
    SPOIL = "spoil"
    """`seat` discarded `card` held by `other`."""
    PASS = "pass"
    """`seat` passed `card` to `other` (Cinnamon Twist)."""
    REFILL = "refill"
    """`card` was drawn into `slot`."""
    END = "end"
    """The deck could not refill the row: the game is over."""


class Event(NamedTuple):
    """One thing that happened, all of it public."""

    what: Happening
    seat: Seat | None = None
    card: Card | None = None
    slot: int | None = None
    other: Seat | None = None


@dataclass(frozen=True, slots=True)
class GoNutsState:
    """A Go Nuts position at rest. Slots are numbered from 1; `row[slot - 1]` is the card there."""

    round: int
    row: tuple[Card | None, ...]
    deck: Counts
    """The deck's cards other than a known top card, in no order."""
    top: KnownTop | None
    discard: tuple[Card, ...]
    """The discard pile, bottom card first (public, order included)."""
    hands: tuple[Counts, ...]
    picks: tuple[int | None, ...]
    """Each seat's picked slot this round (None: not yet picked)."""
    cursor: int
    """The next slot to resolve once the picks are revealed; past the row: time to refill."""
    task: Task | None
    events: tuple[Event, ...]
    """What happened since the last reveal."""
    over: bool
    acting: tuple[Seat, ...] = field(default=(), compare=False, repr=False, metadata=DERIVED)
    menus: tuple[tuple[Action, ...], ...] = field(default=(), compare=False, repr=False, metadata=DERIVED)
    """Each seat's legal actions, in a stable order."""
    chances: tuple[tuple[Action, float], ...] = field(default=(), compare=False, repr=False, metadata=DERIVED)
    """At a chance step, each card the deck may yield and its probability."""

    @property
    def deck_size(self) -> int:
        """How many cards the deck holds, a known top card included."""
        return sum(self.deck) + (self.top is not None)

    @property
    def is_revealed(self) -> bool:
        """Whether every seat has picked this round (so the picks are public)."""
        return None not in self.picks
