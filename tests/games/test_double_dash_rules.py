"""Double Dash!: one scenario per rule and Ruling of `rules/double-dash.md`.

Positions are small boards given through the `board` option (row 1 first; the pieces stand on
their start spaces), so every position reads at a glance. Moves go through the public menus.
"""

from dataclasses import replace
from typing import Any

import pytest

from holesome.core.errors import IllegalAction, InvalidAction
from holesome.core.game import CHANCE
from holesome.games.double_dash import PLAYER_1, PLAYER_2, DashState, DoubleDash, Phase, Roll, StartRoll
from holesome.games.double_dash.actions import die_text


def rolled(rows: list[str], dice: tuple[int, ...], *, mover: int = PLAYER_1, **options: Any) -> tuple[DoubleDash, Any]:
    """The game on `rows` and the state just after `mover` rolled `dice` (one die: a first turn)."""
    game = DoubleDash(board=rows, **options)
    ready = replace(game.start(0), phase=Phase.ROLL, mover=mover, turns=0 if len(dice) == 1 else 2)
    return game, game.apply(ready, CHANCE, Roll(dice))


def menu(game: DoubleDash, state: DashState) -> list[str]:
    """The mover's menu, in notation."""
    return [game.action_to_text(action) for action in game.legal_actions(state, state.mover)]


def choose(game: DoubleDash, state: DashState, *texts: str) -> DashState:
    """Apply each choice, given in notation, by the mover."""
    for text in texts:
        state = game.apply(state, state.mover, game.parse_action(state, state.mover, text))
    return state


def destinations(game: DoubleDash, state: DashState, die: str, piece: str) -> dict[str, str]:
    """Where the piece on `piece` may go with `die`: direction -> space; empty if it may not move."""
    if state.phase is Phase.DIE:
        if die not in menu(game, state):
            return {}
        state = choose(game, state, die)
    assert state.die is not None
    if piece not in menu(game, state) or die_text(state.die) != die:
        return {}
    view = game.view(choose(game, state, piece), state.mover)
    return {play["direction"]: play["to"] for play in view["plays"]}


def board(game: DoubleDash, state: DashState) -> list[str]:
    return list(game.view(state, None)["board"])


# The start.


def test_start_roll_higher_die_moves_first_and_ties_roll_again() -> None:
    game = DoubleDash()
    state = game.apply(game.start(1), CHANCE, StartRoll((3, 3)))
    assert game.to_act(state) == (CHANCE,)
    assert state.phase is Phase.START
    state = game.apply(state, CHANCE, StartRoll((2, 5)))
    assert (state.phase, state.mover) == (Phase.ROLL, PLAYER_2)
    assert game.view(state, PLAYER_1)["start_rolls"] == [[3, 3], [2, 5]]
    other = game.apply(game.start(1), CHANCE, StartRoll((6, 1)))
    assert other.mover == PLAYER_1


def test_each_players_first_turn_uses_one_die_and_later_turns_two() -> None:
    game = DoubleDash()
    state = game.apply(game.start(1), CHANCE, StartRoll((5, 2)))
    for _ in range(2):
        outcomes = game.chance_outcomes(state)
        assert {roll.dice for roll, _ in outcomes if isinstance(roll, Roll)} == {(pips,) for pips in range(1, 7)}
        assert len(outcomes) == 6
        state = game.apply(state, CHANCE, Roll((4,)))
        assert state.dice == (4,)
        while state.phase is not Phase.ROLL:
            state = game.apply(state, state.mover, game.legal_actions(state, state.mover)[0])
    assert state.phase is Phase.ROLL
    outcomes = game.chance_outcomes(state)
    chances = {roll.dice: chance for roll, chance in outcomes if isinstance(roll, Roll)}
    assert len(chances) == 21
    assert chances[(3, 3)] == pytest.approx(1 / 36)
    assert chances[(2, 5)] == pytest.approx(2 / 36)
    with pytest.raises(IllegalAction):
        game.apply(state, CHANCE, Roll((4,)))


# One die moves one piece in a straight line.


def test_a_black_space_stops_the_piece_on_the_space_before() -> None:
    game, state = rolled(["1..#..", "......", ".....2"], (5,))
    assert destinations(game, state, "5", "a1") == {"e": "c1", "se": "c3", "s": "a3"}
    game, state = rolled(["1..#..", "......", ".....2"], (1,))
    assert destinations(game, state, "1", "a1") == {"e": "b1", "se": "b2", "s": "a2"}


def test_the_board_edge_acts_as_a_black_space() -> None:
    game, state = rolled(["1....", ".....", "....2"], (6,))
    assert destinations(game, state, "6", "a1") == {"e": "e1", "se": "c3", "s": "a3"}


def test_an_opponent_nearer_than_the_full_count_blocks_the_move() -> None:
    game, state = rolled(["1.2...", "......", "......"], (4,))
    assert destinations(game, state, "4", "a1") == {"se": "c3", "s": "a3"}


def test_an_opponent_before_a_black_space_still_blocks_a_longer_move() -> None:
    game, state = rolled(["1.2#..", "......", "......"], (5,))
    assert "e" not in destinations(game, state, "5", "a1")


def test_an_exact_count_captures_the_opponent_piece() -> None:
    game, state = rolled(["1.2...", "......", ".....2"], (2,))
    assert destinations(game, state, "2", "a1")["e"] == "c1"
    state = choose(game, state, "a1", "e")
    assert board(game, state)[0] == "..1..."
    view = game.view(state, PLAYER_2)
    assert view["pieces"] == [1, 1]
    assert view["last_turn"]["dashes"] == [{"steps": 2, "from": "a1", "direction": "e", "to": "c1", "captured": True}]


def test_own_pieces_are_passed_but_not_ended_on() -> None:
    game, state = rolled(["11.1..", "......", ".....2"], (2,))
    assert destinations(game, state, "2", "a1")["e"] == "c1"
    for pips in (1, 3):
        game, state = rolled(["11.1..", "......", ".....2"], (pips,))
        assert "e" not in destinations(game, state, str(pips), "a1")


def test_a_move_stopped_on_its_own_piece_or_where_it_started_is_no_move() -> None:
    game, state = rolled(["1..1#.", "......", ".....2"], (5,))
    found = destinations(game, state, "5", "a1")
    assert "e" not in found
    assert not {"n", "w", "nw", "ne", "sw"} & set(found)


# Two dice.


def test_two_different_numbers_move_two_different_pieces() -> None:
    game, state = rolled(["1.....", "......", "1....2"], (2, 3))
    state = choose(game, state, "2", "a1", "e")
    assert board(game, state)[0] == "..1..."
    assert state.phase is Phase.PIECE
    assert menu(game, state) == ["a3"]


def test_with_one_piece_only_one_of_two_different_dice_is_used_and_the_other_lost() -> None:
    game, state = rolled(["1.....", "......", ".....2"], (2, 3))
    assert menu(game, state) == ["2", "3"]
    state = choose(game, state, "3", "a1", "e")
    assert state.phase is Phase.ROLL
    assert state.mover == PLAYER_2
    assert game.view(state, None)["last_turn"]["lost"] == [2]


def test_doubles_two_moves_by_two_pieces_or_one_piece_twice() -> None:
    game, state = rolled(["1.....", "......", "1....2"], (2, 2))
    assert menu(game, state) == ["2", "2+2"]
    state = choose(game, state, "2", "a1", "e")
    assert menu(game, state) == ["c1", "a3"]
    twice = choose(game, state, "c1", "s")
    assert board(game, twice) == ["......", "......", "1.1..2"]
    assert twice.phase is Phase.ROLL
    other = choose(game, state, "a3", "n")
    assert board(game, other) == ["1.1...", "......", ".....2"]


def test_doubles_one_move_of_twice_the_pips_in_a_single_line() -> None:
    game, state = rolled(["1.....", "......", "1....2"], (2, 2))
    state = choose(game, state, "2+2", "a1", "e")
    assert board(game, state)[0] == "....1."
    assert state.phase is Phase.ROLL
    assert game.view(state, None)["last_turn"] == {
        "seat": PLAYER_1,
        "rolled": [2, 2],
        "dashes": [{"steps": 4, "from": "a1", "direction": "e", "to": "e1", "captured": False}],
        "lost": [],
    }


def test_doubles_capture_at_the_end_of_the_first_leg_then_the_same_piece_goes_on() -> None:
    game, state = rolled(["1.2...", "......", ".....2"], (2, 2))
    assert "e" not in destinations(game, state, "2+2", "a1")
    state = choose(game, state, "2", "a1", "e")
    assert game.view(state, None)["pieces"] == [1, 1]
    state = choose(game, state, "c1", "e")
    assert board(game, state) == ["....1.", "......", ".....2"]


def test_must_use_both_dice_when_only_one_order_allows_it() -> None:
    game, state = rolled(["1.1#2"], (1, 2))
    assert state.phase is Phase.PIECE
    assert menu(game, state) == ["a1", "c1"]
    state = choose(game, state, "a1", "e")
    assert menu(game, state) == ["c1"]
    state = choose(game, state, "c1", "w")
    assert board(game, state) == ["11.#2"]


def test_a_first_move_that_would_leave_the_other_die_unused_is_not_offered() -> None:
    game, state = rolled(["#12#1..2"], (1, 2))
    assert menu(game, state) == ["1", "2"]
    assert menu(game, choose(game, state, "1")) == ["b1"]
    assert menu(game, choose(game, state, "2")) == ["e1"]


def test_a_die_with_no_legal_use_is_lost() -> None:
    game, state = rolled(["1#2"], (4,))
    assert (state.phase, state.mover) == (Phase.ROLL, PLAYER_2)
    assert game.view(state, PLAYER_1)["last_turn"] == {"seat": PLAYER_1, "rolled": [4], "dashes": [], "lost": [4]}


def test_a_winning_capture_is_always_allowed_and_never_forced() -> None:
    game, state = rolled(["..2", ".1."], (1, 4))
    assert menu(game, state) == ["1", "4"]
    assert destinations(game, state, "1", "b2")["ne"] == "c1"
    # c1 takes the last piece with the 2, though then no piece could use the 4; d1 to b1 keeps both dice.
    game, state = rolled(["2.11"], (2, 4))
    assert menu(game, state) == ["c1", "d1"]
    assert destinations(game, state, "2", "c1") == {"w": "a1"}
    assert game.outcome(choose(game, state, "c1", "w")) is not None


# The end.


def test_capturing_the_last_piece_wins_at_once() -> None:
    game, state = rolled(["1.2"], (2, 5))
    state = choose(game, state, "a1", "e")
    assert game.to_act(state) == ()
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == (PLAYER_1,)
    assert outcome.scores == (1.0, 0.0)
    assert outcome.details["reason"] == "last-piece-captured"
    assert game.score(state, PLAYER_1) == 1.0


def test_the_game_is_a_draw_after_the_no_capture_limit() -> None:
    game = DoubleDash(board=["1#2"], no_capture_limit=3)
    state = game.apply(game.start(0), CHANCE, StartRoll((6, 1)))
    for roll in ((4,), (3,)):
        state = game.apply(state, CHANCE, Roll(roll))
        assert game.outcome(state) is None
    state = game.apply(state, CHANCE, Roll((2, 5)))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == (0.5, 0.5)
    assert outcome.winners == (PLAYER_1, PLAYER_2)
    assert outcome.details["reason"] == "no-capture-limit"


def test_a_capture_restarts_the_no_capture_count() -> None:
    game, state = rolled(["1.2...", "......", ".....2"], (2,), no_capture_limit=3)
    state = choose(game, replace(state, quiet=2), "a1", "e")
    assert state.quiet == 0
    assert game.outcome(state) is None
    game, state = rolled(["1.2...", "......", ".....2"], (1,), no_capture_limit=3)
    state = choose(game, replace(state, quiet=2), "a1", "s")
    assert game.outcome(state) is not None


# Bad input.


def test_an_illegal_choice_raises_and_changes_nothing() -> None:
    game, state = rolled(["1.....", "......", "1....2"], (2, 3))
    state = choose(game, state, "2")
    before = game.state_to_json(state)
    with pytest.raises(IllegalAction, match="double-dash: seat 1 may not play b1"):
        game.apply(state, PLAYER_1, game.action_from_json({"type": "piece", "row": 0, "col": 1}))
    with pytest.raises(IllegalAction, match="not this seat's turn"):
        game.apply(state, PLAYER_2, game.legal_actions(state, PLAYER_1)[0])
    with pytest.raises(IllegalAction, match="chance"):
        game.apply(state, CHANCE, Roll((1, 2)))
    assert game.state_to_json(state) == before
    with pytest.raises(InvalidAction, match="not a legal move"):
        game.parse_action(state, PLAYER_1, "zz")
