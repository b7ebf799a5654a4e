"""Choosing directions: the secret commitments, Second Wind and Last Word, and the reveal."""

from __future__ import annotations

from functools import cache

from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import DIRECTIONS, Card, Direction
from holesome.games.doughnut_dash.state import (
    CHOICES,
    PLAYS,
    Action,
    Choose,
    Commit,
    DashState,
    Event,
    Happening,
    Phase,
    Play,
    Player,
    make_event,
    make_turn,
    replace_player,
    replace_state,
)
from holesome.games.doughnut_dash.table import with_player, without

_CHOOSE, _LAST_WORD, _TURN = Phase.CHOOSE, Phase.LAST_WORD, Phase.TURN
_SECOND_WIND, _LAST_WORD_CARD = Card.SECOND_WIND, Card.LAST_WORD
_PLAY, _REVEAL = Happening.PLAY, Happening.REVEAL
"""Enum members read once: on Python 3.11 reading `Phase.CHOOSE` goes through the enum's
metaclass `__getattr__`, several times slower than a global, and every choice reads a few."""


def choices(state: DashState, seat: Seat) -> tuple[Action, ...]:
    """A choosing seat's menu: its direction cards (all four after Second Wind), then the cards it may play."""
    player = state.players[seat]
    commit = player.commit
    assert commit is not None
    hand = DIRECTIONS if commit.second_wind else player.hand
    menu = _direction_menu(hand)
    sugar = player.sugar
    if not sugar:
        return menu
    extra: tuple[Action, ...] = ()
    if not commit.second_wind and can_wind(player):
        extra += (PLAYS[_SECOND_WIND],)
    if state.phase is _CHOOSE and _LAST_WORD_CARD in sugar:
        extra += (PLAYS[_LAST_WORD_CARD],)
    return menu + extra


@cache
def _direction_menu(hand: tuple[Direction, ...]) -> tuple[Action, ...]:
    """The `Choose` actions of a hand of direction cards (a few hands recur all game)."""
    return tuple(CHOICES[direction] for direction in hand)


def choose(state: DashState, seat: Seat, action: Action) -> DashState:
    """Record one seat's secret choice; reveal when every choosing seat has committed."""
    player = state.players[seat]
    commit = player.commit
    assert commit is not None
    if isinstance(action, Choose):
        commit = _commit(commit.second_wind, commit.last_word, action.direction)
    elif isinstance(action, Play) and action.card is _SECOND_WIND:
        commit = _commit(True, commit.last_word, commit.direction)
    else:
        commit = _commit(commit.second_wind, True, commit.direction)
    state = with_player(state, seat, replace_player(player, commit=commit))
    for other in state.players:
        if is_choosing(other):
            return state
    return reveal(state)


def is_choosing(player: Player) -> bool:
    """The player has a choice to commit and has not (`Commit.is_done` is false)."""
    commit = player.commit
    return commit is not None and not commit.last_word and commit.direction is None


@cache
def _commit(second_wind: bool, last_word: bool, direction: Direction | None) -> Commit:
    """A `Commit`, made once for each of its few possible values."""
    return Commit(second_wind, last_word, direction)


def reveal(state: DashState) -> DashState:
    """Turn every commitment face up: Second Wind and Last Word take effect, directions are played.

    Seats that played Last Word then choose again, after everyone else's reveal.
    """
    players = list(state.players)
    discards = list(state.discards)
    events = [] if state.phase is _CHOOSE else list(state.events)
    waiting = False
    for seat, player in enumerate(players):
        commit = player.commit
        if commit is None:
            continue
        hand, played, sugar = player.hand, player.played, player.sugar
        if commit.second_wind:
            hand, played, sugar = DIRECTIONS, (), without(sugar, _SECOND_WIND)
            discards.append(_SECOND_WIND)
            events.append(make_event(_PLAY, seat, card=_SECOND_WIND))
        if commit.last_word:
            sugar = without(sugar, _LAST_WORD_CARD)
            discards.append(_LAST_WORD_CARD)
            events.append(make_event(_PLAY, seat, card=_LAST_WORD_CARD))
            players[seat] = replace_player(player, hand=hand, played=played, sugar=sugar, commit=Commit())
            waiting = True
            continue
        direction = commit.direction
        assert direction is not None
        hand = _played_from(hand, direction)
        events.append(_reveal_event(seat, direction))
        players[seat] = replace_player(
            player, hand=hand, played=(*played, direction), sugar=sugar, commit=None, revealed=direction
        )
    return replace_state(
        state,
        players=tuple(players),
        discards=tuple(discards),
        events=tuple(events),
        phase=_LAST_WORD if waiting else _TURN,
        turn=state.turn if waiting else make_turn(state.first),
    )


@cache
def _played_from(hand: tuple[Direction, ...], direction: Direction) -> tuple[Direction, ...]:
    """The hand once `direction` is played from it (a few hands recur all game)."""
    return tuple(card for card in hand if card is not direction)


@cache
def _reveal_event(seat: Seat, direction: Direction) -> Event:
    """The event of a seat's direction revealed, made once (events are immutable)."""
    return make_event(_REVEAL, seat, direction=direction)


def can_wind(player: Player) -> bool:
    """Second Wind is worth playing only with played direction cards to take back."""
    return _SECOND_WIND in player.sugar and bool(player.played)


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
    if phase is _CHOOSE and _LAST_WORD_CARD in player.sugar:
        options += [Commit(second_wind=w, last_word=True) for w in wind]
    return options
