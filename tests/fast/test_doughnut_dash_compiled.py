"""What only Doughnut Dash's compiled path has: fresh deals that are the engine's starting
positions, draws from the reshuffled discards once the deck is empty, and the first steps of its
random games, Sugar Rush draws included (the tests every compiled path over packed rows shares
are in `test_packed_agreement`)."""

from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

from holesome.fast.doughnut_dash import CompiledDoughnutDash
from holesome.games.doughnut_dash import DoughnutDash
from tests.fast.agreement import OPTIONS, build, check_first_steps, check_menus, check_traces, positions


def compiled(options: dict[str, Any]) -> tuple[DoughnutDash, CompiledDoughnutDash]:
    return build("doughnut-dash", options, DoughnutDash, CompiledDoughnutDash)


@pytest.mark.parametrize("options", OPTIONS["doughnut-dash"])
def test_fresh_deals_are_starting_positions(options: dict[str, Any]) -> None:
    game, fast = compiled(options)
    b = fast.b
    kinds = {code: doughnut for doughnut, code in fast.doughnuts.items()}
    start = game.start(0)
    firsts, floors = set(), set()
    for row in fast._deal(30, seed=len(options)):
        dealt = replace(
            start,
            tiles=tuple(int(number) for number in row[b.TILE : b.TILE + b.TILES]),
            turns=tuple(int(turns) for turns in row[b.TURNS : b.TURNS + b.TILES]),
            doughnuts=tuple(None if code < 0 else kinds[code] for code in row[b.DOUGHNUT : b.DOUGHNUT + b.SQUARES]),
            first=int(row[b.FIRST]),
        )
        assert np.array_equal(row, fast.pack(dealt))
        assert sorted(dealt.tiles) == sorted(start.tiles)
        assert Counter(dealt.doughnuts) == Counter(start.doughnuts)
        firsts.add(dealt.first)
        floors.add((dealt.tiles, dealt.turns))
    assert firsts == set(range(game.players))
    assert len(floors) == 30
    assert fast.random_steps(5, seed=2, max_steps=10_000) > 5 * 40


def test_an_empty_deck_draws_from_the_reshuffled_discards() -> None:
    game, fast = compiled({"players": 3})
    drawing = [state for state in positions(game, range(4)) if state.draws][:20]
    assert drawing
    reshuffled = [replace(state, deck=(), discards=(*state.discards, *state.deck)) for state in drawing]
    assert check_menus(fast, reshuffled) == 0
    assert check_traces(fast, reshuffled, seed=4, max_steps=3) > 0


def test_random_steps_are_uniform_and_draws_follow_the_deck() -> None:
    game, fast = compiled({"players": 3})
    states = positions(game, range(2))
    check_first_steps(fast, states[0], 2000)
    drawing = next(state for state in states if state.draws)
    check_first_steps(fast, drawing, 2000)
    spinning = next(state for state in states if len(game.legal_actions(state, game.to_act(state)[0])) > 20)
    check_first_steps(fast, spinning, 3000)
