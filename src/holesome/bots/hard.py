"""The `hard` strength: the strongest search for the game at hand, a second a move.

On games of perfect information (Honey Donut, Double Dash!) that is `mcts`: it searches the
visible state, proves wins and losses and keeps its tree between moves, and it beat OpenSpiel's
MCTSBot at equal iterations where `ismcts`, which gains nothing from determinizing a state with
no secrets, has no proofs. On games with secrets it is `ismcts`. The choice is made at the first
decision, from the game the bot is handed, as is its budget: a second, and no more iterations
than `settings.HARD_ITERATIONS` allows where more search measured weaker (Double Dash!).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from holesome.bots.base import Bot
from holesome.bots.ismcts import ISMCTSBot
from holesome.bots.mcts import MCTSBot
from holesome.bots.search import Budget
from holesome.bots.settings import HARD_ITERATIONS
from holesome.core.decision import Decision


class HardBot:
    """`mcts` on perfect-information games, `ismcts` elsewhere, each with `seconds` a move."""

    name = "hard"

    def __init__(self, seed: int | None = None, seconds: float = 1.0) -> None:
        self.seed = seed
        self.budget = Budget(iterations=None, seconds=seconds)
        self.search: Bot | None = None
        """The search it plays with, chosen at the first decision."""

    def act(self, decision: Decision[Any, Any]) -> Any:
        """The chosen search's move."""
        if self.search is None:
            game = decision.game
            budget = replace(self.budget, iterations=HARD_ITERATIONS.get(game.name))
            self.search = MCTSBot(self.seed, budget) if game.perfect_information else ISMCTSBot(self.seed, budget)
        return self.search.act(decision)
