"""The leaf evaluations the searches judge positions by: values in [0, 1] that favour the leader."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import holesome
from holesome.core.game import lead_values
from holesome.games.doughnut_dash.components import Doughnut
from holesome.games.go_nuts import flow
from holesome.games.go_nuts.table import Table

DONUT_HOLES, GLAZED = 1, 4


def test_lead_values_are_a_share_of_one_that_follows_the_scores() -> None:
    values = lead_values([10.0, 4.0, 4.0, 0.0], spread=4.0)
    assert sum(values) == pytest.approx(1.0)
    assert values[0] > values[1] == values[2] > values[3] > 0.0
    assert lead_values([3.0, 3.0], spread=2.0) == (0.5, 0.5)
    assert lead_values([1.0, 0.0], spread=1.0)[0] == pytest.approx(0.731, abs=1e-3)


def _go_nuts_with_hands(hands: tuple[tuple[int, ...], ...]) -> tuple[holesome.Game[Any, Any], Any]:
    game = holesome.load("go-nuts", players=2)
    return game, flow.settle(Table(replace(game.start(3), hands=hands)))


def _hand(**cards: int) -> tuple[int, ...]:
    counts = [0] * 23
    for card, count in cards.items():
        counts[{"holes": DONUT_HOLES, "glazed": GLAZED}[card]] = count
    return tuple(counts)


def _mean(game: holesome.Game[Any, Any], state: Any, samples: int = 200) -> list[float]:
    rng = random.Random(0)
    totals = [0.0] * game.players
    for _ in range(samples):
        values = game.evaluate(state, rng)
        assert all(0.0 <= value <= 1.0 for value in values)
        assert sum(values) == pytest.approx(1.0)
        totals = [total + value for total, value in zip(totals, values, strict=True)]
    return [total / samples for total in totals]


def test_go_nuts_judges_a_lead_in_sets_a_lead() -> None:
    """Four Donut Holes (10 points) against two Glazed (4): a playout cut now favours the holder
    of the holes, more so than against four Glazed (8), and whole random games from there
    (the search's leaf) favour it too."""
    game, ahead = _go_nuts_with_hands((_hand(holes=4), _hand(glazed=2)))
    _, closer = _go_nuts_with_hands((_hand(holes=4), _hand(glazed=4)))
    _, level = _go_nuts_with_hands((_hand(), _hand()))
    assert game.cutoff_values(ahead)[0] > game.cutoff_values(closer)[0] > 0.5 == game.cutoff_values(level)[0]
    assert _mean(game, ahead)[0] > _mean(game, level)[0] + 0.1


def test_doughnut_dash_judges_a_taller_better_stack_a_lead() -> None:
    game = holesome.load("doughnut-dash", players=2)
    start = game.start(3)
    players = list(start.players)
    players[1] = replace(players[1], stack=(Doughnut.BLUEBERRY_VIOLET, Doughnut.CHOCOLATE_COCONUT))
    ahead = replace(start, players=tuple(players))
    assert game.cutoff_values(ahead)[1] > 0.8
    assert _mean(game, ahead, samples=60)[1] > _mean(game, start, samples=60)[1] + 0.2
