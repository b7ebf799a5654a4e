"""The `hard` strength: the strongest search for the game at hand, a second a move.

On Honey Donut, a game of perfect information, that is `mcts`: it searches the visible state,
proves wins and losses and keeps its tree between moves, and it beat OpenSpiel's MCTSBot at
equal iterations where `ismcts`, which gains nothing from determinizing a state with no secrets,
has no proofs. On Double Dash!, whose turn is up to six choices with nothing between them, it is
`turn`, which searches every way to play out the turn (`settings.WHOLE_TURN`). On games with
secrets it is `ismcts`. The choice is made at the first decision, from the game the bot is handed.
"""

from __future__ import annotations

from typing import Any

from holesome.bots.base import Bot
from holesome.bots.ismcts import ISMCTSBot
from holesome.bots.mcts import MCTSBot
from holesome.bots.search import Budget
from holesome.bots.settings import WHOLE_TURN
from holesome.bots.turn import TurnBot
from holesome.core.decision import Decision


class HardBot:
    """`turn` on the games of `WHOLE_TURN`, `mcts` on other perfect-information games, `ismcts`
    elsewhere, each with `seconds` a move."""

    name = "hard"

    def __init__(self, seed: int | None = None, seconds: float = 1.0) -> None:
        self.seed = seed
        self.seconds = seconds
        self.search: Bot | None = None
        """The search it plays with, chosen at the first decision."""

    @property
    def budget(self) -> Budget:
        """The budget of its `mcts` or `ismcts`: `seconds` a move, no count."""
        return Budget(iterations=None, seconds=self.seconds)

    def act(self, decision: Decision[Any, Any]) -> Any:
        """The chosen search's move."""
        if self.search is None:
            game = decision.game
            if game.name in WHOLE_TURN:
                self.search = TurnBot(self.seed, self.seconds)
            elif game.perfect_information:
                self.search = MCTSBot(self.seed, self.budget)
            else:
                self.search = ISMCTSBot(self.seed, self.budget)
        return self.search.act(decision)
