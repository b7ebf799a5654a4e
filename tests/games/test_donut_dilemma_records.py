"""Donut Dilemma's stored transcripts replay unchanged, and perft counts match the menus."""

from pathlib import Path

import pytest

import holesome
from holesome.core.perft import perft
from holesome.core.record import Record, replay
from holesome.games.donut_dilemma import DonutDilemma

TRANSCRIPTS = sorted((Path(__file__).parent / "transcripts").glob("donut-dilemma-*.json"))


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda path: path.stem)
def test_stored_transcripts_replay_to_their_outcome(path: Path) -> None:
    record = Record.load(path)
    game = holesome.load_record(record)
    *_, final = replay(record, game)
    outcome = game.outcome(final)
    assert outcome is not None
    assert outcome.to_json() == record.outcome
    assert len(final.history) == game.options["rounds"]


def test_there_are_transcripts() -> None:
    assert len(TRANSCRIPTS) >= 2


def test_perft_counts_every_seats_menu() -> None:
    game = DonutDilemma(3)
    state = game.start(0)
    moves, plain = 3, 12
    menu = moves + 1  # a seat may also skip the round
    skipped = 2 * menu  # a seat that skipped is done: only the other two seats' menus follow
    assert perft(game, state, 1) == 3 * menu
    assert perft(game, state, 2) == 3 * (moves * (plain + 1 + 2 * menu) + skipped)


def test_perft_counts_garnets_in_the_plain_menu() -> None:
    game = DonutDilemma(3, garnets=[2, 0, 0])
    state = game.start(0)
    moves = 3
    menu = moves + 1  # with Skip
    first_seat = moves * (14 + 1 + 2 * menu) + 2 * menu
    each_other_seat = moves * (12 + 1 + 2 * menu) + 2 * menu
    assert perft(game, state, 2) == first_seat + 2 * each_other_seat
