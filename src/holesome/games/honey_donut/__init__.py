"""Honey Donut: push lines of a holed hex board; push out the other King to win."""

from holesome.games.honey_donut.board import Move, Piece
from holesome.games.honey_donut.rules import BLUE, RED, HoneyDonut, HoneyState

__all__ = ["BLUE", "RED", "HoneyDonut", "HoneyState", "Move", "Piece"]
