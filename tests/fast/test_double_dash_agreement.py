"""Double Dash!'s compiled path agrees with the pure engine: the same die, piece and direction
menus on thousands of positions of random games (the must-use Ruling included), and compiled
random games that replay step by step, rolls included, to the same result."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

pytest.importorskip("numba")

import holesome
from holesome.fast import compiled
from holesome.fast.base import CompiledGame
from holesome.games.double_dash import DashState, Die, Phase
from holesome.games.double_dash.actions import DOUBLE_ROLL_CHANCES
from holesome.games.double_dash.moves import every_use, plays
from tests.fast.agreement import check_menus, positions, replay

BOARDS: dict[str, dict[str, Any]] = {
    "standard": {},
    "small": {"board": ["111.", ".#..", "..#.", ".222"], "no_capture_limit": 15},
}
GAMES = {"standard": 4, "small": 80}
"""Random games played for positions: a standard one runs to some 2,000 steps."""
MUST_USE_CUTS = {"standard": 0, "small": 100}
"""At least so many positions where the must-use Ruling takes a use of a die away: on the open
standard board random games almost never meet one (none in 20 games), on the small one often."""


@pytest.fixture(scope="module", params=sorted(BOARDS))
def board(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def fast(board: str) -> CompiledGame:
    path = compiled(holesome.load("double-dash", None, **BOARDS[board]))
    assert path is not None
    return path


@pytest.fixture(scope="module")
def states(fast: CompiledGame, board: str) -> list[DashState]:
    """Every position of random games from several seeds."""
    return positions(fast.game, range(GAMES[board]))


def is_cut_by_must_use(fast: CompiledGame, state: DashState) -> bool:
    """Whether the must-use Ruling takes some use of a die away here."""
    if state.phase is not Phase.DIE and (state.phase is not Phase.PIECE or len(state.dice) != 2):
        return False
    layout = fast.game.layout  # type: ignore[attr-defined]
    dice = [Die(pips) for pips in sorted(set(state.dice))]
    if state.dice[0] == state.dice[1]:
        dice.append(Die(state.dice[0], both=True))
    every = sum(len(every_use(layout, state.board, state.mover, die, state.barred)) for die in dice)
    # the legal uses of every die (the state's own plays narrow to the die once one is chosen)
    return every > len(plays(layout, state.board, state.mover, state.dice, state.barred))


def test_menus_agree_on_random_positions(fast: CompiledGame, states: list[DashState], board: str) -> None:
    assert check_menus(fast, states) >= 2000
    assert {state.phase for state in states} >= {Phase.START, Phase.ROLL, Phase.DIE, Phase.PIECE, Phase.DIRECTION}
    assert sum(is_cut_by_must_use(fast, state) for state in states) >= MUST_USE_CUTS[board]


@pytest.mark.parametrize("max_steps", [7, 100_000])
def test_traces_replay_through_the_pure_engine(fast: CompiledGame, states: list[DashState], max_steps: int) -> None:
    finished = cut = 0
    for number, state in enumerate(states[:: 40 if max_steps < 100 else 400]):
        trace = fast.trace(state, number, max_steps)
        over = fast.game.outcome(replay(fast.game, state, trace, max_steps)[-1]) is not None
        finished += over
        cut += not over
        assert fast.playouts([state], number, max_steps)[0].tolist() == list(trace.values)
    assert (finished if max_steps > 100 else cut) > 0


def test_a_batch_plays_each_state_on(fast: CompiledGame, states: list[DashState]) -> None:
    outcome = fast.game.outcome(states[-1])
    assert outcome is not None
    values = fast.playouts([states[-1], states[50], states[50]], seed=3, max_steps=30)
    assert values.shape == (3, 2)
    assert values[0].tolist() == list(outcome.values)
    assert ((values >= 0) & (values <= 1)).all() and values.sum(axis=1) == pytest.approx(1)


def test_rolls_follow_their_chances(fast: CompiledGame, states: list[DashState]) -> None:
    roll = next(state for state in states if state.phase is Phase.ROLL and state.turns >= 2)
    counts = Counter(fast.trace(roll, seed, 1).steps[0][1] for seed in range(3600))
    for index, (_, chance) in enumerate(DOUBLE_ROLL_CHANCES):
        assert 0.6 * chance * 3600 < counts[index] < 1.4 * chance * 3600


def test_choices_are_drawn_uniformly(fast: CompiledGame, states: list[DashState]) -> None:
    choosing = max((state for state in states if state.phase is Phase.PIECE), key=lambda state: len(state.menu))
    legal = fast.legal_ids(choosing, choosing.mover)
    counts = Counter(fast.trace(choosing, seed, 1).steps[0][1] for seed in range(200 * len(legal)))
    assert set(counts) == set(legal)
    assert min(counts.values()) > 0.6 * 200 and max(counts.values()) < 1.4 * 200


def test_random_games_from_the_start(fast: CompiledGame) -> None:
    steps = fast.random_steps(3, seed=1, max_steps=100_000)
    assert steps == fast.random_steps(3, seed=1, max_steps=100_000) > 3
    assert fast.random_steps(3, seed=1, max_steps=10) == 30
