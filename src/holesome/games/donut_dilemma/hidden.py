"""Determinizing Donut Dilemma: a state one seat cannot tell from the real one, drawn from what
that seat knows and nothing else.

A seat knows the options (so any explicit starting bakeries and everyone's garnets brought in),
its own start and who started with it, its own submissions, each round's points (one number),
score and placement, the announced bakery totals, and who has not yet submitted this round. The
sample is rebuilt from those alone, round by round:

- the other seats' starting bakeries are dealt again, keeping the seat's own and its partners;
- each round, the other seats' moves and donuts are drawn to fill each bakery's announced total
  (what the seat did not bake there itself): ends weighted toward the bakeries with donuts to
  account for, the donuts shared out one at a time among those present (Plain first, then
  specials, then garnet Plain), and what nobody present could bake sent in as Coffees. A draw
  that also gives the seat its own points and placement is kept; after `ATTEMPTS` draws the one
  that misses the fewest of these three is kept (the movement rules can make a history drawn
  round by round run out of ways to fit later totals). Either way the announcements and the
  seat's own figures stand exactly as it saw them, and every sampled submission is legal;
- this round's pending submissions of the other seats are drawn afresh from their menus:
  complete for each seat already done, a random unfinished one for each seat still to act.

The past is the costly part and stays the same for a whole round of decisions, so `PASTS` of
them are drawn for each thing a seat may know (`known_past`), each from an RNG seeded by that
knowledge alone, and kept; a sample takes one of them at random, then draws the pending
submissions. Because it reads only what the seat knows, two states the seat cannot tell apart
give the same sample from the same RNG, so a bot's choice cannot depend on what it was not told.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache, partial
from typing import TYPE_CHECKING, NamedTuple

from holesome.core.game import Seat
from holesome.games.donut_dilemma.actions import Special
from holesome.games.donut_dilemma.components import BAKERIES, COMPONENTS, NUMBERS, Bakery, Donut
from holesome.games.donut_dilemma.scoring import (
    all_plain_scored,
    bakery_totals,
    ending_bakeries,
    garnets_spent,
    next_allowance,
    placements,
    resolve,
)
from holesome.games.donut_dilemma.setup import deal_starts
from holesome.games.donut_dilemma.state import EMPTY, DilemmaState, Points, RoundResult, Submission, partners

if TYPE_CHECKING:
    from holesome.games.donut_dilemma.rules import DonutDilemma

ATTEMPTS = 20
"""Draws of one round's hidden submissions before settling for the closest."""
PASTS = 16
"""Pasts drawn for each thing a seat may know: a sample takes one of them at random."""
NUDGES = 2
"""Nudges toward the seat's placement per other seat, over all the draws of one round."""

_INDEX = {bakery: number for number, bakery in enumerate(BAKERIES)}
_LOCAL_SPECIALS = (Donut.GLAZED, Donut.RAINBOW, Donut.STRAWBERRY, Donut.COFFEE, Donut.JELLY)


class Seen(NamedTuple):
    """One resolved round as one seat knows it."""

    bakery_totals: tuple[int, ...]
    submission: Submission
    points: int
    """The round's points as one number: all the seat hears of them."""
    score: int
    placement: int


class Known(NamedTuple):
    """All one seat knows of the game so far but this round's pending submissions."""

    start: Bakery
    partners: tuple[Seat, ...]
    """The seats that started the game in the seat's bakery."""
    rounds: tuple[Seen, ...]


def known_past(state: DilemmaState, seat: Seat) -> Known:
    """All `seat` knows of the rounds played: its own start and partners, and each round as it saw it."""
    rounds = tuple(
        Seen(
            result.bakery_totals,
            result.submissions[seat],
            result.points[seat].total,
            result.scores[seat],
            result.placements[seat],
        )
        for result in state.history
    )
    return Known(state.starts[seat], tuple(partners(state, seat)), rounds)


def determinize(game: DonutDilemma, state: DilemmaState, seat: Seat, rng: random.Random) -> DilemmaState:
    """A state `seat` cannot tell from `state`, drawn from what `seat` knows (see the module)."""
    if game.is_over(state):
        return state
    past = _draw_past(game, seat, known_past(state, seat), rng.randrange(PASTS))
    pending = tuple(
        submission if other == seat else _draw_submission(game, past, other, submission.done, rng)
        for other, submission in enumerate(state.pending)
    )
    return DilemmaState(
        past.starts, past.bakeries, past.garnets, past.allowances, pending, past.history, past.plain_all_scored
    )


@lru_cache(maxsize=4096)
def _draw_past(game: DonutDilemma, seat: Seat, known: Known, index: int) -> DilemmaState:
    """Pasts `index` of the pool for what `seat` knows: a state with the rounds played drawn
    afresh (and no pending submissions), from an RNG seeded by `index` and `known` alone."""
    rng = random.Random(f"{game!r}:{seat}:{index}:{known!r}")
    starts = _deal(game, known, seat, rng)
    bakeries, garnets = starts, game.starting_garnets
    allowances = (NUMBERS.base_specials,) * game.players
    scores = (0,) * game.players
    history: list[RoundResult] = []
    plain_all_scored = True
    for number, seen in enumerate(known.rounds, start=1):
        table = _Table(game, seen, seat, garnets=garnets, allowances=allowances, number=number)
        secret_starts = number == 1 and game.explicit_starts is None
        redeal = partial(_deal, game, known, seat, rng) if secret_starts else None
        result, began = table.fit(bakeries, scores, rng, redeal)
        if secret_starts:
            starts = began
        submissions = result.submissions
        history.append(result)
        scores = result.scores
        if number <= NUMBERS.bonus_rounds:
            plain_all_scored = plain_all_scored and all_plain_scored(result)
        bakeries = ending_bakeries(submissions)
        garnets = tuple(held - garnets_spent(sub) for held, sub in zip(garnets, submissions, strict=True))
        allowances = tuple(next_allowance(submission) for submission in submissions)
    pending = (EMPTY,) * game.players
    return DilemmaState(starts, bakeries, garnets, allowances, pending, tuple(history), plain_all_scored)


def _deal(game: DonutDilemma, known: Known, seat: Seat, rng: random.Random) -> tuple[Bakery, ...]:
    """Starting bakeries: the public ones if the options set them, else a fresh deal that puts
    `seat` and its partners, and no one else, in its own start: a deal's places are drawn until
    that bakery has as many as they are, then the other places are shuffled among the others."""
    if game.explicit_starts is not None:
        return game.explicit_starts
    together = {seat, *known.partners}
    while True:
        places = deal_starts(game.players, rng)
        if places.count(known.start) == len(together):
            break
    rest = [place for place in places if place is not known.start]
    rng.shuffle(rest)
    others = iter(rest)
    return tuple(known.start if other in together else next(others) for other in range(game.players))


class _Table:
    """One past round seen by `seat`, and where everyone stood before it, for drawing the rest."""

    def __init__(
        self,
        game: DonutDilemma,
        seen: Seen,
        seat: Seat,
        *,
        garnets: tuple[int, ...],
        allowances: tuple[int, ...],
        number: int,
    ) -> None:
        self.seen, self.seat = seen, seat
        self.garnets, self.allowances = garnets, allowances
        self.players = game.players
        self.others = [other for other in range(game.players) if other != seat]
        self.rainbow_max = game.menus.rainbow_max[number - 1]
        self.nudges_left = 0
        own = seen.submission
        mine = bakery_totals([own], ending_bakeries([own]))
        self.remainder = [total - own_part for total, own_part in zip(seen.bakery_totals, mine, strict=True)]

    def fit(
        self,
        bakeries: tuple[Bakery, ...],
        before: tuple[int, ...],
        rng: random.Random,
        redeal: Callable[[], tuple[Bakery, ...]] | None,
    ) -> tuple[RoundResult, tuple[Bakery, ...]]:
        """The closest of up to `ATTEMPTS` draws, with the announcement and the seat's own
        figures as seen, and where everyone began the round in it: `bakeries`, or for the
        first round a fresh `redeal()` at each draw, when the starts are secret."""
        best: tuple[RoundResult, tuple[Bakery, ...]] | None = None
        best_misses = 0
        self.nudges_left = NUDGES * len(self.others)
        for _ in range(ATTEMPTS):
            starts = bakeries if redeal is None else redeal()
            result = resolve(self._draw(starts, rng), before)
            if self._fits_totals_and_points(result):
                result = self._steer(result, before, rng)
            misses = self._misses(result)
            if best is None or misses < best_misses:
                best, best_misses = (result, starts), misses
            if misses == 0:
                break
        assert best is not None
        return self._as_seen(best[0]), best[1]

    def _steer(self, result: RoundResult, before: tuple[int, ...], rng: random.Random) -> RoundResult:
        """Nudge a draw toward the seat's placement, never moving a donut to another bakery, so
        the totals stay: a seat below the seat's score is lifted by a Rainbow declaring the
        round total (one of its specials, or one of its Plain, becoming it); a seat at or above
        it is dropped by its winning Rainbow declaring another number, or by its Plain going to
        another baker in the same bakery."""
        wanted = self.seen.placement
        while self.nudges_left > 0:
            self.nudges_left -= 1
            placement = self._placement(result)
            if placement == wanted:
                break
            submissions = result.submissions
            nudges = self._lifts(result) if placement < wanted else self._drops(result)
            if not nudges:
                break
            other, submission, receiver = rng.choice(nudges)
            changed = list(submissions)
            changed[other] = submission
            if receiver is not None:
                old = submissions[receiver]
                moved = (submissions[other].plain or 0) - (submission.plain or 0)
                changed[receiver] = Submission(old.move, (old.plain or 0) + moved, old.specials, done=True)
            result = resolve(changed, before)
        return result

    def _lifts(self, result: RoundResult) -> list[tuple[Seat, Submission, Seat | None]]:
        mine, total = self.seen.score, sum(self.seen.bakery_totals)
        winner = Special(Donut.RAINBOW, total)
        nudges: list[tuple[Seat, Submission, Seat | None]] = []
        for other in self.others:
            old = result.submissions[other]
            if result.scores[other] >= mine:
                continue
            for index, special in enumerate(old.specials):
                if not _is_winning_rainbow(special, total) and _counts_where_baked_by(special, old):
                    specials = (*old.specials[:index], winner, *old.specials[index + 1 :])
                    nudges.append((other, Submission(old.move, old.plain, specials, done=True), None))
            if old.plain and len(old.specials) < self.allowances[other]:
                plain = old.plain - 1
                nudges.append((other, Submission(old.move, plain, (*old.specials, winner), done=True), None))
        return nudges

    def _drops(self, result: RoundResult) -> list[tuple[Seat, Submission, Seat | None]]:
        mine, total = self.seen.score, sum(self.seen.bakery_totals)
        miss = Special(Donut.RAINBOW, total + 1 if total < self.rainbow_max else total - 1)
        nudges: list[tuple[Seat, Submission, Seat | None]] = []
        for other in self.others:
            old = result.submissions[other]
            if result.scores[other] < mine:
                continue
            for index, special in enumerate(old.specials):
                if _is_winning_rainbow(special, total):
                    specials = (*old.specials[:index], miss, *old.specials[index + 1 :])
                    nudges.append((other, Submission(old.move, old.plain, specials, done=True), None))
            for receiver in self.others:
                room = NUMBERS.plain_max + self.garnets[receiver] - (result.submissions[receiver].plain or 0)
                if receiver != other and result.submissions[receiver].move is old.move and old.plain and room > 0:
                    plain = (old.plain or 0) - min(room, old.plain)
                    nudges.append((other, Submission(old.move, plain, old.specials, done=True), receiver))
        return nudges

    def _fits_totals_and_points(self, result: RoundResult) -> bool:
        seen = self.seen
        return result.bakery_totals == seen.bakery_totals and result.points[self.seat].total == seen.points

    def _misses(self, result: RoundResult) -> int:
        """How far a draw is from what the seat saw: bakery totals, its points, its placement."""
        seen, seat = self.seen, self.seat
        wrong_totals = sum(
            1 for ours, theirs in zip(result.bakery_totals, seen.bakery_totals, strict=True) if ours != theirs
        )
        return wrong_totals + (result.points[seat].total != seen.points) + (self._placement(result) != seen.placement)

    def _placement(self, result: RoundResult) -> int:
        scores = list(result.scores)
        scores[self.seat] = self.seen.score
        return placements(scores)[self.seat]

    def _as_seen(self, result: RoundResult) -> RoundResult:
        """The draw, with the announced totals and the seat's own figures exactly as seen."""
        seen, seat = self.seen, self.seat
        points = list(result.points)
        if points[seat].total != seen.points:  # no draw fitted: the seat sees only the total
            points[seat] = Points(plain=seen.points)
        scores = list(result.scores)
        scores[seat] = seen.score
        places = list(placements(scores))
        places[seat] = seen.placement
        return RoundResult(seen.bakery_totals, result.submissions, tuple(points), tuple(scores), tuple(places))

    def _draw(self, bakeries: tuple[Bakery, ...], rng: random.Random) -> tuple[Submission, ...]:
        """Every seat's submission, from where each began the round: the seat's own as seen,
        the others drawn to fill the totals."""
        remainder = list(self.remainder)
        ends: dict[Seat, Bakery] = {}
        for other in self.others:
            choices = COMPONENTS.moves[bakeries[other]]
            ends[other] = rng.choices(choices, [remainder[_INDEX[end]] + 1 for end in choices])[0]
        plain = dict.fromkeys(self.others, 0)
        specials: dict[Seat, list[Special]] = {other: [] for other in self.others}
        for number, bakery in enumerate(BAKERIES):
            present = [other for other in self.others if ends[other] is bakery]
            while remainder[number] > 0 and present:
                other = rng.choice(present)
                if plain[other] < NUMBERS.plain_max:
                    plain[other] += 1
                elif len(specials[other]) < self.allowances[other]:
                    specials[other].append(self._local_special(bakery, rng))
                elif plain[other] < NUMBERS.plain_max + self.garnets[other]:
                    plain[other] += 1
                else:
                    present.remove(other)
                    continue
                remainder[number] -= 1
        for number, bakery in enumerate(BAKERIES):
            while remainder[number] > 0:
                free = [other for other in self.others if len(specials[other]) < self.allowances[other]]
                if not free:
                    break
                specials[rng.choice(free)].append(Special(Donut.COFFEE, at=bakery))
                remainder[number] -= 1
        return tuple(
            self.seen.submission
            if seat == self.seat
            else Submission(ends[seat], plain[seat], tuple(specials[seat]), done=True)
            for seat in range(self.players)
        )

    def _local_special(self, bakery: Bakery, rng: random.Random) -> Special:
        """A random special that counts where its baker ends: any kind, a Coffee baked there."""
        donut = rng.choice(_LOCAL_SPECIALS)
        if donut is Donut.RAINBOW:
            return Special(donut, rng.randint(0, self.rainbow_max))
        if donut is Donut.COFFEE:
            return Special(donut, at=bakery)
        return Special(donut)


def _is_winning_rainbow(special: Special, total: int) -> bool:
    return special.donut is Donut.RAINBOW and special.number == total


def _counts_where_baked_by(special: Special, submission: Submission) -> bool:
    """Whether the special counts in its baker's own bakery (all but a Coffee baked elsewhere)."""
    return special.donut is not Donut.COFFEE or special.at is submission.move


def _draw_submission(game: DonutDilemma, state: DilemmaState, seat: Seat, done: bool, rng: random.Random) -> Submission:
    """A random submission `seat` could have made so far: complete if `done`, else a random
    unfinished part of one."""
    steps = []
    submission = EMPTY
    while not submission.done:
        menu = game.menus.menu(submission, state.bakeries[seat], state.garnets[seat], state.round)
        submission = submission.after(rng.choice(menu.actions), state.allowances[seat], state.bakeries[seat])
        steps.append(submission)
    if done:
        return submission
    return rng.choice([EMPTY, *steps[:-1]])
