"""`arena.tables`: a short search's mix scored in a long search's two-seat table."""

from __future__ import annotations

import numpy as np
import pytest

import holesome

pytest.importorskip("numba")  # the tool solves its tables on the compiled path

from holesome.arena import tables

PENNIES = np.array([[1.0, 0.0], [0.0, 1.0]])
"""Matching pennies as a win probability for the row seat: its one equilibrium is half and half."""


def test_the_equilibrium_loses_nothing_and_a_pure_pick_is_exploitable() -> None:
    assert tables.losses(PENNIES, np.array([0.5, 0.5])) == pytest.approx((0.0, 0.0))
    exploitability, against_equilibrium = tables.losses(PENNIES, np.array([1.0, 0.0]))
    assert exploitability == pytest.approx(0.5)
    assert against_equilibrium == pytest.approx(0.0)


def test_positions_are_secret_picks_of_seat_one_and_the_other_seat() -> None:
    game = holesome.load("go-nuts", 2)
    found = tables.positions(game, 5, seed=3)
    assert len(found) == 5
    for state in found:
        assert tables.SEAT in game.to_act(state) and len(game.to_act(state)) == 2
        assert game.secret_round(state, tables.SEAT) is not None
    assert [game.view(state, 0) for state in tables.positions(game, 5, seed=3)] == [game.view(s, 0) for s in found]


def test_the_command_scores_each_bot_in_one_row(capsys: pytest.CaptureFixture[str]) -> None:
    argv = "go-nuts --ours ismcts:10 --ours ismcts:40 --positions 3 --reference 80 --references 1 --repeats 1"
    tables.main(argv.split())
    rows = capsys.readouterr().out.splitlines()
    assert [row.split(" | ")[1] for row in rows] == ["ismcts:10", "ismcts:40"]
    for row in rows:
        scored = int(row.split(" | ")[2])
        exploitability = float(row.split(" | ")[3].split(" ± ")[0])
        assert 1 <= scored <= 3
        assert exploitability >= -1e-6


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["go-nuts", "--ours", "ismcts:10", "--positions", "0"], "--positions must be 1..1000"),
        (["go-nuts", "--ours", "greedy"], "only ismcts plays a two-seat table"),
        (["honey-donut", "--ours", "ismcts:10"], "no secret picks"),
        (["go-nuts", "--ours", "ismcts:10", "--json", "/no/such/dir/f.json"], "no directory /no/such/dir"),
    ],
)
def test_bad_input_is_refused_before_any_search(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        tables.main(argv)
    assert message in capsys.readouterr().err
