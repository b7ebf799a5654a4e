"""Double Dash!: roll dice, dash pieces in straight lines, capture every opposing piece to win."""

from holesome.games.double_dash.actions import Action, Die, Direction, Piece, Roll, StartRoll
from holesome.games.double_dash.board import Heading, Layout
from holesome.games.double_dash.rules import PLAYER_1, PLAYER_2, DoubleDash
from holesome.games.double_dash.state import DashState, Phase

__all__ = [
    "PLAYER_1",
    "PLAYER_2",
    "Action",
    "DashState",
    "Die",
    "Direction",
    "DoubleDash",
    "Heading",
    "Layout",
    "Phase",
    "Piece",
    "Roll",
    "StartRoll",
]
