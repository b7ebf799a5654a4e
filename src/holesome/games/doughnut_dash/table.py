"""Small pure updates of a Doughnut Dash state: a player, a hand of cards, a draw, a discard."""

from __future__ import annotations

from dataclasses import replace

from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import Card
from holesome.games.doughnut_dash.state import DashState, Event, Happening, Player, Turn


def turn_of(state: DashState) -> Turn:
    assert state.turn is not None
    return state.turn


def replaced(players: tuple[Player, ...], seat: Seat, player: Player) -> tuple[Player, ...]:
    """The players with one seat's record replaced."""
    return (*players[:seat], player, *players[seat + 1 :])


def with_player(state: DashState, seat: Seat, player: Player) -> DashState:
    return replace(state, players=replaced(state.players, seat, player))


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The cards with one copy of `card` taken out."""
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def discard(state: DashState, seat: Seat, card: Card, event: Event | None = None) -> DashState:
    """Play a Sugar Rush card from the seat's hand onto the discard pile."""
    player = state.players[seat]
    players = replaced(state.players, seat, replace(player, sugar=without(player.sugar, card)))
    shown = event if event is not None else Event(Happening.PLAY, seat, card=card)
    return replace(state, players=players, discards=(*state.discards, card), events=(*state.events, shown))


def draw(state: DashState, card: Card) -> DashState:
    """The first seat due to draw takes `card`; an empty deck is first refilled from the discards."""
    seat, events = state.draws[0], list(state.events)
    deck, discards = state.deck, state.discards
    if not deck:
        deck, discards = tuple(sorted(discards)), ()
        events.append(Event(Happening.RESHUFFLE, seat))
    player = state.players[seat]
    events.append(Event(Happening.DRAW, seat, card=card))
    players = replaced(state.players, seat, replace(player, sugar=tuple(sorted((*player.sugar, card)))))
    return replace(
        state,
        players=players,
        deck=without(deck, card),
        discards=discards,
        draws=state.draws[1:],
        events=tuple(events),
    )


def hide_draws(events: tuple[Event, ...], seat: Seat) -> tuple[Event, ...]:
    """Forget which cards other seats drew (the seat never saw them)."""
    return tuple(
        replace(event, card=None) if event.kind is Happening.DRAW and event.seat != seat else event for event in events
    )
