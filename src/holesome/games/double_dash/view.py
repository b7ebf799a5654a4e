"""Double Dash! views: the whole table as JSON (the game has no secrets).

A view carries what a client needs to draw the table and animate it: the board as rows of text
(the `board` option's characters, pieces shown as `1` and `2`), the start rolls, this turn's roll
with the dice left and lost, the moves of this turn and the turn before, the mover's legal plays
that fit the choices made so far, piece counts, scores and the outcome. Spaces appear by name: the
column letter, then the row number from 1 (`c4` is row 3, column 2, counting from 0).
"""

from __future__ import annotations

from holesome.core.game import Json, Seat, View
from holesome.games.double_dash.actions import die_text
from holesome.games.double_dash.board import PIECE_MARKS, Layout
from holesome.games.double_dash.moves import Play
from holesome.games.double_dash.state import DashState, Phase, Turn


def player_name(seat: Seat) -> str:
    """`Player 1` for seat 0, as the rulebook names them."""
    return f"Player {seat + 1}"


def to_view(
    layout: Layout,
    state: DashState,
    seat: Seat | None,
    *,
    name: str,
    to_act: tuple[Seat, ...],
    limit: int,
    first_turn: bool,
    prompt: str,
    scores: list[float],
    outcome: Json,
) -> View:
    """The view of `state` for `seat` (None: a spectator); identical for everyone but `seat` and `prompt`."""
    current = state.current
    return {
        "game": name,
        "seat": seat,
        "to_act": list(to_act),
        "prompt": prompt,
        "players": [player_name(each) for each in range(len(layout.starts))],
        "rows": layout.rows,
        "cols": layout.cols,
        "board": layout.to_rows(state.board),
        "phase": state.phase.value,
        "mover": None if state.phase is Phase.START else state.mover,
        "turn": state.turns,
        "first_turn": first_turn,
        "start_rolls": [list(roll) for roll in state.start_rolls],
        "dice": None
        if current is None
        else {"rolled": list(current.rolled), "left": list(state.dice), "lost": list(current.lost)},
        "chosen": {
            "die": None if state.die is None else die_text(state.die),
            "piece": None if state.piece is None else layout.name(state.piece),
        },
        "plays": [describe_play(layout, play) for play in _offered(state)],
        "current_turn": None if current is None else describe_turn(layout, current),
        "last_turn": None if state.last is None else describe_turn(layout, state.last),
        "pieces": [state.board.count(mark) for mark in PIECE_MARKS],
        "scores": scores,
        "quiet_turns": state.quiet,
        "no_capture_limit": limit,
        "outcome": outcome,
    }


def _offered(state: DashState) -> tuple[Play, ...]:
    """The legal plays that fit the choices made so far this move."""
    if state.phase is Phase.DIE:
        return state.plays
    if state.phase is Phase.PIECE:
        return tuple(play for play in state.plays if play.die == state.die)
    return tuple(play for play in state.plays if play.die == state.die and play.origin == state.piece)


def describe_play(layout: Layout, play: Play) -> Json:
    """A legal use of a die as JSON: the die, the piece's space, the direction, where it ends."""
    return {
        "die": die_text(play.die),
        "steps": play.die.steps,
        "from": layout.name(play.origin),
        "direction": play.heading.value,
        "to": layout.name(play.target),
        "captures": play.captures,
    }


def describe_turn(layout: Layout, turn: Turn) -> Json:
    """A turn as JSON: who, the roll, each move in order, and the dice lost."""
    return {
        "seat": turn.seat,
        "rolled": list(turn.rolled),
        "dashes": [
            {
                "steps": dash.steps,
                "from": layout.name(dash.origin),
                "direction": dash.heading.value,
                "to": layout.name(dash.target),
                "captured": dash.captured,
            }
            for dash in turn.dashes
        ],
        "lost": list(turn.lost),
    }
