"""Each game says who won and why in its own terms (`Game.ending`), seats counted from 1."""

from __future__ import annotations

import random
from typing import Any

import pytest

import holesome
from holesome.core.ask import NOTHING
from holesome.core.game import CHANCE, Game, Outcome
from holesome.games.go_nuts.view import ending as go_nuts_ending
from holesome.games.honey_donut.rules import HoneyDonut


def _played_out(name: str, seed: int) -> tuple[Game[Any, Any], Any]:
    game = holesome.load(name)
    state = game.start(seed)
    rng = random.Random(seed)
    assert game.ending(state) == NOTHING
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        if seat == CHANCE:
            state = game.apply(state, CHANCE, holesome.sample_chance(game, state, rng))
        else:
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game, state


@pytest.mark.parametrize("name", ["honey-donut", "go-nuts", "doughnut-dash", "double-dash", "donut-dilemma"])
def test_every_game_names_its_winners_from_one_and_says_why(name: str) -> None:
    game, state = _played_out(name, 5)
    outcome = game.outcome(state)
    assert outcome is not None
    words = game.ending(state).words()
    if len(outcome.winners) < game.players:
        for winner in outcome.winners:
            assert f"seat {winner + 1}" in words
        assert "won" in words
    else:
        assert "draw" in words.lower() or "together" in words
    assert "seat 0" not in words


def test_honey_donut_says_whose_king_was_pushed_off() -> None:
    game = HoneyDonut()
    state = game.from_text("Rrr.bb" + "o" * 12 + " b")
    words = game.ending(state).words()
    assert words == "Red (seat 1) won: Blue's King (seat 2) was pushed off the board"


def test_double_dash_says_every_piece_was_captured_or_the_turns_without_one() -> None:
    game, state = _played_out("double-dash", 1)
    outcome = game.outcome(state)
    assert outcome is not None
    words = game.ending(state).words()
    if outcome.details["reason"] == "last-piece-captured":
        assert "captured every piece of seat" in words
    else:
        assert "turns in a row passed without a capture" in words


def test_go_nuts_says_when_the_most_cards_broke_a_tie_on_points() -> None:
    tied = Outcome((12.0, 12.0, 7.0), (1,))
    assert go_nuts_ending(tied, [5, 6, 4]).words() == (
        "seat 2 won with 12 points; seat 1 had 12, seat 3 had 7. Tied on points, seat 2 won with the most cards (6)"
    )
    shared = Outcome((12.0, 12.0, 7.0), (0, 1))
    assert "Tied on points and on cards (5): the win is shared" in go_nuts_ending(shared, [5, 5, 4]).words()


def test_donut_dilemma_names_the_winner_and_the_fewest_points() -> None:
    game, state = _played_out("donut-dilemma", 3)
    outcome = game.outcome(state)
    assert outcome is not None
    words = game.ending(state).words()
    assert f"seat {outcome.winners[0] + 1}" in words and "points" in words
    last = outcome.details["elimination_candidates"]
    assert f"the fewest points: seat {last[0] + 1}" in words
