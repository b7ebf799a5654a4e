"""Where a thief stops: taking a doughnut, robbing the thieves there, and the end conditions."""

from __future__ import annotations

from functools import cache

from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import Doughnut
from holesome.games.doughnut_dash.movement import Path
from holesome.games.doughnut_dash.scoring import MAX_STACK
from holesome.games.doughnut_dash.state import (
    DashState,
    Event,
    Happening,
    Phase,
    Player,
    Trail,
    Turn,
    make_event,
    make_trail,
    make_turn,
    replace_player,
    replace_state,
    replace_turn,
)
from holesome.games.doughnut_dash.table import replaced, turn_of

KETCHUP_LEFT_TO_END = 1
_TURN, _BLUEBERRY, _STEAL, _GUARD = Phase.TURN, Phase.BLUEBERRY, Phase.STEAL, Phase.GUARD
_KETCHUP, _STRAWBERRY, _BLUEBERRY_VIOLET = Doughnut.KETCHUP, Doughnut.STRAWBERRY_LEMONADE, Doughnut.BLUEBERRY_VIOLET
_TAKE, _STEAL_EVENT = Happening.TAKE, Happening.STEAL
"""Enum members read once: on Python 3.11 reading `Phase.TURN` goes through the enum's metaclass
`__getattr__`, several times slower than a global, and every thief move reads a few."""


def land(state: DashState, path: Path, end: int) -> DashState:
    """Put the thief on `end`, then take the doughnut there or rob the thieves there."""
    turn = state.turn
    assert turn is not None
    seat, thief = turn.seat, turn.thief
    assert thief is not None
    player = state.players[seat]
    thieves = (end, player.thieves[1]) if thief == 0 else (player.thieves[0], end)
    trails = (*state.trails, make_trail(seat, thief, path, end))
    doughnut = state.doughnuts[end]
    if doughnut is not None:
        player = replace_player(player, thieves=thieves, stack=(*player.stack, doughnut))
        return take(state, replaced(state.players, seat, player), trails, end, doughnut)
    players = replaced(state.players, seat, replace_player(player, thieves=thieves))
    victims = tuple(other for other, p in enumerate(players) if other != seat and end in p.thieves and p.stack)
    if not victims:
        return replace_state(state, players=players, trails=trails, phase=_TURN, turn=finished(turn))
    turn = replace_turn(turn, path=None, victims=victims)
    return next_victim(replace_state(state, players=players, trails=trails, turn=turn))


def take(
    state: DashState, players: tuple[Player, ...], trails: tuple[Trail, ...], square: int, doughnut: Doughnut
) -> DashState:
    """The mover has taken `doughnut` off `square` (`players` has it on her stack already);
    Strawberry Lemonade and Blueberry Violet make someone draw."""
    turn = state.turn
    assert turn is not None
    seat = turn.seat
    floor = list(state.doughnuts)
    floor[square] = None
    doughnuts = tuple(floor)
    draws = state.draws
    tied: tuple[Seat, ...] = ()
    if doughnut is _STRAWBERRY:
        draws = (*draws, seat)
    elif doughnut is _BLUEBERRY_VIOLET:
        others = [other for other in range(len(players)) if other != seat]
        fewest = min(len(players[other].stack) for other in others)
        tied = tuple(other for other in others if len(players[other].stack) == fewest)
        if len(tied) == 1:
            draws, tied = (*draws, tied[0]), ()
    return replace_state(
        state,
        doughnuts=doughnuts,
        players=players,
        trails=trails,
        draws=draws,
        ending=state.ending or is_ending(doughnuts, players),
        events=(*state.events, _take_event(seat, doughnut, square)),
        phase=_BLUEBERRY if tied else _TURN,
        turn=replace_turn(turn, path=None, tied=tied) if tied else finished(turn),
    )


@cache
def _take_event(seat: Seat, doughnut: Doughnut, square: int) -> Event:
    """The event of a doughnut taken, made once for each seat, doughnut and square (events are immutable)."""
    return make_event(_TAKE, seat, doughnut=doughnut, square=square)


def next_victim(state: DashState) -> DashState:
    """Rob the next victim: the mover picks among several; the victim may Guard."""
    turn = turn_of(state)
    if not turn.victims:
        return finish_thief(state)
    if len(turn.victims) > 1:
        return replace_state(state, phase=_STEAL, turn=replace_turn(turn, victim=None))
    return replace_state(state, phase=_GUARD, turn=replace_turn(turn, victims=(), victim=turn.victims[0]))


def steal(state: DashState) -> DashState:
    """The victim passed: the mover takes the top of her stack, and she draws a card."""
    turn = turn_of(state)
    victim = turn.victim
    assert victim is not None
    robbed = state.players[victim]
    mover = state.players[turn.seat]
    doughnut = robbed.stack[-1]
    players = replaced(state.players, victim, replace_player(robbed, stack=robbed.stack[:-1]))
    players = replaced(players, turn.seat, replace_player(mover, stack=(*mover.stack, doughnut)))
    event = make_event(_STEAL_EVENT, turn.seat, other=victim, doughnut=doughnut)
    state = replace_state(
        state,
        players=players,
        draws=(*state.draws, victim),
        events=(*state.events, event),
        ending=state.ending or is_ending(state.doughnuts, players),
    )
    return next_victim(state)


def finish_thief(state: DashState) -> DashState:
    """The thief's move is over: back to the mover's turn menu."""
    return replace_state(state, phase=_TURN, turn=finished(turn_of(state)))


def finished(turn: Turn) -> Turn:
    """The mover's turn once the thief under way has moved."""
    assert turn.thief is not None
    return make_turn(turn.seat, turn.about_turn, turn.hold_still, (*turn.moved, turn.thief))


def is_ending(doughnuts: tuple[Doughnut | None, ...], players: tuple[Player, ...]) -> bool:
    """Whether an end condition holds: at most one Ketchup left, or a stack at the maximum height."""
    limit = MAX_STACK[len(players)]
    for player in players:
        if len(player.stack) >= limit:
            return True
    return not _more_ketchup_than(KETCHUP_LEFT_TO_END, doughnuts)


def _more_ketchup_than(count: int, doughnuts: tuple[Doughnut | None, ...]) -> bool:
    """Whether more than `count` Ketchups are on the floor, read only as far as the one that tells:
    counting them all compares every empty square, the check of every doughnut taken."""
    found = -1
    try:
        for _ in range(count + 1):
            found = doughnuts.index(_KETCHUP, found + 1)
    except ValueError:
        return False
    return True
