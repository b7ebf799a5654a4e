"""Where a thief stops: taking a doughnut, robbing the thieves there, and the end conditions."""

from __future__ import annotations

from dataclasses import replace

from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import Doughnut
from holesome.games.doughnut_dash.movement import Path
from holesome.games.doughnut_dash.scoring import MAX_STACK
from holesome.games.doughnut_dash.state import DashState, Event, Happening, Phase, Player, Trail, Turn
from holesome.games.doughnut_dash.table import replaced, turn_of

KETCHUP_LEFT_TO_END = 1


def land(state: DashState, path: Path, end: int) -> DashState:
    """Put the thief on `end`, then take the doughnut there or rob the thieves there."""
    turn = turn_of(state)
    seat, thief = turn.seat, turn.thief
    assert thief is not None
    player = state.players[seat]
    thieves = (end, player.thieves[1]) if thief == 0 else (player.thieves[0], end)
    players = replaced(state.players, seat, replace(player, thieves=thieves))
    trails = (*state.trails, Trail(seat, thief, path, end))
    doughnut = state.doughnuts[end]
    if doughnut is not None:
        return take(state, players, trails, end, doughnut)
    victims = tuple(other for other, p in enumerate(players) if other != seat and end in p.thieves and p.stack)
    if not victims:
        return finish_thief(replace(state, players=players, trails=trails))
    turn = replace(turn, path=None, victims=victims)
    return next_victim(replace(state, players=players, trails=trails, turn=turn))


def take(
    state: DashState, players: tuple[Player, ...], trails: tuple[Trail, ...], square: int, doughnut: Doughnut
) -> DashState:
    """The mover takes a doughnut off the board; Strawberry Lemonade and Blueberry Violet make someone draw."""
    seat = turn_of(state).seat
    doughnuts = (*state.doughnuts[:square], None, *state.doughnuts[square + 1 :])
    player = players[seat]
    players = replaced(players, seat, replace(player, stack=(*player.stack, doughnut)))
    draws = state.draws
    tied: tuple[Seat, ...] = ()
    if doughnut is Doughnut.STRAWBERRY_LEMONADE:
        draws = (*draws, seat)
    elif doughnut is Doughnut.BLUEBERRY_VIOLET:
        others = [other for other in range(len(players)) if other != seat]
        fewest = min(len(players[other].stack) for other in others)
        tied = tuple(other for other in others if len(players[other].stack) == fewest)
        if len(tied) == 1:
            draws, tied = (*draws, tied[0]), ()
    state = replace(
        state,
        doughnuts=doughnuts,
        players=players,
        trails=trails,
        draws=draws,
        ending=state.ending or is_ending(doughnuts, players),
        events=(*state.events, Event(Happening.TAKE, seat, doughnut=doughnut, square=square)),
    )
    if tied:
        return replace(state, phase=Phase.BLUEBERRY, turn=replace(turn_of(state), path=None, tied=tied))
    return finish_thief(state)


def next_victim(state: DashState) -> DashState:
    """Rob the next victim: the mover picks among several; the victim may Guard."""
    turn = turn_of(state)
    if not turn.victims:
        return finish_thief(state)
    if len(turn.victims) > 1:
        return replace(state, phase=Phase.STEAL, turn=replace(turn, victim=None))
    return replace(state, phase=Phase.GUARD, turn=replace(turn, victims=(), victim=turn.victims[0]))


def steal(state: DashState) -> DashState:
    """The victim passed: the mover takes the top of her stack, and she draws a card."""
    turn = turn_of(state)
    victim = turn.victim
    assert victim is not None
    robbed = state.players[victim]
    mover = state.players[turn.seat]
    doughnut = robbed.stack[-1]
    players = replaced(state.players, victim, replace(robbed, stack=robbed.stack[:-1]))
    players = replaced(players, turn.seat, replace(mover, stack=(*mover.stack, doughnut)))
    event = Event(Happening.STEAL, turn.seat, other=victim, doughnut=doughnut)
    state = replace(
        state,
        players=players,
        draws=(*state.draws, victim),
        events=(*state.events, event),
        ending=state.ending or is_ending(state.doughnuts, players),
    )
    return next_victim(state)


def finish_thief(state: DashState) -> DashState:
    """The thief's move is over: back to the mover's turn menu."""
    turn = turn_of(state)
    assert turn.thief is not None
    moved = (*turn.moved, turn.thief)
    done = Turn(turn.seat, turn.about_turn, turn.hold_still, moved)
    return replace(state, phase=Phase.TURN, turn=done)


def is_ending(doughnuts: tuple[Doughnut | None, ...], players: tuple[Player, ...]) -> bool:
    """Whether an end condition holds: at most one Ketchup left, or a stack at the maximum height."""
    if doughnuts.count(Doughnut.KETCHUP) <= KETCHUP_LEFT_TO_END:
        return True
    return max(len(player.stack) for player in players) >= MAX_STACK[len(players)]
