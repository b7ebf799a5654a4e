"""Doughnut Dash scoring and the rulebook's check figure."""

import pytest

from holesome.games.doughnut_dash import Card, Doughnut
from holesome.games.doughnut_dash.scoring import doughnut_points, points, rainbow_points


def test_the_rulebooks_scoring_example_scores_33() -> None:
    stack = (
        [Doughnut.KETCHUP]
        + [Doughnut.STRAWBERRY_LEMONADE] * 4
        + [Doughnut.CHOCOLATE_COCONUT] * 2
        + [Doughnut.BLUEBERRY_VIOLET] * 2
        + [Doughnut.RAINBOW_FROSTED] * 3
    )
    cards = (Card.LEAP, Card.GUARD)  # worth 1 and 2
    assert points(stack, cards) == 33


@pytest.mark.parametrize(("count", "expected"), [(0, 0), (1, -1), (2, -4), (3, 9), (4, 16), (5, 25), (8, 64)])
def test_rainbow_frosted_scores_by_set_size(count: int, expected: int) -> None:
    assert rainbow_points(count) == expected


def test_flat_doughnut_points() -> None:
    assert doughnut_points([Doughnut.KETCHUP]) == -1
    assert doughnut_points([Doughnut.STRAWBERRY_LEMONADE]) == 1
    assert doughnut_points([Doughnut.CHOCOLATE_COCONUT]) == 3
    assert doughnut_points([Doughnut.BLUEBERRY_VIOLET]) == 6
