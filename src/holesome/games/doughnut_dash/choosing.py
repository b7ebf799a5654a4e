"""Choosing directions: the secret commitments, Second Wind and Last Word, and the reveal."""

from __future__ import annotations

from dataclasses import replace

from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import DIRECTIONS, Card
from holesome.games.doughnut_dash.state import (
    Action,
    Choose,
    Commit,
    DashState,
    Event,
    Happening,
    Phase,
    Play,
    Player,
    Turn,
)
from holesome.games.doughnut_dash.table import with_player, without


def choices(state: DashState, seat: Seat) -> tuple[Action, ...]:
    """A choosing seat's menu: its direction cards (all four after Second Wind), then the cards it may play."""
    player = state.players[seat]
    commit = player.commit
    assert commit is not None
    hand = DIRECTIONS if commit.second_wind else player.hand
    actions: list[Action] = [Choose(direction) for direction in hand]
    if not commit.second_wind and can_wind(player):
        actions.append(Play(Card.SECOND_WIND))
    if state.phase is Phase.CHOOSE and Card.LAST_WORD in player.sugar:
        actions.append(Play(Card.LAST_WORD))
    return tuple(actions)


def choose(state: DashState, seat: Seat, action: Action) -> DashState:
    """Record one seat's secret choice; reveal when every choosing seat has committed."""
    player = state.players[seat]
    commit = player.commit
    assert commit is not None
    if isinstance(action, Choose):
        commit = replace(commit, direction=action.direction)
    elif isinstance(action, Play) and action.card is Card.SECOND_WIND:
        commit = replace(commit, second_wind=True)
    else:
        commit = replace(commit, last_word=True)
    state = with_player(state, seat, replace(player, commit=commit))
    if any(p.commit is not None and not p.commit.is_done for p in state.players):
        return state
    return reveal(state)


def reveal(state: DashState) -> DashState:
    """Turn every commitment face up: Second Wind and Last Word take effect, directions are played.

    Seats that played Last Word then choose again, after everyone else's reveal.
    """
    players = list(state.players)
    discards = list(state.discards)
    events = [] if state.phase is Phase.CHOOSE else list(state.events)
    waiting = False
    for seat, player in enumerate(players):
        commit = player.commit
        if commit is None:
            continue
        hand, played, sugar = player.hand, player.played, player.sugar
        if commit.second_wind:
            hand, played, sugar = DIRECTIONS, (), without(sugar, Card.SECOND_WIND)
            discards.append(Card.SECOND_WIND)
            events.append(Event(Happening.PLAY, seat, card=Card.SECOND_WIND))
        if commit.last_word:
            sugar = without(sugar, Card.LAST_WORD)
            discards.append(Card.LAST_WORD)
            events.append(Event(Happening.PLAY, seat, card=Card.LAST_WORD))
            players[seat] = replace(player, hand=hand, played=played, sugar=sugar, commit=Commit())
            waiting = True
            continue
        direction = commit.direction
        assert direction is not None
        hand = tuple(card for card in hand if card is not direction)
        events.append(Event(Happening.REVEAL, seat, direction=direction))
        players[seat] = replace(
            player, hand=hand, played=(*played, direction), sugar=sugar, commit=None, revealed=direction
        )
    state = replace(state, players=tuple(players), discards=tuple(discards), events=tuple(events))
    if waiting:
        return replace(state, phase=Phase.LAST_WORD)
    return replace(state, phase=Phase.TURN, turn=Turn(state.first))


def can_wind(player: Player) -> bool:
    """Second Wind is worth playing only with played direction cards to take back."""
    return Card.SECOND_WIND in player.sugar and bool(player.played)


def commit_options(player: Player, phase: Phase) -> list[Commit]:
    """Every secret choice the player could have made so far, for determinize."""
    commit = player.commit
    assert commit is not None
    wind = [False, True] if can_wind(player) else [False]
    if not commit.is_done:
        return [Commit(second_wind=w) for w in wind]
    options = [Commit(direction=d) for d in player.hand]
    if True in wind:
        options += [Commit(second_wind=True, direction=d) for d in DIRECTIONS]
    if phase is Phase.CHOOSE and Card.LAST_WORD in player.sugar:
        options += [Commit(second_wind=w, last_word=True) for w in wind]
    return options
