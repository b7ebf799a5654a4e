"""`holesome bench --interop`: every interface is measured beside the bare engine."""

import json

from typer.testing import CliRunner

import holesome
from holesome.cli import app
from holesome.interop.bench import ADAPTERS, interop_play


def test_interop_play_measures_every_adapter() -> None:
    results = interop_play(holesome.load("honey-donut", repetition="simple", max_plies=20), seconds=0.05)
    assert tuple(results) == ADAPTERS
    for figures in results.values():
        assert figures is not None
        assert figures.games >= 1 and figures.steps >= figures.games


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
