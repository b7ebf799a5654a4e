"""The random and greedy bots: legal, seeded, and greedy takes what it can see."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import holesome
from holesome.bots import (
    DEFAULT_BOT,
    BotSpec,
    GreedyBot,
    HardBot,
    ISMCTSBot,
    MCTSBot,
    RandomBot,
    TurnBot,
    make_bot,
    parse_bot,
)
from holesome.bots.search import Budget
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, sample_chance
from holesome.core.match import Match
from holesome.games.honey_donut import RED, HoneyDonut, Move
from tests.core.toy import OddsAndEvens


@pytest.mark.parametrize("name", sorted(holesome.GAMES))
def test_random_bots_finish_every_game(name: str) -> None:
    game = holesome.load(name)
    match: Match[Any, Any] = Match(game, seed=1)
    bots = {seat: make_bot("random", seat) for seat in range(game.players)}
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


def test_bot_names_take_iterations_a_time_or_both() -> None:
    assert parse_bot("ismcts:500") == BotSpec("ismcts", 500)
    assert parse_bot("ismcts@1s").budget == Budget(iterations=None, seconds=1.0)
    assert parse_bot("mcts@500ms").budget == Budget(iterations=None, seconds=0.5)
    assert parse_bot("ismcts:2000@0.5s").budget == Budget(iterations=2000, seconds=0.5)
    assert parse_bot("ismcts").budget == Budget(iterations=1000)
    bot = make_bot("mcts@0.25s", 1)
    assert isinstance(bot, MCTSBot) and bot.budget.seconds == 0.25


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("greedy@1s", "greedy takes no @ setting"),
        ("random:5", "random takes no : setting"),
        ("ismcts:0", "from 1 to"),
        ("ismcts@0s", "above 0"),
        ("ismcts@1h", "kind@T (1s, 500ms)"),
        ("ismcts@9999s", "at most 600s"),
        ("hardest", "no bot named 'hardest'; bots: random, greedy, mcts, ismcts, perfect, exploiter, turn, easy"),
    ],
)
def test_bad_bot_names_say_what_is_wrong(name: str, words: str) -> None:
    with pytest.raises(holesome.HolesomeError, match=re.escape(words)):
        make_bot(name)


def test_the_strengths_are_bots_with_documented_settings() -> None:
    easy, medium, hard = (make_bot(name, 1) for name in ("easy", "medium", "hard"))
    assert isinstance(easy, GreedyBot) and easy.slips == 0.25 and easy.samples == 2
    assert isinstance(medium, GreedyBot) and medium.slips == 0.0
    assert isinstance(hard, HardBot) and hard.budget == Budget(iterations=None, seconds=1.0)
    assert DEFAULT_BOT == "hard"


@pytest.mark.parametrize(
    ("name", "search"), [("honey-donut", MCTSBot), ("double-dash", TurnBot), ("go-nuts", ISMCTSBot)]
)
def test_hard_searches_the_whole_turn_on_double_dash_mcts_on_honey_donut_and_ismcts_elsewhere(
    name: str, search: type
) -> None:
    game = holesome.load(name)
    state = game.start(3)
    rng = random.Random(3)
    while game.to_act(state) == (CHANCE,) or len(game.legal_actions(state, game.to_act(state)[0])) < 2:
        seats = game.to_act(state)
        action = sample_chance(game, state, rng) if seats == (CHANCE,) else game.legal_actions(state, seats[0])[0]
        state = game.apply(state, seats[0], action)
    seat = game.to_act(state)[0]
    hard = HardBot(5, seconds=0.05)
    assert hard.act(Decision(game, seat, state)) in game.legal_actions(state, seat)
    assert isinstance(hard.search, search)
    if isinstance(hard.search, TurnBot):
        assert hard.search.seconds == 0.05
    else:
        assert isinstance(hard.search, (MCTSBot, ISMCTSBot))
        assert hard.search.budget == Budget(iterations=None, seconds=0.05)


def test_greedy_copies_do_not_all_pick_one_go_nuts_slot() -> None:
    """Four greedy bots, seeded apart, at the first pick of ten deals. With 16 samples a greedy
    that played its best mean would be nearly deterministic: the copies then all pick one slot
    (and lose it to the discard) in six of these deals; mixing at the secret pick keeps that rare."""
    game = holesome.load("go-nuts", 4)
    together = 0
    for deal in range(10):
        state = game.start(deal)
        while game.to_act(state) == (CHANCE,):
            state = game.apply(state, CHANCE, sample_chance(game, state, random.Random(deal)))
        picks = {GreedyBot(deal * 10 + seat, samples=16).act(Decision(game, seat, state)) for seat in range(4)}
        together += len(picks) == 1
    assert together <= 3, f"all four greedy copies picked one slot in {together} of 10 deals"
