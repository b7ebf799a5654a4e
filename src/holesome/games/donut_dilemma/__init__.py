"""Donut Dilemma: ten players bake in secret at five bakeries on a ring; the engine hosts."""

from holesome.games.donut_dilemma.actions import Action, Done, Move, Plain, Skip, Special
from holesome.games.donut_dilemma.components import Bakery, Donut
from holesome.games.donut_dilemma.rules import DonutDilemma
from holesome.games.donut_dilemma.state import DilemmaState, Points, RoundResult, Submission

__all__ = [
    "Action",
    "Bakery",
    "DilemmaState",
    "Done",
    "Donut",
    "DonutDilemma",
    "Move",
    "Plain",
    "Points",
    "RoundResult",
    "Skip",
    "Special",
    "Submission",
]
