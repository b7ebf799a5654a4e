"""The `mcts` bot: UCT for perfect-information games, chance handled by sampling.

Supports any number of seats (each node's statistics keep one value per seat, and the seat to
act picks by its own value: max^n backup) and chance steps (sampled on the way down; each
sampled outcome gets its own child). Every iteration descends by UCB1 to a node not visited
before, evaluates it with the evaluator (by default the game's own `evaluate`) and backs the values up.
The move played is the most visited.

The tree is kept between decisions: when the next decision's state is already a node of the
subtree under the move played (Double Dash!'s die, piece and direction choices of one move, or
any position a few steps on), the search resumes from that node. An iteration budget is the
number of simulations the root holds when the bot decides (Leela Zero's "visits"), so resumed
simulations count toward it; a time budget is spent on new ones. A search that could no longer
change its mind (the leader's lead exceeds the simulations left) stops early.

It refuses games with hidden information or simultaneous choices in its constructor's place,
`act`: use `ismcts` there. References: Kocsis and Szepesvari, "Bandit based Monte-Carlo
Planning" (2006); Browne et al., "A Survey of Monte Carlo Tree Search Methods" (2012).
"""

from __future__ import annotations

import heapq
import math
import random
from typing import Any

from holesome.bots.search import Budget, Evaluator, GameEvaluation
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, Game, sample_chance


class _Node:
    """One state of the tree, kept so descending needs no replay: visits, value sums per seat,
    children by action."""

    __slots__ = ("children", "state", "totals", "visits")

    def __init__(self, state: Any, players: int) -> None:
        self.state = state
        self.visits = 0
        self.totals = [0.0] * players
        self.children: dict[Any, _Node] = {}


DECIDED_EVERY = 16
"""How often (in iterations) the search checks whether the rest of its budget could change its choice."""
REUSE_DEPTH = 3
"""How many steps below the move played the next decision's state is looked for."""


class MCTSBot:
    """UCT search over the true (fully visible) state."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        exploration: float = 1.4,
        evaluator: Evaluator | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=1000)
        self.exploration = exploration
        self.evaluator = evaluator or GameEvaluation()
        self.iterations = 0
        """How many iterations the last search ran (for `holesome bench --bots`)."""
        self._kept: _Node | None = None

    def act(self, decision: Decision[Any, Any]) -> Any:
        """The most visited root action after the budget is spent."""
        game = decision.game
        if not game.perfect_information:
            raise ValueError(f"mcts plays perfect-information games only; {game.name} has hidden choices: use ismcts")
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = decision.determinize(self.rng)  # the identity here: the bot sees only what its seat may
        root = self._resume(state) or _Node(state, game.players)
        self.iterations = 0
        wanted = self.budget.iterations
        for count in self.budget.ticks(already=0 if wanted is None else min(root.visits, wanted - 1)):
            self._iterate(game, root)
            self.iterations += 1
            if wanted is not None and count % DECIDED_EVERY == 0 and _decided(root, wanted):
                break
        most = max(root.children[action].visits for action in legal if action in root.children)
        choice = self.rng.choice([a for a in legal if a in root.children and root.children[a].visits == most])
        self._kept = root.children[choice]
        return choice

    def _resume(self, state: Any) -> _Node | None:
        """The node for `state` in the subtree kept from the last decision, if the search reached it."""
        level = [self._kept] if self._kept is not None else []
        for _ in range(REUSE_DEPTH):
            for node in level:
                if node.state == state:
                    return node
            level = [child for node in level for child in node.children.values()]
        return None

    def _iterate(self, game: Game[Any, Any], root: _Node) -> None:
        node, path = root, [root]
        while node.visits and (seats := game.to_act(node.state)):
            seat = seats[0]
            state = node.state
            action = sample_chance(game, state, self.rng) if seat == CHANCE else self._select(game, node, state, seat)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(game.apply(state, seat, action), game.players)
            node = child
            path.append(node)
        values = self.evaluator.evaluate(game, node.state, self.rng)
        for visited in path:
            visited.visits += 1
            for seat, value in enumerate(values):
                visited.totals[seat] += value

    def _select(self, game: Game[Any, Any], node: _Node, state: Any, seat: int) -> Any:
        """An untried action at random, else the best by UCB1 (first in legal order on a tie).

        UCB1 is written out here, its parent term computed once per node: selection is the
        search's hottest loop after the rollout.
        """
        legal = game.legal_actions(state, seat)
        children = node.children
        if len(children) < len(legal):
            return self.rng.choice([action for action in legal if action not in children])
        scale = self.exploration * math.sqrt(math.log(node.visits))
        best, best_value = legal[0], -math.inf
        for action in legal:
            child = children[action]
            value = child.totals[seat] / child.visits + scale / math.sqrt(child.visits)
            if value > best_value:
                best, best_value = action, value
        return best


def _decided(root: _Node, wanted: int) -> bool:
    """Whether the most visited move leads the next by more than the simulations left: spending
    them could not change the choice, so the search stops early with the same answer."""
    first, second = heapq.nlargest(2, [0, 0, *(child.visits for child in root.children.values())])
    return first - second > wanted - root.visits
