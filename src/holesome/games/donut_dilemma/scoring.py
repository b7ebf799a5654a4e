"""Resolving a round: bakery totals, each seat's points, placements (spec, "Resolution").

Pure functions of the finished submissions, so tests can score any table they build.
"""

from __future__ import annotations

from collections.abc import Sequence

from holesome.games.donut_dilemma.components import BAKERIES, NUMBERS, Bakery, Donut
from holesome.games.donut_dilemma.state import Points, RoundResult, Submission

_INDEX = {bakery: index for index, bakery in enumerate(BAKERIES)}


def bakery_totals(submissions: Sequence[Submission], ends: Sequence[Bakery]) -> tuple[int, ...]:
    """Donuts baked in each bakery (A-E): each seat's Plain and specials where it ended,
    except Coffees, which count where they were baked (Ruling)."""
    totals = [0] * len(BAKERIES)
    for submission, end in zip(submissions, ends, strict=True):
        totals[_INDEX[end]] += submission.plain or 0
        for special in submission.specials:
            where = special.at if special.donut is Donut.COFFEE and special.at is not None else end
            totals[_INDEX[where]] += 1
    return tuple(totals)


def headcounts(ends: Sequence[Bakery]) -> tuple[int, ...]:
    """Players who ended the round in each bakery (A-E)."""
    return tuple(sum(1 for end in ends if end is bakery) for bakery in BAKERIES)


def is_plain_scoring(submission: Submission, bakery_total: int) -> bool:
    """Plain scores in a bakery of at most the limit, or whatever the total with a Glazed."""
    return bakery_total <= NUMBERS.bakery_limit or submission.count(Donut.GLAZED) > 0


def score_submission(
    submission: Submission, end: Bakery, totals: Sequence[int], heads: Sequence[int], round_total: int
) -> Points:
    """One seat's points for the round (Jelly scores nothing: it raises the next allowance)."""
    mine = totals[_INDEX[end]]
    plain = submission.plain or 0
    if not submission.specials:
        return Points(plain=plain if mine <= NUMBERS.bakery_limit else 0)
    strawberry = 0
    if mine == NUMBERS.bakery_limit:
        strawberry = submission.count(Donut.STRAWBERRY) * NUMBERS.strawberry_points_per_baker * heads[_INDEX[end]]
    return Points(
        plain=plain if is_plain_scoring(submission, mine) else 0,
        glazed=submission.count(Donut.GLAZED) * NUMBERS.glazed_points,
        rainbow=sum(s.number for s in submission.specials if s.donut is Donut.RAINBOW and s.number == round_total),
        strawberry=strawberry,
        coffee=sum(
            NUMBERS.coffee_points_per_baker * heads[_INDEX[s.at]]
            for s in submission.specials
            if s.donut is Donut.COFFEE and s.at is not None
        ),
    )


def placements(scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's placement: how many players have at least its score (ties share the lower)."""
    return tuple(sum(1 for other in scores if other >= score) for score in scores)


def ending_bakeries(submissions: Sequence[Submission]) -> tuple[Bakery, ...]:
    """Where each seat ends the round: its move (every finished submission has one)."""
    ends: list[Bakery] = []
    for submission in submissions:
        if submission.move is None:
            raise ValueError("a round resolves only when every submission has its move")
        ends.append(submission.move)
    return tuple(ends)


def resolve(submissions: Sequence[Submission], before: Sequence[int]) -> RoundResult:
    """The round's result, from every seat's finished submission and the scores before it."""
    ends = ending_bakeries(submissions)
    totals = bakery_totals(submissions, ends)
    heads = headcounts(ends)
    round_total = sum(totals)
    points = tuple(
        score_submission(submission, end, totals, heads, round_total)
        for submission, end in zip(submissions, ends, strict=True)
    )
    scores = tuple(old + new.total for old, new in zip(before, points, strict=True))
    return RoundResult(totals, tuple(submissions), points, scores, placements(scores))


def next_allowance(submission: Submission) -> int:
    """Specials allowed next round: the base, plus the bonus for each Jelly baked this round only."""
    return NUMBERS.base_specials + NUMBERS.jelly_extra_specials * submission.count(Donut.JELLY)


def garnets_spent(submission: Submission) -> int:
    """Garnets a submission spends: one per Plain over the cap (Ruling)."""
    return max(0, (submission.plain or 0) - NUMBERS.plain_max)


def all_plain_scored(result: RoundResult) -> bool:
    """Whether every Plain donut baked this round scored."""
    pairs = zip(result.submissions, result.points, strict=True)
    return all((submission.plain or 0) == points.plain for submission, points in pairs)
