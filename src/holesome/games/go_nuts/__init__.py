"""Go Nuts for Donuts!: pick donuts from a row in secret; a donut picked twice goes to nobody."""

from holesome.games.go_nuts.actions import Action, Choose, Clear, Done, Draw, Forfeit, Opponent, Pick, Retrieve
from holesome.games.go_nuts.rules import GoNuts
from holesome.games.go_nuts.state import GoNutsState

__all__ = [
    "Action",
    "Choose",
    "Clear",
    "Done",
    "Draw",
    "Forfeit",
    "GoNuts",
    "GoNutsState",
    "Opponent",
    "Pick",
    "Retrieve",
]
