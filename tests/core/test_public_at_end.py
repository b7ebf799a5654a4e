"""What each game's end makes public: everything, or (Donut Dilemma) only the announcements."""

from __future__ import annotations

import random
from typing import Any

import pytest

import holesome
from holesome.core.game import CHANCE, Game, sample_chance

REVEALS_EVERYTHING = {"honey-donut", "go-nuts", "doughnut-dash", "double-dash"}


def _finished(game: Game[Any, Any], seed: int) -> Any:
    rng = random.Random(seed)
    state = game.start(seed)
    while game.outcome(state) is None:
        seat = game.to_act(state)[0]
        action = sample_chance(game, state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    return state


@pytest.mark.parametrize("name", sorted(holesome.GAMES))
def test_each_game_declares_what_its_end_reveals(name: str) -> None:
    game = holesome.load(name, None, **({"rounds": 1} if name == "donut-dilemma" else {}))
    state = _finished(game, 3)
    public = game.public_at_end(state)
    if name in REVEALS_EVERYTHING:
        assert public is None
    else:
        assert public == game.view(state, None)


def test_donut_dilemma_reveals_only_announcements_final_scores_and_bakeries() -> None:
    game = holesome.load("donut-dilemma", 4, rounds=2)
    state = _finished(game, 8)
    public = game.public_at_end(state)
    assert public is not None and public["me"] is None
    assert public["final"] == {"scores": list(state.scores), "bakeries": [bakery.value for bakery in state.bakeries]}
    assert len(public["announcements"]) == 2
