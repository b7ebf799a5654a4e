"""Donut Dilemma's state: where everyone is, what they hold, this round's secret submissions,
and the results of the rounds played.

Everything per seat is a tuple indexed by seat. Most of it is secret: a seat may know only its
own bakery, garnets, allowance, submissions and points, the public announcements, and its
placement (`view.py` decides; `hidden.py` resamples the rest).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from holesome.games.donut_dilemma.actions import Action, Done, Move, Plain, Skip, Special
from holesome.games.donut_dilemma.components import Bakery, Donut


@dataclass(frozen=True, slots=True)
class Submission:
    """One seat's secret choices for a round, filled in one menu at a time."""

    move: Bakery | None = None
    """Where the seat ends the round; None until chosen."""
    plain: int | None = None
    """How many Plain donuts; None until chosen."""
    specials: tuple[Special, ...] = ()
    done: bool = False

    def after(self, action: Action, allowance: int, here: Bakery) -> Submission:
        """The submission with one more step (already checked legal); it is done after `Done`
        or once `allowance` specials are baked. `Skip` throws away what was chosen: the seat,
        in bakery `here`, stays and bakes nothing."""
        if isinstance(action, Skip):
            return Submission(here, 0, done=True)
        if isinstance(action, Move):
            return Submission(action.to)
        if isinstance(action, Plain):
            return Submission(self.move, action.count)
        if isinstance(action, Done):
            return Submission(self.move, self.plain, self.specials, done=True)
        specials = (*self.specials, action)
        return Submission(self.move, self.plain, specials, done=len(specials) >= allowance)

    def count(self, donut: Donut) -> int:
        """How many specials of this kind the submission holds."""
        return sum(1 for special in self.specials if special.donut is donut)


EMPTY = Submission()
"""A submission not yet begun."""


@dataclass(frozen=True, slots=True)
class Points:
    """One seat's points for one round, by the kind of donut that scored them."""

    plain: int = 0
    glazed: int = 0
    rainbow: int = 0
    strawberry: int = 0
    coffee: int = 0

    @property
    def total(self) -> int:
        """All the round's points."""
        return self.plain + self.glazed + self.rainbow + self.strawberry + self.coffee


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A resolved round: the public announcement and every seat's secret part of it."""

    bakery_totals: tuple[int, ...]
    """Donuts baked in each bakery, in A-E order (announced)."""
    submissions: tuple[Submission, ...]
    """What each seat submitted (secret; its `move` is where the seat ended the round)."""
    points: tuple[Points, ...]
    """Each seat's points this round (each seat learns its own)."""
    scores: tuple[int, ...]
    """Each seat's score after the round (each seat learns its own)."""
    placements: tuple[int, ...]
    """Each seat's placement after the round: how many players have at least its score."""

    @property
    def total(self) -> int:
        """The round total: every donut baked this round (announced)."""
        return sum(self.bakery_totals)


@dataclass(frozen=True, slots=True)
class DilemmaState:
    """A Donut Dilemma game between submissions."""

    starts: tuple[Bakery, ...]
    """Where each seat began the game."""
    bakeries: tuple[Bakery, ...]
    """Where each seat is now: its starting bakery for the round being submitted."""
    garnets: tuple[int, ...]
    """Garnets each seat has left to spend."""
    allowances: tuple[int, ...]
    """Special donuts each seat may bake this round."""
    pending: tuple[Submission, ...]
    """This round's submissions so far, one per seat."""
    history: tuple[RoundResult, ...] = ()
    """The rounds resolved so far, first round first."""
    plain_all_scored: bool = True
    """Whether every Plain donut of the prize-pool rounds scored (so far)."""
    to_act: tuple[int, ...] = field(init=False, compare=False, repr=False)
    """Seats whose submission is not done, ascending (derived from `pending`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "to_act", tuple(seat for seat, sub in enumerate(self.pending) if not sub.done))

    @property
    def round(self) -> int:
        """The round being submitted, from 1 (one past the last round once the game is over)."""
        return len(self.history) + 1

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score so far."""
        return self.history[-1].scores if self.history else (0,) * len(self.pending)

    def with_pending(self, seat: int, submission: Submission) -> DilemmaState:
        """The state with `seat`'s submission replaced."""
        pending = (*self.pending[:seat], submission, *self.pending[seat + 1 :])
        return DilemmaState(
            self.starts, self.bakeries, self.garnets, self.allowances, pending, self.history, self.plain_all_scored
        )


def partners(state: DilemmaState, seat: int) -> list[int]:
    """The seats dealt to `seat`'s starting bakery besides itself: each player knows who started
    the game with them (the Ruling on starting partners)."""
    start = state.starts[seat]
    return [other for other, bakery in enumerate(state.starts) if bakery is start and other != seat]
