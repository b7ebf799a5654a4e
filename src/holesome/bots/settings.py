"""Per-game search settings, chosen by measurement with the arena (see docs/bots.md).

`EXPLORATION` is the UCB constant both searchers (`mcts`, `ismcts`) use for a game when they are
not given one. Values are in [0, 1] per seat, so the textbook sqrt(2) explores a lot; games whose
good moves stand out early want less.

`TURN_HORIZON` names the games whose `mcts` tree stops at the next chance step (the opponent's
roll), where the game's leaf judges the position with the roll to come.

`WHOLE_TURN` names the games the `hard` strength plays with the `turn` search instead of `mcts`.

`COMPILED_LEAVES` names the games whose leaves both searchers judge by whole random games on the
compiled path (`holesome.fast.CompiledRollout`) when the `fast` extra is installed, because that
was measured stronger than the game's own `evaluate`, and how many such games each leaf averages;
every other game, and every game without Numba, uses `Game.evaluate` (`playout_leaf`). `PICK_MIX`
names those whose compiled games have greedy seats rather than random ones. `LEARNED_LEAVES`
names the games whose leaves a network trained on those games judges instead, at the player count
and options it was trained for, where what its features need is installed (`leaf_for`).
`DefaultLeaf` is that choice as an evaluator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Any
from weakref import WeakKeyDictionary

from holesome.bots.search import Evaluator, GameEvaluation
from holesome.core.game import Game

DEFAULT_EXPLORATION = 0.7
"""For a game without an entry of its own."""
EXPLORATION: dict[str, float] = {
    "honey-donut": 0.7,
    "double-dash": 1.4,
    "go-nuts": 0.7,
    "doughnut-dash": 0.7,
    "donut-dilemma": 0.7,
}
COMPILED_LEAVES: dict[str, int] = {"doughnut-dash": 32, "go-nuts": 32}
"""Random games a leaf averages, by game. One game's win or loss is a noisy judgement: at a
hundred iterations a two-seat table of three picks holds a dozen playouts a cell, and solving it
for an equilibrium mostly solved the noise. Packing the state costs more than a random game on
the compiled path, so 32 games cost about twice what one does (docs/bots.md, 2026-11-28:
`ismcts:100` with one game a leaf won 32.5% of 40 Go Nuts games against OpenSpiel's ISMCTS at
100 iterations, with 32 games 90.0%)."""
PICK_MIX: dict[str, float] = {"go-nuts": 0.25}
"""The temperature of the greedy seats in a game's compiled leaf games, as a multiple of the
spread between their options (`holesome.fast.compiled`), by game: Go Nuts' leaves judge a table
by games in which each seat mostly takes what adds most to its lead, as players do, rather than
by games of blind picks. At equal CPU such a search beat the same search on random games 75.8%
of 60, and won 88.3% of 200 against OpenSpiel's ISMCTS where random games won 82.0% (docs/bots.md,
"Greedy seats in Go Nuts' leaves")."""
LEARNED_LEAVES = frozenset({"go-nuts"})
"""The games whose leaves a learned network judges (`bots.learned.LearnedLeaf`, at the player count
and options of its `Recipe`): it learned what the playout leaf's games say of a position and says
it in a thirtieth of their time, so a search at the same CPU runs ten times the iterations. At
equal CPU against OpenSpiel's ISMCTS, two-player Go Nuts with it won 91.7% of 500 games, where its
32 greedy games had won 86.4% of 1,900 (docs/bots.md, "Go Nuts 2p: a learned leaf"). Doughnut
Dash has a recipe too, but with its network, at six times the iterations, a search won 77.5% where
the 32 random games won 92.0% of the same 100 deals, so it is not the default there (docs/bots.md,
"Doughnut Dash 2p: a learned leaf, tried and not kept")."""
TURN_HORIZON = frozenset({"double-dash"})
"""On Double Dash! a tree that crosses the roll into the opponent's turn is misled by the leaf's
threat terms (a search pathology both our `mcts` and OpenSpiel's `MCTSBot` show there), while the
leaf reads the roll to come by its chances: `mcts:100` kept to the mover's turn beat
OpenSpiel's `MCTSBot` at 100 iterations in 90 games of 100, where the whole tree won 22 of the
first 40 of those deals (docs/bots.md, 2026-11-28, session 8)."""
WHOLE_TURN = frozenset({"double-dash"})
"""Games whose turn is several choices in a row, which `hard` plays by searching every way to play
out its turn (`bots.turn`) rather than by `mcts`: on Double Dash! `mcts` played worse the longer
it searched (`mcts:25` beat `mcts:100` 65%), and the whole-turn search beat `mcts:25`, `hard`'s
setting until then, 70.0% of 60 (docs/bots.md, 2026-11-29, session 19)."""

EXACT_ENDGAMES: dict[str, int] = {"go-nuts": 200_000}
"""The games whose last rounds the searches play exactly where the compiled path can solve them
(`exact_policy`), and how many positions a solve may visit before the search takes over."""


def exploration_for(game: Game[Any, Any]) -> float:
    """The UCB constant the searches use on `game` by default."""
    return EXPLORATION.get(game.name, DEFAULT_EXPLORATION)


_leaves: WeakKeyDictionary[Game[Any, Any], Evaluator] = WeakKeyDictionary()
_playout_leaves: WeakKeyDictionary[Game[Any, Any], Evaluator] = WeakKeyDictionary()


def leaf_for(game: Game[Any, Any]) -> Evaluator:
    """The evaluator the searches judge `game`'s leaves by: the learned network for a game in
    `LEARNED_LEAVES` at the player count and options it was trained for, where NumPy and what
    its features need are installed, else `playout_leaf`."""
    leaf = _leaves.get(game)
    if leaf is None:
        leaf = _learned(game) or playout_leaf(game)
        _leaves[game] = leaf
    return leaf


def _learned(game: Game[Any, Any]) -> Evaluator | None:
    """The game's learned leaf, where `leaf_for` would choose it."""
    if game.name not in LEARNED_LEAVES or find_spec("numpy") is None:
        return None
    from holesome.bots.learned import LearnedLeaf, recipe_for

    found = recipe_for(game)
    return LearnedLeaf() if found is not None and find_spec(found.needs) is not None else None


def playout_leaf(game: Game[Any, Any]) -> Evaluator:
    """Compiled whole games for a game in `COMPILED_LEAVES` whose compiled path loads (with
    `PICK_MIX`'s greedy seats), else the game's own `evaluate`."""
    leaf = _playout_leaves.get(game)
    if leaf is None:
        leaf = GameEvaluation()
        if game.name in COMPILED_LEAVES and find_spec("numba") is not None:
            from holesome.fast import CompiledRollout, compiled

            mix = PICK_MIX.get(game.name, 0.0)
            if compiled(game, mix) is not None:
                leaf = CompiledRollout(playouts=COMPILED_LEAVES[game.name], mix=mix)
        _playout_leaves[game] = leaf
    return leaf


@dataclass(frozen=True, slots=True)
class DefaultLeaf:
    """The searchers' default evaluator: each game's leaf as `leaf_for` chooses it."""

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        """The values the game's default leaf gives the state."""
        return leaf_for(game).evaluate(game, state, rng)


def exact_policy(game: Game[Any, Any], state: Any, seat: int) -> dict[Any, float] | None:
    """`seat`'s optimal play at `state` where the rest of the game can be solved outright (an
    equilibrium mix at a simultaneous pick, else the best choice), by the game's entry in
    `EXACT_ENDGAMES`: two-player Go Nuts once the deck is short (`CompiledGoNuts.endgame`). None
    elsewhere, and without Numba. `state` must hold nothing `seat` cannot see: a determinized
    state with the others' secret choices taken back (`Game.secret_round`)."""
    limit = EXACT_ENDGAMES.get(game.name)
    if limit is None or find_spec("numba") is None:
        return None
    from holesome.fast import compiled
    from holesome.fast.go_nuts import CompiledGoNuts

    fast = compiled(game)
    solved = fast.endgame(state, limit) if isinstance(fast, CompiledGoNuts) else None
    if solved is None:
        return None
    return {game.decode(action): chance for action, chance in solved.policy(seat).items()}
