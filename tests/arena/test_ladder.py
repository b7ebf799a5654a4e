"""The ladder: every bot against every other, tallied per pairing and written into a document."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from holesome.arena import MatchResult, MatchSpec
from holesome.arena.ladder import Ladder, ladder_specs, markdown, pairings, tabulate, write_section
from holesome.cli import app


def test_each_bot_sits_alone_against_each_other_and_two_player_pairs_play_once() -> None:
    assert pairings(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert pairings(["a", "b"], 3) == [("a", "b", "b"), ("b", "a", "a")]
    specs = ladder_specs("go-nuts", 3, {}, ["a", "b"], 3, seed=5)
    assert [spec.lineup.index("a") for spec in specs[:3]] == [0, 1, 2]
    assert [spec.seed for spec in specs] == [5, 6, 7] * 2, "every pairing deals the same games"


def _result(lineup: tuple[str, ...], values: tuple[float, ...]) -> MatchResult:
    return MatchResult(MatchSpec("g", len(lineup), {}, lineup, 0), values, values, 10, {})


def _ladder() -> Ladder:
    results = [
        _result(("a", "b", "b"), (1.0, 0.0, 0.0)),
        _result(("b", "a", "b"), (0.0, 0.0, 1.0)),
        _result(("b", "a", "a"), (0.5, 0.5, 0.0)),
    ]
    return tabulate("g", 3, ["a", "b"], results)


def test_cells_count_the_lone_bots_wins_shared_wins_as_fractions() -> None:
    ladder = _ladder()
    assert (ladder.cells["a", "b"].wins, ladder.cells["a", "b"].games) == (1.0, 2)
    assert (ladder.cells["b", "a"].wins, ladder.cells["b", "a"].games) == (0.5, 1)
    text = markdown(ladder, "### G", "holesome ladder g")
    assert "| **a** |  | 50% [" in text and "of 2 |" in text
    assert "Written by `holesome ladder g`." in text
    assert "| bot | rating (openskill) |" in text


def test_a_section_is_added_once_then_replaced(tmp_path: Path) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n\nText.\n", encoding="utf-8")
    write_section(doc, "ladder g 3p", "first\n")
    write_section(doc, "ladder h 2p", "other\n")
    write_section(doc, "ladder g 3p", "second\n")
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Bots\n\nText.\n")
    assert "first" not in text and text.count("second") == 1 and "other" in text
    assert text.index("second") < text.index("other"), "a section stays where it was"


def test_the_ladder_command_writes_its_table_into_the_document(tmp_path: Path) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n", encoding="utf-8")
    arguments = ["ladder", "honey-donut", "--bots", "random,ismcts,random", "--iterations", "5", "--games", "2"]
    result = CliRunner().invoke(app, [*arguments, "--workers", "1", "--doc", str(doc)])
    assert result.exit_code == 0, result.output
    text = doc.read_text(encoding="utf-8")
    assert "<!-- ladder honey-donut 2p: begin -->" in text and "<!-- ladder honey-donut 2p: end -->" in text
    assert "| **random** |  | " in text and "| **ismcts:5** | " in text
    assert "--bots random,ismcts:5 --games 2" in text
    missing = CliRunner().invoke(app, [*arguments, "--doc", str(tmp_path / "none.md")])
    assert missing.exit_code == 2 and "no file" in missing.output


def test_the_ladder_refuses_a_bot_that_cannot_play_the_game(tmp_path: Path) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["ladder", "go-nuts", "--bots", "random,mcts", "--doc", str(doc)])
    assert result.exit_code == 2 and "perfect-information games only" in " ".join(result.output.split())
    assert doc.read_text(encoding="utf-8") == "# Bots\n"
