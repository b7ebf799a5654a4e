"""Views to feed the game encoders: random games played from the start, every seat looking."""

import random
from collections.abc import Iterator
from typing import Any

from holesome.core.game import CHANCE, Game, View


def sampled_views(game: Game[Any, Any], seed: int, max_steps: int) -> Iterator[View]:
    """Every seat's view and the spectator's at each step of one random game (chance by its odds)."""
    rng = random.Random(seed)
    state = game.start(seed)
    for _ in range(max_steps):
        for seat in (None, *range(game.players)):
            yield game.view(state, seat)
        acting = game.to_act(state)
        if not acting:
            return
        seat = acting[0]
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
