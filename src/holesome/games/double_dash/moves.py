"""How one die moves one piece, and which moves the must-use Ruling leaves legal.

A *dash* moves one piece exactly `steps` spaces in a straight line:
- a black space or the board edge stops it on the last space before (it ends early);
- it passes its own pieces but may not end on one;
- it may not pass an opponent's piece: reaching one with exactly its last step captures it,
  reaching one sooner blocks the move;
- a dash that ends where it started, or on its own piece, is not a move.

A *play* is one legal use of a die now. The Ruling "a die that can be used must be used" with the
player choosing the order means: if some order uses every die (a double used as one move of 2x
uses both), only first moves that keep such a finish open are plays; otherwise any usable die
may be played and the die left over is lost. A move that captures the opponent's last piece
ends the game at once, so it is always allowed, even where it leaves a die unused.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from holesome.games.double_dash.actions import Die
from holesome.games.double_dash.board import HEADINGS, NOBODY, Heading, Layout, Square

Board = tuple[int, ...]
"""The owner of every space: a seat, or NOBODY."""


class Play(NamedTuple):
    """A legal use of one die now: the die, the piece's space, its heading, where it ends."""

    die: Die
    origin: Square
    heading: Heading
    target: Square
    captures: bool


def reach(ray: tuple[Square, ...], board: Board, seat: int, steps: int) -> Square | None:
    """Where a dash of `steps` by a piece of `seat` along `ray` (its space's ray) ends, or None if it is no move."""
    last: Square | None = None
    for count, square in enumerate(ray, 1):
        if count > steps:
            break
        owner = board[square]
        if owner not in (NOBODY, seat):
            return square if count == steps else None
        last = square
    if last is None or board[last] == seat:
        return None
    return last


def dashes(
    layout: Layout, board: Board, seat: int, steps: int, barred: Square | None
) -> Iterator[tuple[Square, int, Square]]:
    """Every legal dash of `steps` by a piece of `seat` not on `barred`: (origin, heading number, target)."""
    for origin, owner in enumerate(board):
        if owner != seat or origin == barred:
            continue
        for heading, ray in enumerate(layout.rays[origin]):
            target = reach(ray, board, seat, steps)
            if target is not None:
                yield origin, heading, target


def has_dash(layout: Layout, board: Board, seat: int, steps: int, barred: Square | None) -> bool:
    """Whether any piece of `seat` (not on `barred`) can dash `steps`."""
    return next(dashes(layout, board, seat, steps, barred), None) is not None


def after(board: Board, seat: int, play: Play) -> Board:
    """The board once `play` is made (a captured piece leaves the game)."""
    squares = list(board)
    squares[play.origin] = NOBODY
    squares[play.target] = seat
    return tuple(squares)


def plays(layout: Layout, board: Board, seat: int, dice: tuple[int, ...], barred: Square | None) -> tuple[Play, ...]:
    """The legal uses of one of `dice` (ascending) now, in die, space, heading order.

    `barred` is the space of the piece that already moved this turn with a different number:
    with two different numbers the dice must move two different pieces.
    """
    if len(dice) == 1:
        return tuple(_plays(layout, board, seat, Die(dice[0]), barred))
    first, second = dice
    opponents = sum(1 for owner in board if owner not in (NOBODY, seat))
    if first == second:
        singles = tuple(_plays(layout, board, seat, Die(first), None))
        combined = tuple(_plays(layout, board, seat, Die(first, both=True), None))
        keeps = [has_dash(layout, after(board, seat, play), seat, first, None) for play in singles]
        if not combined and not any(keeps):
            return singles
        return (*_full_or_winning(singles, keeps, opponents), *combined)
    candidates = (*_plays(layout, board, seat, Die(first), None), *_plays(layout, board, seat, Die(second), None))
    keeps = [
        has_dash(layout, after(board, seat, play), seat, second if play.die.pips == first else first, play.target)
        for play in candidates
    ]
    return _full_or_winning(candidates, keeps, opponents) if any(keeps) else candidates


def _full_or_winning(candidates: tuple[Play, ...], keeps: list[bool], opponents: int) -> tuple[Play, ...]:
    """The plays that keep the other die usable, and those that win at once."""
    return tuple(
        play for play, keep in zip(candidates, keeps, strict=True) if keep or (play.captures and opponents == 1)
    )


def _plays(layout: Layout, board: Board, seat: int, die: Die, barred: Square | None) -> Iterator[Play]:
    for origin, heading, target in dashes(layout, board, seat, die.steps, barred):
        yield Play(die, origin, HEADINGS[heading], target, board[target] != NOBODY)
