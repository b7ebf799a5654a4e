"""The `holesome` command, driven as a user would: words in, text and files out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import holesome
from holesome.cli import app
from holesome.cli.play import _seat_kinds

runner = CliRunner()


def test_games_lists_every_game_with_players_and_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for name in holesome.GAMES:
        assert name in result.output
    assert "repetition" in result.output and "strict" in result.output
    assert "board (a list of 10 entries)" in " ".join(result.output.replace("│", " ").split())
    assert "#" not in result.output, "Double Dash!'s whole board is printed"


def test_rules_prints_the_summary_and_refuses_unknown_games() -> None:
    result = runner.invoke(app, ["rules", "honey-donut"])
    assert result.exit_code == 0 and "Repetition" in result.output
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2 and "no game named 'chess'" in result.output


def test_play_explains_bad_input_asks_again_and_saves_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    typed = "nonsense\n?\nab\nquit\n"
    result = runner.invoke(
        app, ["play", "honey-donut", "--seat", "human", "--seat", "random", "--record", str(path)], input=typed
    )
    assert result.exit_code == 0, result.output
    assert "'nonsense' is not a legal move here" in result.output
    assert "ab  cb  ae" in result.output, "'?' lists the legal moves"
    assert "Game left unfinished" in result.output
    record = holesome.Record.load(path)
    assert record.steps[0].action == {"line": 0, "dir": 1} and len(record.steps) == 2


def test_play_between_bots_runs_to_the_end() -> None:
    result = runner.invoke(app, ["play", "honey-donut", "--seat", "greedy", "--seat", "random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "wins" in result.output


def test_play_fills_the_seats_not_given_with_the_strong_bot() -> None:
    assert _seat_kinds(["human"], holesome.load("go-nuts", 3)) == ["human", "hard", "hard"]
    assert _seat_kinds(["easy", "ismcts@0.5s"], holesome.load("go-nuts", 2)) == ["easy", "ismcts@0.5s"]


def test_play_refuses_unknown_seats_and_options() -> None:
    result = runner.invoke(app, ["play", "honey-donut", "--seat", "wizard"])
    assert result.exit_code == 2 and "no bot named 'wizard'" in " ".join(result.output.split())  # the line may wrap
    result = runner.invoke(app, ["play", "go-nuts", "--seat", "mcts"])
    assert result.exit_code == 2 and "perfect-information games only" in " ".join(result.output.split())
    result = runner.invoke(app, ["simulate", "go-nuts", "--bots", "turn", "--games", "1"])
    assert result.exit_code == 2 and "perfect-information games only" in " ".join(result.output.split())
    result = runner.invoke(app, ["play", "honey-donut", "--option", "repetition"])
    assert result.exit_code == 2 and "KEY=VALUE" in result.output
    result = runner.invoke(app, ["play", "honey-donut", "--option", "repetition=sometimes"])
    assert result.exit_code == 2 and "must be one of strict, simple" in result.output


def test_simulate_reports_per_seat_and_writes_json_and_records(tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    records = tmp_path / "records"
    result = runner.invoke(
        app,
        [
            "simulate",
            "honey-donut",
            "--games",
            "6",
            "--bots",
            "greedy,random",
            "--json",
            str(out),
            "--records",
            str(records),
            "-o",
            "repetition=simple",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["games"] == 6 and data["options"]["repetition"] == "simple"
    assert [seat["bot"] for seat in data["seats"]] == ["greedy", "random"]
    assert sum(seat["wins"] for seat in data["seats"]) == 6
    assert len(list(records.glob("*.json"))) == 6


def test_replay_verifies_a_record_and_rejects_a_tampered_one(tmp_path: Path) -> None:
    records = tmp_path / "records"
    runner.invoke(app, ["simulate", "honey-donut", "--games", "1", "--records", str(records)])
    path = next(records.glob("*.json"))
    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 0 and "replay exactly, outcome matches" in result.output
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0 and "   1. seat 0:" in result.output
    data = json.loads(path.read_text())
    data["outcome"]["winners"] = [1 - data["outcome"]["winners"][0]]
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 2 and "the record says the outcome was" in result.output


def test_perft_counts_the_check_figures() -> None:
    result = runner.invoke(app, ["perft", "honey-donut", "--depth", "3", "--option", "repetition=simple"])
    assert result.exit_code == 0
    assert "depth 1: 12" in result.output and "depth 2: 144" in result.output and "depth 3: 1814" in result.output


def test_bench_json_has_the_rates_per_game() -> None:
    result = runner.invoke(app, ["bench", "honey-donut", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)["honey-donut"]
    assert figures["steps_per_second"] > 0 and figures["games_per_second"] > 0


def test_bench_gives_each_game_as_a_multiple_of_openspiel_tic_tac_toe() -> None:
    pytest.importorskip("open_spiel")
    result = runner.invoke(app, ["bench", "honey-donut", "go-nuts", "--seconds", "0.1", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    reference = figures["python_tic_tac_toe (OpenSpiel)"]["steps_per_second"]
    for name in ("honey-donut", "go-nuts"):
        ratio = figures[name]["ratio_to_python_tic_tac_toe"]
        assert ratio == pytest.approx(figures[name]["steps_per_second"] / reference, abs=0.01)
    table = runner.invoke(app, ["bench", "go-nuts", "--seconds", "0.1"])
    assert table.exit_code == 0 and "python_tic_tac_toe" in table.output and "x ttt" in table.output


def test_bench_bots_measures_search_iterations_per_second() -> None:
    result = runner.invoke(app, ["bench", "honey-donut", "--seconds", "0.4", "--bots", "--json"])
    assert result.exit_code == 0, result.output
    search = json.loads(result.output)["honey-donut"]["search"]
    assert set(search) == {"mcts", "ismcts"}
    assert all(figures["iterations"] > 0 and figures["iterations_per_second"] > 0 for figures in search.values())
    assert all(figures["start_iterations"] > 0 for figures in search.values())
    assert all(figures["start_iterations_per_second"] > 0 for figures in search.values())
