"""The `mcts` bot: UCT for perfect-information games, chance handled by sampling.

Supports any number of seats (each node's statistics keep one value per seat, and the seat to
act picks by its own value: max^n backup) and chance steps (sampled on the way down; each
sampled outcome gets its own child). Every iteration descends by UCB1 to a node not visited
before, evaluates it with the evaluator (by default the game's leaf, `settings.leaf_for`) and backs the values up.

In a game of `settings.TURN_HORIZON` the tree stops at the first chance step below the root (the
next roll): that node stays a leaf, judged by the evaluator every time it is reached, so the
search spends its iterations on the mover's own choices of the turn.

Results that are certain are backed up as such (MCTS-Solver, see `_prove`): a finished game is
valued exactly, and a node whose children decide it is proven. The move played is a proven win
if there is one, else the most visited move that is not a proven loss (ties by mean value), so
a win the search has seen is never thrown away.

The tree is kept between decisions: when the next decision's state is already a node of the
subtree under the move played (Double Dash!'s die, piece and direction choices of one move, or
any position a few steps on), the search resumes from that node. A budget is spent on new
simulations, added to those the resumed node holds (an iteration budget once counted the root's
visits, as Leela Zero does; that left a move's later choices a handful of new simulations each and
lost to OpenSpiel's MCTSBot at equal iterations, docs/bots.md). A search that could no longer
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

from holesome.bots.search import Budget, Evaluator
from holesome.bots.settings import TURN_HORIZON, DefaultLeaf, exploration_for
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, Game, sample_chance


class _Node:
    """One state of the tree, kept so descending needs no replay: visits, value sums per seat,
    children by action, and once known its exact values (`proven`, with `depth` plies to them)."""

    __slots__ = ("children", "depth", "menu", "proven", "state", "totals", "visits")

    def __init__(self, state: Any, players: int) -> None:
        self.state = state
        self.visits = 0
        self.totals = [0.0] * players
        self.children: dict[Any, _Node] = {}
        self.menu: int | None = None
        """How many moves leave this node (legal actions, or chance outcomes), once asked."""
        self.proven: tuple[float, ...] | None = None
        self.depth = 0


DECIDED_EVERY = 16
"""How often (in iterations) the search checks whether the rest of its budget could change its choice."""
REUSE_DEPTH = 3
"""How many steps below the move played the next decision's state is looked for."""
WIN = 1.0 - 1e-9
"""A seat's value for winning alone (less rounding): a proven child worth this to its mover
decides the node."""


class MCTSBot:
    """UCT search over the true (fully visible) state, with proven results backed up."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        exploration: float | None = None,
        evaluator: Evaluator | None = None,
        horizon: bool | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=1000)
        self.exploration = exploration
        """The UCB constant; None takes the game's entry in `settings.EXPLORATION`."""
        self.evaluator = evaluator or DefaultLeaf()
        self.horizon = horizon
        """Whether the tree stops at the next chance step; None takes `settings.TURN_HORIZON`."""
        self._stops = False
        self.iterations = 0
        """How many iterations the last search ran (for `holesome bench --bots`)."""
        self.resumed = 0
        """How many simulations the last search's root held from the search before (0: it started over)."""
        self.proven: tuple[float, ...] | None = None
        """The exact values of the last decision's position, if its search proved them."""
        self._kept: _Node | None = None
        self._scale = 0.0

    def act(self, decision: Decision[Any, Any]) -> Any:
        """A proven win if the search found one, else the most visited root action (ties by value)."""
        game = decision.game
        if not game.perfect_information:
            raise ValueError(f"mcts plays perfect-information games only; {game.name} has hidden choices: use ismcts")
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        self._scale = exploration_for(game) if self.exploration is None else self.exploration
        self._stops = game.name in TURN_HORIZON if self.horizon is None else self.horizon
        state = decision.determinize(self.rng)  # the identity here: the bot sees only what its seat may
        root = self._resume(state) or _Node(state, game.players)
        self.resumed = root.visits
        self.iterations = 0
        wanted = self.budget.iterations
        for count in self.budget.ticks():
            if root.proven is not None:
                break
            self._iterate(game, root)
            self.iterations += 1
            if wanted is not None and count % DECIDED_EVERY == 0 and _decided(root, wanted - self.iterations):
                break
        self.proven = root.proven
        choice = _final_choice(root, legal, decision.seat, self.rng)
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
        while node.visits and node.proven is None and (seats := game.to_act(node.state)):
            seat = seats[0]
            if seat == CHANCE and self._stops and node is not root:
                break
            state = node.state
            action = sample_chance(game, state, self.rng) if seat == CHANCE else self._select(game, node, state, seat)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Node(game.apply(state, seat, action), game.players)
            node = child
            path.append(node)
        if node.proven is None and not game.to_act(node.state):
            outcome = game.outcome(node.state)
            assert outcome is not None
            node.proven = outcome.values
        values = node.proven or self.evaluator.evaluate(game, node.state, self.rng)
        for visited in path:
            visited.visits += 1
            for seat, value in enumerate(values):
                visited.totals[seat] += value
        if node.proven is not None:
            for parent in reversed(path[:-1]):
                if not _prove(game, parent):
                    break

    def _select(self, game: Game[Any, Any], node: _Node, state: Any, seat: int) -> Any:
        """An untried action at random, else the best by UCB1 (first in legal order on a tie);
        a proven child counts at its exact value, with no exploration bonus.

        UCB1 is written out here, its parent term computed once per node: selection is the
        search's hottest loop after the rollout.
        """
        legal = game.legal_actions(state, seat)
        node.menu = len(legal)
        children = node.children
        if len(children) < len(legal):
            return self.rng.choice([action for action in legal if action not in children])
        scale = self._scale * math.sqrt(math.log(node.visits))
        best, best_value = legal[0], -math.inf
        for action in legal:
            child = children[action]
            proven = child.proven
            if proven is None:
                value = child.totals[seat] / child.visits + scale / math.sqrt(child.visits)
            else:
                value = proven[seat]
            if value > best_value:
                best, best_value = action, value
        return best


def _prove(game: Game[Any, Any], node: _Node) -> bool:
    """Set the node's exact values if its children now decide them (MCTS-Solver, Winands,
    Bjornsson and Saito 2008, for any number of seats): a child that wins outright for the seat
    to move decides a choice; otherwise every move must be proven, and the mover takes the best
    (a chance step averages its outcomes by probability). Returns whether the node is proven."""
    seat = game.to_act(node.state)[0]
    children = node.children
    if seat == CHANCE:
        outcomes = [(outcome, chance) for outcome, chance in game.chance_outcomes(node.state) if chance > 0]
        if not all(outcome in children and children[outcome].proven is not None for outcome, _ in outcomes):
            return False
        values = [0.0] * len(node.totals)
        for outcome, chance in outcomes:
            for index, value in enumerate(children[outcome].proven or ()):
                values[index] += chance * value
        node.proven = tuple(values)
        node.depth = 1 + max(children[outcome].depth for outcome, _ in outcomes)
        return True
    proven = [child for child in children.values() if child.proven is not None]
    wins = [child for child in proven if child.proven is not None and child.proven[seat] >= WIN]
    if wins:
        best = min(wins, key=lambda child: child.depth)
    elif node.menu is not None and len(proven) == node.menu:
        best = max(proven, key=lambda child: _preference(child, seat))
    else:
        return False
    node.proven, node.depth = best.proven, best.depth + 1
    return True


def _preference(child: _Node, seat: int) -> tuple[float, int]:
    """How a seat ranks a proven child: by its value, then the fastest win or the slowest loss."""
    assert child.proven is not None
    value = child.proven[seat]
    return (value, -child.depth if value >= WIN else child.depth)


def _final_choice(root: _Node, legal: tuple[Any, ...], seat: int, rng: random.Random) -> Any:
    """The move to play: a proven win (the fastest), else the most visited move that is not a
    proven loss (ties by mean value, then at random), so a won position is never thrown away."""
    children = {action: root.children[action] for action in legal if action in root.children}
    if root.proven is not None and all(child.proven is not None for child in children.values()):
        best = max(_preference(child, seat) for child in children.values())
        return rng.choice([action for action, child in children.items() if _preference(child, seat) == best])
    wins = [a for a, child in children.items() if child.proven is not None and child.proven[seat] >= WIN]
    if wins:
        fastest = min(children[action].depth for action in wins)
        return rng.choice([action for action in wins if children[action].depth == fastest])
    alive = {a: child for a, child in children.items() if child.proven is None or child.proven[seat] > 0.0}
    candidates = alive or children
    key = {action: (child.visits, _mean(child, seat)) for action, child in candidates.items()}
    best_key = max(key.values())
    return rng.choice([action for action, value in key.items() if value == best_key])


def _mean(node: _Node, seat: int) -> float:
    """The node's value for `seat`: exact when proven, else the mean of its simulations."""
    if node.proven is not None:
        return node.proven[seat]
    return node.totals[seat] / node.visits if node.visits else 0.0


def _decided(root: _Node, left: int) -> bool:
    """Whether the most visited move leads the next by more than the `left` simulations still
    to run: spending them could not change the choice, so the search stops early with the same answer."""
    first, second = heapq.nlargest(2, [0, 0, *(child.visits for child in root.children.values())])
    return first - second > left
