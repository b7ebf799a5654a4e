"""Doughnut Dash scoring: doughnuts by kind, Rainbow Frosted by set size, unplayed Sugar Rush cards."""

from __future__ import annotations

from collections.abc import Iterable

from holesome.games.doughnut_dash.components import CARD_POINTS, DOUGHNUT_POINTS, Card, Doughnut

MAX_STACK = {2: 20, 3: 15, 4: 10}
"""The stack height that ends the game, by player count."""
RAINBOW_SMALL_SETS = {0: 0, 1: -1, 2: -4}
"""Rainbow Frosted points for fewer than three; from three on, a set of n scores n * n."""


def rainbow_points(count: int) -> int:
    """Points for `count` Rainbow Frosted doughnuts: 1 -> -1, 2 -> -4, n >= 3 -> n * n."""
    return RAINBOW_SMALL_SETS.get(count, count * count)


def doughnut_points(stack: Iterable[Doughnut]) -> int:
    """Points for a stack of doughnuts (public)."""
    stack = tuple(stack)
    flat = sum(DOUGHNUT_POINTS[d] for d in stack if d is not Doughnut.RAINBOW_FROSTED)
    return flat + rainbow_points(stack.count(Doughnut.RAINBOW_FROSTED))


def card_points(cards: Iterable[Card]) -> int:
    """Points for unplayed Sugar Rush cards (secret until the end)."""
    return sum(CARD_POINTS[card] for card in cards)


def points(stack: Iterable[Doughnut], cards: Iterable[Card]) -> int:
    """A player's total: her doughnuts and her unplayed Sugar Rush cards."""
    return doughnut_points(stack) + card_points(cards)
