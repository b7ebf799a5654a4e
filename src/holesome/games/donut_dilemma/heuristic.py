"""A cheap judgement of a Donut Dilemma position for the search bots' leaves: a round's sure score.

A random game to the end mostly measures random bakers: random moves, random Plain counts and
Rainbow numbers picked from a hundred, over every round left. `DonutDilemma.evaluate` plays only
the round under way at random (the others' choices in it are secret, and random play is what
the search knows of them), then asks `values` here, which reads the state it is given:

- **The round under way** (from `evaluate`, the one after the random round). Every submission
  not yet done is finished the safe way, then the round is resolved by the rules themselves
  (`scoring.resolve`). The safe way: a seat that has not moved
  stays; one that has not chosen its Plain bakes the most it may without garnets
  (`plain_max`); its specials still allowed are Glazed. "If you made at least one Glazed this
  round, your Plain score regardless" and "Glazed: 1 each, regardless of the total" (rules,
  Resolution), so this is the round's sure score: the points a seat can count on whatever the
  others do, and what its choices so far lose or gain against it.
- **The rounds left** are not played out. Each seat's expected gain in them is about the same
  sure score, so they shift nobody's lead; they only make it less certain, by `ROUND_SPREAD`
  points a round. The values are each seat's share of a softmax of the scores (`lead_values`):
  the outcome's scale, where the most points win ("ties: all tied players win", rules, End).
"""

from __future__ import annotations

from holesome.core.game import lead_values
from holesome.games.donut_dilemma.actions import Special
from holesome.games.donut_dilemma.components import NUMBERS, Bakery, Donut
from holesome.games.donut_dilemma.scoring import resolve
from holesome.games.donut_dilemma.state import DilemmaState, Submission

FINAL_SPREAD = 2.0
"""Points of lead worth a factor of e in the odds once the last round is resolved: the
finished submissions of the others are guesses, so even then the lead is not quite certain."""
ROUND_SPREAD = 2.0
"""How much less certain a lead is for each round still to play after this one."""

_GLAZED = Special(Donut.GLAZED)


def finished(submission: Submission, here: Bakery, allowance: int) -> Submission:
    """`submission` finished the safe way (see the module): stay, the most Plain without
    garnets, Glazed for every special still allowed. A done submission is kept as it is."""
    if submission.done:
        return submission
    move = here if submission.move is None else submission.move
    plain = NUMBERS.plain_max if submission.plain is None else submission.plain
    specials = (*submission.specials, *(_GLAZED,) * max(0, allowance - len(submission.specials)))
    return Submission(move, plain, specials, done=True)


def round_scores(state: DilemmaState) -> tuple[int, ...]:
    """Every seat's score once the round under way is resolved, the unfinished submissions
    finished the safe way."""
    pending = tuple(
        finished(submission, here, allowance)
        for submission, here, allowance in zip(state.pending, state.bakeries, state.allowances, strict=True)
    )
    return resolve(pending, state.scores).scores


def values(state: DilemmaState, rounds: int) -> tuple[float, ...]:
    """Each seat's value in (0, 1), summing to 1: the lead after this round (`round_scores`),
    less certain by `ROUND_SPREAD` for each of the `rounds` still to come after it."""
    left = max(0, rounds - state.round)
    return lead_values([float(score) for score in round_scores(state)], FINAL_SPREAD + ROUND_SPREAD * left)
