"""Where a thief stops: taking a doughnut, robbing the thieves there, and the end conditions."""

from __future__ import annotations

from dataclasses import replace

from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import Doughnut
from holesome.games.doughnut_dash.movement import Path
from holesome.games.doughnut_dash.scoring import MAX_STACK
from holesome.games.doughnut_dash.state import DashState, Event, Happening, Phase, Trail, Turn
from holesome.games.doughnut_dash.table import turn_of, with_player

KETCHUP_LEFT_TO_END = 1


def land(state: DashState, path: Path, end: int) -> DashState:
    """Put the thief on `end`, then take the doughnut there or rob the thieves there."""
    turn = turn_of(state)
    seat, thief = turn.seat, turn.thief
    assert thief is not None
    player = state.players[seat]
    thieves = (end, player.thieves[1]) if thief == 0 else (player.thieves[0], end)
    state = with_player(state, seat, replace(player, thieves=thieves))
    state = replace(state, trails=(*state.trails, Trail(seat, thief, path, end)), turn=replace(turn, path=None))
    doughnut = state.doughnuts[end]
    if doughnut is not None:
        return take(state, seat, end, doughnut)
    victims = tuple(other for other, p in enumerate(state.players) if other != seat and end in p.thieves and p.stack)
    return next_victim(replace(state, turn=replace(turn_of(state), victims=victims)))


def take(state: DashState, seat: Seat, square: int, doughnut: Doughnut) -> DashState:
    """Take a doughnut off the board; Strawberry Lemonade and Blueberry Violet make someone draw."""
    doughnuts = list(state.doughnuts)
    doughnuts[square] = None
    player = state.players[seat]
    state = with_player(state, seat, replace(player, stack=(*player.stack, doughnut)))
    state = replace(
        state,
        doughnuts=tuple(doughnuts),
        events=(*state.events, Event(Happening.TAKE, seat, doughnut=doughnut, square=square)),
    )
    state = check_end(state)
    if doughnut is Doughnut.STRAWBERRY_LEMONADE:
        state = replace(state, draws=(*state.draws, seat))
    elif doughnut is Doughnut.BLUEBERRY_VIOLET:
        others = [other for other in range(len(state.players)) if other != seat]
        fewest = min(len(state.players[other].stack) for other in others)
        tied = tuple(other for other in others if len(state.players[other].stack) == fewest)
        if len(tied) > 1:
            return replace(state, phase=Phase.BLUEBERRY, turn=replace(turn_of(state), tied=tied))
        state = replace(state, draws=(*state.draws, tied[0]))
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
    state = with_player(state, victim, replace(robbed, stack=robbed.stack[:-1]))
    state = with_player(state, turn.seat, replace(mover, stack=(*mover.stack, doughnut)))
    event = Event(Happening.STEAL, turn.seat, other=victim, doughnut=doughnut)
    state = replace(state, draws=(*state.draws, victim), events=(*state.events, event))
    return next_victim(check_end(state))


def finish_thief(state: DashState) -> DashState:
    turn = turn_of(state)
    assert turn.thief is not None
    moved = (*turn.moved, turn.thief)
    done = Turn(turn.seat, turn.about_turn, turn.hold_still, moved)
    return replace(state, phase=Phase.TURN, turn=done)


def check_end(state: DashState) -> DashState:
    """Note when an end condition holds: the round then finishes and the game ends."""
    if state.ending:
        return state
    ketchup = state.doughnuts.count(Doughnut.KETCHUP)
    tallest = max(len(player.stack) for player in state.players)
    if ketchup <= KETCHUP_LEFT_TO_END or tallest >= MAX_STACK[len(state.players)]:
        return replace(state, ending=True)
    return state
