"""The `perfect` bot: Honey Donut played from the solution table of the `simple` option.

It reads the board and the side to move from its view, looks up what each of its legal moves
is worth, and plays the fastest win, else a draw, else the slowest loss (ties broken by its
seeded RNG). Under `simple` the table is exact, save that it knows no `max_plies` limit: a win
longer than the plies left still counts as a win. Under `strict` the table is a guide: the bot
plays the table's best move among those the repetition rule allows.

The table is loaded once per process from `holesome.solve.honey_donut.table.default_path()`; if
there is none, the bot solves the game first (about half a minute) and saves it there.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from holesome.core.decision import Decision
from holesome.core.errors import HolesomeError
from holesome.games.honey_donut.board import MOVES, Piece
from holesome.games.honey_donut.rules import COLOURS

if TYPE_CHECKING:
    from holesome.solve.honey_donut.table import Solution

GAME = "honey-donut"
NEEDS_FAST = "the perfect bot needs the fast extra: pip install 'holesome[fast]'"
_PIECES = {
    None: Piece.EMPTY,
    "white": Piece.WHITE,
    "red": Piece.RED,
    "red king": Piece.RED_KING,
    "blue": Piece.BLUE,
    "blue king": Piece.BLUE_KING,
}


@cache
def solution(path: Path) -> Solution:
    """The table at `path`, solved and saved there first if missing; loaded once per process."""
    try:
        from holesome.solve.honey_donut.retrograde import solve
        from holesome.solve.honey_donut.table import Solution
    except ImportError:
        raise HolesomeError(NEEDS_FAST) from None
    if not path.exists():
        solve().save(path)
    return Solution.load(path)


class PerfectBot:
    """Plays Honey Donut perfectly (for the `simple` option) from the solution table."""

    name = "perfect"

    def __init__(self, seed: int | None = None, path: Path | None = None) -> None:
        self.rng = random.Random(seed)
        self.path = path

    def act(self, decision: Decision[Any, Any]) -> Any:
        """The legal move with the best value in the table."""
        view = decision.view
        if view.get("game") != GAME:
            raise HolesomeError(f"the perfect bot plays only {GAME}, not {view.get('game')}")
        try:
            from holesome.solve.honey_donut.table import default_path, preference
        except ImportError:
            raise HolesomeError(NEEDS_FAST) from None
        table = solution(self.path or default_path())
        board = tuple(int(_PIECES[cell["piece"]]) for cell in view["cells"])
        values = {
            MOVES[move]: preference(outcome, plies)
            for move, outcome, plies in table.moves(board, COLOURS.index(view["mover"]), None)
        }
        legal = decision.legal_actions
        best = max(values[action] for action in legal)
        return self.rng.choice([action for action in legal if values[action] == best])
