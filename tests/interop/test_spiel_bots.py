"""OpenSpiel's searchers seated at holesome tables: legal, honest, and playing whole games."""

from __future__ import annotations

import random
from typing import Any

import pytest

import holesome
from holesome.core.decision import Decision
from holesome.core.match import Match
from holesome.interop.spiel_bots import SpielBot


@pytest.mark.parametrize(("name", "kind"), [("honey-donut", "mcts"), ("double-dash", "mcts"), ("go-nuts", "ismcts")])
def test_openspiels_bots_choose_legal_moves_without_seeing_hidden_information(name: str, kind: str) -> None:
    game = holesome.load(name, 2)
    rng = random.Random(1)
    match: Match[Any, Any] = Match(game, 4)
    match.roll_chance()
    for _ in range(6):
        seat = rng.choice(match.to_act)
        match.act(seat, rng.choice(game.legal_actions(match.state, seat)))
        match.roll_chance()
    seat = match.to_act[0]
    twin = game.determinize(match.state, seat, rng)
    real = SpielBot(kind, 3, iterations=20).act(Decision(game, seat, match.state))
    assert real in game.legal_actions(match.state, seat)
    assert SpielBot(kind, 3, iterations=20).act(Decision(game, seat, twin)) == real


def test_openspiels_mcts_takes_a_winning_push() -> None:
    game = holesome.load("honey-donut")
    rng = random.Random(3)
    state = game.start(0)
    while True:
        wins = [m for m in state.moves if game.apply(state, state.mover, m).winner is not None]
        if wins:
            break
        state = game.apply(state, state.mover, rng.choice(state.moves))
    assert SpielBot("mcts", 0, iterations=100).act(Decision(game, state.mover, state)) in wins


def test_an_unknown_openspiel_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="no OpenSpiel bot 'alphazero'"):
        SpielBot("alphazero")


def test_openspiels_ismcts_answers_for_a_seat_after_a_lower_seat_still_to_choose() -> None:
    """OpenSpiel's turn-based form asks the lowest pending seat first; asked for a higher seat
    while a lower one still has a secret choice to make, the bot still answers for its own seat."""
    game = holesome.load("doughnut-dash", 2)
    rng = random.Random(2)
    match: Match[Any, Any] = Match(game, 2)
    match.roll_chance()
    found = 0
    while match.to_act and found < 3:
        state = match.state
        if match.to_act == (0, 1) and set(game.legal_actions(state, 0)) != set(game.legal_actions(state, 1)):
            action = SpielBot("ismcts", found, iterations=4).act(Decision(game, 1, state))
            assert action in game.legal_actions(state, 1)
            found += 1
        seat = rng.choice(match.to_act)
        match.act(seat, rng.choice(game.legal_actions(match.state, seat)))
        match.roll_chance()
    assert found == 3
