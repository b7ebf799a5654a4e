"""Perft: counting action sequences, the move-generator check python-chess made standard.

Each `apply` is one step. At a simultaneous step every seat that may act branches, each with
each of its legal actions; at a chance step every possible outcome is a branch. Finished games
stop the count (a sequence that ends early is not extended).
"""

from __future__ import annotations

from typing import Any

from holesome.core.game import CHANCE, Game


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """The number of action sequences of length `depth` from `state`."""
    if depth == 0:
        return 1
    return sum(perft(game, child, depth - 1) for _, child in _children(game, state))


def divide(game: Game[Any, Any], state: Any, depth: int) -> list[tuple[str, int]]:
    """Perft split by first step, as `(notation, count)` pairs: for finding a wrong branch."""
    return [(label, perft(game, child, depth - 1)) for label, child in _children(game, state)]


def _children(game: Game[Any, Any], state: Any) -> list[tuple[str, Any]]:
    children = []
    for seat in game.to_act(state):
        if seat == CHANCE:
            actions = [action for action, chance in game.chance_outcomes(state) if chance > 0]
        else:
            actions = list(game.legal_actions(state, seat))
        for action in actions:
            who = "chance" if seat == CHANCE else f"seat {seat}"
            children.append((f"{who}: {game.action_to_text(action)}", game.apply(state, seat, action)))
    return children
