"""A fast random playout: the rollout of the search bots, without building a state per step.

It plays exactly what `Game.playout` would, drawing from the RNG in the same order (the seat
pick, the menu entry, the weighted roll), so both give the same game for one seed; but it keeps
the position in a few local variables and skips the views, menus and turn records.
"""

from __future__ import annotations

import random
from itertools import accumulate
from operator import attrgetter

from holesome.games.double_dash.actions import (
    DOUBLE_ROLL_CHANCES,
    SINGLE_ROLL_CHANCES,
    START_ROLL_CHANCES,
    Action,
    Roll,
    StartRoll,
)
from holesome.games.double_dash.board import PIECE_MARKS, Layout
from holesome.games.double_dash.moves import Play, after, plays
from holesome.games.double_dash.state import DashState, Phase


def _table(chances: tuple[tuple[Action, float], ...]) -> tuple[list[tuple[int, ...]], list[float]]:
    """The rolls of a chance step and their cumulative weights, as `sample_chance` draws them."""
    rolls = [action.dice for action, _ in chances if isinstance(action, Roll | StartRoll)]
    return rolls, list(accumulate(chance for _, chance in chances))


_DIE, _ORIGIN = attrgetter("die"), attrgetter("origin")
_START, _SINGLE, _DOUBLE = _table(START_ROLL_CHANCES), _table(SINGLE_ROLL_CHANCES), _table(DOUBLE_ROLL_CHANCES)


def random_playout(
    layout: Layout,
    state: DashState,
    rng: random.Random,
    *,
    no_capture_limit: int,
    max_steps: int,
) -> tuple[float, ...]:
    """Each seat's value after uniformly random play from `state` to the end; a game cut off
    after `max_steps` is valued by score, as `Game.playout` does."""
    players = len(PIECE_MARKS)
    board, phase, mover, turns, quiet = state.board, state.phase, state.mover, state.turns, state.quiet
    dice, barred, die, piece = state.dice, state.barred, state.die, state.piece
    found = state.plays if die is None else tuple(play for play in state.plays if play.die == die)
    winner = state.winner
    captured = state.current is not None and state.current.captured
    for _ in range(max_steps):
        if phase is Phase.OVER:
            return _values(winner, players)
        if phase is Phase.START:
            first, second = _roll(rng, _START)
            if first != second:
                phase, mover = Phase.ROLL, 0 if first > second else 1
            continue
        if phase is Phase.ROLL:
            dice = _roll(rng, _SINGLE if turns < players else _DOUBLE)
            turns, captured, barred = turns + 1, False, None
            found = plays(layout, board, mover, dice, barred)
        else:
            rng.randrange(1)  # Game.playout's pick of the seat to act: always the mover here
            if phase is Phase.DIE:
                die = rng.choice(list(dict.fromkeys(map(_DIE, found))))
                found, phase = tuple(play for play in found if play.die == die), Phase.PIECE
                continue
            if phase is Phase.PIECE:
                piece = rng.choice(list(dict.fromkeys(map(_ORIGIN, found))))
                phase = Phase.DIRECTION
                continue
            play = rng.choice([play for play in found if play.origin == piece])
            board, dice, barred = _move(board, mover, dice, play)
            captured = captured or play.captures
            if play.captures and PIECE_MARKS[1 - mover] not in board:
                phase, winner = Phase.OVER, mover
                continue
            found = plays(layout, board, mover, dice, barred) if dice else ()
        if found:
            one_die = found[0].die == found[-1].die
            phase, die = (Phase.PIECE, found[0].die) if one_die else (Phase.DIE, None)
            continue
        quiet = 0 if captured else quiet + 1
        if quiet >= no_capture_limit:
            phase, winner = Phase.OVER, None
        else:
            phase, mover = Phase.ROLL, 1 - mover
    return _values(winner, players) if phase is Phase.OVER else _shares(board)


def _roll(rng: random.Random, table: tuple[list[tuple[int, ...]], list[float]]) -> tuple[int, ...]:
    rolls, cumulative = table
    return rng.choices(rolls, cum_weights=cumulative)[0]


def _move(board: str, mover: int, dice: tuple[int, ...], play: Play) -> tuple[str, tuple[int, ...], int | None]:
    """The board, the dice left and the barred piece after `play`."""
    different = len(dice) == 2 and dice[0] != dice[1]
    if play.die.both:
        left: tuple[int, ...] = ()
    else:
        rest = list(dice)
        rest.remove(play.die.pips)
        left = tuple(rest)
    return after(board, mover, play), left, play.target if different else None


def _shares(board: str) -> tuple[float, ...]:
    """A cut-off game's values, as `Game.cutoff_values` computes them from `DoubleDash.score`."""
    pieces = [board.count(mark) for mark in PIECE_MARKS]
    scores = [count / sum(pieces) for count in pieces]
    total = sum(scores)
    return tuple(score / total for score in scores)


def _values(winner: int | None, players: int) -> tuple[float, ...]:
    if winner is None:
        return (1.0 / players,) * players
    return tuple(1.0 if seat == winner else 0.0 for seat in range(players))
