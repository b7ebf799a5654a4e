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

from collections.abc import Iterable
from typing import NamedTuple

from holesome.games.double_dash.actions import DICE, DIRECTIONS, PIPS, Die, Direction
from holesome.games.double_dash.board import EMPTY, PIECE_MARKS, Board, Heading, Layout, Square


class Play(NamedTuple):
    """A legal use of one die now: the die, the piece's space, its heading, where it ends."""

    die: Die
    origin: Square
    heading: Heading
    target: Square
    captures: bool
    path: tuple[Square, ...]
    """The spaces the move looks at: where it goes can change only if one of them changes."""
    touches: frozenset[Square]
    """The piece's space and the `path`: a move elsewhere cannot change this play."""
    direction: Direction
    """The menu entry that picks this play once its die and piece are chosen."""


class Reach(NamedTuple):
    """One dash of one die from one space along one heading, with the plays it can make ready."""

    end: Square
    passed: int
    """The spaces it passes, as bits (`1 << square`): an opponent's piece on any of them blocks it."""
    move: Play
    """The play if the dash ends on an empty space."""
    capture: Play | None
    """The play if it ends on an opponent's piece; None if it ends there short of its count."""


_DIRECTION_OF = {direction.heading: direction for direction in DIRECTIONS}

Reaches = tuple[tuple[Reach, ...], ...]
"""`reaches[square]`: every dash of one die from a space."""


class Dashes:
    """Every dash of every die on one layout (`single[pips]`, `double[pips]` for a double used as
    one move), built once per layout: the hot loop then only reads the board."""

    def __init__(self, layout: Layout) -> None:
        table = {die: _reaches(layout, die) for die in DICE}
        self.single: tuple[Reaches, ...] = ((), *(table[Die(pips)] for pips in PIPS))
        self.double: tuple[Reaches, ...] = ((), *(table[Die(pips, both=True)] for pips in PIPS))


def _reaches(layout: Layout, die: Die) -> Reaches:
    found = []
    for origin, lines in enumerate(layout.lines[die.steps]):
        reaches = []
        for line in lines:
            touches = frozenset((origin, *line.path))
            move = Play(die, origin, line.heading, line.end, False, line.path, touches, _DIRECTION_OF[line.heading])
            capture = move._replace(captures=True)
            reaches.append(Reach(line.end, _bits(line.passed), move, None if line.short else capture))
        found.append(tuple(reaches))
    return tuple(found)


def _bits(squares: Iterable[Square]) -> int:
    """The squares as a bit set (`1 << square` each)."""
    bits = 0
    for square in squares:
        bits |= 1 << square
    return bits


def _marked(board: Board, mark: str) -> int:
    """The spaces of `board` holding `mark`, as bits."""
    bits = 0
    square = board.find(mark)
    while square >= 0:
        bits |= 1 << square
        square = board.find(mark, square + 1)
    return bits


_TABLES: dict[int, tuple[Layout, Dashes]] = {}
"""Each layout's dashes by the layout's id, kept with the layout so that a reused id is noticed."""
_TABLES_KEPT = 64


def dashes(layout: Layout) -> Dashes:
    """The dashes of `layout`, built on first use and kept for the few layouts in play."""
    kept = _TABLES.get(id(layout))
    if kept is None or kept[0] is not layout:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        kept = _TABLES[id(layout)] = (layout, Dashes(layout))
    return kept[1]


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
    """The board once `play` is made (a captured piece leaves the game), cut and joined around
    the two spaces that change."""
    origin, target, mark = play.origin, play.target, PIECE_MARKS[seat]
    if origin < target:
        return f"{board[:origin]}{EMPTY}{board[origin + 1 : target]}{mark}{board[target + 1 :]}"
    return f"{board[:target]}{mark}{board[target + 1 : origin]}{EMPTY}{board[origin + 1 :]}"


def every_use(layout: Layout, board: Board, seat: int, die: Die, barred: Square | None = None) -> tuple[Play, ...]:
    """Every dash `die` allows the pieces of `seat` (not the one on `barred`), before the
    must-use Ruling picks among them: what `plays` chooses from."""
    reaches = (dashes(layout).double if die.both else dashes(layout).single)[die.pips]
    theirs = PIECE_MARKS[1 - seat]
    return _plays(reaches, board, theirs, _marked(board, theirs), pieces_of(board, seat, barred))


def plays(layout: Layout, board: Board, seat: int, dice: tuple[int, ...], barred: Square | None) -> tuple[Play, ...]:
    """The legal uses of one of `dice` (ascending) now, in die, space, heading order.

    `barred` is the space of the piece that already moved this turn with a different number:
    with two different numbers the dice must move two different pieces.
    """
    table, theirs = dashes(layout), PIECE_MARKS[1 - seat]
    pieces = pieces_of(board, seat, barred)
    blocking = _marked(board, theirs)
    if len(dice) == 1:
        return _plays(table.single[dice[0]], board, theirs, blocking, pieces)
    first, second = dice
    opponents = board.count(theirs)
    if first == second:
        singles = _plays(table.single[first], board, theirs, blocking, pieces)
        combined = _plays(table.double[first], board, theirs, blocking, pieces)
        if _always_kept(singles):
            return (*singles, *combined)
        keeps = [
            _is_kept(play, singles) or _keeps(table.single[first], board, seat, pieces, play, same_piece=True)
            for play in singles
        ]
        if not combined and not any(keeps):
            return singles
        return (*_full_or_winning(singles, keeps, opponents), *combined)
    lows = _plays(table.single[first], board, theirs, blocking, pieces)
    highs = _plays(table.single[second], board, theirs, blocking, pieces)
    if _always_kept(lows) and _always_kept(highs):
        return lows + highs
    keeps = [_is_kept(play, highs) or _keeps(table.single[second], board, seat, pieces, play) for play in lows]
    keeps += [_is_kept(play, lows) or _keeps(table.single[first], board, seat, pieces, play) for play in highs]
    candidates = lows + highs
    return _full_or_winning(candidates, keeps, opponents) if any(keeps) else candidates


def _always_kept(others: tuple[Play, ...]) -> bool:
    """Whether every move passes `_is_kept` against `others`, known without trying each.

    A move changes two spaces, its piece's and its target's, so it can spoil at most two of
    `others` whose spaces (`touches`) share none: three such plays mean one always survives.
    """
    seen: set[Square] = set()
    apart = 0
    for other in others:
        if seen.isdisjoint(other.touches):
            apart += 1
            if apart == 3:
                return True
            seen |= other.touches
    return False


def _is_kept(play: Play, others: tuple[Play, ...]) -> bool:
    """A quick sufficient test: another piece has a move that `play` cannot touch (it changes only two spaces)."""
    origin, target = play.origin, play.target
    for other in others:  # noqa: SIM110 - a loop runs twice as fast as any() here, a playout's hottest test
        if other.origin != origin and origin not in other.path and target not in other.path:
            return True
    return False


def _keeps(
    reaches: Reaches, board: Board, seat: int, pieces: list[Square], play: Play, *, same_piece: bool = False
) -> bool:
    """Whether, once `play` is made, a piece can still make one of `reaches` (the moved one only if `same_piece`)."""
    if same_piece:
        rest = [play.target if square == play.origin else square for square in pieces]
    else:
        rest = [square for square in pieces if square != play.origin]
    board = after(board, seat, play)
    blocking = _marked(board, PIECE_MARKS[1 - seat])
    return bool(_plays(reaches, board, PIECE_MARKS[1 - seat], blocking, rest, first_only=True))


def _full_or_winning(candidates: tuple[Play, ...], keeps: list[bool], opponents: int) -> tuple[Play, ...]:
    """The plays that keep the other die usable, and those that win at once."""
    return tuple(
        play for play, keep in zip(candidates, keeps, strict=True) if keep or (play.captures and opponents == 1)
    )


def _plays(
    reaches: Reaches, board: Board, theirs: str, blocking: int, pieces: list[Square], *, first_only: bool = False
) -> tuple[Play, ...]:
    """Every dash of `reaches` the `pieces` can make on `board` (the first only, if `first_only`),
    in space then heading order; the pieces' opponent is marked `theirs` and stands on the bits
    of `blocking`. The hottest loop of a playout: one character and one bit test per dash."""
    found: list[Play] = []
    append = found.append
    for origin in pieces:
        for end, passed, move, capture in reaches[origin]:
            if blocking & passed:
                continue
            owner = board[end]
            if owner == EMPTY:
                append(move)
            elif owner == theirs and capture is not None:
                append(capture)
            else:
                continue
            if first_only:
                return (found[0],)
    return tuple(found)
