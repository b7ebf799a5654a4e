"""`holesome bench --interop`: every interface is measured beside the bare engine."""

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

import holesome
from holesome.cli import app
from holesome.interop import bench
from holesome.interop.bench import ADAPTERS, interop_play


def test_interop_play_measures_every_adapter() -> None:
    results = interop_play(holesome.load("honey-donut", repetition="simple", max_plies=20), seconds=0.05)
    assert tuple(results) == ADAPTERS
    for figures in results.values():
        assert figures is not None
        assert figures.games >= 1 and figures.steps >= figures.games


def test_interop_play_takes_turns_so_that_load_falls_on_every_interface(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[str] = []

    def fake(name: str) -> Callable[[Any], bench.Episode]:
        def episode(rng: random.Random) -> int:
            played.append(name)
            started = time.process_time()
            while time.process_time() - started < 0.002:  # a game's worth of CPU time
                pass
            return 1

        return lambda game: episode

    monkeypatch.setattr(bench, "_EPISODES", {name: fake(name) for name in ("engine", "other")})
    monkeypatch.setattr(bench, "SLICE", 0.01)
    results = bench.interop_play(holesome.load("honey-donut"), seconds=0.05)
    turns = [name for index, name in enumerate(played) if index == 0 or played[index - 1] != name]
    assert len(turns) >= 8  # about five turns each, not one long run each
    for figures in results.values():
        assert figures is not None and figures.seconds >= 0.05 and figures.steps == figures.games


def test_bench_interop_json() -> None:
    result = CliRunner().invoke(app, ["bench", "honey-donut", "--interop", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)["honey-donut"]
    assert set(figures) == set(ADAPTERS)
    assert all(entry["steps_per_second"] > 0 for entry in figures.values())


def test_bench_interop_table() -> None:
    result = CliRunner().invoke(app, ["bench", "honey-donut", "--interop", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    assert "pettingzoo-aec" in result.output and "of engine" in result.output
