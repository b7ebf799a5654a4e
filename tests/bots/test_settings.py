"""Per-game search settings: each game's default leaf and exploration constant reach both searchers."""

from __future__ import annotations

import random
from typing import Any

import pytest

import holesome
from holesome.bots import ISMCTSBot, MCTSBot, settings
from holesome.bots.search import Budget, GameEvaluation
from holesome.bots.settings import DefaultLeaf, exploration_for, leaf_for, playout_leaf
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, Game, sample_chance


def test_without_numpy_or_numba_every_game_judges_its_leaves_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "find_spec", lambda name: None)
    for name in sorted(holesome.GAMES):
        assert isinstance(leaf_for(holesome.load(name)), GameEvaluation), name


@pytest.mark.parametrize("name", ["doughnut-dash", "go-nuts"])
def test_leaves_are_compiled_whole_games_where_numba_is_installed(name: str) -> None:
    pytest.importorskip("numba")
    from holesome.fast import CompiledRollout

    game = holesome.load(name, players=2)
    leaf = playout_leaf(game)
    assert isinstance(leaf, CompiledRollout)
    assert leaf.playouts == settings.COMPILED_LEAVES[name] > 1
    assert leaf.mix == settings.PICK_MIX.get(name, 0.0)
    assert isinstance(leaf_for(holesome.load("honey-donut")), GameEvaluation)
    state = game.start(4)
    four = holesome.load(name, players=4)  # no learned leaf there: the playout leaf is the default
    start = four.start(4)
    assert DefaultLeaf().evaluate(four, start, random.Random(7)) == leaf.evaluate(four, start, random.Random(7))
    judged = leaf.evaluate(game, state, random.Random(7))
    assert judged == CompiledRollout(playouts=leaf.playouts, mix=leaf.mix).evaluate(game, state, random.Random(7))
    assert judged != CompiledRollout(mix=leaf.mix).evaluate(game, state, random.Random(7))


def test_go_nuts_leaves_play_greedy_picks() -> None:
    """Go Nuts' leaves are games with greedy seats: they judge a position differently from games
    of blind picks over the same deals."""
    pytest.importorskip("numba")
    from holesome.fast import CompiledRollout

    game = holesome.load("go-nuts", players=2)
    leaf = playout_leaf(game)
    assert isinstance(leaf, CompiledRollout) and leaf.mix == settings.PICK_MIX["go-nuts"] > 0
    blind = CompiledRollout(playouts=leaf.playouts)
    states = [game.start(seed) for seed in range(4)]
    assert [leaf.evaluate(game, s, random.Random(1)) for s in states] != [
        blind.evaluate(game, s, random.Random(1)) for s in states
    ]


def test_two_player_go_nuts_leaves_are_judged_by_the_learned_network() -> None:
    pytest.importorskip("numpy")
    from holesome.bots.learned import LearnedLeaf

    game = holesome.load("go-nuts", players=2)
    assert isinstance(leaf_for(game), LearnedLeaf)
    state = game.start(4)
    judged = LearnedLeaf().evaluate(game, state, random.Random(1))
    assert DefaultLeaf().evaluate(game, state, random.Random(7)) == judged
    for players in (3, 4):
        assert not isinstance(leaf_for(holesome.load("go-nuts", players=players)), LearnedLeaf)
    assert not isinstance(leaf_for(holesome.load("doughnut-dash", players=2)), LearnedLeaf), "measured weaker"


def _double_dash_decision() -> Decision[object, object]:
    """Player 1 chooses a die after a roll of 3 and 5 on the standard board."""
    game = holesome.load("double-dash")
    state = game.start(0)
    rng = random.Random(2)
    while not game.to_act(state) or game.to_act(state)[0] == CHANCE or len(game.legal_actions(state, 0)) < 3:
        seats = game.to_act(state)
        action = sample_chance(game, state, rng) if seats[0] == CHANCE else game.legal_actions(state, seats[0])[0]
        state = game.apply(state, seats[0], action)
    return Decision(game, game.to_act(state)[0], state)


def test_ismcts_takes_the_games_exploration_constant_unless_given_one() -> None:
    """Double Dash!'s constant (1.4) is not the usual 0.7: the bare bot searches exactly as one
    given 1.4 does, and not as one given 0.7 does."""
    decision = _double_dash_decision()
    assert exploration_for(decision.game) == 1.4

    def visits(exploration: float | None) -> list[list[int]]:
        """The root's visit counts of each action, for a few seeds."""
        found = []
        for seed in range(3):
            bot = ISMCTSBot(seed, Budget(iterations=200), exploration=exploration)
            bot.policy(decision)
            assert bot._root is not None
            found.append([arm.visits for arm in bot._root.arms[decision.seat].values()])
        return found

    assert visits(None) == visits(1.4)
    assert visits(None) != visits(0.7)


def _chance_nodes_searched_past(node: Any, game: Game[Any, Any]) -> int:
    """How many chance nodes below `node` the tree went past (chance nodes with children)."""
    found = 0
    for child in node.children.values():
        seats = game.to_act(child.state)
        if seats and seats[0] == CHANCE and child.children:
            found += 1
        found += _chance_nodes_searched_past(child, game)
    return found


@pytest.mark.parametrize("horizon", [None, False])
def test_mcts_keeps_double_dash_trees_to_the_movers_turn(horizon: bool | None) -> None:
    """Double Dash! is in `TURN_HORIZON`: the tree (here the subtree under the move played) never
    goes past the opponent's roll, unless the bot is told to (`horizon=False`), when a search of
    the same size does."""
    decision = _double_dash_decision()
    assert decision.game.name in settings.TURN_HORIZON
    bot = MCTSBot(1, Budget(iterations=600), horizon=horizon)
    bot.act(decision)
    assert bot._kept is not None
    crossed = _chance_nodes_searched_past(bot._kept, decision.game)
    assert (crossed == 0) == (horizon is None)
