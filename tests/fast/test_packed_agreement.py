"""The compiled paths over packed rows (Donut Dilemma, Doughnut Dash, Go Nuts) agree with their
pure engines, by the same tests for each: seats, chances and menus on thousands of random
positions of every player count and option; compiled random games that replay step by step to
the same values, whole or cut short; batches valued as their traces; and positions as a seat
imagines them. What only one game has is tested in its own module."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

import holesome
from holesome.core.game import Game
from holesome.fast import compiled
from holesome.fast.packed import PackedGame
from tests.fast.agreement import OPTIONS, check_menus, check_traces, determinized, final_values, positions


@dataclass(frozen=True)
class Figures:
    """How much of one game the tests play, and how much they must find there."""

    menu_seeds: range
    """One random game per seed gives the positions whose menus are compared."""
    least_positions: int
    least_menus: int
    replay_seeds: range
    replay_every: int
    """Every so many steps of those games a compiled game starts."""
    least_replayed: int
    """Steps replayed at the least from those starts, the games played out whole."""
    cut_after: int
    """The steps of the games cut short."""


FIGURES = {
    "donut-dilemma": Figures(range(6), 100, 100, range(10, 12), 5, 100, 8),
    "doughnut-dash": Figures(range(5), 450, 400, range(10, 12), 10, 1000, 12),
    "go-nuts": Figures(range(12), 600, 400, range(100, 103), 9, 500, 6),
}
EVERY_OPTION = [
    pytest.param(name, options, id=f"{name}-{'-'.join(f'{key}={value}' for key, value in options.items())}")
    for name in FIGURES
    for options in OPTIONS[name]
]


def packed(name: str, options: dict[str, Any]) -> tuple[Game[Any, Any], PackedGame]:
    """The game and its compiled path over packed rows."""
    game = holesome.load(name, **options)
    fast = compiled(game)
    assert isinstance(fast, PackedGame)
    return game, fast


@pytest.mark.parametrize(("name", "options"), EVERY_OPTION)
def test_menus_agree_on_random_positions(name: str, options: dict[str, Any]) -> None:
    game, fast = packed(name, options)
    figures = FIGURES[name]
    states = positions(game, figures.menu_seeds)
    assert len(states) > figures.least_positions
    assert check_menus(fast, states) > figures.least_menus


@pytest.mark.parametrize(("name", "options"), EVERY_OPTION)
def test_compiled_games_replay_through_the_engine(name: str, options: dict[str, Any]) -> None:
    game, fast = packed(name, options)
    figures = FIGURES[name]
    states = positions(game, figures.replay_seeds, every=figures.replay_every)
    assert check_traces(fast, states, seed=game.players, max_steps=10_000) > figures.least_replayed
    assert check_traces(fast, states, seed=game.players, max_steps=figures.cut_after) > 0


@pytest.mark.parametrize(
    ("name", "players", "seeds", "every", "seed"),
    [("donut-dilemma", 10, range(2), 50, 3), ("doughnut-dash", 4, range(1), 100, 3), ("go-nuts", 4, range(3), 40, 5)],
    ids=["donut-dilemma-players=10", "doughnut-dash-players=4", "go-nuts-players=4"],
)
def test_playouts_value_each_state_as_its_trace_does(
    name: str, players: int, seeds: range, every: int, seed: int
) -> None:
    game, fast = packed(name, {"players": players})
    states = positions(game, seeds, every=every)
    values = fast.playouts(states, seed=seed, max_steps=10_000)
    assert values.shape == (len(states), players)
    assert np.allclose(values.sum(axis=1), 1.0)
    assert tuple(values[0]) == fast.trace(states[0], seed=seed, max_steps=10_000).values
    over = states[-1]
    assert game.outcome(over) is not None
    assert tuple(fast.playouts([over], seed=1, max_steps=10)[0]) == final_values(game, over)


@pytest.mark.parametrize(
    ("name", "options", "seeds", "least_menus", "stride", "least_replayed"),
    [
        pytest.param(
            "donut-dilemma",
            {"players": 6, "garnets": [1, 0, 2, 0, 0, 3]},
            range(20, 22),
            50,
            4,
            200,
            id="donut-dilemma-players=6",
        ),
        pytest.param("doughnut-dash", {"players": 2}, range(20, 22), 50, 8, 500, id="doughnut-dash-players=2"),
        pytest.param("doughnut-dash", {"players": 4}, range(20, 22), 50, 8, 500, id="doughnut-dash-players=4"),
        pytest.param("go-nuts", {"players": 3}, range(20, 23), 100, 4, 500, id="go-nuts-players=3"),
        pytest.param("go-nuts", {"players": 5}, range(20, 23), 100, 4, 500, id="go-nuts-players=5"),
    ],
)
def test_determinized_positions_agree(
    name: str, options: dict[str, Any], seeds: range, least_menus: int, stride: int, least_replayed: int
) -> None:
    """Every third position of the games, as seat 1 might imagine it; compiled games replay from
    every `stride`-th of those."""
    game, fast = packed(name, options)
    states = determinized(game, positions(game, seeds, every=3))
    assert check_menus(fast, states) > least_menus
    assert check_traces(fast, states[::stride], seed=game.players, max_steps=10_000) > least_replayed
