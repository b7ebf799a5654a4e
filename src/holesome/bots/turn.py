"""The `turn` bot: every way to play out the seat's own turn, each end judged by the game's leaf.

Where a turn is several choices in a row with nothing between them (Double Dash!: a die, a piece
and a direction for each die of the roll), those choices form a small tree that belongs to one
player: no opponent and no chance inside it, so its value is simply the best of its ends. A
search that averages its samples (MCTS) reads such a tree poorly: a branch is marked down for its
bad completions as much as it is marked up for its good one, and on Double Dash! `mcts` played
worse the more it searched (docs/bots.md, 2026-11-28 to 2026-11-29). This bot walks the whole
tree depth first instead: it follows every legal choice while the seat is the only one to act,
judges each end of the turn (chance to roll, another seat to act, or the game over) by the
evaluator (the game's default leaf, `settings.leaf_for`), and plays the first choice of a best
line, ties broken at random. The rest of the turn's choices come from the same walk.

Perfect-information games only, as `mcts`: it searches the state its decision determinizes, which
on such a game is the true one. A time cap bounds the walk (a CPU-second unless told, with the
wall clock capped as for the other searches, `search.Deadline`): once it is spent, the
positions not yet reached are judged by the evaluator where they stand, and the best line found
is played. A Double Dash! turn has some hundreds to a few thousand ends and takes a tenth of a
CPU-second or so.
"""

from __future__ import annotations

import random
from typing import Any

from holesome.bots.search import Deadline, Evaluator
from holesome.bots.settings import DefaultLeaf
from holesome.core.decision import Decision
from holesome.core.game import Game

CLOCK_EVERY = 64
"""Ends of the turn judged between two looks at the clock."""
TIE = 1e-12
"""Values this close are a tie, broken at random."""


class TurnBot:
    """Searches the whole of its own turn exhaustively and plays a best line of it."""

    name = "turn"

    def __init__(self, seed: int | None = None, seconds: float = 1.0, evaluator: Evaluator | None = None) -> None:
        if seconds <= 0:
            raise ValueError(f"turn's time cap must be positive, not {seconds}")
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.evaluator: Evaluator = evaluator or DefaultLeaf()
        self.plan: dict[Any, Any] = {}
        """The best choice at each position of the turn last searched."""
        self.ends = 0
        """Ends of turns judged so far, over every decision."""
        self._deadline = Deadline.after(seconds)
        self._stopped = False

    def act(self, decision: Decision[Any, Any]) -> Any:
        """The next choice of a best line of this turn (searched at the turn's first decision)."""
        game, seat = decision.game, decision.seat
        if not game.perfect_information:
            raise ValueError("turn plays perfect-information games only; use ismcts")
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = decision.determinize(self.rng)
        choice = self.plan.get(state)
        if choice is None:
            self.plan, self._stopped = {}, False
            self._deadline = Deadline.after(self.seconds)
            self._best(game, state, seat)
            choice = self.plan[state]
        return choice

    def _best(self, game: Game[Any, Any], state: Any, seat: int) -> float:
        """The seat's value of `state` under its best play to the end of its turn."""
        if game.to_act(state) != (seat,) or self._stopped:
            self.ends += 1
            if self.ends % CLOCK_EVERY == 0:
                self._stopped = self._deadline.passed()
            outcome = game.outcome(state)
            return (outcome.values if outcome is not None else self.evaluator.evaluate(game, state, self.rng))[seat]
        best, choice, ties = -1.0, None, 0
        for action in game.legal_actions(state, seat):
            value = self._best(game, game.apply(state, seat, action), seat)
            if value > best + TIE:
                best, choice, ties = value, action, 1
            elif value >= best - TIE:
                ties += 1
                if self.rng.randrange(ties) == 0:  # each tied choice kept with equal chance
                    choice = action
        self.plan[state] = choice
        return best
