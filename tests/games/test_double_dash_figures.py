"""Double Dash!: check figures counted by hand, views, records, notation, options and the renderer."""

import json
import random
from pathlib import Path

import pytest
from rich.console import Console

import holesome
from holesome.core.errors import InvalidOption
from holesome.core.game import CHANCE, Game
from holesome.core.match import Match
from holesome.core.perft import perft
from holesome.games.double_dash import (
    PLAYER_1,
    PLAYER_2,
    Action,
    DashState,
    Die,
    Direction,
    DoubleDash,
    Heading,
    Phase,
    Piece,
    Roll,
    StartRoll,
)
from holesome.terminal import render

STANDARD = [
    "1111111111",
    "..........",
    "..........",
    "..........",
    ".#..##..#.",
    ".#..##..#.",
    "..........",
    "..........",
    "..........",
    "2222222222",
]


def opening(game: DoubleDash) -> DashState:
    """The standard board after Player 1 won the start roll, before her first roll."""
    return game.apply(game.start(0), CHANCE, StartRoll((6, 1)))


def test_the_standard_board_is_the_spec_board() -> None:
    game = DoubleDash()
    assert game.options["board"] == STANDARD
    rows = STANDARD
    black = {(row, col) for row, text in enumerate(rows) for col, char in enumerate(text) if char == "#"}
    assert black == {(4, 1), (5, 1), (4, 4), (4, 5), (5, 4), (5, 5), (4, 8), (5, 8)}
    assert game.view(game.start(0), None)["board"] == STANDARD


@pytest.mark.parametrize("pips", range(1, 7))
def test_opening_moves_counted_by_hand(pips: int) -> None:
    # Row 1 is full of Player 1's pieces: north is the edge, east and west end on own pieces.
    # South always moves (a black space in row 5 only shortens long moves); the corners lack one diagonal.
    game = DoubleDash()
    state = game.apply(opening(game), CHANCE, Roll((pips,)))
    assert [game.action_to_text(action) for action in game.legal_actions(state, PLAYER_1)] == [
        f"{letter}1" for letter in "abcdefghij"
    ]
    directions = {}
    for piece in game.legal_actions(state, PLAYER_1):
        after = game.apply(state, PLAYER_1, piece)
        directions[game.action_to_text(piece)] = [game.action_to_text(a) for a in game.legal_actions(after, PLAYER_1)]
    assert directions["a1"] == ["se", "s"]
    assert directions["j1"] == ["s", "sw"]
    assert all(directions[f"{letter}1"] == ["se", "s", "sw"] for letter in "bcdefghi")
    assert sum(len(found) for found in directions.values()) == 28


def test_perft_of_the_opening() -> None:
    # 6 rolls; 10 pieces each (the die menu is not asked); 28 moves each; then 6 rolls for Player 2.
    game = DoubleDash()
    state = opening(game)
    assert [perft(game, state, depth) for depth in range(1, 5)] == [6, 60, 168, 1008]


def test_long_opening_moves_stop_before_the_black_spaces() -> None:
    game = DoubleDash()
    state = game.apply(opening(game), CHANCE, Roll((6,)))
    plays = game.view(game.apply(state, PLAYER_1, Piece(0, 1)), PLAYER_1)["plays"]
    assert {play["direction"]: play["to"] for play in plays} == {"se": "e4", "s": "b4", "sw": "a2"}


def test_views_show_everything_to_everyone_with_the_dice() -> None:
    game = DoubleDash()
    state = game.apply(opening(game), CHANCE, Roll((3,)))
    views = {seat: game.view(state, seat) for seat in (PLAYER_1, PLAYER_2, None)}
    for seat, view in views.items():
        assert json.loads(json.dumps(view)) == view
        assert view["game"] == "double-dash"
        assert view["seat"] == seat
        assert view["to_act"] == [PLAYER_1]
        assert view["dice"] == {"rolled": [3], "left": [3], "lost": []}
        assert view["start_rolls"] == [[6, 1]]
    assert views[PLAYER_1]["prompt"] == "Choose a piece to move 3 spaces (its square, e.g. c1)"
    one = game.apply(game.apply(opening(game), CHANCE, Roll((1,))), PLAYER_1, Piece(0, 2))
    assert game.prompt(one, PLAYER_1).startswith("Choose a direction for the piece on c1 (1 space)")
    assert views[PLAYER_2]["prompt"] == views[None]["prompt"] == ""
    public = [{k: v for k, v in view.items() if k not in ("seat", "prompt")} for view in views.values()]
    assert public[0] == public[1] == public[2]
    assert game.determinize(state, PLAYER_2, random.Random(0)) == state


def test_the_record_holds_every_roll_and_replays() -> None:
    game = holesome.load("double-dash")
    match = Match(game, seed=11)
    rng = random.Random(5)
    match.play({seat: lambda decision: rng.choice(decision.legal_actions) for seat in (PLAYER_1, PLAYER_2)})
    record = match.record
    chance = [step.action for step in record.steps if step.seat == CHANCE]
    assert chance[0]["type"] == "start-roll"
    rolls = [action for action in chance if action["type"] == "roll"]
    assert [len(action["dice"]) for action in rolls[:3]] == [1, 1, 2]
    assert list(holesome.replay(record, holesome.load_record(record)))[-1] == match.state
    assert record.outcome is not None


def test_notation() -> None:
    game = DoubleDash()
    texts: dict[Action, str] = {
        Die(3): "3",
        Die(3, both=True): "3+3",
        Piece(0, 2): "c1",
        Piece(9, 9): "j10",
        Direction(Heading.NE): "ne",
        Roll((2, 5)): "roll 2-5",
        Roll((4,)): "roll 4",
        StartRoll((6, 3)): "start 6-3",
    }
    for action, text in texts.items():
        assert game.action_to_text(action) == text
    assert len(game.action_space) == len(set(game.action_space)) == 36 + 6 + 21 + 12 + 100 + 8
    state = game.apply(opening(game), CHANCE, Roll((3,)))
    assert game.parse_action(state, PLAYER_1, "C1") == Piece(0, 2)


def test_default_action_is_the_first_menu_entry_and_finishes_games() -> None:
    game = DoubleDash(board=["11...", ".#.#.", "...22"], no_capture_limit=20)
    match = Match(game, seed=3)
    while match.outcome is None:
        match.roll_chance()
        for seat in match.to_act:
            assert game.default_action(match.state, seat) == game.legal_actions(match.state, seat)[0]
            match.act(seat, game.default_action(match.state, seat))
    assert len(match.steps) < 500
    state = game.apply(opening(DoubleDash()), CHANCE, Roll((2,)))
    assert DoubleDash().default_action(state, PLAYER_1) == Piece(0, 0)


def test_score_is_the_share_of_pieces_before_the_end() -> None:
    game = DoubleDash(board=["1.2...", "......", ".....2"])
    state = game.apply(opening(game), CHANCE, Roll((2,)))
    assert game.score(state, PLAYER_1) == pytest.approx(1 / 3)
    state = game.apply(game.apply(state, PLAYER_1, Piece(0, 0)), PLAYER_1, Direction(Heading.E))
    assert game.score(state, PLAYER_1) == pytest.approx(1 / 2)
    assert game.score(state, PLAYER_2) == pytest.approx(1 / 2)


def test_board_option_from_the_command_line_and_bad_boards() -> None:
    game = holesome.load("double-dash", board="1111,....,.#..,2222")
    assert game.options["board"] == ["1111", "....", ".#..", "2222"]
    bad = {
        "111,....": "row 2 has 4 spaces",
        "1111,..x.,2222": "row 2 has 'x'",
        "....,2222": "Player 1 has no start space",
        "[]": "no rows",
    }
    for text, message in bad.items():
        with pytest.raises(InvalidOption, match=message):
            holesome.load("double-dash", board=text)
    with pytest.raises(InvalidOption):
        holesome.load("double-dash", players=3)
    with pytest.raises(InvalidOption, match="at least 1"):
        holesome.load("double-dash", no_capture_limit=0)


def test_the_terminal_draws_the_board_dice_and_prompt() -> None:
    game = DoubleDash()
    state = game.apply(opening(game), CHANCE, Roll((3,)))
    state = game.apply(state, PLAYER_1, Piece(0, 2))
    console = Console(record=True, width=80, color_system=None)
    console.print(render(game.view(state, PLAYER_1)))
    text = console.export_text()
    assert "a b c d e f g h i j" in text
    assert " 10  2 2 2 2 2 2 2 2 2 2" in text
    assert "█" in text
    assert "Player 1 rolled ⚂ 3" in text
    assert text.count("*") == 3
    assert "Player 1: 10 pieces  ·  Player 2: 10 pieces" in text
    assert state.phase is Phase.DIRECTION


def test_the_fast_playout_plays_the_same_games_as_the_generic_one() -> None:
    game = DoubleDash(board=["111.", ".#..", "..#.", ".222"], no_capture_limit=15)
    rng = random.Random(4)
    state = game.start(0)
    probes = []
    while game.to_act(state):
        probes.append(state)
        seat = game.to_act(state)[0]
        if seat == CHANCE:
            state = game.apply(state, seat, holesome.sample_chance(game, state, rng))
        else:
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert len(probes) > 20
    for number, probe in enumerate(probes):
        for max_steps in (10_000, 7):
            fast = game.playout(probe, random.Random(number), max_steps)
            assert fast == Game.playout(game, probe, random.Random(number), max_steps)


def test_a_stored_game_replays_unchanged() -> None:
    record = holesome.Record.load(Path(__file__).with_name("double_dash_record.json"))
    game = holesome.load_record(record)
    states = list(holesome.replay(record, game))
    outcome = game.outcome(states[-1])
    assert outcome is not None
    assert outcome.to_json() == record.outcome
    assert len(states) == len(record.steps) + 1


def test_the_search_evaluation_judges_a_lead_in_pieces() -> None:
    """`evaluate` values the lead in pieces (and threats, `test_double_dash_heuristic.py`): a seat
    a piece up is judged better than even, and the values sum to 1."""
    game = DoubleDash(board=["11.", "...", "..2"], no_capture_limit=100)
    state = game.apply(opening(game), CHANCE, Roll((1,)))
    values = [game.evaluate(state, random.Random(seed)) for seed in range(30)]
    assert all(sum(value) == pytest.approx(1) for value in values)
    assert sum(value[PLAYER_1] for value in values) / len(values) > 0.6


def test_a_finished_game_is_evaluated_by_its_outcome() -> None:
    game = DoubleDash(board=["1.", ".2"])
    state = game.apply(opening(game), CHANCE, Roll((1,)))
    state = game.apply(game.apply(state, PLAYER_1, Piece(0, 0)), PLAYER_1, Direction(Heading.SE))
    assert game.outcome(state) is not None
    assert game.evaluate(state, random.Random(0)) == (1.0, 0.0)
