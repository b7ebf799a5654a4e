"""Honey Donut for learners: a 128-float observation and a bound on the game's length.

The vector is written from the observing seat's side (a spectator sees it from Red's), so
one network can play either colour:

| floats | meaning |
|---|---|
| 0-89 | for each cell a..r, five flags: my piece, my King, their piece, their King, white |
| 90 | it is my move |
| 91 | I am Red (Red moved first) |
| 92-127 | the last move, one-hot over the 36 action ids (line x direction) |

An empty cell (the square a pushed-out King leaves) has all five flags off. Under the
`strict` repetition rule, legality depends on the game's history, which no fixed vector
holds: the action mask carries it.
"""

from __future__ import annotations

from math import factorial
from typing import Any

from holesome.core.game import Game, View
from holesome.games.honey_donut.board import CELLS, MOVES, STARTING_BOARD, Move
from holesome.games.honey_donut.rules import COLOURS

_PLANES = ("piece", "king", "their piece", "their king", "white")
_TURN = len(CELLS) * len(_PLANES)
_IS_RED = _TURN + 1
_LAST = _IS_RED + 1
_MOVE_INDEX = {move: index for index, move in enumerate(MOVES)}


class HoneyDonutEncoder:
    """Honey Donut views as 128 flags (see the module docstring)."""

    size = _LAST + len(MOVES)
    low = 0.0
    high = 1.0

    def __init__(self, game: Game[Any, Any] | None = None) -> None:
        self._plane_of = {
            side: {
                own: 0,
                f"{own} king": 1,
                other: 2,
                f"{other} king": 3,
                "white": 4,
            }
            for side, (own, other) in enumerate((COLOURS, COLOURS[::-1]))
        }

    def encode(self, view: View) -> list[float]:
        """The view as 128 floats in {0, 1}."""
        seat = view["seat"] if view["seat"] is not None else 0
        planes = self._plane_of[seat]
        vector = [0.0] * self.size
        for index, cell in enumerate(view["cells"]):
            piece = cell["piece"]
            if piece is not None:
                vector[index * len(_PLANES) + planes[piece]] = 1.0
        if seat in view["to_act"]:
            vector[_TURN] = 1.0
        if seat == 0:
            vector[_IS_RED] = 1.0
        last = view["last"]
        if last is not None:
            vector[_LAST + _MOVE_INDEX[Move(last["line"], last["dir"])]] = 1.0
        return vector


def max_game_length(game: Game[Any, Any]) -> int:
    """The most plies a game can last.

    Under `simple` repetition, `max_plies`. Under `strict`, no (board, side to move) pair
    recurs, so a game has at most one ply per such pair with both Kings on the board, plus the
    ply that pushes a King out.
    """
    if game.options["repetition"] == "simple":
        return int(game.options["max_plies"])
    arrangements = factorial(len(STARTING_BOARD))
    for piece in set(STARTING_BOARD):
        arrangements //= factorial(STARTING_BOARD.count(piece))
    return arrangements * len(COLOURS) + 1


__all__ = ["HoneyDonutEncoder", "max_game_length"]
