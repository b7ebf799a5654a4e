"""The learned Doughnut Dash leaf: its compiled features, read against the pure engine, and what
its shipped network judges."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from holesome.bots import doughnut_dash_value  # noqa: E402
from holesome.bots.learned import LearnedLeaf  # noqa: E402
from holesome.core.game import CHANCE, sample_chance  # noqa: E402
from holesome.fast import doughnut_dash_features as compiled_features  # noqa: E402
from holesome.fast.doughnut_dash_board import DOUGHNUTS  # noqa: E402
from holesome.fast.doughnut_dash_kernels import OVER  # noqa: E402
from holesome.games.doughnut_dash import DashState, Doughnut, DoughnutDash  # noqa: E402
from holesome.games.doughnut_dash.components import DIRECTIONS, DOUGHNUT_POINTS  # noqa: E402
from holesome.games.doughnut_dash.movement import Stop, dash  # noqa: E402
from holesome.games.doughnut_dash.scoring import points  # noqa: E402

GAME = DoughnutDash(players=2)
PER_SEAT, SCALE = compiled_features.PER_SEAT, compiled_features.POINTS
FLAT = (Doughnut.CHOCOLATE_COCONUT, Doughnut.BLUEBERRY_VIOLET, Doughnut.KETCHUP)
"""The kinds whose worth to a stack does not depend on the stack (no card, no set)."""


def _positions(count: int, seed: int) -> list[DashState]:
    """Positions of random two-player games."""
    rng = random.Random(seed)
    found: list[DashState] = []
    while len(found) < count:
        state = GAME.start(rng.randrange(10**6))
        while GAME.outcome(state) is None and len(found) < count:
            seat = GAME.to_act(state)[0]
            action = sample_chance(GAME, state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
            if GAME.outcome(state) is None and rng.random() < 0.1:
                found.append(state)
    return found


def test_the_width_is_the_compiled_features_width() -> None:
    assert doughnut_dash_value.WIDTH == compiled_features.WIDTH
    assert doughnut_dash_value.features(GAME, GAME.start(0), 0).shape == (compiled_features.WIDTH,)


def test_each_side_sees_its_own_block_first_and_the_lead_from_its_side() -> None:
    for state in _positions(20, 1):
        mine, theirs = (doughnut_dash_value.features(GAME, state, seat) for seat in (0, 1))
        assert np.array_equal(mine[:PER_SEAT], theirs[PER_SEAT : 2 * PER_SEAT])
        assert np.array_equal(mine[PER_SEAT : 2 * PER_SEAT], theirs[:PER_SEAT])
        lead = 2 * PER_SEAT + DOUGHNUTS + OVER + 1
        assert mine[lead] == -theirs[lead]


def test_points_and_the_floor_are_the_pure_engines() -> None:
    for state in _positions(20, 2):
        row = doughnut_dash_value.features(GAME, state, 0)
        for side, player in enumerate(state.players):
            at = side * PER_SEAT + compiled_features.LANDINGS + compiled_features.PENDING + 3 * len(DIRECTIONS) + 3
            assert row[at] == pytest.approx(points(player.stack, player.sugar) / SCALE)
        floor = row[2 * PER_SEAT : 2 * PER_SEAT + DOUGHNUTS]
        assert floor.sum() == pytest.approx(sum(d is not None for d in state.doughnuts) / 8)


def test_a_thief_heading_for_a_doughnut_is_worth_its_points() -> None:
    """Where the pure engine's dash stops a thief on a doughnut worth the same to any stack, the
    feature for that thief and heading is its points."""
    checked = 0
    for state in _positions(40, 3):
        terrain = GAME.floor(state)
        row = doughnut_dash_value.features(GAME, state, 0)
        for side, seat in enumerate((0, 1)):
            thieves = state.players[seat].thieves
            rivals = state.players[1 - seat].thieves
            for thief in range(2):
                for heading, direction in enumerate(DIRECTIONS):
                    path = dash(
                        GAME.layout,
                        terrain,
                        state.doughnuts,
                        rivals,
                        start=thieves[thief],
                        friend=thieves[1 - thief],
                        heading=direction,
                    )
                    doughnut = state.doughnuts[path.end] if path.stop is Stop.DOUGHNUT else None
                    if doughnut in FLAT:
                        assert row[side * PER_SEAT + thief * len(DIRECTIONS) + heading] == pytest.approx(
                            DOUGHNUT_POINTS[doughnut] / SCALE
                        )
                        checked += 1
    assert checked > 20


def test_the_shipped_network_sees_who_is_far_ahead_near_the_end() -> None:
    """Near the end, a stack of five Blueberry Violets (30 points) against none is almost sure to win."""
    leaf, rng = LearnedLeaf(), random.Random(0)
    late = [state for state in _positions(300, 4) if state.round >= 8 and state.turn is None][:10]
    assert late
    for state in late:
        rich = (Doughnut.BLUEBERRY_VIOLET,) * 5
        ahead = (replace(state.players[0], stack=rich, sugar=()), replace(state.players[1], stack=(), sugar=()))
        assert leaf.evaluate(GAME, replace(state, players=ahead), rng)[0] > 0.9
        assert leaf.evaluate(GAME, replace(state, players=ahead[::-1]), rng)[0] < 0.1
