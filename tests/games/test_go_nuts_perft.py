"""Go Nuts perft counts from a small position, derived by hand; a stored game that must replay; the
fast playout against the generic one.

From the row GL PO PL with a deck of JF JF DH (two players):
- depth 1: either seat picks one of 3 slots: 6; depth 2: the other seat picks: 6 x 3 = 18;
- depth 3: the refill draws JF or DH: 36;
- depth 4: the 6 same-slot sequences (a clash empties one slot) fill it and start a new round
  (6 picks each): 6 x 2 x 6 = 72; the 12 others need a second draw: after JF two kinds remain,
  after DH one: 12 x 3 = 36; together 108;
- depth 5: 72 x 3 + 12 x (2 + 1) x 6 = 432.
"""

import json
import random
from pathlib import Path

import pytest

import holesome
from holesome.core.game import Game
from holesome.core.match import Match
from holesome.core.perft import perft
from holesome.core.record import Record, replay
from holesome.games.go_nuts import GoNuts
from holesome.games.go_nuts.scenario import position

TRANSCRIPT = Path(__file__).with_name("go_nuts_transcript_4p.json")


def test_perft_counts_from_a_small_position() -> None:
    game = GoNuts(2)
    state = position(2, row=["GL", "PO", "PL"], deck=["JF", "JF", "DH"])
    assert [perft(game, state, depth) for depth in range(1, 6)] == [6, 18, 36, 108, 432]


def test_a_stored_four_player_game_replays_to_its_outcome() -> None:
    record = Record.from_json(json.loads(TRANSCRIPT.read_text(encoding="utf-8")))
    game = holesome.load_record(record)
    states = list(replay(record, game))
    outcome = game.outcome(states[-1])
    assert outcome is not None and outcome.to_json() == record.outcome
    assert len(states) == len(record.steps) + 1
    assert Match.from_record(game, record).state == states[-1]


def test_fast_playout_plays_exactly_the_games_the_generic_playout_plays() -> None:
    for players in (2, 4, 6):
        game = GoNuts(players)
        for seed in range(4):
            state = game.start(seed)
            fast = game.playout(state, random.Random(seed))
            assert fast == Game.playout(game, state, random.Random(seed))
            assert sum(fast) == pytest.approx(1.0)
            cut = game.playout(state, random.Random(seed), max_steps=40)
            assert cut == Game.playout(game, state, random.Random(seed), max_steps=40)
