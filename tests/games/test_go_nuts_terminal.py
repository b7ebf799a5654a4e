"""The Go Nuts terminal drawing shows the row by slot, every hand with its score, the piles and the prompt."""

from rich.console import Console

from holesome.games.go_nuts import GoNuts, Pick
from holesome.games.go_nuts.scenario import position
from holesome.terminal import render


def drawn(view: dict[str, object]) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_the_table_shows_slots_cards_scores_piles_and_prompt() -> None:
    game = GoNuts(3)
    state = position(3, row=["GL", "BC", "PO", "JF"], hands=[["PL", "PL"], ["DH"], []], discard=["EC"])
    state = game.apply(state, 2, Pick(4))
    text = drawn(game.view(state, 0))
    for expected in ("1 │ GL Glazed", "2 │ BC Boston Cream", "4 │ JF Jelly-Filled", "EC★", "deck 42 cards"):
        assert expected in text
    assert "PLx2" in text and "Round 1: pick a card of the row in secret (its slot, 1-4)" in text
    assert " 5 " in text.split("1 (you)")[1].splitlines()[0]


def test_the_finished_game_names_the_winner() -> None:
    game = GoNuts(2)
    state = position(2, row=["GL", "PO", "PL"], deck=[])
    state = game.apply(game.apply(state, 0, Pick(1)), 1, Pick(2))
    assert "game over: seat 2 wins" in drawn(game.view(state, 0))
