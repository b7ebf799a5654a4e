"""The `perfect` bot plays the table's best move: it wins what is won, as fast as the table
says, and holds what is drawn."""

import random
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

import holesome
from holesome.bots import Bot, PerfectBot, RandomBot, make_bot
from holesome.core.decision import Decision
from holesome.core.errors import HolesomeError
from holesome.games.honey_donut import RED, HoneyDonut, HoneyState
from holesome.games.honey_donut.board import STARTING_BOARD
from holesome.solve.honey_donut.table import DRAW, WIN, Solution
from tests.solve.honey_positions import pure_state


def play_out(game: HoneyDonut, state: HoneyState, bots: Mapping[int, Bot], most_plies: int) -> tuple[HoneyState, int]:
    """Play on from `state`; return the final state and the plies played."""
    plies = 0
    while game.outcome(state) is None and plies < most_plies:
        action = bots[state.mover].act(Decision(game, state.mover, state))
        state = game.apply(state, state.mover, action)
        plies += 1
    return state, plies


def test_the_registry_has_it() -> None:
    assert isinstance(make_bot("perfect", 1), PerfectBot)


@pytest.mark.parametrize(("opponent", "positions"), [("random", 12), ("mcts:40", 4), ("ismcts:40", 4)])
def test_won_positions_are_won_in_the_promised_plies(
    honey_table: Solution, honey_table_path: Path, opponent: str, positions: int
) -> None:
    """From won states, perfect play wins against any replies within the table's distance."""
    game = holesome.load(
        "honey-donut", repetition="simple", max_plies=2_000
    )  # the largest allowed: no forced win in the table comes near it
    assert isinstance(game, HoneyDonut)
    rng = random.Random(len(opponent))
    won = np.flatnonzero((honey_table.outcome == WIN) & (honey_table.plies >= 9))
    for index in range(positions):
        number = int(won[rng.randrange(len(won))])
        state = pure_state(game, number, honey_table, blue=index % 2 == 1)
        winner = state.mover
        bots = {winner: PerfectBot(index, honey_table_path), 1 - winner: make_bot(opponent, index)}
        final, plies = play_out(game, state, bots, most_plies=200)
        outcome = game.outcome(final)
        assert outcome is not None
        assert outcome.winners == (winner,)
        assert plies <= honey_table.plies[number]


def test_perfect_against_perfect_gives_the_start_value(honey_table: Solution, honey_table_path: Path) -> None:
    outcome, _ = honey_table.best(STARTING_BOARD, RED, None)
    limit = 120
    game = holesome.load("honey-donut", repetition="simple", max_plies=limit)
    assert isinstance(game, HoneyDonut)
    bots = {seat: PerfectBot(seat, honey_table_path) for seat in (0, 1)}
    final, _ = play_out(game, game.start(0), bots, most_plies=limit)
    result = game.outcome(final)
    assert result is not None
    expected = {DRAW: (0, 1), WIN: (0,)}.get(outcome, (1,))
    assert result.winners == expected


def test_under_strict_it_plays_legal_moves_and_beats_random(honey_table_path: Path) -> None:
    game = holesome.load("honey-donut")
    assert isinstance(game, HoneyDonut)
    for seat in (0, 1):
        bots: dict[int, Bot] = {seat: PerfectBot(seat, honey_table_path), 1 - seat: RandomBot(seat)}
        final, _ = play_out(game, game.start(seat), bots, most_plies=1000)
        result = game.outcome(final)
        assert result is not None
        assert result.winners == (seat,)


def test_it_refuses_other_games(honey_table_path: Path) -> None:
    class OtherGame(HoneyDonut):
        name = "not-honey"

    game = OtherGame()
    with pytest.raises(HolesomeError, match="only honey-donut"):
        PerfectBot(0, honey_table_path).act(Decision(game, 0, game.start(0)))
