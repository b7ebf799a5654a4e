"""Double Dash! states, boards and layouts pickle, deep-copy and round-trip through JSON mid-game.

Research tools copy states this way (OpenSpiel pickles and deep-copies its states, Ray and
process pools pickle matches), so an engine rewrite must keep every state type plain data.
"""

import copy
import pickle
import random
from typing import Any

import holesome
from holesome.core.match import Match
from holesome.games.double_dash.rules import DoubleDash
from holesome.games.double_dash.state import Phase

CUSTOM_BOARD = ["111", ".#.", "222"]


def _states(game: Any, seed: int, steps: int) -> list[Any]:
    """The states of a random game, every phase of a turn among them."""
    match: Match[Any, Any] = Match(game, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        match.roll_chance()
        if match.outcome is not None:
            break
        seat = match.to_act[0]
        match.act(seat, rng.choice(game.legal_actions(match.state, seat)))
    return list(match.states)


def test_states_pickle_deep_copy_and_round_trip_with_their_menus() -> None:
    for game in (holesome.load("double-dash"), holesome.load("double-dash", board=CUSTOM_BOARD)):
        states = _states(game, seed=4, steps=80)
        assert {state.phase for state in states} >= {Phase.START, Phase.ROLL, Phase.PIECE, Phase.DIRECTION}
        for state in states:
            for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                assert copied == state
                assert game.legal_actions(copied, copied.mover) == game.legal_actions(state, state.mover)
            assert game.state_from_json(game.state_to_json(state)) == state


def test_the_game_and_its_layout_pickle() -> None:
    game = holesome.load("double-dash", board=CUSTOM_BOARD)
    assert isinstance(game, DoubleDash)
    again = pickle.loads(pickle.dumps(game))
    assert again.options == game.options
    assert pickle.loads(pickle.dumps(game.layout)) == game.layout
    assert again.legal_actions(again.start(0), 0) == game.legal_actions(game.start(0), 0)
