"""The learned Go Nuts leaf: its features and what its shipped network judges."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

np = pytest.importorskip("numpy")

import holesome  # noqa: E402
from holesome.bots.go_nuts_value import WIDTH, features  # noqa: E402
from holesome.bots.learned import LearnedLeaf, shipped  # noqa: E402
from holesome.core.game import CHANCE, sample_chance  # noqa: E402
from holesome.games.go_nuts import GoNutsState  # noqa: E402

GAME = holesome.load("go-nuts", players=2)


def _positions(count: int, seed: int) -> list[GoNutsState]:
    """Positions of random two-player games, the last ones near the end."""
    rng = random.Random(seed)
    found: list[GoNutsState] = []
    while len(found) < count:
        state = GAME.start(rng.randrange(10**6))
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            action = sample_chance(GAME, state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
            if GAME.outcome(state) is None and rng.random() < 0.2:
                found.append(state)
    return found[:count]


def _swapped(state: GoNutsState) -> GoNutsState:
    """The same position with the two hands exchanged."""
    return replace(state, hands=state.hands[::-1])


def test_features_describe_a_position_from_either_side_alike() -> None:
    """A seat's features do not depend on which seat number it has: the position seen from seat 1
    is the exchanged position seen from seat 0."""
    for state in _positions(30, 1):
        assert features(state, 0).shape == (WIDTH,)
        assert np.array_equal(features(state, 1), features(_swapped(state), 0))
        assert not np.array_equal(features(state, 0), features(state, 1)) or state.hands[0] == state.hands[1]


def test_the_shipped_network_reads_the_features() -> None:
    assert shipped("go-nuts").inputs == WIDTH


def test_the_leaf_gives_a_finished_game_its_outcome_and_shares_a_value_otherwise() -> None:
    leaf, rng = LearnedLeaf(), random.Random(0)
    for state in _positions(20, 2):
        values = leaf.evaluate(GAME, state, rng)
        assert len(values) == 2 and 0 < values[0] < 1 and values[0] + values[1] == pytest.approx(1)
    over = GAME.start(3)
    while (outcome := GAME.outcome(over)) is None:
        seat = GAME.to_act(over)[0]
        action = sample_chance(GAME, over, rng) if seat == CHANCE else GAME.legal_actions(over, seat)[0]
        over = GAME.apply(over, seat, action)
    assert leaf.evaluate(GAME, over, rng) == outcome.values


def test_the_shipped_network_sees_who_is_far_ahead_near_the_end() -> None:
    """Near the end, a seat holding four Powdered (12 points) against nothing is almost sure to win."""
    leaf, rng = LearnedLeaf(), random.Random(0)
    late = [state for state in _positions(200, 3) if sum(state.deck) <= 6 and state.task is None]
    assert late
    powdered = next(kind.id for kind in holesome.games.go_nuts.cards.KINDS if kind.name == "Powdered")
    for state in late[:10]:
        ahead = tuple(4 if kind == powdered else 0 for kind in range(len(state.hands[0])))
        empty = tuple(0 for _ in ahead)
        assert leaf.evaluate(GAME, replace(state, hands=(ahead, empty)), rng)[0] > 0.9
        assert leaf.evaluate(GAME, replace(state, hands=(empty, ahead)), rng)[0] < 0.1


def test_a_leaf_with_playouts_averages_the_network_and_the_greedy_games() -> None:
    pytest.importorskip("numba")
    from holesome.bots.settings import PICK_MIX
    from holesome.fast import CompiledRollout

    state = _positions(1, 5)[0]
    network = LearnedLeaf().evaluate(GAME, state, random.Random(3))[0]
    games = CompiledRollout(playouts=8, mix=PICK_MIX["go-nuts"]).evaluate(GAME, state, random.Random(3))[0]
    blended = LearnedLeaf(playouts=8).evaluate(GAME, state, random.Random(3))
    assert blended[0] == pytest.approx((network + games) / 2) and sum(blended) == pytest.approx(1)
