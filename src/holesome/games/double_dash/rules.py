"""Double Dash! (Joel Miller): the rules of `../shared/rules/double-dash.md`.

| players | 2 (seat 0 is Player 1, whose pieces start on row 0; seat 1 is Player 2) |
| actions | menus `Die`, `Piece`, `Direction`; chance `StartRoll`, `Roll` (see `actions.py`) |
| chance | the start roll and every turn's roll; hidden information: none (`determinize` is the identity) |
| ends | a player loses her last piece (loss); `no_capture_limit` turns in a row without a capture (draw) |
| options | `board`: rows of text (see `board.py`); `no_capture_limit` (default 100) |

A turn is a roll (a chance step) and then, for each die, three small menus by the mover: which
die, which piece, which direction. Only choices that lead to a legal move under the must-use
Ruling are listed (see `moves.py`), and the die menu is skipped when only one choice is left.
"""

from __future__ import annotations

import random
from dataclasses import replace

from holesome.core.ask import NOTHING, Ask, ask
from holesome.core.frozen import builder
from holesome.core.game import CHANCE, Game, Json, Option, Outcome, Seat, View
from holesome.games.double_dash import heuristic
from holesome.games.double_dash.actions import (
    DICE,
    DIRECTIONS,
    DOUBLE_ROLL_CHANCES,
    DOUBLE_ROLLS,
    SINGLE_ROLL_CHANCES,
    SINGLE_ROLLS,
    START_ROLL_CHANCES,
    START_ROLLS,
    Action,
    Die,
    Direction,
    Piece,
    Roll,
    StartRoll,
    die_text,
)
from holesome.games.double_dash.board import (
    MAX_COLUMNS,
    MAX_ROWS,
    PIECE_MARKS,
    Board,
    Heading,
    Layout,
    Square,
    layout_from_rows,
    normalize_rows,
    standard_rows,
)
from holesome.games.double_dash.moves import Play, after, plays
from holesome.games.double_dash.playout import random_playout
from holesome.games.double_dash.state import Dash, DashState, Phase, Turn
from holesome.games.double_dash.view import to_view

PLAYER_1, PLAYER_2 = 0, 1
MAX_NO_CAPTURE_LIMIT = 1000
"""The longest run of turns without a capture the option `no_capture_limit` may allow."""
HEADING_WORDS = {
    Heading.N: "up",
    Heading.NE: "up and right",
    Heading.E: "right",
    Heading.SE: "down and right",
    Heading.S: "down",
    Heading.SW: "down and left",
    Heading.W: "left",
    Heading.NW: "up and left",
}
"""Directions as a person reads them on the board (north is the top row)."""
_CHOOSING = (Phase.DIE, Phase.PIECE, Phase.DIRECTION)
_SEATS = ((PLAYER_1,), (PLAYER_2,))
_state = builder(DashState)
_turn = builder(Turn)
_dash = builder(Dash)
_CANONICAL_DICE = {die: die for die in DICE}
"""Each die as the one object the plays use, so the hot loops can compare dice by identity."""


class DoubleDash(Game[DashState, Action]):
    """Two players roll dice and dash pieces in straight lines; capture every opposing piece to win."""

    name = "double-dash"
    title = "Double Dash!"
    blurb = (
        "Roll two dice and race your ten pieces across a ten-by-ten board in straight lines, any of eight "
        "directions. Land exactly on an enemy piece to capture it; capture the last one to win. Two players, "
        "dice and tactics."
    )
    version = 1
    player_counts = (2,)
    default_players = 2
    perfect_information = True
    option_specs = (
        Option(
            "board",
            standard_rows(),
            "the board as rows of text, row 0 (Player 1's side) first: 1 and 2 start spaces, # black, . open; "
            f"1 to {MAX_ROWS} rows of 1 to {MAX_COLUMNS} spaces",
            kind=list,
            max_length=MAX_ROWS,
            label="Board",
        ),
        Option(
            "no_capture_limit",
            100,
            f"the game is a draw after this many turns in a row without a capture, 1 to {MAX_NO_CAPTURE_LIMIT}",
            kind=int,
            minimum=1,
            maximum=MAX_NO_CAPTURE_LIMIT,
            label="Turns without a capture before a draw",
        ),
    )
    state_type = DashState
    action_type = Action

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        rows = normalize_rows(self.options["board"])
        self.layout: Layout = layout_from_rows(rows)
        self.options = {**self.options, "board": rows}
        self._limit = int(self.options["no_capture_limit"])
        self._piece_actions = tuple(Piece(*self.layout.coordinates(square)) for square in range(self.layout.size))
        self._space: tuple[Action, ...] = (
            *START_ROLLS,
            *SINGLE_ROLLS,
            *DOUBLE_ROLLS,
            *DICE,
            *self._piece_actions,
            *DIRECTIONS,
        )

    # Rules.

    def start(self, seed: int) -> DashState:
        """Each player's pieces on her start spaces; the start roll (a chance step) comes next.

        Setup has nothing to deal, so `seed` only seeds the chance steps that the driver rolls.
        """
        return DashState(
            board=self.layout.start_board(),
            phase=Phase.START,
            mover=PLAYER_1,
            turns=0,
            quiet=0,
            start_rolls=(),
            dice=(),
            barred=None,
            die=None,
            piece=None,
            current=None,
            last=None,
            winner=None,
        )

    def to_act(self, state: DashState) -> tuple[Seat, ...]:
        if state.phase in (Phase.START, Phase.ROLL):
            return (CHANCE,)
        return () if state.phase is Phase.OVER else _SEATS[state.mover]

    def chance_outcomes(self, state: DashState) -> tuple[tuple[Action, float], ...]:
        if state.phase is Phase.START:
            return START_ROLL_CHANCES
        if state.phase is Phase.ROLL:
            return SINGLE_ROLL_CHANCES if self._is_first_turn(state) else DOUBLE_ROLL_CHANCES
        return ()

    def legal_actions(self, state: DashState, seat: Seat) -> tuple[Action, ...]:
        return state.menu if seat == state.mover and state.phase in _CHOOSING else ()

    def is_legal(self, state: DashState, seat: Seat, action: Action) -> bool:
        return seat == state.mover and state.phase in _CHOOSING and action in state.menu

    def apply(self, state: DashState, seat: Seat, action: Action) -> DashState:
        """`Game.apply`, with the common case (the mover picks from her menu) checked in one test."""
        if seat == state.mover and state.phase in _CHOOSING and action in state.menu:
            return self._apply(state, seat, action)
        return super().apply(state, seat, action)

    def _apply(self, state: DashState, seat: Seat, action: Action) -> DashState:
        if isinstance(action, Direction):
            heading = action.heading
            return self._make(state, next(play for play in state.plays if play.heading is heading))
        if isinstance(action, Piece):
            return self._choose_piece(state, self.layout.square(action.row, action.col))
        if isinstance(action, Die):
            return self._choose_die(state, _CANONICAL_DICE[action])
        if isinstance(action, Roll):
            turn = _turn(state.mover, action.dice)
            return self._next_move(state, state.board, action.dice, None, turn, state.turns + 1)
        return self._start_roll(state, action)

    def outcome(self, state: DashState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        details: dict[str, Json] = {
            "reason": "no-capture-limit" if state.winner is None else "last-piece-captured",
            "pieces": list(self._pieces(state)),
            "turns": state.turns,
        }
        if state.winner is None:
            return Outcome((0.5,) * self.players, tuple(range(self.players)), details)
        scores = tuple(1.0 if seat == state.winner else 0.0 for seat in range(self.players))
        return Outcome(scores, (state.winner,), details)

    def score(self, state: DashState, seat: Seat) -> float:
        """The outcome value once the game is over; before, the seat's share of the pieces on the board.

        The game scores only the end (capture every opposing piece), so the share of pieces is
        the measure of progress toward it: a capture raises it, losing a piece lowers it.
        """
        outcome = self.outcome(state)
        if outcome is not None:
            return outcome.values[seat]
        pieces = self._pieces(state)
        return pieces[seat] / sum(pieces)

    def default_action(self, state: DashState, seat: Seat) -> Action:
        """A seat out of time plays the first entry of its menu.

        That is the lowest die (a double's single move before its one move of twice the pips),
        the first piece in reading order, the first direction clockwise from north. Every entry
        of every menu leads to a legal move, so the turn always completes under the must-use Ruling.
        """
        return self.legal_actions(state, seat)[0]

    def playout(self, state: DashState, rng: random.Random, max_steps: int = 10_000) -> tuple[float, ...]:
        """The same random play as `Game.playout` (the same game for one RNG), about twice as fast."""
        return random_playout(self.layout, state, rng, no_capture_limit=self._limit, max_steps=max_steps)

    def evaluate(self, state: DashState, rng: random.Random) -> tuple[float, ...]:
        """The outcome once the game is over; before, material and threats (`heuristic.values`)."""
        outcome = self.outcome(state)
        return outcome.values if outcome is not None else heuristic.values(self.layout, state, self.players)

    def determinize(self, state: DashState, seat: Seat, rng: random.Random) -> DashState:
        return state  # perfect information: nothing to resample

    def prompt(self, state: DashState, seat: Seat) -> str:
        return self.ask(state, seat).text()

    def ask(self, state: DashState, seat: Seat) -> Ask:
        if seat not in self.to_act(state) or seat == CHANCE:
            return NOTHING
        if state.phase is Phase.DIE:
            rolled = " and ".join(str(pips) for pips in state.dice)
            return ask(f"You have {rolled} to use: choose a die", hint="its pips, or 3+3 for a double as one move")
        assert state.die is not None
        spaces = f"{state.die.steps} space" + ("s" if state.die.steps > 1 else "")
        if state.phase is Phase.PIECE:
            return ask(f"Choose a piece to move {spaces}", hint="its square, e.g. c1")
        assert state.piece is not None
        return ask(
            f"Choose a direction for the piece on {self.layout.name(state.piece)} ({spaces})",
            hint="n, ne, e, se, s, sw, w or nw",
        )

    def action_words(self, action: Action) -> Ask:
        if isinstance(action, Die):
            return ask(f"move {action.pips * 2} with both {action.pips}s" if action.both else f"use the {action.pips}")
        if isinstance(action, Piece):
            return ask(f"the piece on {self.action_to_text(action)}")
        if isinstance(action, Direction):
            return ask(HEADING_WORDS[action.heading])
        return ask(self.action_to_text(action))

    def ending(self, state: DashState) -> Ask:
        """The last piece captured, or the turns without a capture that made it a draw."""
        if self.outcome(state) is None:
            return NOTHING
        if state.winner is None:
            return ask(f"A draw: {self._limit} turns in a row passed without a capture")
        loser = 1 - state.winner
        return ask("", state.winner, " won: ", state.winner, " captured every piece of ", loser)

    @property
    def action_space(self) -> tuple[Action, ...]:
        return self._space

    # Conversions.

    def action_to_text(self, action: Action) -> str:
        if isinstance(action, StartRoll):
            return f"start {action.dice[0]}-{action.dice[1]}"
        if isinstance(action, Roll):
            return "roll " + "-".join(str(pips) for pips in action.dice)
        if isinstance(action, Die):
            return die_text(action)
        if isinstance(action, Piece):
            return self.layout.name(self.layout.square(action.row, action.col))
        return action.heading.value

    def state_from_json(self, data: Json) -> DashState:
        return self._settle(super().state_from_json(data))

    def view(self, state: DashState, seat: Seat | None) -> View:
        outcome = self.outcome(state)
        return to_view(
            self.layout,
            state,
            seat,
            name=self.name,
            to_act=self.to_act(state),
            limit=self._limit,
            first_turn=self._is_first_turn(state),
            prompt="" if seat is None else self.prompt(state, seat),
            scores=[self.score(state, each) for each in range(self.players)],
            outcome=None if outcome is None else outcome.to_json(),
        )

    # Helpers.

    def _is_first_turn(self, state: DashState) -> bool:
        return state.turns < self.players

    def _pieces(self, state: DashState) -> tuple[int, ...]:
        return tuple(state.board.count(PIECE_MARKS[seat]) for seat in range(self.players))

    # The steps. States are built field by field, in `DashState`'s order, by `_state` (see
    # `core.frozen`) rather than by `dataclasses.replace`, which costs ten times as much.

    def _start_roll(self, state: DashState, action: StartRoll) -> DashState:
        first, second = action.dice
        rolls = (*state.start_rolls, action.dice)
        if first == second:
            return replace(state, start_rolls=rolls)
        return replace(state, start_rolls=rolls, phase=Phase.ROLL, mover=PLAYER_1 if first > second else PLAYER_2)

    def _choose_die(self, state: DashState, die: Die) -> DashState:
        found = tuple([play for play in state.plays if play.die is die])
        return _state(
            state.board, Phase.PIECE, state.mover, state.turns, state.quiet, state.start_rolls, state.dice,
            state.barred, die, None, state.current, state.last, None, found, self._piece_menu(found),
        )  # fmt: skip

    def _choose_piece(self, state: DashState, square: Square) -> DashState:
        found = tuple([play for play in state.plays if play.origin == square])
        return _state(
            state.board, Phase.DIRECTION, state.mover, state.turns, state.quiet, state.start_rolls, state.dice,
            state.barred, state.die, square, state.current, state.last, None, found, _direction_menu(found),
        )  # fmt: skip

    def _next_move(
        self,
        state: DashState,
        board: Board,
        dice: tuple[int, ...],
        barred: Square | None,
        turn: Turn,
        turns: int,
    ) -> DashState:
        """Offer the dice left, or end the turn if none is left or none has a legal use (it is lost)."""
        found = plays(self.layout, board, turn.seat, dice, barred) if dice else ()
        if not found:
            turn = _turn(turn.seat, turn.rolled, turn.dashes, turn.lost + dice)
            quiet = 0 if turn.captured else state.quiet + 1
            if quiet >= self._limit:
                return _state(
                    board, Phase.OVER, state.mover, turns, quiet, state.start_rolls, (), None, None, None, turn,
                    state.last, None,
                )  # fmt: skip
            return _state(
                board, Phase.ROLL, 1 - turn.seat, turns, quiet, state.start_rolls, (), None, None, None, None, turn,
                None,
            )  # fmt: skip
        die = found[0].die
        if found[-1].die is die:  # plays come grouped by die: one die left to choose, so no die menu
            return _state(
                board, Phase.PIECE, state.mover, turns, state.quiet, state.start_rolls, dice, barred, die, None, turn,
                state.last, None, found, self._piece_menu(found),
            )  # fmt: skip
        return _state(
            board, Phase.DIE, state.mover, turns, state.quiet, state.start_rolls, dice, barred, None, None, turn,
            state.last, None, found, _die_menu(found),
        )  # fmt: skip

    def _make(self, state: DashState, play: Play) -> DashState:
        current = state.current
        assert current is not None
        dash = _dash(play.die.steps, play.origin, play.heading, play.target, play.captures)
        turn = _turn(current.seat, current.rolled, (*current.dashes, dash), current.lost)
        board = after(state.board, state.mover, play)
        if play.die.both:
            dice: tuple[int, ...] = ()
        elif len(state.dice) == 1:
            dice = ()
        else:
            low, high = state.dice
            dice = (high,) if play.die.pips == low else (low,)
        if play.captures and PIECE_MARKS[1 - state.mover] not in board:
            return _state(
                board, Phase.OVER, state.mover, state.turns, 0, state.start_rolls, dice, None, None, None, turn,
                state.last, state.mover,
            )  # fmt: skip
        different = len(state.dice) == 2 and state.dice[0] != state.dice[1]
        barred = play.target if different else None
        return self._next_move(state, board, dice, barred, turn, state.turns)

    def _settle(self, state: DashState) -> DashState:
        """`state` with its derived plays and menu filled in (a state read from JSON)."""
        if state.phase not in _CHOOSING:
            return replace(state, plays=(), menu=())
        found = plays(self.layout, state.board, state.mover, state.dice, state.barred)
        if state.phase is Phase.DIE:
            return replace(state, plays=found, menu=_die_menu(found))
        found = tuple(play for play in found if play.die == state.die)
        if state.phase is Phase.PIECE:
            return replace(state, plays=found, menu=self._piece_menu(found))
        found = tuple(play for play in found if play.origin == state.piece)
        return replace(state, plays=found, menu=_direction_menu(found))

    def _piece_menu(self, found: tuple[Play, ...]) -> tuple[Action, ...]:
        """The pieces of `found` (plays of one die, grouped by piece), in order."""
        actions, menu, previous = self._piece_actions, [], -1
        for play in found:
            if play.origin != previous:
                previous = play.origin
                menu.append(actions[previous])
        return tuple(menu)


def _die_menu(found: tuple[Play, ...]) -> tuple[Action, ...]:
    """The dice of `found`, grouped by die: two dice at most (two numbers, or a double's single
    move and its one move of twice the pips), so the first and the last."""
    first, last = found[0].die, found[-1].die
    return (first,) if first is last else (first, last)


def _direction_menu(found: tuple[Play, ...]) -> tuple[Action, ...]:
    """The directions of `found` (plays of one die by one piece), in order."""
    return tuple([play.direction for play in found])


__all__ = ["PLAYER_1", "PLAYER_2", "DoubleDash"]
