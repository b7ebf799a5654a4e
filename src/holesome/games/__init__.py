"""The registry of games: one explicit table from name to game class.

Add a game by writing its package under `holesome/games/` and one line here.
"""

from typing import Any

from holesome.core.game import Game
from holesome.games.double_dash import DoubleDash
from holesome.games.go_nuts import GoNuts
from holesome.games.honey_donut import HoneyDonut

GAMES: dict[str, type[Game[Any, Any]]] = {
    HoneyDonut.name: HoneyDonut,
    GoNuts.name: GoNuts,
    DoubleDash.name: DoubleDash,
}

__all__ = ["GAMES"]
