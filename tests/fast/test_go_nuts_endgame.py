"""Two-player Go Nuts solved to the end on the compiled path (`go_nuts_endgame`): its tables are
what backward induction over the pure engine gives (its matrix games: `test_matrix_game.py`)."""

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

from holesome.core.game import CHANCE, sample_chance
from holesome.fast.go_nuts import ENDGAME_DECK, CompiledGoNuts
from holesome.fast.matrix_game import TOLERANCE, matrix_game
from holesome.games.go_nuts import GoNuts, GoNutsState
from holesome.games.go_nuts.actions import DONE
from holesome.games.go_nuts.scenario import position
from tests.fast.agreement import build

LIMIT = 10**6


def exact(game: GoNuts, state: GoNutsState, memo: dict[Any, float]) -> float:
    """Seat 0's value by backward induction over the pure engine: the mean over chance by the
    rules' probabilities, each pick's table solved as a matrix game, a lone chooser's best."""
    key = (state.row, state.deck, state.discard, state.hands, state.picks, state.cursor, state.task, state.over)
    if key in memo:
        return memo[key]
    seats = game.to_act(state)
    if not seats:
        outcome = game.outcome(state)
        assert outcome is not None
        found = (outcome.values[0] - outcome.values[1] + 1) / 2
    elif seats[0] == CHANCE:
        found = sum(
            chance * exact(game, game.apply(state, CHANCE, card), memo) for card, chance in game.chance_outcomes(state)
        )
    elif len(seats) == 2:
        found = matrix_game(pick_table(game, state, memo), np.empty(3))
    else:
        options = [
            exact(game, game.apply(state, seats[0], action), memo) for action in game.legal_actions(state, seats[0])
        ]
        found = max(options) if seats[0] == 0 else min(options)
    memo[key] = found
    return found


def pick_table(game: GoNuts, state: GoNutsState, memo: dict[Any, float]) -> np.ndarray:
    """Seat 0's exact value after each pair of picks, seat 0's picks down the rows."""
    return np.array(
        [
            [
                exact(game, game.apply(game.apply(state, 0, mine), 1, theirs), memo)
                for theirs in game.legal_actions(state, 1)
            ]
            for mine in game.legal_actions(state, 0)
        ]
    )


def endgames(game: GoNuts, count: int, deck: int, seed: int) -> list[GoNutsState]:
    """Positions of random two-seat games where both seats are about to pick and the deck holds
    `deck` cards or fewer."""
    rng = random.Random(seed)
    found: list[GoNutsState] = []
    while len(found) < count:
        state = game.start(rng.randrange(10**9))
        while game.outcome(state) is None and not (state.deck_size <= deck and game.to_act(state) == (0, 1)):
            seat = game.to_act(state)[0]
            if seat == CHANCE:
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            else:
                state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        if game.outcome(state) is None:
            found.append(state)
    return found


def test_tables_are_backward_induction_over_the_pure_engine() -> None:
    game, fast = build("go-nuts", {"players": 2}, GoNuts, CompiledGoNuts)
    mixed = 0
    for state in endgames(game, 30, 3, seed=4):
        solved = fast.endgame(state, LIMIT)
        expected = pick_table(game, state, {})
        if expected.max() - expected.min() <= TOLERANCE:
            assert solved is None  # decided whatever is picked: left to the search
            continue
        assert solved is not None
        assert solved.rows == solved.columns == tuple(game.encode(a) for a in game.legal_actions(state, 0))
        assert solved.values == pytest.approx(expected, abs=1e-12)
        for seat in (0, 1):
            policy = solved.policy(seat)
            assert sum(policy.values()) == pytest.approx(1.0)
            mixed += max(policy.values()) < 0.99
    assert mixed > 0  # some of these endgames are only won by mixing


def test_a_power_choice_is_the_choosers_best() -> None:
    """A French Cruller taken while the rival takes a Donut Holes: its taker may discard the
    unpicked Donut Holes beside it, and must, or the rival's set grows next round (the deck
    holds two more)."""
    game, fast = build("go-nuts", {"players": 2}, GoNuts, CompiledGoNuts)
    state = position(2, row=["FC", "DH", "DH"], hands=[["GL", "GL"], ["GL", "GL"]], deck=["DH", "DH"])
    state = game.apply(game.apply(state, 0, game.legal_actions(state, 0)[0]), 1, game.legal_actions(state, 1)[1])
    assert game.to_act(state) == (0,)
    solved = fast.endgame(state, LIMIT)
    assert solved is not None and not solved.columns
    values = {game.decode(action): worth for action, worth in zip(solved.rows, solved.values[:, 0], strict=True)}
    expected = {action: exact(game, game.apply(state, 0, action), {}) for action in game.legal_actions(state, 0)}
    assert values == pytest.approx(expected)
    clear = next(action for action in expected if action != DONE)
    assert expected[clear] > expected[DONE]
    assert solved.policy(0) == {game.encode(clear): 1.0, game.encode(DONE): 0.0}


def test_only_short_two_seat_decks_are_solved() -> None:
    game, fast = build("go-nuts", {"players": 2}, GoNuts, CompiledGoNuts)
    assert fast.endgame(position(2, row=["PL", "GL", "DH"]), LIMIT) is None  # a full deck
    short = next(state for state in endgames(game, 10, ENDGAME_DECK, seed=2) if fast.endgame(state, LIMIT))
    assert fast.endgame(short, 1) is None  # more positions than the limit
    _, three = build("go-nuts", {"players": 3}, GoNuts, CompiledGoNuts)
    assert three.endgame(position(3, row=["PL", "GL", "DH", "JF"], deck=[]), LIMIT) is None
