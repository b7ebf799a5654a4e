"""Small pure updates of a Doughnut Dash state: a player, a hand of cards, a draw, a discard."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import cache

from holesome.core.frozen import replace
from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import Card
from holesome.games.doughnut_dash.state import (
    DashState,
    Event,
    Happening,
    Player,
    Turn,
    make_event,
    replace_player,
    replace_state,
)

_PLAY, _DRAW, _RESHUFFLE = Happening.PLAY, Happening.DRAW, Happening.RESHUFFLE
"""Enum members read once: on Python 3.11 reading `Happening.DRAW` goes through the enum's
metaclass `__getattr__`, several times slower than a global."""


def turn_of(state: DashState) -> Turn:
    assert state.turn is not None
    return state.turn


def replaced(players: tuple[Player, ...], seat: Seat, player: Player) -> tuple[Player, ...]:
    """The players with one seat's record replaced."""
    changed = list(players)
    changed[seat] = player
    return tuple(changed)


def with_player(state: DashState, seat: Seat, player: Player) -> DashState:
    return replace_state(state, players=replaced(state.players, seat, player))


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The cards with one copy of `card` taken out."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def without_sorted(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`without` for sorted cards (the deck), found by bisection rather than a scan."""
    index = bisect_left(cards, card)
    if index == len(cards) or cards[index] != card:
        raise ValueError(f"no {card} among the cards")
    return cards[:index] + cards[index + 1 :]


def discard(state: DashState, seat: Seat, card: Card, event: Event | None = None) -> DashState:
    """Play a Sugar Rush card from the seat's hand onto the discard pile."""
    player = state.players[seat]
    players = replaced(state.players, seat, replace_player(player, sugar=without(player.sugar, card)))
    shown = event if event is not None else make_event(_PLAY, seat, card=card)
    return replace_state(state, players=players, discards=(*state.discards, card), events=(*state.events, shown))


def draw(state: DashState, card: Card) -> DashState:
    """The first seat due to draw takes `card`; an empty deck is first refilled from the discards."""
    seat, events = state.draws[0], state.events
    deck, discards = state.deck, state.discards
    if not deck:
        deck, discards = tuple(sorted(discards)), ()
        events = (*events, make_event(_RESHUFFLE, seat))
    player = state.players[seat]
    sugar = player.sugar
    place = bisect_right(sugar, card)  # the hand stays sorted
    players = replaced(state.players, seat, replace_player(player, sugar=(*sugar[:place], card, *sugar[place:])))
    return replace_state(
        state,
        players=players,
        deck=without_sorted(deck, card),
        discards=discards,
        draws=state.draws[1:],
        events=(*events, _draw_event(seat, card)),
    )


@cache
def _draw_event(seat: Seat, card: Card) -> Event:
    """The event of a card drawn, made once for each seat and card (events are immutable)."""
    return make_event(_DRAW, seat, card=card)


def hide_draws(events: tuple[Event, ...], seat: Seat) -> tuple[Event, ...]:
    """Forget which cards other seats drew (the seat never saw them)."""
    return tuple(
        replace(event, card=None) if event.kind is Happening.DRAW and event.seat != seat else event for event in events
    )
