"""Records: the JSON file format, exact replay, and clear errors for records that do not replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import holesome
from holesome.bots import RandomBot
from holesome.core.errors import InvalidRecord
from holesome.core.match import Match
from holesome.core.record import Record, replay
from tests.core.toy import OddsAndEvens


def finished_match(seed: int = 5) -> Match[object, object]:
    game = holesome.load("honey-donut")
    match: Match[object, object] = Match(game, seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    match.play({seat: bot.act for seat, bot in enumerate(bots)})
    return match


def test_a_record_file_replays_to_the_same_states(tmp_path: Path) -> None:
    match = finished_match()
    path = tmp_path / "game.json"
    match.record.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == "holesome-record" and data["game"] == "honey-donut"
    assert data["actions"][0] == {"seat": 0, "action": match.steps[0].action}
    record = Record.load(path)
    assert record == match.record
    assert list(replay(record, holesome.load_record(record))) == match.states


def test_chance_steps_are_recorded_and_a_rebuilt_match_draws_the_same(tmp_path: Path) -> None:
    game = OddsAndEvens(3)
    match: Match[Any, Any] = Match(game, seed=11)
    match.play({seat: RandomBot(seat).act for seat in range(3)})
    rolls = [step for step in match.steps if step.seat == holesome.CHANCE]
    assert len(rolls) == 3
    half = Record(game.name, 3, dict(game.options), 11, tuple(match.steps[:5]), game.version)
    rebuilt = Match.from_record(game, half)
    rebuilt.roll_chance()
    while rebuilt.to_act and len(rebuilt.steps) < len(match.steps):
        step = match.steps[len(rebuilt.steps)]
        if step.seat != holesome.CHANCE:
            rebuilt.act(step.seat, game.action_from_json(step.action))
        rebuilt.roll_chance()
    assert rebuilt.steps == match.steps, "chance draws depend only on the seed and the step number"


def test_a_tampered_record_names_the_step_that_does_not_replay() -> None:
    record = finished_match().record
    steps = list(record.steps)
    steps[3] = steps[2]
    broken = Record(record.game, record.players, record.options, record.seed, tuple(steps), record.rules_version)
    with pytest.raises(
        InvalidRecord, match=r"step 3 does not replay: honey-donut: seat 1 may not play .*not this seat"
    ):
        list(replay(broken, holesome.load_record(broken)))


def test_unreadable_records_are_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(InvalidRecord, match="cannot read"):
        Record.load(path)
    with pytest.raises(InvalidRecord, match="not a holesome record"):
        Record.from_json({"game": "honey-donut"})
    with pytest.raises(InvalidRecord, match="malformed record"):
        Record.from_json({"format": "holesome-record", "game": "honey-donut"})
    with pytest.raises(InvalidRecord, match="no game named 'chess'"):
        holesome.load_record(Record("chess", 2, {}, 0))


def test_a_record_from_other_rules_is_refused() -> None:
    record = finished_match().record
    newer = Record(record.game, record.players, record.options, record.seed, record.steps, rules_version=99)
    with pytest.raises(InvalidRecord, match="rules version 99"):
        list(replay(newer, holesome.load_record(newer)))
