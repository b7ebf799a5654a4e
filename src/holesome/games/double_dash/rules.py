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
from operator import attrgetter
from typing import Any

from holesome.core.game import CHANCE, Game, Json, Option, Outcome, Seat, View
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
    Piece,
    Roll,
    StartRoll,
    die_text,
)
from holesome.games.double_dash.board import (
    PIECE_MARKS,
    Board,
    Layout,
    Square,
    layout_from_rows,
    normalize_rows,
    standard_rows,
)
from holesome.games.double_dash.moves import Play, after, plays
from holesome.games.double_dash.playout import material_values, random_playout
from holesome.games.double_dash.state import Dash, DashState, Phase, Turn
from holesome.games.double_dash.view import player_name, to_view

PLAYER_1, PLAYER_2 = 0, 1
EVALUATION_STEPS = 12
"""Random steps a search's evaluation plays before judging the material: about the rest of a
turn and the start of the opponent's reply (a random game runs to some 1,800 steps). Twelve
rather than 24 halves the cost of an iteration; the tree itself looks at the replies."""
_CHOOSING = (Phase.DIE, Phase.PIECE, Phase.DIRECTION)
_DIE = attrgetter("die")
_DIRECTION_ACTIONS = {direction.heading: direction for direction in DIRECTIONS}


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
            "the board as rows of text, row 0 (Player 1's side) first: 1 and 2 start spaces, # black, . open",
            kind=list,
        ),
        Option(
            "no_capture_limit",
            100,
            "the game is a draw after this many turns in a row without a capture",
            kind=int,
            minimum=1,
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
        return () if state.phase is Phase.OVER else (state.mover,)

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

    def _apply(self, state: DashState, seat: Seat, action: Action) -> DashState:
        if isinstance(action, StartRoll):
            return self._start_roll(state, action)
        if isinstance(action, Roll):
            turn = Turn(state.mover, action.dice)
            return self._next_move(state, state.board, action.dice, None, turn, turns=state.turns + 1)
        if isinstance(action, Die):
            return self._settle(state, state.plays, phase=Phase.PIECE, die=action)
        if isinstance(action, Piece):
            square = self.layout.square(action.row, action.col)
            return self._settle(state, state.plays, phase=Phase.DIRECTION, piece=square)
        play = next(
            play
            for play in state.plays
            if play.die == state.die and play.origin == state.piece and play.heading is action.heading
        )
        return self._make(state, play)

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
        """A short random playout (`EVALUATION_STEPS`), then the lead in pieces (`material_values`)."""
        return random_playout(
            self.layout,
            state,
            rng,
            no_capture_limit=self._limit,
            max_steps=EVALUATION_STEPS,
            judge=material_values,
        )

    def determinize(self, state: DashState, seat: Seat, rng: random.Random) -> DashState:
        return state  # perfect information: nothing to resample

    def prompt(self, state: DashState, seat: Seat) -> str:
        if seat not in self.to_act(state) or seat == CHANCE:
            return ""
        who = player_name(seat)
        if state.phase is Phase.DIE:
            rolled = " and ".join(str(pips) for pips in state.dice)
            return f"{who}: you have {rolled} to use; choose a die"
        assert state.die is not None
        spaces = f"{state.die.steps} space" + ("s" if state.die.steps > 1 else "")
        if state.phase is Phase.PIECE:
            return f"{who}: choose a piece to move {spaces}"
        assert state.piece is not None
        return f"{who}: choose a direction for the piece on {self.layout.name(state.piece)} ({spaces})"

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

    def _start_roll(self, state: DashState, action: StartRoll) -> DashState:
        first, second = action.dice
        rolls = (*state.start_rolls, action.dice)
        if first == second:
            return replace(state, start_rolls=rolls)
        return replace(state, start_rolls=rolls, phase=Phase.ROLL, mover=PLAYER_1 if first > second else PLAYER_2)

    def _next_move(
        self, state: DashState, board: Board, dice: tuple[int, ...], barred: Square | None, turn: Turn, **changes: Any
    ) -> DashState:
        """Offer the dice left, or end the turn if none is left or none has a legal use (it is lost)."""
        found = plays(self.layout, board, turn.seat, dice, barred) if dice else ()
        if not found:
            return self._end_turn(state, board, replace(turn, lost=turn.lost + dice), **changes)
        one_die = found[0].die == found[-1].die  # plays come grouped by die
        return self._settle(
            state,
            found,
            board=board,
            dice=dice,
            barred=barred,
            current=turn,
            phase=Phase.PIECE if one_die else Phase.DIE,
            die=found[0].die if one_die else None,
            piece=None,
            **changes,
        )

    def _make(self, state: DashState, play: Play) -> DashState:
        assert state.current is not None
        dash = Dash(play.die.steps, play.origin, play.heading, play.target, play.captures)
        turn = replace(state.current, dashes=(*state.current.dashes, dash))
        board = after(state.board, state.mover, play)
        dice = list(state.dice)
        if play.die.both:
            dice.clear()
        else:
            dice.remove(play.die.pips)
        if play.captures and PIECE_MARKS[1 - state.mover] not in board:
            return self._over(state, board=board, dice=tuple(dice), current=turn, winner=state.mover, quiet=0)
        different = len(state.dice) == 2 and state.dice[0] != state.dice[1]
        return self._next_move(state, board, tuple(dice), play.target if different else None, turn)

    def _end_turn(self, state: DashState, board: Board, turn: Turn, **changes: Any) -> DashState:
        quiet = 0 if turn.captured else state.quiet + 1
        if quiet >= self._limit:
            return self._over(state, board=board, dice=(), current=turn, quiet=quiet, **changes)
        return replace(
            state,
            board=board,
            phase=Phase.ROLL,
            mover=1 - turn.seat,
            quiet=quiet,
            dice=(),
            barred=None,
            die=None,
            piece=None,
            current=None,
            last=turn,
            plays=(),
            menu=(),
            **changes,
        )

    def _over(self, state: DashState, **changes: Any) -> DashState:
        return replace(state, phase=Phase.OVER, barred=None, die=None, piece=None, plays=(), menu=(), **changes)

    def _settle(self, state: DashState, found: tuple[Play, ...] | None = None, **changes: Any) -> DashState:
        """`state` with `changes` made and its derived plays and menu filled in."""
        phase = changes.get("phase", state.phase)
        if phase not in _CHOOSING:
            return replace(state, plays=(), menu=(), **changes)
        if found is None:
            found = plays(self.layout, state.board, state.mover, state.dice, state.barred)
        die = changes.get("die", state.die)
        menu: tuple[Action, ...]
        if phase is Phase.DIE:
            menu = tuple(dict.fromkeys(map(_DIE, found)))
        elif phase is Phase.PIECE:
            origins = dict.fromkeys(play.origin for play in found if play.die == die)
            menu = tuple(self._piece_actions[square] for square in origins)
        else:
            piece = changes.get("piece", state.piece)
            menu = tuple(_DIRECTION_ACTIONS[play.heading] for play in found if play.origin == piece and play.die == die)
        return replace(state, plays=found, menu=menu, **changes)


__all__ = ["PLAYER_1", "PLAYER_2", "DoubleDash"]
