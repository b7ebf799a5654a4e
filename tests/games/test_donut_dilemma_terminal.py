"""The Donut Dilemma terminal drawing names the seat's starting partners and each round's points
as one number."""

from rich.console import Console

from holesome.games.donut_dilemma import DonutDilemma
from holesome.terminal import render


def drawn(view: dict[str, object]) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_the_seat_sees_its_partners_counted_from_one_and_its_round_points_as_one_number() -> None:
    game = DonutDilemma(5, start=["A", "A", "B", "C", "A"])
    state = game.start(0)
    for seat, words in enumerate(["a 5 s", "a 1 s", "b 0 done", "c 0 done", "a 5 done"]):
        for word in words.split():
            if seat in game.to_act(state):
                state = game.apply(state, seat, game.parse_action(state, seat, word))
    text = drawn(game.view(state, 0))
    assert "you started in bakery A with seat 2 and seat 5" in text
    assert "you started in bakery B alone" in drawn(game.view(state, 2))
    row = next(line for line in text.splitlines() if "to A, 5 plain" in line)
    assert row.split("│")[3].strip() == str(state.history[0].points[0].total) == "29"
    assert "strawberry" not in text.lower()
