"""The terminal renderer draws any Doughnut Dash view, hiding what the view hides."""

import random

from rich.console import Console

import holesome
from holesome.core.game import CHANCE, sample_chance
from holesome.terminal import render


def draw(view: dict[str, object]) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_the_board_players_and_prompt_are_drawn_for_every_seat_through_a_game() -> None:
    game = holesome.load("doughnut-dash", 3)
    state, rng = game.start(11), random.Random(11)
    seen_cards, step = False, 0
    while game.outcome(state) is None:
        seat, step = game.to_act(state)[0], step + 1
        if seat != CHANCE and step % 6 == 0:
            text = draw(game.view(state, seat))
            assert game.prompt(state, seat)[:30] in text
            assert " a  b    c  d    e  f    g  h" in text
            seen_cards = seen_cards or "hidden" in text
        action = sample_chance(game, state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    assert "Game over" in draw(game.view(state, None))
    assert seen_cards


def test_thieves_and_doughnuts_are_told_apart_by_letter() -> None:
    game = holesome.load("doughnut-dash", 4)
    text = draw(game.view(game.start(0), None))
    board = text.split("seat")[0]
    for letter in "ABCDabcd":
        assert letter in board
    assert sum(board.count(letter) for letter in "SCBKR") >= 56
