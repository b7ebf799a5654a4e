"""Donut Dilemma twins, written from the rules alone: a state that differs from another only in
what the rules hide from one seat (or from spectators), for the leak checks.

What a seat may know: its own start and who started with it, its own bakery, garnets, allowance
and submissions, each round's points as one number, its score and placement, the announced bakery
totals, and who has not submitted yet. Everything else is replaced by nonsense, and the seat's own
points of each round are split among the donut kinds afresh, keeping their total.
"""

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from holesome.games.donut_dilemma import Bakery, DilemmaState, Donut, Points, RoundResult, Special, Submission
from holesome.games.donut_dilemma.state import EMPTY

T = TypeVar("T")


def _others(values: tuple[T, ...], seat: int | None, make: Callable[[], T]) -> tuple[T, ...]:
    return tuple(value if index == seat else make() for index, value in enumerate(values))


def resplit(points: Points, rng: random.Random) -> Points:
    """The same total, shared among the five kinds at random."""
    cuts = sorted(rng.randint(0, points.total) for _ in range(4))
    parts = [high - low for low, high in zip([0, *cuts], [*cuts, points.total], strict=True)]
    return Points(*parts)


def _starts(state: DilemmaState, seat: int | None, rng: random.Random) -> tuple[Bakery, ...]:
    """Other starts at random, but the seat's partners stay with it and nobody else joins them."""
    if seat is None:
        return tuple(rng.choice(list(Bakery)) for _ in state.starts)
    own = state.starts[seat]
    elsewhere = [bakery for bakery in Bakery if bakery is not own]
    return tuple(
        own if bakery is own else rng.choice(elsewhere) if other != seat else own
        for other, bakery in enumerate(state.starts)
    )


def scramble(state: DilemmaState, seat: int | None, rng: random.Random) -> DilemmaState:
    """`state` with every secret of every seat but `seat` replaced by nonsense, keeping only
    what `seat` may know (see the module)."""

    def bakery() -> Bakery:
        return rng.choice(list(Bakery))

    def submission() -> Submission:
        return Submission(bakery(), rng.randrange(30), (Special(Donut.COFFEE, at=bakery()),), done=True)

    def own_points(points: tuple[Points, ...]) -> tuple[Points, ...]:
        mixed = _others(points, seat, lambda: Points(plain=rng.randrange(9)))
        return mixed if seat is None else (*mixed[:seat], resplit(points[seat], rng), *mixed[seat + 1 :])

    def result(old: RoundResult) -> RoundResult:
        return RoundResult(
            old.bakery_totals,
            _others(old.submissions, seat, submission),
            own_points(old.points),
            _others(old.scores, seat, lambda: rng.randrange(99)),
            old.placements,
        )

    pending = tuple(
        old if index == seat else (submission() if old.done else replace(EMPTY, move=bakery()))
        for index, old in enumerate(state.pending)
    )
    return replace(
        state,
        starts=_starts(state, seat, rng),
        bakeries=_others(state.bakeries, seat, bakery),
        garnets=_others(state.garnets, seat, lambda: rng.randrange(5)),
        allowances=_others(state.allowances, seat, lambda: rng.randrange(1, 4)),
        pending=pending,
        history=tuple(result(old) for old in state.history),
        plain_all_scored=rng.random() < 0.5,
    )
