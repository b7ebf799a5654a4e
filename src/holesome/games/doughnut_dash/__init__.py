"""Doughnut Dash: thieves dash across a torus of factory-floor tiles to snatch doughnuts."""

from holesome.games.doughnut_dash.components import Card, Direction, Doughnut, Side
from holesome.games.doughnut_dash.movement import Hop, Path, Stop, dash
from holesome.games.doughnut_dash.rules import DoughnutDash
from holesome.games.doughnut_dash.state import (
    Action,
    Choose,
    Commit,
    DashState,
    Draw,
    Give,
    Go,
    Halt,
    Pass,
    Phase,
    Play,
    Player,
    Ready,
    Rob,
    Sidestep,
    Spin,
    Turn,
)

__all__ = [
    "Action",
    "Card",
    "Choose",
    "Commit",
    "DashState",
    "Direction",
    "Doughnut",
    "DoughnutDash",
    "Draw",
    "Give",
    "Go",
    "Halt",
    "Hop",
    "Pass",
    "Path",
    "Phase",
    "Play",
    "Player",
    "Ready",
    "Rob",
    "Side",
    "Sidestep",
    "Spin",
    "Stop",
    "Turn",
    "dash",
]
