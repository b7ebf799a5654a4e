"""The `ismcts` bot: information-set MCTS over `determinize`, the default strong bot.

Each iteration samples a state the seat cannot tell from the real one
(`Decision.determinize`) and descends one shared tree in it, so the search never relies on
what the seat cannot see (single-observer ISMCTS, Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", 2012). The actions available differ between samples, so UCB counts
how often each action was *available* rather than how often its parent was visited.

Simultaneous choices use decoupled selection: at a node where several seats are to act, each
seat picks its own action from its own statistics (decoupled UCT, as in Lanctot et al.,
"Monte Carlo Tree Search for Simultaneous Move Games", 2013). The edge out of such a node is the
searching seat's own choice only: the others' choices are secret when made, so they are merged
like any hidden information, and the searcher's next choices in a chain (Donut Dilemma's move,
then Plain, then specials) keep one subtree instead of one per joint choice of ten seats, which
would almost never be visited twice. Chained choices by one seat are just further nodes.

A game may group its actions (`Game.search_group`, "move groups"): a seat then picks a group by
UCB first and an action inside it second, both with their own statistics, so a kind of action
offered in many variants is judged as one.

The final choice at a simultaneous decision is *mixed*: an action is sampled in proportion to
its visits. Two searchers that always took their best pick would keep colliding (in Go Nuts,
both grabbing the best slot and losing it to the discard); a mixed policy approximates the
equilibrium the visit counts converge to. A decision only this seat faces takes the most
visited action.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from holesome.bots.search import Budget, Evaluator, GameEvaluation, ucb
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, Game, sample_chance

Joint = tuple[tuple[int, Any], ...]
"""The edge of a tree node: each acting seat's action, in seat order (or the chance outcome)."""


class _Arm:
    """One seat's statistics for one action at one node."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0


@dataclass(frozen=True, slots=True)
class _Group:
    """The key of a move group's statistics among a seat's arms (never equal to an action)."""

    key: Hashable


class _Node:
    __slots__ = ("arms", "children", "groups", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.arms: dict[int, dict[Any, _Arm]] = {}
        self.children: dict[Joint, _Node] = {}
        self.groups: dict[int, tuple[tuple[Any, ...], dict[_Group, list[Any]]]] = {}
        """Each seat's last menu here and its actions by move group, made once per menu."""


class ISMCTSBot:
    """Searches determinized states; sees only what its seat's `Decision` gives it."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        budget: Budget | None = None,
        exploration: float = 0.7,
        evaluator: Evaluator | None = None,
        mixed: bool = True,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=1000)
        self.exploration = exploration
        self.evaluator = evaluator or GameEvaluation()
        self.mixed = mixed
        self.iterations = 0
        """How many iterations the last search ran (for `holesome bench --bots`)."""
        self._grouping = False
        """Whether the game being searched groups its actions (`Game.search_group`)."""

    def act(self, decision: Decision[Any, Any]) -> Any:
        """Search, then choose from the root visit counts (mixed at simultaneous decisions)."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        game, seat = decision.game, decision.seat
        self._grouping = type(game).search_group is not Game.search_group
        root = _Node()
        simultaneous = False
        self.iterations = 0
        for _ in self.budget.ticks():
            state = decision.determinize(self.rng)
            simultaneous = simultaneous or len(game.to_act(state)) > 1
            self._iterate(game, root, state, seat)
            self.iterations += 1
        arms = root.arms.get(seat, {})
        visits = [arms[action].visits if action in arms else 0 for action in legal]
        if self.mixed and simultaneous and any(visits):
            return self.rng.choices(legal, weights=visits)[0]
        most = max(visits)
        return self.rng.choice([action for action, count in zip(legal, visits, strict=True) if count == most])

    def _iterate(self, game: Game[Any, Any], root: _Node, state: Any, searcher: int) -> None:
        node = root
        path: list[tuple[_Node, Joint]] = []
        while node.visits and (seats := game.to_act(state)):
            if seats[0] == CHANCE:
                outcome = sample_chance(game, state, self.rng)
                joint: Joint = ((CHANCE, outcome),)
                state = game.apply(state, CHANCE, outcome)
            else:
                joint, state = self._select(game, node, state, seats)
            path.append((node, joint))
            edge = joint if len(seats) == 1 else tuple(choice for choice in joint if choice[0] == searcher)
            node = node.children.get(edge) or node.children.setdefault(edge, _Node())
        node.visits += 1
        values = self.evaluator.evaluate(game, state, self.rng)
        for visited, joint in path:
            visited.visits += 1
            for seat, action in joint:
                if seat != CHANCE:
                    arms = visited.arms[seat]
                    for key in (action, _Group(game.search_group(action))) if self._grouping else (action,):
                        arm = arms.get(key)
                        if arm is not None:
                            arm.visits += 1
                            arm.total += values[seat]

    def _select(self, game: Game[Any, Any], node: _Node, state: Any, seats: tuple[int, ...]) -> tuple[Joint, Any]:
        """Each acting seat picks by its own UCB among the actions available to it here."""
        choices = []
        for seat in seats:
            if seat not in game.to_act(state):
                continue  # an earlier seat's choice ended this step
            legal = game.legal_actions(state, seat)
            arms = node.arms.setdefault(seat, {})
            if self._grouping:
                legal = self._pick_group(game, node, seat, arms, legal)
            action = self._pick(arms, legal)
            state = game.apply(state, seat, action)
            choices.append((seat, action))
        return tuple(choices), state

    def _pick_group(
        self, game: Game[Any, Any], node: _Node, seat: int, arms: dict[Any, _Arm], legal: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        """The actions of the move group chosen by UCB among the groups of `legal` (all of
        `legal` when every action is a group of its own)."""
        cached = node.groups.get(seat)
        if cached is None or cached[0] is not legal:
            grouped: dict[_Group, list[Any]] = {}
            for action in legal:
                grouped.setdefault(_Group(game.search_group(action)), []).append(action)
            cached = node.groups[seat] = (legal, grouped)
        grouped = cached[1]
        if len(grouped) == len(legal):
            return legal
        return tuple(grouped[self._pick(arms, tuple(grouped))])

    def _pick(self, arms: dict[Any, _Arm], legal: tuple[Any, ...]) -> Any:
        for action in legal:
            arms.setdefault(action, _Arm()).available += 1
        fresh = [action for action in legal if arms[action].visits == 0]
        if fresh:
            return self.rng.choice(fresh)
        return max(legal, key=lambda a: ucb(arms[a].total, arms[a].visits, arms[a].available, self.exploration))
