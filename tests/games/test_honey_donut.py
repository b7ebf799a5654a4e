"""Honey Donut: one test per rule and ruling of rules/honey-donut.md, and its check figures."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import holesome
from holesome.core.conformance import check_game
from holesome.core.errors import IllegalAction, InvalidAction
from holesome.core.perft import perft
from holesome.games.honey_donut import BLUE, RED, HoneyDonut, HoneyState, Move, Piece
from holesome.games.honey_donut.board import CELL_LINES, CELLS, LETTERS, LINES
from holesome.games.honey_donut.rules import random_move

REPETITIONS = ("strict", "simple")


def game(**options: Any) -> HoneyDonut:
    loaded = holesome.load("honey-donut", **options)
    assert isinstance(loaded, HoneyDonut)
    return loaded


def position(pieces: dict[str, str], mover: str = "r", **options: Any) -> tuple[HoneyDonut, HoneyState]:
    """A position from {cell letter: symbol}, every other cell white."""
    board = "".join(pieces.get(letter, "o") for letter in LETTERS)
    honey = game(**options)
    return honey, honey.from_text(f"{board} {mover}")


def play(honey: HoneyDonut, state: HoneyState, *moves: str) -> HoneyState:
    for text in moves:
        seat = honey.to_act(state)[0]
        state = honey.apply(state, seat, honey.parse_action(state, seat, text))
    return state


def piece_at(state: HoneyState, letter: str) -> Piece:
    return Piece(state.board[LETTERS.index(letter)])


@pytest.mark.parametrize("repetition", REPETITIONS)
def test_perft_check_figures(repetition: str) -> None:
    honey = game(repetition=repetition)
    start = honey.start(seed=0)
    assert [perft(honey, start, depth) for depth in (1, 2, 3)] == [12, 144, 1814]


@pytest.mark.parametrize("repetition", REPETITIONS)
def test_conformance(repetition: str) -> None:
    check_game(game(repetition=repetition), games=4)


def test_board_has_18_cells_and_18_lines_of_the_listed_lengths() -> None:
    assert len(CELLS) == 18 and (0, 0) not in CELLS
    assert [len(line) for line in LINES] == [3, 4, 2, 2, 4, 3] * 3
    for line in LINES:
        for first, second in itertools.pairwise(line):
            (q1, r1), (q2, r2) = CELLS[first], CELLS[second]
            assert (q2 - q1, r2 - r1) in {(1, 0), (0, 1), (-1, 1)}, "a line steps along one axis"
    assert all(len(lines) == 3 for lines in CELL_LINES), "each cell lies on one line per axis"


def test_starting_position_follows_the_reconstruction() -> None:
    honey = game()
    start = honey.start(seed=0)
    assert honey.to_text(start) == "rRroooooooooooobBb r"
    assert honey.to_act(start) == (RED,)


def test_a_move_is_a_cyclic_shift_of_the_line() -> None:
    honey, state = position({"d": "r", "a": "r", "b": "R", "p": "b", "q": "B", "r": "b"})
    after = play(honey, state, "de")  # line d e f g toward g: g's piece re-enters at d
    assert piece_at(after, "e") == Piece.RED and piece_at(after, "d") == Piece.WHITE
    assert after.board.count(int(Piece.WHITE)) == 12, "the pushed-out piece comes back"


def test_own_king_cannot_be_pushed_out() -> None:
    honey = game()
    start = honey.start(seed=0)
    pushes_own_king = Move(10, -1)  # line b f j o toward b: the red King at b would leave
    assert pushes_own_king not in honey.legal_actions(start, RED)
    with pytest.raises(IllegalAction, match="honey-donut: seat 1 may not play oj"):
        honey.apply(start, RED, pushes_own_king)


def test_pushing_out_the_opponent_king_wins_and_leaves_its_cell_empty() -> None:
    honey, state = position({"c": "r", "d": "r", "e": "R", "k": "B", "p": "b", "q": "b"})
    after = play(honey, state, "cg")  # line c g k toward k: the blue King at k is pushed out
    assert piece_at(after, "c") == Piece.EMPTY, "the King is not put back: the trailing cell stays empty"
    assert piece_at(after, "g") == Piece.RED and piece_at(after, "k") == Piece.WHITE
    outcome = honey.outcome(after)
    assert outcome is not None and outcome.winners == (RED,) and outcome.values == (1.0, 0.0)
    assert honey.to_act(after) == ()


def test_a_king_pushed_into_the_hole_is_out() -> None:
    honey, state = position({"h": "r", "i": "B", "a": "r", "b": "R", "p": "b", "q": "b"})
    after = play(honey, state, "hi")  # the 2-cell line h i pushed inward: i's King falls in the hole
    assert honey.outcome(after) is not None and honey.outcome(after).winners == (RED,)  # type: ignore[union-attr]
    assert piece_at(after, "h") == Piece.EMPTY


def test_a_move_that_changes_nothing_is_a_pass_and_illegal() -> None:
    honey, state = position({"h": "r", "i": "r", "b": "R", "p": "b", "q": "B", "r": "b"})
    legal = honey.legal_actions(state, RED)
    assert Move(2, 1) not in legal and Move(2, -1) not in legal, "swapping two own pieces is a pass"
    with pytest.raises(IllegalAction):
        honey.apply(state, RED, Move(2, 1))
    honey, state = position({"h": "r", "a": "r", "b": "R", "p": "b", "q": "B", "r": "b"})
    assert {Move(2, 1), Move(2, -1)} <= set(honey.legal_actions(state, RED)), "both pushes differ"


def test_two_cell_line_directions_differ_in_the_piece_pushed_out() -> None:
    honey, state = position({"h": "R", "a": "r", "e": "r", "p": "b", "q": "B", "r": "b"})
    legal = honey.legal_actions(state, RED)
    assert Move(2, 1) in legal, "toward i pushes the white piece at i out"
    assert Move(2, -1) not in legal, "toward h pushes the red King out"


def test_strict_forbids_recreating_a_position_with_the_same_side_to_move() -> None:
    honey = game(repetition="strict")
    state = play(honey, honey.start(seed=0), "ab", "pq", "cb")
    undo = Move(5, -1)  # "rq": blue's line p q r pushed back toward p
    state_simple = play(game(repetition="simple"), game(repetition="simple").start(seed=0), "ab", "pq", "cb")
    assert undo in game(repetition="simple").legal_actions(state_simple, BLUE), "simple allows it"
    assert undo not in honey.legal_actions(state, BLUE), "it would recreate the start with Red to move"


def test_moving_the_line_straight_back_is_illegal_under_both_options() -> None:
    for repetition in REPETITIONS:
        honey, state = position({"d": "r", "a": "r", "b": "R", "m": "b", "q": "B", "r": "b"}, repetition=repetition)
        state = play(honey, state, "qm")  # red pushes d i m q toward d
        assert Move(7, 1) not in honey.legal_actions(state, BLUE), repetition
        assert Move(7, -1) in honey.legal_actions(state, BLUE), repetition


def test_simple_bars_both_directions_of_a_two_cell_line_the_opponent_just_moved() -> None:
    honey, state = position({"h": "r", "a": "r", "i": "b", "b": "R", "q": "B", "r": "b"}, repetition="simple")
    assert {Move(2, 1), Move(2, -1)} <= set(honey.legal_actions(state, RED))
    state = play(honey, state, "hi")
    assert (piece_at(state, "h"), piece_at(state, "i")) == (Piece.BLUE, Piece.RED), "the two pieces swapped"
    legal = honey.legal_actions(state, BLUE)
    assert Move(2, 1) not in legal and Move(2, -1) not in legal, "either direction swaps them straight back"
    for direction in (1, -1):
        with pytest.raises(IllegalAction):
            honey.apply(state, BLUE, Move(2, direction))


def test_a_player_with_no_legal_move_loses() -> None:
    honey = game()
    start = honey.start(seed=0)
    data = honey.state_to_json(start)
    data["seen"][BLUE] = [list(board) for board in start.children]  # every reply already stood
    stuck = honey.state_from_json(json.loads(json.dumps(data)))
    assert honey.to_act(stuck) == ()
    outcome = honey.outcome(stuck)
    assert outcome is not None and outcome.winners == (BLUE,)


def test_simple_option_draws_at_max_plies_and_strict_does_not() -> None:
    honey = game(repetition="simple", max_plies=6)
    state = honey.start(seed=0)
    for _ in range(6):
        assert honey.outcome(state) is None
        seat = honey.to_act(state)[0]
        state = honey.apply(state, seat, _quiet_move(honey, state, seat))
    outcome = honey.outcome(state)
    assert outcome is not None and outcome.winners == (RED, BLUE) and outcome.values == (0.5, 0.5)
    strict = game(repetition="strict", max_plies=2)
    state = strict.start(seed=0)
    for _ in range(3):
        state = strict.apply(state, state.mover, _quiet_move(strict, state, state.mover))
    assert strict.outcome(state) is None, "max_plies applies to the simple option only"


def _quiet_move(honey: HoneyDonut, state: HoneyState, seat: int) -> Move:
    """A legal move that does not push a King out."""
    return next(move for move in honey.legal_actions(state, seat) if honey.apply(state, seat, move).winner is None)


def test_action_json_is_line_and_direction() -> None:
    honey = game()
    assert honey.action_to_json(Move(3, 1)) == {"line": 3, "dir": 1}
    assert honey.action_from_json({"line": 17, "dir": -1}) == Move(17, -1)
    for bad in ({"line": 18, "dir": 1}, {"line": 1, "dir": 0}, {"line": "1", "dir": 1}, [1, 1], {"line": 1}):
        with pytest.raises(InvalidAction):
            honey.action_from_json(bad)
    assert honey.num_actions == 36
    assert {honey.encode(move) for move in honey.action_space} == set(range(36))


def test_notation_names_a_move_by_any_two_neighbouring_cells_of_its_line() -> None:
    honey = game()
    start = honey.start(seed=0)
    assert honey.parse_action(start, RED, "ab") == Move(0, 1)
    assert honey.parse_action(start, RED, "BC") == Move(0, 1)
    assert honey.parse_action(start, RED, "cb") == Move(0, -1)
    assert honey.parse_action(start, RED, '{"line": 0, "dir": -1}') == Move(0, -1)
    with pytest.raises(InvalidAction, match="legal: ab"):
        honey.parse_action(start, RED, "oj")
    with pytest.raises(InvalidAction):
        honey.parse_action(start, RED, "ac")


def test_views_show_everything_to_everyone() -> None:
    honey = game()
    state = play(honey, honey.start(seed=0), "ab")
    red, blue, spectator = (honey.view(state, seat) for seat in (RED, BLUE, None))
    assert red["cells"] == blue["cells"] == spectator["cells"]
    assert blue["prompt"].startswith("Blue to move") and red["prompt"] == ""
    assert red["last"] == {"line": 0, "dir": 1, "notation": "ab", "cells": ["a", "b", "c"]}
    assert honey.determinize(state, RED, random.Random(0)) is state


def test_from_text_rejects_impossible_boards() -> None:
    honey = game()
    for bad in ("rRroooooooooooobBb", "rRrooooooooooobBbb r", "rRRoooooooooooobBb r", "rR.oooooooooooobBb r"):
        with pytest.raises(InvalidAction):
            honey.from_text(bad)


def test_unknown_options_and_bad_values_are_refused() -> None:
    with pytest.raises(holesome.InvalidOption, match="no option 'speed'"):
        holesome.load("honey-donut", speed=3)
    with pytest.raises(holesome.InvalidOption, match="must be one of strict, simple"):
        holesome.load("honey-donut", repetition="loose")
    with pytest.raises(holesome.InvalidOption, match="is for 2 players"):
        holesome.load("honey-donut", players=3)
    assert holesome.load("honey-donut", max_plies="40").options["max_plies"] == 40


def test_fast_random_moves_are_legal_and_uniform() -> None:
    honey = game()
    state = play(honey, honey.start(seed=0), "ab", "pq")
    rng = random.Random(4)
    counts: dict[Move, int] = {}
    for _ in range(3000):
        drawn = random_move(state.board, state.mover, state.seen[BLUE], rng)
        assert drawn is not None
        move, child = drawn
        assert child == state.children[state.moves.index(move)], "the same board as the engine's move"
        counts[move] = counts.get(move, 0) + 1
    assert set(counts) == set(state.moves), "every legal move, and nothing else"
    expected = 3000 / len(state.moves)
    assert all(0.75 * expected < count < 1.25 * expected for count in counts.values()), counts


@pytest.mark.parametrize("repetition", REPETITIONS)
def test_fast_playout_matches_the_generic_playout(repetition: str) -> None:
    honey = game(repetition=repetition, max_plies=40)
    state = play(honey, honey.start(seed=0), "ab", "pq")
    rng = random.Random(9)
    fast = [honey.playout(state, rng) for _ in range(1500)]
    generic = [holesome.Game.playout(honey, state, rng) for _ in range(1500)]
    for seat in (RED, BLUE):
        assert abs(sum(v[seat] for v in fast) - sum(v[seat] for v in generic)) / 1500 < 0.06
    if repetition == "strict":
        stuck = honey.state_from_json({**honey.state_to_json(state), "seen": [[], [list(b) for b in state.children]]})
        assert state.mover == RED and honey.playout(stuck, rng) == (0.0, 1.0), "a mover with no legal move loses"
