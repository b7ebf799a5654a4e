"""Double Dash!: Hypothesis properties against a plain reference reading of the rules.

The reference below walks each move step by step on (row, col) coordinates, exactly as the
spec words it, and finds the legal first moves of a turn by trying every order of the dice. The
engine (precomputed rays, the must-use filter) must offer exactly the same moves on random
boards and rolls, and random games must keep the board sound.
"""

import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from holesome.core.game import CHANCE, sample_chance
from holesome.games.double_dash import PLAYER_1, DashState, Direction, DoubleDash, Phase, Roll
from holesome.games.double_dash.board import PIECE_MARKS, Mark

Space = tuple[int, int]
Pieces = dict[Space, int]
Move = tuple[str, Space, str, Space]
"""(die notation, from, direction, to)."""

STEPS = {
    "n": (-1, 0),
    "ne": (-1, 1),
    "e": (0, 1),
    "se": (1, 1),
    "s": (1, 0),
    "sw": (1, -1),
    "w": (0, -1),
    "nw": (-1, -1),
}
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


def dash(rows: list[str], pieces: Pieces, seat: int, origin: Space, *, direction: str, count: int) -> Space | None:
    """Where the piece ends, or None if the move is not allowed (reference reading)."""
    d_row, d_col = STEPS[direction]
    at = origin
    for step in range(1, count + 1):
        row, col = origin[0] + step * d_row, origin[1] + step * d_col
        if not (0 <= row < len(rows) and 0 <= col < len(rows[0])) or rows[row][col] == "#":
            break
        owner = pieces.get((row, col))
        if owner is not None and owner != seat:
            return (row, col) if step == count else None
        at = (row, col)
    return None if at == origin or pieces.get(at) == seat else at


def moves(
    rows: list[str], pieces: Pieces, seat: int, count: int, barred: Space | None
) -> list[tuple[Space, str, Space]]:
    return [
        (origin, direction, target)
        for origin, owner in sorted(pieces.items())
        if owner == seat and origin != barred
        for direction in STEPS
        if (target := dash(rows, pieces, seat, origin, direction=direction, count=count)) is not None
    ]


def moved(pieces: Pieces, seat: int, origin: Space, target: Space) -> Pieces:
    after = dict(pieces)
    del after[origin]
    after[target] = seat
    return after


def first_moves(rows: list[str], pieces: Pieces, seat: int, dice: tuple[int, ...]) -> set[Move]:
    """The first moves of the turns that use the most dice, and any move that wins at once."""
    if len(dice) == 1:
        return {(str(dice[0]), o, d, t) for o, d, t in moves(rows, pieces, seat, dice[0], None)}
    options: list[tuple[Move, int, bool]] = []
    pairs = [(dice[0], dice[1])] if dice[0] == dice[1] else [(dice[0], dice[1]), (dice[1], dice[0])]
    for first, second in pairs:
        for origin, direction, target in moves(rows, pieces, seat, first, None):
            after = moved(pieces, seat, origin, target)
            barred = None if first == second else target
            used = 2 if moves(rows, after, seat, second, barred) else 1
            options.append(((str(first), origin, direction, target), used, seat ^ 1 not in after.values()))
    if dice[0] == dice[1]:
        double = f"{dice[0]}+{dice[0]}"
        for origin, direction, target in moves(rows, pieces, seat, 2 * dice[0], None):
            won = seat ^ 1 not in moved(pieces, seat, origin, target).values()
            options.append(((double, origin, direction, target), 2, won))
    best = max((used for _, used, _ in options), default=0)
    return {move for move, used, won in options if used == best or won}


@st.composite
def positions(draw: Any) -> tuple[list[str], tuple[int, ...]]:
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(2, 7))
    cells = draw(st.lists(st.sampled_from(".....#1122"), min_size=rows * cols, max_size=rows * cols))
    assume("1" in cells and "2" in cells)
    pips = st.integers(1, 6)
    dice = draw(st.one_of(st.tuples(pips), st.tuples(pips, pips).map(lambda pair: tuple(sorted(pair)))))
    return ["".join(cells[row * cols : (row + 1) * cols]) for row in range(rows)], dice


def rolled(rows: list[str], dice: tuple[int, ...]) -> tuple[DoubleDash, DashState]:
    game = DoubleDash(board=rows)
    ready = replace(game.start(0), phase=Phase.ROLL, turns=0 if len(dice) == 1 else 2)
    return game, game.apply(ready, CHANCE, Roll(dice))


def offered(game: DoubleDash, state: DashState) -> set[Move]:
    """The engine's legal moves now, from the view (all of them while no die is chosen)."""
    if state.phase not in (Phase.DIE, Phase.PIECE):
        return set()
    names = {game.layout.name(square): game.layout.coordinates(square) for square in range(game.layout.size)}
    return {
        (play["die"], names[play["from"]], play["direction"], names[play["to"]])
        for play in game.view(state, None)["plays"]
    }


def pieces_of(rows: list[str]) -> Pieces:
    return {(r, c): int(char) - 1 for r, row in enumerate(rows) for c, char in enumerate(row) if char in "12"}


@SETTINGS
@given(positions())
def test_first_moves_match_the_reference(position: tuple[list[str], tuple[int, ...]]) -> None:
    rows, dice = position
    game, state = rolled(rows, dice)
    assert offered(game, state) == first_moves(rows, pieces_of(rows), PLAYER_1, dice)
    if not offered(game, state):
        assert state.phase is Phase.ROLL
        assert state.last is not None and state.last.lost == dice


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_second_moves_match_the_reference(position: tuple[list[str], tuple[int, ...]], rng: Any) -> None:
    rows, dice = position
    assume(len(dice) == 2)
    game, state = rolled(rows, dice)
    choices = sorted(offered(game, state))
    assume(choices)
    die, origin, direction, target = rng.choice(choices)
    for text in (die, game.layout.name(game.layout.square(*origin)), direction):
        if state.phase is Phase.PIECE and text == die:
            continue
        state = game.apply(state, PLAYER_1, game.parse_action(state, PLAYER_1, text))
    after = moved(pieces_of(rows), PLAYER_1, origin, target)
    if "+" in die or 1 not in after.values():
        assert state.phase in (Phase.ROLL, Phase.OVER)
        return
    second = dice[1] if int(die) == dice[0] else dice[0]
    barred = None if dice[0] == dice[1] else target
    expected = {(str(second), o, d, t) for o, d, t in moves(rows, after, PLAYER_1, second, barred)}
    assert offered(game, state) == expected
    if not expected:
        assert state.last is not None and state.last.lost == (second,)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000))
def test_random_games_keep_the_board_sound(seed: int) -> None:
    game = DoubleDash(board=["1111", "..#.", ".#..", "2222"], no_capture_limit=30)
    rng = random.Random(seed)
    state = game.start(seed)
    while (seats := game.to_act(state)) != ():
        before = state
        if seats == (CHANCE,):
            action = sample_chance(game, state, rng)
            state = game.apply(state, CHANCE, action)
        else:
            action = rng.choice(game.legal_actions(state, seats[0]))
            state = game.apply(state, seats[0], action)
        if isinstance(action, Direction):
            turn = state.current or state.last
            assert turn is not None
            mover = turn.seat
            captured = turn.dashes[-1].captured
            mine, theirs = PIECE_MARKS[mover], PIECE_MARKS[1 - mover]
            assert state.board.count(mine) == before.board.count(mine)
            assert state.board.count(theirs) == before.board.count(theirs) - captured
        else:
            assert state.board == before.board
        assert all(state.board[square] == Mark.BLACK.value for square in game.layout.black)
    assert game.outcome(state) is not None
