"""The arena: rotated seats, fractional wins, ratings, reports, and both back ends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from holesome.arena import MatchResult, MatchSpec, lineup, run_local, run_ray, schedule, start_ray, summarize
from holesome.arena.stats import wilson
from holesome.cli import app
from holesome.core.errors import HolesomeError


def test_lineups_fill_the_table_with_the_last_bot() -> None:
    assert lineup(["ismcts", "random"], 4) == ("ismcts", "random", "random", "random")
    with pytest.raises(HolesomeError, match="3 bots named for 2 seats"):
        lineup(["a", "b", "c"], 2)


def test_schedule_rotates_every_bot_through_every_seat() -> None:
    specs = schedule("go-nuts", 3, {}, ("a", "b", "b"), 6, seed=10)
    assert [spec.lineup.index("a") for spec in specs] == [0, 1, 2, 0, 1, 2]
    assert [spec.seed for spec in specs] == list(range(10, 16))


def _result(lineup: tuple[str, ...], values: tuple[float, ...], scores: tuple[float, ...]) -> MatchResult:
    return MatchResult(MatchSpec("g", len(lineup), {}, lineup, 0), scores, values, 10, {})


def test_shared_wins_count_as_fractions_and_ratings_follow_results() -> None:
    results = [
        _result(("a", "b", "b"), (1.0, 0.0, 0.0), (9, 1, 2)),
        _result(("b", "a", "b"), (0.0, 0.5, 0.5), (3, 5, 5)),
    ]
    data = summarize("g", 3, results).to_json()
    assert data["bots"]["a"]["wins"] == 1.5 and data["bots"]["a"]["games"] == 2
    assert data["bots"]["b"]["wins"] == 0.5 and data["bots"]["b"]["games"] == 4
    assert data["seats"]["1"]["win_rate"] == 0.25
    assert data["bots"]["a"]["rating"] > data["bots"]["b"]["rating"]
    assert data["first_seat"]["a"]["win_rate"] == 1.0


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(45, 50)
    assert low < 0.9 < high and low >= 0 and high <= 1


def test_local_processes_play_every_match() -> None:
    specs = schedule("honey-donut", 2, {}, ("greedy", "random"), 4, seed=0)
    results = list(run_local(specs, workers=2))
    assert sorted(result.spec.seed for result in results) == [0, 1, 2, 3]
    assert all(sum(result.values) == pytest.approx(1.0) for result in results)


def test_ray_back_end_plays_the_same_matches_as_local(tmp_path: Path) -> None:
    """One local Ray instance (one CPU, raised start-up timeouts, a retry) for the arena and `simulate`."""
    pytest.importorskip("ray")
    specs = schedule("honey-donut", 2, {}, ("greedy", "random"), 2, seed=5)
    local = sorted(run_local(specs, workers=1), key=lambda result: result.spec.seed)
    ray = start_ray(workers=1)
    try:
        assert ray.cluster_resources().get("CPU") == 1.0
        remote = sorted(run_ray(specs, workers=1), key=lambda result: result.spec.seed)
        assert [result.values for result in remote] == [result.values for result in local]
        assert [result.record for result in remote] == [result.record for result in local]
        _simulate_on_both_back_ends_alike(tmp_path)
    finally:
        ray.shutdown()


def _simulate_on_both_back_ends_alike(folder: Path) -> None:
    outputs = []
    for backend in ("local", "ray"):
        out = folder / f"simulate-{backend}.json"
        arguments = ["simulate", "go-nuts", "-p", "3", "-n", "3", "--bots", "greedy,random,random", "--seed", "7"]
        result = CliRunner().invoke(app, [*arguments, "--backend", backend, "--json", str(out)])
        assert result.exit_code == 0, result.output
        outputs.append(json.loads(out.read_text()))
    local, ray = outputs
    assert ray == local
    assert local["seats"][0]["bot"] == "greedy" and local["games"] == 3


def test_arena_command_writes_json_and_a_report(tmp_path: Path) -> None:
    out, report = tmp_path / "arena.json", tmp_path / "report"
    result = CliRunner().invoke(
        app,
        [
            "arena",
            "honey-donut",
            "--bots",
            "greedy,random",
            "--games",
            "4",
            "--workers",
            "1",
            "--json",
            str(out),
            "--report",
            str(report),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    for name in ("greedy", "random"):
        assert set(data["bots"][name]) >= {"games", "wins", "win_rate", "mean_score", "rating"}
    assert set(data["seats"]) == {"0", "1"} and "win_rate" in data["seats"]["0"]
    assert {path.name for path in report.iterdir()} >= {"summary.md", "win_rate_by_bot.png", "score_distribution.png"}
    summary = (report / "summary.md").read_text()
    assert "| greedy |" in summary
    seat_rows = summary.split("| seat |")[1].splitlines()[2:4]
    assert [row.split(" | ")[0] for row in seat_rows] == ["| 1", "| 2"], "seats are counted from 1"
    assert "by seat (counted from 1)" in result.output


def test_arena_refuses_unknown_bots_and_back_ends() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["arena", "honey-donut", "--bots", "oracle"])
    assert result.exit_code == 2 and "no bot named 'oracle'" in result.output
    result = runner.invoke(app, ["arena", "honey-donut", "--bots", "random", "--backend", "cloud"])
    assert result.exit_code == 2 and "local or ray" in result.output
