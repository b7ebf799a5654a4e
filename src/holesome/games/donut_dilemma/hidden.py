"""Determinizing Donut Dilemma: a state one seat cannot tell from the real one.

A seat sees its own side of the game, the announced bakery totals, and its placement. Two
things are resampled:

- **The other seats' pasts.** Whole histories (starting bakery, every submission, points,
  scores, garnets, allowance, where they stand) are handed round among the other seats at
  random. Bakery totals, headcounts and the multiset of scores do not depend on who is who, so
  every announcement, the seat's own points and its placements stay exactly as it saw them.
  Histories only move between seats the seat can tell apart from nothing public: the same
  garnets brought in (option `garnets`), and, when the option `start` made the starting
  bakeries public, the same starting bakery.
- **This round's pending submissions** of the other seats, drawn afresh from their menus: a
  complete one for each seat already done, a random unfinished one for each seat still to act.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from holesome.core.game import Seat
from holesome.games.donut_dilemma.state import EMPTY, DilemmaState, RoundResult, Submission

if TYPE_CHECKING:
    from holesome.games.donut_dilemma.rules import DonutDilemma

T = TypeVar("T")


def determinize(game: DonutDilemma, state: DilemmaState, seat: Seat, rng: random.Random) -> DilemmaState:
    """A state `seat` cannot tell from `state`, with all it cannot see resampled."""
    if game.is_over(state):
        return state
    order = _shuffle_others(game, seat, rng)
    shuffled = replace(
        state,
        starts=_take(state.starts, order),
        bakeries=_take(state.bakeries, order),
        garnets=_take(state.garnets, order),
        allowances=_take(state.allowances, order),
        history=tuple(_shuffle_result(result, order) for result in state.history),
    )
    pending = tuple(
        submission if other == seat else _draw_submission(game, shuffled, other, submission.done, rng)
        for other, submission in enumerate(state.pending)
    )
    return replace(shuffled, pending=pending)


def _shuffle_others(game: DonutDilemma, seat: Seat, rng: random.Random) -> tuple[Seat, ...]:
    """`order[new] = old`: which seat's past each seat takes; `seat` keeps its own."""
    groups: dict[tuple[int, str], list[Seat]] = {}
    for other in range(game.players):
        if other != seat:
            start = "" if game.explicit_starts is None else game.explicit_starts[other].value
            groups.setdefault((game.starting_garnets[other], start), []).append(other)
    order = list(range(game.players))
    for members in groups.values():
        sources = list(members)
        rng.shuffle(sources)
        for target, source in zip(members, sources, strict=True):
            order[target] = source
    return tuple(order)


def _take(values: Sequence[T], order: Sequence[Seat]) -> tuple[T, ...]:
    return tuple(values[source] for source in order)


def _shuffle_result(result: RoundResult, order: Sequence[Seat]) -> RoundResult:
    return RoundResult(
        bakery_totals=result.bakery_totals,
        submissions=_take(result.submissions, order),
        points=_take(result.points, order),
        scores=_take(result.scores, order),
        placements=_take(result.placements, order),
    )


def _draw_submission(game: DonutDilemma, state: DilemmaState, seat: Seat, done: bool, rng: random.Random) -> Submission:
    """A random submission `seat` could have made so far: complete if `done`, else a random
    unfinished part of one."""
    steps = []
    submission = EMPTY
    while not submission.done:
        menu = game.menus.menu(submission, state.bakeries[seat], state.garnets[seat], state.round)
        submission = submission.after(rng.choice(menu.actions), state.allowances[seat])
        steps.append(submission)
    if done:
        return submission
    unfinished = [EMPTY, *steps[:-1]]
    return rng.choice(unfinished)
