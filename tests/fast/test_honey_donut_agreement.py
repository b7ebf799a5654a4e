"""Honey Donut's compiled path agrees with the pure engine under both repetition options: the
same legal moves on thousands of positions of random games, and compiled random games that
replay move by move to the same result, meeting positions where repetition bars moves."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("numba")

import holesome
from holesome.fast import compiled
from holesome.fast.base import CompiledGame
from holesome.games.honey_donut import HoneyState
from holesome.games.honey_donut.rules import _generate
from tests.fast.agreement import check_menus, positions, replay

OPTIONS: dict[str, dict[str, object]] = {
    "strict": {"repetition": "strict"},
    "simple": {"repetition": "simple", "max_plies": 60},
}


@pytest.fixture(scope="module", params=sorted(OPTIONS))
def fast(request: pytest.FixtureRequest) -> CompiledGame:
    path = compiled(holesome.load("honey-donut", None, **OPTIONS[request.param]))
    assert path is not None
    return path


@pytest.fixture(scope="module")
def states(fast: CompiledGame) -> list[HoneyState]:
    """Every position of random games from several seeds."""
    return positions(fast.game, range(150), limit=3000)


def is_barred(state: HoneyState) -> bool:
    """Whether the repetition rule takes a move away from the mover here."""
    return bool(state.moves) and len(_generate(state.board, state.mover, ())[0]) > len(state.moves)


def test_legal_moves_agree_on_random_positions(fast: CompiledGame, states: list[HoneyState]) -> None:
    assert check_menus(fast, states) >= 2500
    assert sum(map(is_barred, states)) >= 100


@pytest.mark.parametrize("max_steps", [4, 1000])
def test_traces_replay_through_the_pure_engine(fast: CompiledGame, states: list[HoneyState], max_steps: int) -> None:
    barred = finished = 0
    for number, state in enumerate(states[::5]):
        trace = fast.trace(state, number, max_steps)
        along = replay(fast.game, state, trace, max_steps)
        barred += sum(map(is_barred, along[1:]))
        finished += fast.game.outcome(along[-1]) is not None
        assert fast.playouts([state], number, max_steps)[0].tolist() == list(trace.values)
    assert barred > 0 and finished > 0


def test_a_batch_mixes_finished_live_and_repeated_states(fast: CompiledGame, states: list[HoneyState]) -> None:
    over, outcome = next((state, outcome) for state in states if (outcome := fast.game.outcome(state)) is not None)
    live = states[7]
    values = fast.playouts([live, over, live, live], seed=3, max_steps=1000)
    assert values.shape == (4, 2)
    assert values[1].tolist() == list(outcome.values)
    assert ((values == 0) | (values == 0.5) | (values == 1)).all() and (values.sum(axis=1) == 1).all()
    assert fast.playouts([], seed=3, max_steps=10).shape == (0, 2)


def test_moves_are_drawn_uniformly(fast: CompiledGame) -> None:
    start = fast.game.start(0)
    legal = fast.legal_ids(start, 0)
    counts = Counter(fast.trace(start, seed, 1).steps[0][1] for seed in range(2400))
    assert set(counts) == set(legal)
    expected = 2400 / len(legal)
    assert 0.6 * expected < min(counts.values()) and max(counts.values()) < 1.4 * expected


def test_the_same_seed_plays_the_same_game(fast: CompiledGame) -> None:
    start = fast.game.start(0)
    assert fast.trace(start, 11, 200) == fast.trace(start, 11, 200)
    assert any(fast.trace(start, 11, 200) != fast.trace(start, seed, 200) for seed in range(12, 15))
    assert fast.random_steps(50, seed=1, max_steps=1000) == fast.random_steps(50, seed=1, max_steps=1000) > 50


def test_seats_not_to_move_have_no_moves(fast: CompiledGame, states: list[HoneyState]) -> None:
    assert fast.legal_ids(states[3], 1 - states[3].mover) == ()
