"""The Double Dash! state: the board, whose turn it is, the dice, and what happened this turn.

Everything is public (the game has no hidden information). The legal plays and the current menu
are derived from the rest when a state is made, since every driver asks for them next; they take
no part in equality or JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from holesome.core.codec import DERIVED
from holesome.games.double_dash.actions import Action, Die
from holesome.games.double_dash.board import Board, Heading, Square
from holesome.games.double_dash.moves import Play


class Phase(Enum):
    """What the game waits for."""

    START = "start"
    """The start roll (a chance step; rolled again on a tie)."""
    ROLL = "roll"
    """The mover's roll (a chance step)."""
    DIE = "die"
    """The mover chooses which die to use."""
    PIECE = "piece"
    """The mover chooses which piece the die moves."""
    DIRECTION = "direction"
    """The mover chooses which way the piece goes."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Dash:
    """One move made: `steps` spaces from `origin` toward `heading`, ending on `target`."""

    steps: int
    origin: Square
    heading: Heading
    target: Square
    captured: bool


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's turn so far: the roll, the moves made and the dice lost (no legal use)."""

    seat: int
    rolled: tuple[int, ...]
    dashes: tuple[Dash, ...] = ()
    lost: tuple[int, ...] = ()

    @property
    def captured(self) -> bool:
        """Whether a move of this turn captured a piece."""
        return any(dash.captured for dash in self.dashes)


@dataclass(frozen=True, slots=True)
class DashState:
    """A Double Dash! position, between any two steps."""

    board: Board
    phase: Phase
    mover: int
    """The seat whose turn it is (seat 0 before the start roll is decided)."""
    turns: int
    """Turns begun so far: the first two are each player's first turn, with one die."""
    quiet: int
    """Turns in a row ended without a capture."""
    start_rolls: tuple[tuple[int, int], ...]
    """Every start roll, ties included, each as (Player 1's die, Player 2's die)."""
    dice: tuple[int, ...]
    """The dice of this turn still to use, ascending."""
    barred: Square | None
    """Where the piece that moved with a different number stands: it may not move again this turn."""
    die: Die | None
    """The die chosen for the move being made."""
    piece: Square | None
    """The piece chosen for the move being made."""
    current: Turn | None
    """This turn so far (None before the first roll)."""
    last: Turn | None
    """The turn before this one."""
    winner: int | None
    plays: tuple[Play, ...] = field(default=(), compare=False, repr=False, metadata=DERIVED)
    """The legal uses of a die that fit the choices made so far (every one while no die is
    chosen; those of the die, then of the die and piece, once chosen); empty unless the mover
    is choosing."""
    menu: tuple[Action, ...] = field(default=(), compare=False, repr=False, metadata=DERIVED)
    """The legal actions of the mover now."""
