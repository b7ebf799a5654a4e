"""Double Dash! actions: the dice (chance steps) and the three small menus of a move.

A move is chosen as a chain by the same seat: which die (`Die`), which piece (`Piece`), which
direction (`Direction`). The die menu is skipped when only one choice is left. The chance steps
are the start roll (`StartRoll`: one die per seat, ties rolled again) and each turn's roll
(`Roll`: one die on a player's first turn, two after).

Notation, as typed in the terminal:

    3     use the die showing 3           3+3   use a double 3 as one move of 6
    c4    the piece on c4                 ne    move north-east
    roll 2-5, roll 4, start 6-3           the chance steps (rolled by the engine)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from typing import ClassVar

from holesome.games.double_dash.board import HEADINGS, Heading

FACES = 6
"""The dice are ordinary six-sided dice."""
PIPS = tuple(range(1, FACES + 1))


@dataclass(frozen=True, slots=True)
class StartRoll:
    """The start roll: `dice[seat]` is each seat's die; the higher takes the first turn."""

    TYPE: ClassVar[str] = "start-roll"
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Roll:
    """A turn's roll: one die on a player's first turn, two (ascending) on every later turn."""

    TYPE: ClassVar[str] = "roll"
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Die:
    """Which die the next move uses; `both`: a double used as one move of twice its pips."""

    TYPE: ClassVar[str] = "die"
    pips: int
    both: bool = False

    @property
    def steps(self) -> int:
        """How many spaces the move counts."""
        return 2 * self.pips if self.both else self.pips


@dataclass(frozen=True, slots=True)
class Piece:
    """Which piece moves: the one on (row, col)."""

    TYPE: ClassVar[str] = "piece"
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Direction:
    """Which way the chosen piece moves."""

    TYPE: ClassVar[str] = "direction"
    heading: Heading


Action = StartRoll | Roll | Die | Piece | Direction

START_ROLLS: tuple[StartRoll, ...] = tuple(StartRoll((first, second)) for first, second in product(PIPS, PIPS))
SINGLE_ROLLS: tuple[Roll, ...] = tuple(Roll((pips,)) for pips in PIPS)
DOUBLE_ROLLS: tuple[Roll, ...] = tuple(Roll(pair) for pair in combinations_with_replacement(PIPS, 2))
DICE: tuple[Die, ...] = (*(Die(pips) for pips in PIPS), *(Die(pips, both=True) for pips in PIPS))
DIRECTIONS: tuple[Direction, ...] = tuple(Direction(heading) for heading in HEADINGS)

SINGLE_ROLL_CHANCES: tuple[tuple[Action, float], ...] = tuple((roll, 1 / FACES) for roll in SINGLE_ROLLS)
DOUBLE_ROLL_CHANCES: tuple[tuple[Action, float], ...] = tuple(
    (roll, (1 if roll.dice[0] == roll.dice[1] else 2) / FACES**2) for roll in DOUBLE_ROLLS
)
START_ROLL_CHANCES: tuple[tuple[Action, float], ...] = tuple((roll, 1 / FACES**2) for roll in START_ROLLS)


def die_text(die: Die) -> str:
    """`3`, or `3+3` for a double used as one move."""
    return f"{die.pips}+{die.pips}" if die.both else str(die.pips)
