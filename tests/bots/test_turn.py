"""The `turn` bot: it plays the best way through its whole turn, not the best first move."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import holesome
from holesome.bots import TurnBot, make_bot
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, sample_chance
from holesome.games.double_dash import PLAYER_1, DashState, DoubleDash, Phase, Roll
from holesome.games.double_dash.board import PIECE_MARKS
from tests.core.toy import OddsAndEvens

TWO_CAPTURES = [
    "1..2.2....",
    "..........",
    "...1....2.",
    "..........",
    "..........",
    "..........",
]
"""Player 1 on a1 and d3 rolls 2 and 5. The 2 takes d1 from d3, which opens a1's row, and the 5
then takes f1 from a1: two captures. The 5 first takes i3 from d3 at once, but then d3 may not
move again (two different numbers move two pieces) and a1 has nothing at 2: one capture."""


def _rolled(rows: list[str], dice: tuple[int, int]) -> tuple[DoubleDash, DashState]:
    game = DoubleDash(board=rows)
    ready = replace(game.start(0), phase=Phase.ROLL, mover=PLAYER_1, turns=2)
    return game, game.apply(ready, CHANCE, Roll(dice))


def _play_turn(game: DoubleDash, state: DashState, bot: TurnBot) -> DashState:
    while game.to_act(state) == (PLAYER_1,):
        state = game.apply(state, PLAYER_1, bot.act(Decision(game, PLAYER_1, state)))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_the_turn_bot_plays_the_order_of_dice_that_captures_twice(seed: int) -> None:
    """Both dice capture at the first choice, and a bot judging one move at a time finds them
    level; only the whole turn tells them apart."""
    game, state = _rolled(TWO_CAPTURES, (2, 5))
    assert {game.action_to_text(action) for action in game.legal_actions(state, PLAYER_1)} == {"2", "5"}
    after = _play_turn(game, state, TurnBot(seed))
    assert after.board.count(PIECE_MARKS[1]) == 1
    assert game.to_act(after) == (CHANCE,)  # the turn is over: the opponent rolls


def test_the_turn_bot_searches_a_turn_once_and_follows_its_plan() -> None:
    game, state = _rolled(TWO_CAPTURES, (2, 5))
    bot = TurnBot(0)
    bot.act(Decision(game, PLAYER_1, state))
    judged = bot.ends
    _play_turn(game, state, bot)
    assert judged > 0 and bot.ends == judged  # the turn's later choices came from the first search


def test_a_spent_time_cap_still_gives_a_legal_choice() -> None:
    """Once the cap is spent, what is left is judged where it stands: fewer ends, a legal move."""
    game, state = _rolled(TWO_CAPTURES, (2, 5))
    full, capped = TurnBot(0), TurnBot(0, seconds=1e-9)
    full.act(Decision(game, PLAYER_1, state))
    choice = capped.act(Decision(game, PLAYER_1, state))
    assert choice in game.legal_actions(state, PLAYER_1)
    assert capped.ends < full.ends


def test_the_turn_bot_beats_random_at_double_dash() -> None:
    game = holesome.load("double-dash")
    rng = random.Random(0)
    wins = 0.0
    for seed in range(4):
        bots = {seed % 2: make_bot("turn", seed), 1 - seed % 2: make_bot("random", seed)}
        state = game.start(seed)
        while (outcome := game.outcome(state)) is None:
            (seat,) = game.to_act(state)
            action = sample_chance(game, state, rng) if seat == CHANCE else bots[seat].act(Decision(game, seat, state))
            state = game.apply(state, seat, action)
        wins += outcome.values[seed % 2]
    assert wins == 4


def test_turn_refuses_games_with_hidden_information() -> None:
    game = OddsAndEvens(2)
    with pytest.raises(ValueError, match="turn plays perfect-information games only"):
        TurnBot(0).act(Decision(game, 0, game.start(0)))


def test_a_turn_bot_takes_a_time_but_no_count() -> None:
    assert make_bot("turn@200ms", 0).seconds == pytest.approx(0.2)  # type: ignore[attr-defined]
    with pytest.raises(holesome.HolesomeError, match="turn takes no : setting"):
        make_bot("turn:100", 0)
