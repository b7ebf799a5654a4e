"""Doughnut Dash notation: short words a terminal player types, one per action.

n e s w            choose a direction card
about hold wind last leap guard
                   play that Sugar Rush card (About Turn, Hold Still, Second Wind,
                   Last Word, Leap, Guard)
left right         play Sidestep on the readied thief
spin c3 cw         play Spin on the tile whose North-West square is c3 (ccw: anticlockwise)
first second       ready that thief to move
go teleport        send the thief off (teleport: use the teleport it starts on)
stop c4            stop a looping thief on square c4
rob 2              steal next from seat 2 (seats counted from 1, as people count them)
give 2             seat 2 draws for your Blueberry Violet
pass               play no Guard
draw leap          (chance) the Sugar Rush card drawn
"""

from __future__ import annotations

from holesome.games.doughnut_dash.board import Layout
from holesome.games.doughnut_dash.components import Card
from holesome.games.doughnut_dash.state import (
    Action,
    Choose,
    Draw,
    Give,
    Go,
    Halt,
    Pass,
    Play,
    Ready,
    Rob,
    Sidestep,
    Spin,
)

CARD_WORDS: dict[Card, str] = {
    Card.ABOUT_TURN: "about",
    Card.LEAP: "leap",
    Card.SPIN: "spin",
    Card.HOLD_STILL: "hold",
    Card.SIDESTEP: "side",
    Card.SECOND_WIND: "wind",
    Card.LAST_WORD: "last",
    Card.GUARD: "guard",
}
THIEF_WORDS = ("first", "second")


def to_text(action: Action, layout: Layout) -> str:
    """The notation of an action."""
    match action:
        case Choose(direction):
            return str(direction)
        case Play(card):
            return CARD_WORDS[card]
        case Sidestep(side):
            return str(side)
        case Spin(tile, clockwise):
            corner = layout.name(layout.tile_squares[tile][0])
            return f"spin {corner} {'cw' if clockwise else 'ccw'}"
        case Ready(thief):
            return THIEF_WORDS[thief]
        case Go(teleport):
            return "teleport" if teleport else "go"
        case Halt(square):
            return f"stop {layout.name(square)}"
        case Rob(victim):
            return f"rob {victim + 1}"
        case Give(seat):
            return f"give {seat + 1}"
        case Pass():
            return "pass"
        case Draw(card):
            return f"draw {CARD_WORDS[card]}"
    raise TypeError(f"not a doughnut-dash action: {action!r}")
