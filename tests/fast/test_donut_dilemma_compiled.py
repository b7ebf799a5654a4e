"""What only Donut Dilemma's compiled path has: its action families as runs of ids, fresh deals
that are the engine's starting positions, and the first steps of its random games (the tests
every compiled path over packed rows shares are in `test_packed_agreement`)."""

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

from holesome.fast.donut_dilemma import CompiledDonutDilemma
from holesome.games.donut_dilemma import Done, DonutDilemma, Move, Plain, Skip, Special
from holesome.games.donut_dilemma.components import BAKERIES, Donut
from tests.fast.agreement import OPTIONS, build, check_first_steps, positions


def compiled(options: dict[str, Any]) -> tuple[DonutDilemma, CompiledDonutDilemma]:
    return build("donut-dilemma", options, DonutDilemma, CompiledDonutDilemma)


def test_action_families_are_runs_of_ids() -> None:
    game, fast = compiled({"players": 4, "garnets": [2, 0, 0, 5], "rounds": 3})
    tab, k = fast.tab, fast.k
    for number, bakery in enumerate(BAKERIES):
        assert game.encode(Move(bakery)) == tab[k.T_MOVE] + number
        assert game.encode(Special(Donut.COFFEE, at=bakery)) == tab[k.T_COFFEE] + number
    for count in range(12 + 5):
        assert game.encode(Plain(count)) == tab[k.T_PLAIN] + count
    for number in range(game.menus.rainbow_max[-1] + 1):
        assert game.encode(Special(Donut.RAINBOW, number)) == tab[k.T_RAINBOW] + number
    singles = [tab[k.T_MOVE], tab[k.T_PLAIN], tab[k.T_GLAZED], tab[k.T_RAINBOW], tab[k.T_STRAWBERRY]]
    assert singles == sorted(singles)
    assert tab[k.T_STRAWBERRY] < tab[k.T_COFFEE] < tab[k.T_JELLY] < tab[k.T_DONE] == game.encode(Done())
    assert tab[k.T_SKIP] == game.encode(Skip()) == game.num_actions - 1


@pytest.mark.parametrize("options", OPTIONS["donut-dilemma"])
def test_fresh_deals_are_starting_positions(options: dict[str, Any]) -> None:
    game, fast = compiled(options)
    k = fast.k
    rows = fast._deal(40, seed=len(options))
    dealt = set()
    for row in rows:
        starts = tuple(BAKERIES[row[k.SEATS + seat * fast.stride + k.S_BAKERY]] for seat in range(game.players))
        state = game.start(0)
        expected = type(state)(starts, starts, state.garnets, state.allowances, state.pending)
        assert np.array_equal(row, fast.pack(expected))
        counts = sorted(starts.count(bakery) for bakery in BAKERIES)
        assert "start" in options or counts[-1] - counts[0] <= 1
        dealt.add(starts)
    assert len(dealt) == 1 if "start" in options else len(dealt) > 1
    assert fast.random_steps(10, seed=2, max_steps=10_000) > 10 * game.players * game.rounds


def test_random_steps_are_uniform() -> None:
    game, fast = compiled({"players": 4})
    states = positions(game, range(1))
    check_first_steps(fast, states[0], 2000)
    specials = next(state for state in states if state.pending[0].plain is not None and not state.pending[0].done)
    check_first_steps(fast, specials, 4000)
