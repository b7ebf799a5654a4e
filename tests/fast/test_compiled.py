"""`holesome.fast`: finding a game's compiled path, the compiled leaf evaluator, and
`holesome bench --compiled`."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("numba")

from typer.testing import CliRunner

import holesome
import holesome.fast
from holesome.cli import app
from holesome.fast import MAX_MIX, MAX_PLAYOUTS, CompiledRollout, compiled
from tests.core.toy import OddsAndEvens


def test_a_game_gets_its_compiled_path_once() -> None:
    game = holesome.load("honey-donut", repetition="simple")
    fast = compiled(game)
    assert fast is not None and fast.game is game
    assert compiled(game) is fast


def test_no_compiled_path_without_a_module_or_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    assert compiled(OddsAndEvens()) is None
    monkeypatch.setitem(holesome.fast.MODULES, "double-dash", "no_such_module")
    assert compiled(holesome.load("double-dash")) is None
    monkeypatch.setattr(holesome.fast, "find_spec", lambda name: None)
    assert compiled(holesome.load("honey-donut")) is None


def test_the_rollout_averages_compiled_playouts() -> None:
    game = holesome.load("double-dash")
    state = game.start(0)
    rollout = CompiledRollout(max_steps=40, playouts=8)
    values = rollout.evaluate(game, state, random.Random(5))
    fast = compiled(game)
    assert fast is not None
    batch = fast.playouts([state] * 8, random.Random(5).getrandbits(31), 40)
    assert values == tuple(batch.mean(axis=0).tolist())
    assert sum(values) == pytest.approx(1)
    assert len(set(map(tuple, batch.tolist()))) > 1


def test_the_rollout_falls_back_to_the_game_evaluation() -> None:
    game = OddsAndEvens()
    state = game.start(3)
    assert CompiledRollout().evaluate(game, state, random.Random(9)) == game.evaluate(state, random.Random(9))


def test_a_rollout_needs_positive_bounds() -> None:
    with pytest.raises(ValueError, match="positive"):
        CompiledRollout(playouts=0)
    with pytest.raises(ValueError, match="at most 4096 games a leaf, got 4097"):
        CompiledRollout(playouts=MAX_PLAYOUTS + 1)


def test_bench_measures_compiled_paths_beside_openspiel() -> None:
    result = CliRunner().invoke(app, ["bench", "honey-donut", "--compiled", "--seconds", "0.1", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    for options in ("repetition=strict", "repetition=simple"):
        assert figures[f"honey-donut ({options})"]["steps"] > 0
    if "openspiel connect_four (C++ evaluate_bots)" in figures:
        reference = figures["openspiel connect_four (C++ evaluate_bots)"]
        assert reference["steps"] > 0
        ratio = figures["honey-donut (repetition=simple)"]["of_openspiel"]
        assert ratio == pytest.approx(
            figures["honey-donut (repetition=simple)"]["steps_per_second"] / reference["steps_per_second"], abs=0.01
        )


def test_bench_says_when_no_game_has_a_compiled_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(holesome.fast.MODULES, "honey-donut", "no_such_module")
    result = CliRunner().invoke(app, ["bench", "honey-donut", "--compiled", "--seconds", "0.1"])
    assert result.exit_code == 2
    assert "compiled path" in result.output


def test_greedy_seats_are_for_go_nuts_at_bounded_temperatures() -> None:
    with pytest.raises(ValueError, match="Honey Donut has no greedy seats"):
        compiled(holesome.load("honey-donut"), 0.25)
    for mix in (-0.1, MAX_MIX + 1, float("nan")):
        with pytest.raises(ValueError, match="temperature is from 0 to 100"):
            compiled(holesome.load("go-nuts"), mix)
        with pytest.raises(ValueError, match="temperature is from 0 to 100"):
            CompiledRollout(mix=mix)
    go_nuts = holesome.load("go-nuts")
    assert compiled(go_nuts, 0.25) is compiled(go_nuts, 0.25) is not compiled(go_nuts)
