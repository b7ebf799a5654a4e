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

from typing import NamedTuple

from holesome.games.double_dash.actions import Die
from holesome.games.double_dash.board import EMPTY, PIECE_MARKS, Board, Heading, Layout, Line, Square


class Play(NamedTuple):
    """A legal use of one die now: the die, the piece's space, its heading, where it ends."""

    die: Die
    origin: Square
    heading: Heading
    target: Square
    captures: bool
    path: tuple[Square, ...]
    """The spaces the move looks at: where it goes can change only if one of them changes."""


def reach(line: Line, board: Board, theirs: str) -> bool:
    """Whether the dash along `line` is a move for the piece of the seat whose opponent is marked `theirs`."""
    owner = board[line.end]
    if owner != EMPTY and (owner != theirs or line.short):
        return False  # its own piece, or an opponent reached short of the full count
    return all(board[square] != theirs for square in line.passed)


def can_dash(layout: Layout, board: Board, seat: int, pieces: list[Square], steps: int) -> bool:
    """Whether any of the `pieces` of `seat` can dash `steps`."""
    lines, theirs = layout.lines[steps], PIECE_MARKS[1 - seat]
    return any(reach(line, board, theirs) for origin in pieces for line in lines[origin])


def pieces_of(board: Board, seat: int, barred: Square | None = None) -> list[Square]:
    """The spaces of the pieces of `seat` that may move, in order (not the one on `barred`)."""
    mine, found = PIECE_MARKS[seat], []
    square = board.find(mine)
    while square >= 0:
        if square != barred:
            found.append(square)
        square = board.find(mine, square + 1)
    return found


def after(board: Board, seat: int, play: Play) -> Board:
    """The board once `play` is made (a captured piece leaves the game)."""
    marks = list(board)
    marks[play.origin] = EMPTY
    marks[play.target] = PIECE_MARKS[seat]
    return "".join(marks)


def plays(layout: Layout, board: Board, seat: int, dice: tuple[int, ...], barred: Square | None) -> tuple[Play, ...]:
    """The legal uses of one of `dice` (ascending) now, in die, space, heading order.

    `barred` is the space of the piece that already moved this turn with a different number:
    with two different numbers the dice must move two different pieces.
    """
    pieces = pieces_of(board, seat, barred)
    if len(dice) == 1:
        return _plays(layout, board, seat, pieces, Die(dice[0]))
    first, second = dice
    opponents = sum(board.count(mark) for mark in PIECE_MARKS if mark != PIECE_MARKS[seat])
    if first == second:
        singles = _plays(layout, board, seat, pieces, Die(first))
        combined = _plays(layout, board, seat, pieces, Die(first, both=True))
        keeps = [
            _is_kept(play, singles) or _keeps(layout, board, seat, pieces, play, steps=first, same_piece=True)
            for play in singles
        ]
        if not combined and not any(keeps):
            return singles
        return (*_full_or_winning(singles, keeps, opponents), *combined)
    lows, highs = _plays(layout, board, seat, pieces, Die(first)), _plays(layout, board, seat, pieces, Die(second))
    candidates = lows + highs
    keeps = [
        _is_kept(play, highs if play.die.pips == first else lows)
        or _keeps(
            layout, board, seat, pieces, play, steps=second if play.die.pips == first else first, same_piece=False
        )
        for play in candidates
    ]
    return _full_or_winning(candidates, keeps, opponents) if any(keeps) else candidates


def _is_kept(play: Play, others: tuple[Play, ...]) -> bool:
    """A quick sufficient test: another piece has a move that `play` cannot touch (it changes only two spaces)."""
    origin, target = play.origin, play.target
    for other in others:  # noqa: SIM110 - a loop runs twice as fast as any() here, a playout's hottest test
        if other.origin != origin and origin not in other.path and target not in other.path:
            return True
    return False


def _keeps(
    layout: Layout, board: Board, seat: int, pieces: list[Square], play: Play, *, steps: int, same_piece: bool
) -> bool:
    """Whether, once `play` is made, a piece can still dash `steps` (the moved one only if `same_piece`)."""
    if same_piece:
        rest = [play.target if square == play.origin else square for square in pieces]
    else:
        rest = [square for square in pieces if square != play.origin]
    return can_dash(layout, after(board, seat, play), seat, rest, steps)


def _full_or_winning(candidates: tuple[Play, ...], keeps: list[bool], opponents: int) -> tuple[Play, ...]:
    """The plays that keep the other die usable, and those that win at once."""
    return tuple(
        play for play, keep in zip(candidates, keeps, strict=True) if keep or (play.captures and opponents == 1)
    )


def _plays(layout: Layout, board: Board, seat: int, pieces: list[Square], die: Die) -> tuple[Play, ...]:
    """Every legal dash of `die` by the `pieces` of `seat`, in space then heading order.

    `reach` is written out here: this is the hottest loop of a search's playouts.
    """
    lines, theirs = layout.lines[die.steps], PIECE_MARKS[1 - seat]
    found = []
    for origin in pieces:
        for line in lines[origin]:
            owner = board[line.end]
            if owner != EMPTY and (owner != theirs or line.short):
                continue
            for square in line.passed:
                if board[square] == theirs:
                    break
            else:
                found.append(Play(die, origin, line.heading, line.end, owner == theirs, line.path))
    return tuple(found)
