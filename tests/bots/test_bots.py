"""The random and greedy bots: legal, seeded, and greedy takes what it can see."""

from __future__ import annotations

from typing import Any

import pytest

import holesome
from holesome.bots import GreedyBot, RandomBot, make_bot
from holesome.core.decision import Decision
from holesome.core.match import Match
from holesome.games.honey_donut import RED, HoneyDonut, Move
from tests.core.toy import OddsAndEvens


@pytest.mark.parametrize("bot", ["random", "greedy:2", "mcts:20", "ismcts:20"])
@pytest.mark.parametrize("name", sorted(holesome.GAMES))
def test_every_bot_plays_every_game_legally(bot: str, name: str) -> None:
    game = holesome.load(name)
    if bot.startswith("mcts") and not game.perfect_information:
        pytest.skip("mcts plays perfect-information games only")
    match: Match[Any, Any] = Match(game, seed=1)
    bots = {seat: make_bot(bot, seat) for seat in range(game.players)}
    outcome = match.play({seat: b.act for seat, b in bots.items()})  # apply refuses any illegal move
    assert len(outcome.scores) == game.players


def test_bots_with_the_same_seed_choose_the_same() -> None:
    game = holesome.load("honey-donut")
    decision = Decision(game, RED, game.start(0))
    assert [RandomBot(7).act(decision) for _ in range(3)] == [RandomBot(7).act(decision)] * 3
    assert GreedyBot(7).act(decision) == GreedyBot(7).act(decision)


def test_greedy_takes_a_win_in_one() -> None:
    game = holesome.load("honey-donut")
    assert isinstance(game, HoneyDonut)
    state = game.from_text("rRooooorBoooooobbo r")  # red a, b (King), h; blue King at i
    winning = Move(2, 1)  # h i toward i: the blue King at i falls into the hole
    assert winning in game.legal_actions(state, RED)
    for seed in range(5):
        assert GreedyBot(seed).act(Decision(game, RED, state)) == winning


def test_greedy_climbs_the_score_where_it_can() -> None:
    game = OddsAndEvens(2)
    # the toy's score moves only after the die: greedy's pick is then a fair coin, never illegal
    decision = Decision(game, 0, game.start(0))
    assert GreedyBot(1).act(decision) in decision.legal_actions


def test_unknown_bots_are_named_in_the_error() -> None:
    with pytest.raises(holesome.HolesomeError, match="no bot named 'oracle'; bots: random, greedy"):
        make_bot("oracle")
