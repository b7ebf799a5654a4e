"""mcts's proven results (MCTS-Solver): a forced win is found, proven and kept to the end."""

from __future__ import annotations

import random
from typing import Any

import holesome
from holesome.bots import MCTSBot
from holesome.bots.search import Budget
from holesome.core.decision import Decision
from holesome.games.honey_donut.rules import HoneyState

GAME = holesome.load("honey-donut")  # strict repetition: the position carries its history


def _wins_now(state: HoneyState) -> list[Any]:
    """The mover's moves that push out the other King."""
    mover = state.mover
    return [move for move in GAME.legal_actions(state, mover) if GAME.apply(state, mover, move).winner == mover]


def _forces_win_in_two(state: HoneyState) -> bool:
    """Whether the mover has a move after which every reply allows a winning push (or none is left)."""
    mover = state.mover
    for move in GAME.legal_actions(state, mover):
        after = GAME.apply(state, mover, move)
        if after.winner is not None:
            continue
        replies = [GAME.apply(after, after.mover, reply) for reply in GAME.legal_actions(after, after.mover)]
        if all(reply.winner is None and (not reply.moves or _wins_now(reply)) for reply in replies):
            return True
    return False


def _positions(wanted: int, test: Any) -> list[HoneyState]:
    """Positions met in random games that pass `test`, at most one per game."""
    found = []
    for seed in range(200):
        rng, state = random.Random(seed), GAME.start(0)
        while state.moves and not test(state):
            state = GAME.apply(state, state.mover, rng.choice(state.moves))
        if state.moves:
            found.append(state)
        if len(found) == wanted:
            return found
    raise AssertionError("random games met too few such positions")


def test_mcts_takes_a_winning_push_at_a_budget_that_only_tries_each_move_once() -> None:
    for state in _positions(5, _wins_now):
        budget = Budget(iterations=len(state.moves) + 1)
        assert MCTSBot(1, budget).act(Decision(GAME, state.mover, state)) in _wins_now(state)


def test_mcts_proves_a_win_in_two_and_keeps_it_against_every_reply() -> None:
    """No winning push now, but a move after which every reply loses: the search proves it,
    stops early, and on the next turn pushes the King out whatever the opponent did."""
    for state in _positions(2, lambda s: not _wins_now(s) and _forces_win_in_two(s)):
        mover = state.mover
        bot = MCTSBot(2, Budget(iterations=5_000))
        move = bot.act(Decision(GAME, mover, state))
        assert bot.proven is not None and bot.proven[mover] == 1.0
        assert bot.iterations < 5_000, "a proven root stops the search"
        after = GAME.apply(state, mover, move)
        for reply in after.moves:
            replied = GAME.apply(after, after.mover, reply)
            if replied.moves:
                bot = MCTSBot(2, Budget(iterations=5_000))
                assert bot.act(Decision(GAME, mover, state)) == move
                again = bot.act(Decision(GAME, mover, replied))
                assert bot.iterations == 0, "the kept tree already holds the proof"
                assert GAME.apply(replied, mover, again).winner == mover
