"""The `ismcts` bot: information-set MCTS over `determinize`, with equilibrium play at secret picks.

Each iteration samples a state the seat cannot tell from the real one
(`Decision.determinize`) and descends one shared tree in it, so the search never relies on
what the seat cannot see (single-observer ISMCTS, Cowling, Powley and Whitehouse, "Information
Set Monte Carlo Tree Search", 2012). The actions available differ between samples, so UCB counts
how often each action was *available* rather than how often its parent was visited.

**Simultaneous decisions.** Whenever other seats choose in the same step as the searcher and
their choices are secret from it (`Game.secret_round`: Go Nuts picks and Twist passes, Donut
Dilemma submissions, Doughnut Dash directions), every sample is first rewound to the start of
the step: choices the others already submitted are taken back, since `determinize` could only
guess them. The first and the last seat to submit thus search the same simultaneous node. At
that root, each seat chooses by *regret matching* on its own statistics
(Hart and Mas-Colell, 2000; in the tree as in Lanctot, Lisy and Winands, "Monte Carlo Tree
Search in Simultaneous Move Games with Applications to Goofspiel", 2013): it plays in
proportion to its positive regrets, mixed with a little uniform exploration, with regrets
floored at zero (RM+). After each iteration every one of its actions gains, as regret, its
estimated value against the choices the others just made (the mean of what it earned against
exactly those choices so far, else its mean against any) minus what the mix was expected to
earn: no action's value is divided by its chance of being sampled, which at a few hundred
noisy playouts drowned the signal. The *average* of the regret-matching strategies, later
iterations weighing more, converges to an equilibrium where UCB's visit counts need not; the
move played is sampled from it, or, where exactly two seats choose, from an equilibrium of the
two seats' estimated payoff table (`_solve`). Simultaneous steps deeper in the tree use
decoupled UCB (see `ROOT_ONLY`).

The edge out of a simultaneous node is the searcher's own choice: the others' choices are
secret when made, so they are merged like any hidden information, and the searcher's next
choices in a chain (Donut Dilemma's move, then Plain, then specials) keep one subtree instead of
one per joint choice of ten seats. Once the secret step is over, what the searcher then sees
(`Game.observed`, where the game gives it: Go Nuts's reveal of every pick, Doughnut Dash's of
every direction) keys the edge too, so its later choices are searched knowing what it will know,
as OpenSpiel's ISMCTS keys its nodes by information state. A node only one seat acts at uses
UCB, and the most visited action is played there.

A game may group its actions (`Game.search_group`, "move groups"): a seat then picks a group
first and an action inside it second, both with their own statistics.

**Tree reuse.** After a decision the subtree under the move played is kept. When the next
decision's view is that of a node a few public steps below (the seat's own chained moves, an
opponent's visible move, a chance draw it saw), the search resumes there. It never resumes
across a simultaneous node's merged edge: that node's statistics average over the others'
secret choices, which the seat may since have seen.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Hashable
from dataclasses import dataclass
from importlib.util import find_spec
from itertools import accumulate
from operator import mul
from typing import Any, NamedTuple

from holesome.bots.search import Budget, Evaluator, Sampler, determinize, ucb
from holesome.bots.settings import DefaultLeaf, exact_policy, exploration_for
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, Game, sample_chance

Joint = tuple[tuple[int, Any], ...]
"""The edge of a tree node: each acting seat's action, in seat order (or the chance outcome)."""


class TwoSeatTable(NamedTuple):
    """A root's estimated payoffs where exactly two seats choose (`ISMCTSBot.two_seat_table`)."""

    theirs: tuple[Any, ...]
    """The other seat's actions, the table's columns."""
    mine: list[list[float]]
    """The searching seat's value for each of its actions (rows) against each of `theirs`."""
    them: list[list[float]]
    """The other seat's value for each of `theirs` against each of the searcher's actions."""


SEEN = -2
"""The pseudo-seat of an edge's entry for what the searcher saw when a secret step ended."""
EXPLORATION_MIX = 0.1
"""The share of uniform play mixed into regret matching, so every action keeps being sampled."""
TABLE_MIX = 0.5
"""The share of uniform play at a root where exactly two seats choose: there the move comes from
the solved table (`_solve`), not from regret matching's average, so the samples serve the table,
whose every cell a best reply may read. At 0.1 the cells off the regret-matching path stayed
nearly empty, and an empty cell falls back on its action's mean against anything, hiding the
other seat's best reply (docs/bots.md, "Every cell of the two seats' table sampled")."""
REUSE_DEPTH = 3
"""How many public steps below the move played a kept tree is searched for the next decision."""
ROOT_ONLY = True
"""Regret matching at the root's simultaneous step only; deeper ones use decoupled UCB (see
docs/bots.md: at a few hundred iterations, regret matching deep in the tree stays near uniform,
which values positions as if every later pick were random)."""
SOLVE_ITERATIONS = 1000
"""At most this many rounds of regret matching on the two seats' estimated payoff table before a
move is sampled."""
SOLVE_GAP = 0.002
"""The table's solution is good enough once best replies would gain the two seats less than this
together (a win probability; the table's own cells are noisier by far)."""
SOLVE_CHECK = 25
"""How often (in rounds) the solution's gap is checked."""


class _Mean:
    """A running mean: what one seat earned with one action against one joint choice of the others."""

    __slots__ = ("total", "visits")

    def __init__(self) -> None:
        self.total = 0.0
        self.visits = 0


class _Arm:
    """One seat's statistics for one action (or move group) at one node."""

    __slots__ = ("available", "regret", "strategy", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.regret = 0.0
        """Regret matching's cumulative regret (simultaneous nodes)."""
        self.strategy = 0.0
        """The sum of regret matching's probabilities of this action, each weighted by its
        iteration's number (later, better iterations count more): the average strategy."""


@dataclass(frozen=True, slots=True)
class _Group:
    """The key of a move group's statistics among a seat's arms (never equal to an action)."""

    key: Hashable


class _Choice(NamedTuple):
    """One choice made on the way down: whose, which key and its arm, and at a simultaneous
    node the arms of every key offered with the chance each had of being sampled."""

    seat: int
    key: Any
    arm: _Arm
    row: list[_Arm] | None = None
    mixed: list[float] | None = None
    keys: tuple[Any, ...] = ()
    """The keys offered at a simultaneous node, in the row's order."""


class _Node:
    __slots__ = ("arms", "children", "groups", "sample", "simultaneous", "visits")

    def __init__(self, sample: Any, simultaneous: bool) -> None:
        self.visits = 0
        self.sample = sample
        """The first state the search reached here: what the seat would see here, for reuse."""
        self.simultaneous = simultaneous
        """Whether several seats choose here (by regret matching, the edges merged): set the
        first time the search finds more than one seat to act here."""
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
        exploration: float | None = None,
        evaluator: Evaluator | None = None,
        mixed: bool = True,
        sampler: Sampler | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget(iterations=1000)
        self.exploration = exploration
        """The UCB constant; None takes the game's entry in `settings.EXPLORATION`, as `mcts` does."""
        self.evaluator = evaluator or DefaultLeaf()
        self.mixed = mixed
        """Sample the move from the mixed policy at simultaneous decisions (else its likeliest)."""
        self.sample = sampler or determinize
        """Draws the state each iteration searches (`bots.inference` weights them by the opponents' play)."""
        self.iterations = 0
        """How many iterations the last search ran (for `holesome bench --bots`)."""
        self.resumed = 0
        """How many simulations the last search's root held from the search before (0: it started over)."""
        self._grouping = False
        """Whether the game being searched groups its actions (`Game.search_group`)."""
        self._scale = 0.0
        """The UCB constant of the search under way."""
        self._table = False
        """Whether the search under way is at a root where exactly two seats choose, ungrouped:
        its move is the solved table's (`_solve`) and its samples are `TABLE_MIX` uniform."""
        self._root: _Node | None = None
        self._kept: _Node | None = None
        """The subtree under the move last played, where the next search may resume."""
        self._cells: dict[tuple[int, Any, Joint], _Mean] = {}
        """At the root: each seat's mean value by its action and the others' joint choice."""

    def act(self, decision: Decision[Any, Any]) -> Any:
        """Search, then play from the final policy: sampled at simultaneous decisions."""
        legal = decision.legal_actions
        if len(legal) == 1:
            return legal[0]
        policy = self.policy(decision)
        if self.mixed:
            choice = self.rng.choices(legal, weights=[policy[action] for action in legal])[0]
        else:
            best = max(policy.values())
            choice = self.rng.choice([action for action in legal if policy[action] == best])
        root = self._root
        self._kept = None if root is None or root.simultaneous else root.children.get(((decision.seat, choice),))
        return choice

    def policy(self, decision: Decision[Any, Any]) -> dict[Any, float]:
        """Search and return the probability of playing each legal action: at a simultaneous
        decision the average regret-matching strategy (an equilibrium of the estimated table
        where two seats choose), else all on the most visited."""
        game, seat, legal = decision.game, decision.seat, decision.legal_actions
        self._grouping = type(game).search_group is not Game.search_group
        self._scale = exploration_for(game) if self.exploration is None else self.exploration
        first = self.sample(decision, self.rng)
        opened = game.secret_round(first, seat)
        self.iterations = self.resumed = 0
        self._table = opened is not None and len(game.to_act(opened)) == 2 and not self._grouping
        exact = exact_policy(game, first if opened is None else opened, seat)
        if exact is not None:
            self._root = self._kept = None
            return exact
        root = None if opened is not None else self._resume(game, decision)
        if root is None:
            root = _Node(first, opened is not None)
        self._root, self._kept, self._cells = root, None, {}
        self.resumed = root.visits
        for _ in self.budget.ticks():
            state = first if self.iterations == 0 else self.sample(decision, self.rng)
            if opened is not None:
                state = game.secret_round(state, seat) or state
            self._iterate(game, root, state, seat)
            self.iterations += 1
        return self._final(game, root, seat, legal)

    def _final(self, game: Game[Any, Any], root: _Node, seat: int, legal: tuple[Any, ...]) -> dict[Any, float]:
        arms = root.arms.get(seat, {})
        if not root.simultaneous:
            visits = [arms[action].visits if action in arms else 0 for action in legal]
            most = max(visits)
            best = [action for action, count in zip(legal, visits, strict=True) if count == most]
            return {action: (1.0 / len(best) if action in best else 0.0) for action in legal}
        solved = self._solve(seat, legal)
        if solved is not None:
            return solved
        weights = {action: _strategy(arms, action) for action in legal}
        if self._grouping:
            groups: dict[_Group, list[Any]] = {}
            for action in legal:
                groups.setdefault(_Group(game.search_group(action)), []).append(action)
            if len(groups) < len(legal):
                for group, members in groups.items():
                    inside = sum(weights[action] for action in members)
                    for action in members:
                        share = weights[action] / inside if inside else 1.0 / len(members)
                        weights[action] = _strategy(arms, group) * share
        total = sum(weights.values())
        return {action: weight / total if total else 1.0 / len(legal) for action, weight in weights.items()}

    def _solve(self, seat: int, legal: tuple[Any, ...]) -> dict[Any, float] | None:
        """Where exactly two seats choose at the root, ungrouped: an equilibrium of their
        estimated payoff table (each pair of actions valued by the cell's mean, else the action's
        own mean), solved on the table itself with no playout at all (`_equilibrium`); the
        sampled regret matching of the search has seen each pair a few dozen times at most and
        its average still carries its noisy start. None where the table is not two seats'."""
        table = self.two_seat_table(seat, legal)
        if table is None:
            return None
        _, mine, them = table
        return dict(zip(legal, _equilibrium(mine, them), strict=True))

    def two_seat_table(self, seat: int, legal: tuple[Any, ...]) -> TwoSeatTable | None:
        """The payoff table `_solve` solves, as the last search estimated it at its root: the other
        seat's actions (those it sampled), `seat`'s value for each of its `legal` actions
        against each of those, and the other seat's for each of those against each of `legal`.
        None where the root is not exactly two seats choosing, ungrouped, or was solved
        exactly. Public for `arena.tables`, which scores a short search's mix in a long search's
        table."""
        root = self._root
        if root is None or not self._table or len(root.arms) != 2 or seat not in root.arms:
            return None
        other = next(each for each in root.arms if each != seat)
        theirs = tuple(key for key, arm in root.arms[other].items() if arm.visits)
        if not theirs:
            return None
        mine_arms, their_arms = root.arms[seat], root.arms[other]
        mine = [
            [self._estimate(seat, action, ((other, their),), mine_arms.get(action)) for their in theirs]
            for action in legal
        ]
        them = [
            [self._estimate(other, their, ((seat, action),), their_arms.get(their)) for action in legal]
            for their in theirs
        ]
        return TwoSeatTable(theirs, mine, them)

    def _estimate(self, seat: int, key: Any, others: Joint, arm: _Arm | None, otherwise: float = 0.0) -> float:
        """`seat`'s mean value for `key` against the others' joint choice, else its mean for
        `key` against anything (its `arm` at the root), else `otherwise`."""
        cell = self._cells.get((seat, key, others))
        if cell is not None:
            return cell.total / cell.visits
        return arm.total / arm.visits if arm is not None and arm.visits else otherwise

    def _resume(self, game: Game[Any, Any], decision: Decision[Any, Any]) -> _Node | None:
        """The node of the kept subtree whose state this seat would see as it sees the decision,
        reached through public steps only; None when there is none, or more than one."""
        view, seat = decision.view, decision.seat
        level = [self._kept] if self._kept is not None else []
        for _ in range(REUSE_DEPTH):
            found = [node for node in level if game.view(node.sample, seat) == view]
            if found:
                return found[0] if len(found) == 1 else None
            level = [child for node in level if not node.simultaneous for child in node.children.values()]
        return None

    def _iterate(self, game: Game[Any, Any], root: _Node, state: Any, searcher: int) -> None:
        node = root
        path: list[tuple[_Node, tuple[_Choice, ...]]] = []
        together: Joint = ()
        """Every seat's action at the root, for the regret updates there."""
        while node.visits and (seats := game.to_act(state)):
            if seats[0] == CHANCE:
                outcome = sample_chance(game, state, self.rng)
                edge: Joint = ((CHANCE, outcome),)
                choices: tuple[_Choice, ...] = ()
                state = game.apply(state, CHANCE, outcome)
            else:
                node.simultaneous = node.simultaneous or len(seats) > 1
                joint, choices, state = self._select(game, node, state, seats)
                together = joint if node is root else together
                edge = self._seen_edge(game, state, searcher, joint) if node.simultaneous else joint
            path.append((node, choices))
            child = node.children.get(edge)
            if child is None:
                child = node.children[edge] = _Node(state, False)
            node = child
        node.visits += 1
        values = self.evaluator.evaluate(game, state, self.rng)
        for visited, choices in path:
            visited.visits += 1
            for choice in choices:
                value = values[choice.seat]
                if choice.row is not None:
                    others = tuple(pair for pair in together if pair[0] != choice.seat)
                    self._regret_update(choice, value, others)
                arm = choice.arm
                arm.visits += 1
                arm.total += value

    @staticmethod
    def _seen_edge(game: Game[Any, Any], state: Any, searcher: int, joint: Joint) -> Joint:
        """The edge out of a simultaneous node: the searcher's own choice, and once the secret
        step is over (nothing of the others' is left to take back), what the searcher then sees
        (`Game.observed`), so that positions its reveal tells apart get subtrees of their own."""
        edge = tuple(choice for choice in joint if choice[0] == searcher)
        seen = game.observed(state, searcher)
        if seen is None:
            return edge
        rewound = game.secret_round(state, searcher)
        return edge if rewound is not None and rewound != state else (*edge, (SEEN, seen))

    def _select(
        self, game: Game[Any, Any], node: _Node, state: Any, seats: tuple[int, ...]
    ) -> tuple[Joint, tuple[_Choice, ...], Any]:
        """Each acting seat picks among the actions available to it here (by regret matching at
        a simultaneous node, else by UCB), group first where the game groups its actions."""
        joint, choices = [], []
        for seat in seats:
            if seat not in game.to_act(state):
                continue  # an earlier seat's choice ended this step
            legal = game.legal_actions(state, seat)
            arms = node.arms.setdefault(seat, {})
            if self._grouping:
                grouped = self._groups(game, node, seat, legal)
                if len(grouped) < len(legal):
                    choices.append(self._pick(node, seat, arms, tuple(grouped)))
                    legal = tuple(grouped[choices[-1].key])
            choices.append(self._pick(node, seat, arms, legal))
            state = game.apply(state, seat, choices[-1].key)
            joint.append((seat, choices[-1].key))
        return tuple(joint), tuple(choices), state

    def _groups(self, game: Game[Any, Any], node: _Node, seat: int, legal: tuple[Any, ...]) -> dict[_Group, list[Any]]:
        """`legal` by move group, cached per node and seat while the menu stays the same."""
        cached = node.groups.get(seat)
        if cached is None or cached[0] is not legal:
            grouped: dict[_Group, list[Any]] = {}
            for action in legal:
                grouped.setdefault(_Group(game.search_group(action)), []).append(action)
            cached = node.groups[seat] = (legal, grouped)
        return cached[1]

    def _pick(self, node: _Node, seat: int, arms: dict[Any, _Arm], keys: tuple[Any, ...]) -> _Choice:
        if node.simultaneous and (node is self._root or not ROOT_ONLY):
            return self._regret_match(seat, arms, keys, average=node is self._root)
        for key in keys:
            arms.setdefault(key, _Arm()).available += 1
        fresh = [key for key in keys if arms[key].visits == 0]
        if fresh:
            key = self.rng.choice(fresh)
            return _Choice(seat, key, arms[key])
        best = max(keys, key=lambda a: ucb(arms[a].total, arms[a].visits, arms[a].available, self._scale))
        return _Choice(seat, best, arms[best])

    def _regret_match(self, seat: int, arms: dict[Any, _Arm], keys: tuple[Any, ...], average: bool) -> _Choice:
        """Sample a key in proportion to its positive regret, mixed with uniform exploration;
        at the root, add the regret-matching probabilities to the average strategy (the only
        average the bot reads)."""
        row = []
        total = 0.0
        for key in keys:
            arm = arms.get(key)
            if arm is None:
                arm = arms[key] = _Arm()
            row.append(arm)
            total += arm.regret
        uniform = 1.0 / len(keys)
        if total > 0:
            matched = [arm.regret / total for arm in row]
            mix = TABLE_MIX if average and self._table else EXPLORATION_MIX
            mixed = [(1.0 - mix) * share + mix * uniform for share in matched]
        else:
            matched = mixed = [uniform] * len(keys)
        if average:
            weight = float(self.iterations + 1)
            for arm, share in zip(row, matched, strict=True):
                arm.strategy += weight * share
        index = bisect(list(accumulate(mixed)), self.rng.random() * sum(mixed))
        index = min(index, len(keys) - 1)
        return _Choice(seat, keys[index], row[index], row, mixed, keys)

    def _regret_update(self, choice: _Choice, value: float, others: Joint) -> None:
        """Add each key's regret, its estimated value against the others' choices of this
        iteration minus what the mix was expected to earn, flooring the sums at zero (regret
        matching+, Tammelin, 2014).

        A key's estimate is its mean against exactly those choices so far (this iteration's
        value included for the key sampled), else its mean against any, else the value just
        seen. Outcome-sampling MCCFR would divide the sampled key's value by its chance and use
        means only as a baseline (Schmid et al., 2019): unbiased, but with one noisy playout a
        sample that variance swamped a few hundred iterations (docs/bots.md, "Measurements").
        The estimates are biased while few, and converge as the table fills.
        """
        row, mixed = choice.row, choice.mixed
        assert row is not None and mixed is not None
        cell = self._cells.setdefault((choice.seat, choice.key, others), _Mean())
        cell.total += value
        cell.visits += 1
        estimates = [
            self._estimate(choice.seat, key, others, arm, value) for key, arm in zip(choice.keys, row, strict=True)
        ]
        expected = sum(p * estimate for p, estimate in zip(mixed, estimates, strict=True))
        for arm, estimate in zip(row, estimates, strict=True):
            regret = arm.regret + estimate - expected
            arm.regret = regret if regret > 0 else 0.0


def _equilibrium(mine: list[list[float]], theirs: list[list[float]]) -> list[float]:
    """The row player's strategy in an equilibrium of the two seats' table (`mine[i][j]` its
    value for row i against column j, `theirs[j][i]` the column player's): exact where the
    compiled path can solve it (`_exact`), else by full-width regret matching+ for both sides,
    the later rounds weighing more in the average, stopped once neither side's average could
    gain more than `SOLVE_GAP` by a best reply (checked every `SOLVE_CHECK` rounds), else after
    `SOLVE_ITERATIONS`."""
    exact = _exact(mine, theirs)
    if exact is not None:
        return exact
    mine_regrets, their_regrets = [0.0] * len(mine), [0.0] * len(theirs)
    average, their_average = [0.0] * len(mine), [0.0] * len(theirs)
    for round_number in range(1, SOLVE_ITERATIONS + 1):
        row, column = _matched(mine_regrets), _matched(their_regrets)
        for index, share in enumerate(row):
            average[index] += round_number * share
        for index, share in enumerate(column):
            their_average[index] += round_number * share
        _regret_step(mine_regrets, mine, row, column)
        _regret_step(their_regrets, theirs, column, row)
        if round_number % SOLVE_CHECK == 0 and _gap(mine, theirs, average, their_average) < SOLVE_GAP:
            break
    total = sum(average)
    return [weight / total for weight in average]


def _exact(mine: list[list[float]], theirs: list[list[float]]) -> list[float] | None:
    """The row player's optimal mix in the constant-sum game the two seats' estimates describe
    (`fast.matrix_game.constant_sum`), solved exactly (`fast.matrix_game`). None without the `fast` extra, or
    for a table too wide to try every support."""
    if find_spec("numba") is None:
        return None
    import numpy as np

    from holesome.fast.matrix_game import MAX_SIDE, constant_sum, matrix_game

    if max(len(mine), len(theirs)) > MAX_SIDE:
        return None
    payoffs = constant_sum(mine, theirs)
    strategy = np.empty(len(mine))
    if np.isnan(matrix_game(payoffs, strategy)):
        return None
    return [float(weight) for weight in strategy / strategy.sum()]


def _regret_step(regrets: list[float], table: list[list[float]], strategy: list[float], against: list[float]) -> None:
    """One regret-matching+ update of one side's regrets, its `table` played against `against`."""
    values = [sum(map(mul, line, against)) for line in table]
    expected = sum(map(mul, values, strategy))
    for index, value in enumerate(values):
        regret = regrets[index] + value - expected
        regrets[index] = regret if regret > 0.0 else 0.0


def _gap(mine: list[list[float]], theirs: list[list[float]], rows: list[float], columns: list[float]) -> float:
    """How much the two sides could gain together by best replies to each other's strategy
    (`rows`, `columns`: unnormalised weights): zero exactly at an equilibrium."""
    row_total, column_total = sum(rows), sum(columns)
    gap = 0.0
    for table, strategy, total, against, against_total in (
        (mine, rows, row_total, columns, column_total),
        (theirs, columns, column_total, rows, row_total),
    ):
        values = [sum(map(mul, line, against)) / against_total for line in table]
        gap += max(values) - sum(map(mul, values, strategy)) / total
    return gap


def _matched(regrets: list[float]) -> list[float]:
    """Regret matching: play in proportion to the positive regrets (uniformly when none is)."""
    total = sum(regrets)
    return [regret / total for regret in regrets] if total > 0 else [1.0 / len(regrets)] * len(regrets)


def _strategy(arms: dict[Any, _Arm], key: Any) -> float:
    arm = arms.get(key)
    return 0.0 if arm is None else arm.strategy
