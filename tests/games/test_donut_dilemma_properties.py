"""Donut Dilemma invariants, checked with Hypothesis over random tables and random games."""

import random
from collections.abc import Callable
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from holesome.games.donut_dilemma import Bakery, DilemmaState, Donut, DonutDilemma, Special, Submission
from holesome.games.donut_dilemma.components import NUMBERS
from holesome.games.donut_dilemma.scoring import garnets_spent, placements, resolve

bakeries = st.sampled_from(list(Bakery))
specials = st.one_of(
    st.sampled_from([Special(Donut.GLAZED), Special(Donut.STRAWBERRY), Special(Donut.JELLY)]),
    st.builds(lambda n: Special(Donut.RAINBOW, n), st.integers(0, 160)),
    st.builds(lambda at: Special(Donut.COFFEE, at=at), bakeries),
)
submissions = st.builds(
    lambda move, plain, made: Submission(move, plain, tuple(made), done=True),
    bakeries,
    st.integers(0, 15),
    st.lists(specials, max_size=4),
)
tables = st.lists(submissions, min_size=3, max_size=10)


@settings(max_examples=50)
@given(tables)
def test_every_donut_is_counted_once_in_some_bakery(table: list[Submission]) -> None:
    result = resolve(table, [0] * len(table))
    assert result.total == sum((sub.plain or 0) + len(sub.specials) for sub in table)


@settings(max_examples=50)
@given(tables)
def test_a_bakery_holds_what_its_players_baked_there_and_the_coffees_baked_there(table: list[Submission]) -> None:
    result = resolve(table, [0] * len(table))
    for index, bakery in enumerate(Bakery):
        made_here = sum(
            (sub.plain or 0) + sum(1 for s in sub.specials if s.donut is not Donut.COFFEE)
            for sub in table
            if sub.move is bakery
        )
        coffees_here = sum(1 for sub in table for s in sub.specials if s.donut is Donut.COFFEE and s.at is bakery)
        assert result.bakery_totals[index] == made_here + coffees_here


@settings(max_examples=50)
@given(tables, st.data())
def test_scores_add_the_rounds_points(table: list[Submission], data: st.DataObject) -> None:
    before = data.draw(st.lists(st.integers(0, 200), min_size=len(table), max_size=len(table)))
    result = resolve(table, before)
    assert result.scores == tuple(old + points.total for old, points in zip(before, result.points, strict=True))
    for sub, points in zip(table, result.points, strict=True):
        assert 0 <= points.plain <= (sub.plain or 0)
        assert points.glazed == sub.count(Donut.GLAZED) * NUMBERS.glazed_points


@given(st.lists(st.integers(0, 30), min_size=3, max_size=10))
def test_placements_count_those_at_or_above(scores: list[int]) -> None:
    places = placements(scores)
    best = max(scores)
    assert all(1 <= place <= len(scores) for place in places)
    assert {place for score, place in zip(scores, places, strict=True) if score == best} == {scores.count(best)}
    for score, place in zip(scores, places, strict=True):
        for other, other_place in zip(scores, places, strict=True):
            assert (score > other) <= (place < other_place)
            assert (score == other) <= (place == other_place)


def _random_game(game: DonutDilemma, seed: int, pick: Callable[[tuple[int, ...]], int]) -> list[DilemmaState]:
    """The state at each round's start of a random game; `pick` says which seat submits next,
    each seat choosing with its own RNG, so the submissions do not depend on the order."""
    choices = [random.Random(f"{seed}:{seat}") for seat in range(game.players)]
    state = game.start(seed)
    rounds = [state]
    while game.outcome(state) is None:
        seat = pick(game.to_act(state))
        state = game.apply(state, seat, choices[seat].choice(game.legal_actions(state, seat)))
        if state.round != rounds[-1].round:
            rounds.append(state)
    return rounds


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10_000), st.lists(st.integers(0, 3), min_size=3, max_size=10))
def test_garnets_allowances_and_positions_carry_over_exactly(players: int, seed: int, brought: list[int]) -> None:
    garnets = (brought * 4)[:players]
    game = DonutDilemma(players, garnets=garnets)
    rounds = _random_game(game, seed, random.Random(seed).choice)
    for before, after in pairwise(rounds):
        result = after.history[-1]
        for seat, sub in enumerate(result.submissions):
            assert sub.move in {before.bakeries[seat], *_neighbours(before.bakeries[seat])}
            assert after.bakeries[seat] is sub.move
            assert after.garnets[seat] == before.garnets[seat] - garnets_spent(sub) >= 0
            assert len(sub.specials) <= before.allowances[seat]
            assert after.allowances[seat] == 1 + sub.count(Donut.JELLY)


def _neighbours(bakery: Bakery) -> set[Bakery]:
    ring = list(Bakery)
    index = ring.index(bakery)
    return {ring[index - 1], ring[(index + 1) % len(ring)]}


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_the_order_of_submissions_does_not_change_the_game(players: int, seed: int, order: random.Random) -> None:
    game = DonutDilemma(players)
    in_seat_order = _random_game(game, seed, lambda seats: seats[0])
    in_any_order = _random_game(game, seed, order.choice)
    assert in_any_order == in_seat_order
