"""OpenSpiel's own search bots seated at a holesome table, to measure our bots against.

`SpielBot` is a holesome `Bot`: handed a `Decision`, it determinizes once (so, like every bot,
it never sees the true state), puts that state into an OpenSpiel state through our adapter
(`holesome.interop.openspiel`) and asks OpenSpiel's bot for its move:

- `openspiel-mcts` is `open_spiel.python.algorithms.mcts.MCTSBot` (UCT with OpenSpiel's
  MCTS-Solver on, its default) for the perfect-information games;
- `openspiel-ismcts` is `open_spiel.python.algorithms.ismcts.ISMCTSBot` (its defaults: UCT,
  most-visited final choice, unlimited world samples), which draws its worlds with the
  adapter's `resample_from_infostate`, that is, our `determinize`.

Leaves are judged by OpenSpiel's `RandomRolloutEvaluator` (one random game to the end), save
where a random game runs to thousands of steps (Double Dash!): there the bot is given the
holesome game's own `evaluate` (`HolesomeEvaluator`), the same leaf our bots use, so the
comparison is of the searches alone.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from holesome.core.decision import Decision
from holesome.core.game import Game
from holesome.interop.openspiel import HolesomeSpielGame, HolesomeSpielState, load, parameter

UCT_C = 1.4
"""OpenSpiel's exploration constant, as its tests use it for returns in [0, 1]."""
LONG_GAMES = frozenset({"double-dash"})
"""Games whose random playouts run too long for OpenSpiel's whole-game rollouts."""
KINDS = ("mcts", "ismcts")


class HolesomeEvaluator(mcts.Evaluator):
    """OpenSpiel's evaluator protocol over holesome's `Game.evaluate` (one value per seat)."""

    def __init__(self, game: Game[Any, Any], seed: int | None) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def evaluate(self, state: HolesomeSpielState) -> Any:
        """The holesome game's estimate of each seat's value at the state."""
        return np.asarray(self.game.evaluate(state.holesome_state, self.rng))

    def prior(self, state: HolesomeSpielState) -> list[tuple[int, float]]:
        """Uniform over the legal actions (chance: their probabilities), as OpenSpiel's own."""
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class SpielBot:
    """One of OpenSpiel's search bots, playing holesome games through the adapter."""

    def __init__(self, kind: str, seed: int | None = None, iterations: int = 1000, uct_c: float = UCT_C) -> None:
        if kind not in KINDS:
            raise ValueError(f"no OpenSpiel bot {kind!r}; bots: {', '.join(KINDS)}")
        self.name = f"openspiel-{kind}"
        self.kind = kind
        self.iterations = iterations
        self.uct_c = uct_c
        self.rng = random.Random(seed)
        self._numbers = np.random.RandomState(self.rng.randrange(2**31))
        self._loaded: tuple[Game[Any, Any], HolesomeSpielGame, Any] | None = None

    def act(self, decision: Decision[Any, Any]) -> Any:
        """OpenSpiel's choice at a state determinized for this seat."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        spiel, bot = self._bot(decision.game)
        state = spiel.state_at(decision.determinize(self.rng))
        while state.current_player() != decision.seat:
            # OpenSpiel plays a simultaneous step in seat order; a lower seat still in a chain of
            # secret choices is given random ones, as `determinize` fills secrets it cannot see
            state.apply_action(self.rng.choice(state.legal_actions()))
        return decision.game.decode(int(bot.step(state)))

    def _bot(self, game: Game[Any, Any]) -> tuple[HolesomeSpielGame, Any]:
        """The OpenSpiel game and bot for `game`, made once per game."""
        if self._loaded is None or self._loaded[0] is not game:
            options = {key: parameter(value) for key, value in game.options.items()}
            spiel = load(type(game), players=game.players, **options)
            evaluator: Any = (
                HolesomeEvaluator(game, self.rng.randrange(2**31))
                if game.name in LONG_GAMES
                else mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._numbers)
            )
            if self.kind == "mcts":
                bot: Any = mcts.MCTSBot(spiel, self.uct_c, self.iterations, evaluator, random_state=self._numbers)
            else:
                bot = ismcts.ISMCTSBot(spiel, evaluator, self.uct_c, self.iterations, random_state=self._numbers)
            self._loaded = (game, spiel, bot)
        return self._loaded[1], self._loaded[2]
