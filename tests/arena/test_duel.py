"""The duel benchmark: bot names with budgets and options, one game played, the summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import holesome
from holesome.arena.duel import Played, bot, main, play, summary
from holesome.bots import ExploiterBot, ISMCTSBot, MCTSBot
from holesome.bots.inference import InferenceSampler
from holesome.bots.learned import LearnedLeaf
from holesome.bots.search import RandomRollout
from holesome.core.errors import HolesomeError
from holesome.core.match import Match
from holesome.core.record import Record
from holesome.fast import CompiledRollout
from holesome.interop.spiel_bots import SpielBot


def test_names_with_budgets_and_options_build_the_bots_they_say() -> None:
    timed = bot("mcts@0.25/c0.5", 1)
    assert isinstance(timed, MCTSBot)
    assert timed.budget.seconds == 0.25 and timed.budget.iterations is None and timed.exploration == 0.5
    searcher = bot("ismcts:30/rollout/infer/pure", 1)
    assert isinstance(searcher, ISMCTSBot)
    assert not searcher.mixed
    assert searcher.budget.iterations == 30
    assert isinstance(searcher.evaluator, RandomRollout) and isinstance(searcher.sample, InferenceSampler)
    compiled = bot("mcts:10/compiled", 1)
    assert isinstance(compiled, MCTSBot) and type(compiled.evaluator).__name__ == "CompiledRollout"
    spiel = bot("openspiel-ismcts:40", 1)
    assert isinstance(spiel, SpielBot) and spiel.iterations == 40
    plain_reply = bot("exploiter:30/blind", 1)
    assert isinstance(plain_reply, ExploiterBot) and not plain_reply.predict
    predicting = bot("exploiter:30/c1", 1)
    assert isinstance(predicting, ExploiterBot) and predicting.predict
    averaged = bot("ismcts:10/p8", 1)
    assert isinstance(averaged, ISMCTSBot) and isinstance(averaged.evaluator, CompiledRollout)
    assert averaged.evaluator.playouts == 8 and averaged.evaluator.mix == 0.0
    greedy_picks = bot("ismcts:10/p4/g0.5", 1)
    assert isinstance(greedy_picks, ISMCTSBot) and isinstance(greedy_picks.evaluator, CompiledRollout)
    assert (greedy_picks.evaluator.playouts, greedy_picks.evaluator.mix) == (4, 0.5)
    cut = bot("ismcts:10/p8/s40", 1)
    assert isinstance(cut, ISMCTSBot) and isinstance(cut.evaluator, CompiledRollout)
    assert (cut.evaluator.playouts, cut.evaluator.max_steps) == (8, 40)
    learned = bot("ismcts:10/n8", 1)
    assert isinstance(learned, ISMCTSBot) and learned.evaluator == LearnedLeaf(playouts=8)
    alone = bot("ismcts:10/n0", 1)
    assert isinstance(alone, ISMCTSBot) and alone.evaluator == LearnedLeaf()
    deep = bot("mcts:10/deep", 1)
    assert isinstance(deep, MCTSBot) and deep.horizon is False
    shallow = bot("mcts:10/c1", 1)
    assert isinstance(shallow, MCTSBot) and shallow.horizon is None, "the game's setting"
    with pytest.raises(HolesomeError, match="not 'greedy'"):
        bot("greedy/rollout", 1)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--ours", "nosuch", "--theirs", "random"], "no bot named 'nosuch'"),
        (["--ours", "ismcts:10/p5000", "--theirs", "random"], "at most 4096 games a leaf, got 5000"),
        (["--ours", "ismcts:10/p2.5", "--theirs", "random"], "a whole number of games a leaf, not 2.5"),
        (["--ours", "ismcts:10/s0.5", "--theirs", "random"], "a whole number of steps a game, not 0.5"),
        (["--ours", "ismcts:10/s0", "--theirs", "random"], "positive max_steps"),
        (["--ours", "ismcts:10/g0.25", "--theirs", "random"], "Honey Donut has no greedy seats"),
        (["--ours", "ismcts:10/g500", "--theirs", "random"], "temperature is from 0 to 100, got 500"),
        (["--ours", "ismcts:10/n8", "--theirs", "random"], "the learned leaf (/n) is for two-player Go Nuts"),
        (["--ours", "ismcts:10/n1.5", "--theirs", "random"], "a whole number of games a leaf, not 1.5"),
        (["--ours", "random", "--theirs", "random", "--players", "7"], "players"),
        (["--ours", "random", "--theirs", "random", "--workers", "0"], "--workers must be 1..64"),
        (["--ours", "random", "--theirs", "random", "--json", "/no/such/dir/f.json"], "no directory /no/such/dir"),
    ],
)
def test_a_bad_name_or_count_is_refused_before_any_game(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["honey-donut", *argv, "--games", "2"])
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert said in captured.err and captured.out == ""


def test_a_duel_game_counts_our_value_and_both_sides_cpu() -> None:
    played = play("honey-donut", 2, "mcts:20", "openspiel-mcts:20", seed=3)
    assert played.our_seat == 1 and played.value in (0.0, 0.5, 1.0)
    assert played.our_moves > 0 and played.their_moves > 0 and played.their_cpu > 0.0


def test_the_summary_gives_a_win_rate_inside_its_interval() -> None:
    games = [Played(seed, 0, value, 2, 0.2, 2, 0.4) for seed, value in enumerate([1.0, 0.0, 0.5, 1.0])]
    result = summary(games)
    assert result["win_rate"] == 0.625
    assert result["ci95"][0] < 0.625 < result["ci95"][1]
    assert result["our_cpu_ms_per_move"] == pytest.approx(100.0)
    assert result["their_cpu_ms_per_move"] == pytest.approx(200.0)


def test_the_command_prints_one_table_row(capsys: pytest.CaptureFixture[str]) -> None:
    main(["honey-donut", "--ours", "random", "--theirs", "random", "--games", "2"])
    row = capsys.readouterr().out
    assert row.startswith("| honey-donut 2p | random | random | 2 |")


def test_records_keep_every_game_replayable_to_the_value_the_duel_counted(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    summary_file = tmp_path / "duel.json"
    duel = ["go-nuts", "--ours", "greedy", "--theirs", "random", "--games", "2", "--seed", "5"]
    main([*duel, "--records", str(folder), "--json", str(summary_file)])
    counted = json.loads(summary_file.read_text())
    assert counted["records"] == str(folder)
    assert sorted(path.name for path in folder.iterdir()) == ["5.json", "6.json"]
    for played in counted["each"]:
        record = Record.load(folder / f"{played['seed']}.json")
        assert record.seed == played["seed"] and record.game == "go-nuts" and record.players == 2
        replayed = Match.from_record(holesome.load("go-nuts", 2), record)
        outcome = replayed.outcome
        assert outcome is not None and outcome.values[played["our_seat"]] == played["value"]


def test_a_records_path_that_is_a_file_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.write_text("not a directory")
    with pytest.raises(SystemExit) as exited:
        main(["honey-donut", "--ours", "random", "--theirs", "random", "--games", "2", "--records", str(taken)])
    assert exited.value.code == 2
    assert "--records: cannot make the directory" in capsys.readouterr().err
    assert taken.read_text() == "not a directory"
