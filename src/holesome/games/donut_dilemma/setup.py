"""Dealing the starting bakeries: two to a bakery for ten players, as evenly as possible for fewer."""

from __future__ import annotations

import random

from holesome.games.donut_dilemma.components import BAKERIES, Bakery


def deal_starts(players: int, rng: random.Random) -> tuple[Bakery, ...]:
    """Each seat's starting bakery: the bakeries in a random order give the extra places when
    the players do not divide evenly, then the places are shuffled among the seats."""
    extras_first = list(BAKERIES)
    rng.shuffle(extras_first)
    places = [extras_first[index % len(BAKERIES)] for index in range(players)]
    rng.shuffle(places)
    return tuple(places)
