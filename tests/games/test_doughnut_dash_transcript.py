"""A stored Doughnut Dash game must replay unchanged; perft counts from the start."""

import random
from pathlib import Path

import holesome
from holesome.core.perft import perft
from holesome.core.record import Record, replay

TRANSCRIPT = Path(__file__).with_name("doughnut_dash_transcript_4p.json")


def test_the_stored_four_player_game_replays_to_its_outcome() -> None:
    record = Record.load(TRANSCRIPT)
    game = holesome.load(record.game, record.players, **record.options)
    states = list(replay(record, game))
    outcome = game.outcome(states[-1])
    assert outcome is not None and outcome.to_json() == record.outcome
    assert all(game.outcome(state) is None for state in states[:-1])


def test_perft_of_the_secret_choice() -> None:
    # Each seat chooses one of 4 cards, in any order: n seats give n * 4 first steps, and two
    # seats 2 * 4 * 4 two-step sequences (either seat first, then the other).
    for players in (2, 3, 4):
        game = holesome.load("doughnut-dash", players)
        assert perft(game, game.start(0), 1) == players * 4
    two = holesome.load("doughnut-dash", 2)
    assert perft(two, two.start(0), 2) == 2 * 4 * 4


def test_the_playout_plays_exactly_what_checked_applies_would() -> None:
    """`Game.playout` skips `apply`'s re-check; a loop through `apply` with the same draws agrees."""
    game = holesome.load("doughnut-dash", 3)
    for seed in range(4):
        state = game.start(seed)
        fast = game.playout(state, random.Random(seed))
        rng = random.Random(seed)
        while seats := game.to_act(state):
            if seats[0] == holesome.CHANCE:
                state = game.apply(state, holesome.CHANCE, holesome.sample_chance(game, state, rng))
            else:
                seat = seats[rng.randrange(len(seats))]
                state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        outcome = game.outcome(state)
        assert outcome is not None and fast == outcome.values
        assert sum(fast) == 1.0
