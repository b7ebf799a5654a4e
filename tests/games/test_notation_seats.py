"""Typed notation counts seats from 1, as people do (`@2` and `rob 2` name the rules' seat 1)."""

from __future__ import annotations

import holesome
from holesome.games.doughnut_dash.state import Give, Rob
from holesome.games.go_nuts.actions import Opponent


def test_seats_in_notation_count_from_one() -> None:
    assert holesome.load("go-nuts").action_to_text(Opponent(1)) == "@2"
    dash = holesome.load("doughnut-dash")
    assert dash.action_to_text(Rob(1)) == "rob 2"
    assert dash.action_to_text(Give(0)) == "give 1"
