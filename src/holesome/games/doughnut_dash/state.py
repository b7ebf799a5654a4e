"""Doughnut Dash's immutable values: the state, its parts, and the actions.

The Sugar Rush deck is a sorted multiset (`DashState.deck`): nobody knows its order, so none is
stored, and each draw is a chance step. Secret direction choices are `Commit`s kept in the
state until the reveal; views show other seats only whether they have committed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from holesome.core.frozen import builder, replacer
from holesome.core.game import Seat
from holesome.games.doughnut_dash.components import Card, Direction, Doughnut, Side
from holesome.games.doughnut_dash.movement import Path


class Phase(StrEnum):
    """What the game waits for (chance draws, when queued, come before all of these)."""

    CHOOSE = "choose"
    """Every seat secretly picks a direction card."""
    LAST_WORD = "last-word"
    """Seats that played Last Word pick their direction, after the others' reveal."""
    TURN = "turn"
    """The mover plays own-turn cards or picks the thief to move next."""
    THIEF = "thief"
    """The mover readies the picked thief (Leap, Sidestep, teleport) and sends it off."""
    LOOP = "loop"
    """The thief is in an endless loop: the mover picks where it stops."""
    STEAL = "steal"
    """The thief landed on several players' thieves: the mover picks whom to rob next."""
    GUARD = "guard"
    """A player about to be robbed may play Guard."""
    BLUEBERRY = "blueberry"
    """A Blueberry Violet was taken and several opponents tie for fewest doughnuts: the mover picks who draws."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Commit:
    """A seat's secret choice this round: cards played while choosing, and its direction."""

    second_wind: bool = False
    last_word: bool = False
    direction: Direction | None = None

    @property
    def is_done(self) -> bool:
        return self.last_word or self.direction is not None


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's pieces and cards."""

    thieves: tuple[int, int]
    """The squares of her first and second thief."""
    stack: tuple[Doughnut, ...]
    """Her doughnuts, bottom first; the last is the top."""
    hand: tuple[Direction, ...]
    """Direction cards in hand, in N, E, S, W order."""
    played: tuple[Direction, ...]
    """Direction cards played since she last took them back, in play order."""
    sugar: tuple[Card, ...]
    """Her Sugar Rush cards, sorted (secret)."""
    commit: Commit | None
    """Her choice while choosing (secret), None when she has nothing to choose."""
    revealed: Direction | None
    """Her direction this round, once revealed."""


@dataclass(frozen=True, slots=True)
class Turn:
    """The mover's progress through her turn."""

    seat: Seat
    about_turn: bool = False
    hold_still: bool = False
    moved: tuple[int, ...] = ()
    """Her thieves (0, 1) that have moved this turn."""
    thief: int | None = None
    """The thief being readied or moving."""
    leap: bool = False
    sidestep: Side | None = None
    path: Path | None = None
    """The moving thief's path while she picks a square of its loop."""
    victims: tuple[Seat, ...] = ()
    """Players she has still to rob (the current one excluded)."""
    victim: Seat | None = None
    """The player deciding whether to Guard."""
    tied: tuple[Seat, ...] = ()
    """Opponents tied for fewest doughnuts, one of whom draws for her Blueberry Violet."""


@dataclass(frozen=True, slots=True)
class Trail:
    """A finished thief move, for views: whose thief, the path, and where it stopped."""

    seat: Seat
    thief: int
    path: Path
    end: int


class Happening(StrEnum):
    """What an `Event` records."""

    REVEAL = "reveal"
    """A direction revealed."""
    PLAY = "play"
    """A Sugar Rush card played."""
    SPIN = "spin"
    """A tile turned by Spin (`square` holds the tile position)."""
    TAKE = "take"
    """A doughnut taken from a square."""
    STEAL = "steal"
    """A doughnut stolen from `other`."""
    GUARD = "guard"
    """A steal by `other` cancelled by Guard."""
    DRAW = "draw"
    """A Sugar Rush card drawn."""
    RESHUFFLE = "reshuffle"
    """The discards became the deck."""
    RETURN = "return"
    """Played direction cards taken back into hand."""
    FIRST = "first"
    """The first-player card passed to `seat`."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened this round or last, for views and animation.

    A draw's `card` is shown only to the drawer.
    """

    kind: Happening
    seat: Seat
    other: Seat | None = None
    card: Card | None = None
    doughnut: Doughnut | None = None
    direction: Direction | None = None
    square: int | None = None


@dataclass(frozen=True, slots=True)
class DashState:
    """A Doughnut Dash position: the floor, the players, the cards and whose decision it is."""

    tiles: tuple[int, ...]
    """The tile id at each grid position."""
    turns: tuple[int, ...]
    """Clockwise quarter-turns of each grid position's tile."""
    doughnuts: tuple[Doughnut | None, ...]
    """The doughnut on each square."""
    players: tuple[Player, ...]
    deck: tuple[Card, ...]
    """The Sugar Rush deck as a sorted multiset (no order: each draw is a chance step)."""
    discards: tuple[Card, ...]
    """The Sugar Rush discard pile (public), oldest first."""
    round: int
    first: Seat
    """Who holds the first-player card."""
    phase: Phase
    turn: Turn | None
    draws: tuple[Seat, ...]
    """Seats due to draw a Sugar Rush card, in order: each draw is a chance step."""
    ending: bool
    """An end condition held during this round: the game ends when the round does."""
    trails: tuple[Trail, ...]
    """This round's thief moves."""
    last_trails: tuple[Trail, ...]
    events: tuple[Event, ...]
    """What happened since the last reveal: the moves of the round being played (or just played)."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Pick a direction card (secret until the reveal)."""

    TYPE: ClassVar[str] = "choose"
    direction: Direction


@dataclass(frozen=True, slots=True)
class Play:
    """Play a Sugar Rush card that needs no further choice."""

    TYPE: ClassVar[str] = "play"
    card: Card


@dataclass(frozen=True, slots=True)
class Sidestep:
    """Play Sidestep on the readied thief: it turns 90 degrees to this side."""

    TYPE: ClassVar[str] = "sidestep"
    side: Side


@dataclass(frozen=True, slots=True)
class Spin:
    """Play Spin: turn the tile at this grid position a quarter-turn."""

    TYPE: ClassVar[str] = "spin"
    tile: int
    clockwise: bool


@dataclass(frozen=True, slots=True)
class Ready:
    """Pick the thief (0 first, 1 second) to move next."""

    TYPE: ClassVar[str] = "ready"
    thief: int


@dataclass(frozen=True, slots=True)
class Go:
    """Send the readied thief off; `teleport`: first use the teleport it stands on."""

    TYPE: ClassVar[str] = "go"
    teleport: bool


@dataclass(frozen=True, slots=True)
class Halt:
    """Stop a looping thief on this square of its loop."""

    TYPE: ClassVar[str] = "halt"
    square: int


@dataclass(frozen=True, slots=True)
class Rob:
    """Steal next from this player."""

    TYPE: ClassVar[str] = "rob"
    victim: Seat


@dataclass(frozen=True, slots=True)
class Give:
    """This opponent draws for the Blueberry Violet just taken."""

    TYPE: ClassVar[str] = "give"
    seat: Seat


@dataclass(frozen=True, slots=True)
class Pass:
    """Play no Guard: let the steal happen."""

    TYPE: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the Sugar Rush card drawn."""

    TYPE: ClassVar[str] = "draw"
    card: Card


Action = Choose | Play | Sidestep | Spin | Ready | Go | Halt | Rob | Give | Pass | Draw

CHOICES: dict[Direction, Action] = {direction: Choose(direction) for direction in Direction}
PLAYS: dict[Card, Action] = {card: Play(card) for card in Card}
SIDESTEPS: tuple[Action, ...] = tuple(Sidestep(side) for side in Side)
READY: tuple[Action, ...] = (Ready(0), Ready(1))
GO: tuple[Action, ...] = (Go(teleport=False), Go(teleport=True))
PASS: Action = Pass()
DRAWS: dict[Card, Action] = {card: Draw(card) for card in Card}
replace_state = replacer(DashState)
replace_player = replacer(Player)
replace_turn = replacer(Turn)
"""`dataclasses.replace` for the three records every move changes, at a plain class's speed."""
make_state = builder(DashState)
make_event = builder(Event)
make_trail = builder(Trail)
make_turn = builder(Turn)
"""`DashState`, `Event`, `Trail` and `Turn` built at a plain class's speed (see `core.frozen`): a thief's move
records several of them."""

"""Menu entries made once: menus hand out these objects instead of building new ones each time
(a frozen dataclass costs a microsecond to build, and an identical object is found by identity)."""
