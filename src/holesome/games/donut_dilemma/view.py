"""What each seat may know of a Donut Dilemma game: the host's announcements, as views.

Everyone sees the table (bakeries, ring, donut kinds, numbers), who has not yet submitted, and
after each round its round total and each bakery's total. A seat adds its own bakery, who started
the game with it (its partners), its garnets, allowance, submission so far, and each round's points
as one number, its score and placement: a split of the points by donut kind would tell how many
players stood in a bakery (the Ruling on private announcements). Nobody sees where
anyone else is or what they baked, until the end announces every final score and bakery.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

from holesome.core.game import Json, Seat, View
from holesome.games.donut_dilemma.actions import Special, to_text
from holesome.games.donut_dilemma.components import BAKERIES, COMPONENTS, NUMBERS, Donut
from holesome.games.donut_dilemma.state import DilemmaState, RoundResult, Submission, partners

if TYPE_CHECKING:
    from holesome.games.donut_dilemma.rules import DonutDilemma


def build(game: DonutDilemma, state: DilemmaState, seat: Seat | None) -> View:
    """The view of `seat` (None: a spectator)."""
    outcome = game.outcome(state)
    announcements = [_announcement(number, result) for number, result in enumerate(state.history, start=1)]
    return {
        "game": game.name,
        "seat": seat,
        "players": game.players,
        "round": min(state.round, game.rounds),
        "rounds": game.rounds,
        "to_act": list(game.to_act(state)),
        "prompt": "" if seat is None else game.prompt(state, seat),
        "table": _table(game, state),
        "announcements": announcements,
        "last": announcements[-1] if announcements else None,
        "me": None if seat is None else _private(game, state, seat),
        "final": None
        if outcome is None
        else {"scores": list(state.scores), "bakeries": [bakery.value for bakery in state.bakeries]},
        "outcome": None if outcome is None else outcome.to_json(),
    }


def _table(game: DonutDilemma, state: DilemmaState) -> Json:
    """The fixed things a client draws: the ring, the donut kinds, the numbers."""
    return {
        "bakeries": [
            {
                "letter": bakery.value,
                "colour": COMPONENTS.colours[bakery],
                "neighbours": [end.value for end in COMPONENTS.moves[bakery] if end is not bakery],
            }
            for bakery in BAKERIES
        ],
        "donuts": [
            {"kind": donut.value, "letter": COMPONENTS.donut_letters[donut], "colour": COMPONENTS.donut_colours[donut]}
            for donut in Donut
        ],
        "numbers": asdict(NUMBERS),  # a fresh copy: callers may keep and change views
        "rainbow_max": game.menus.rainbow_max[min(state.round, game.rounds) - 1],
    }


def _announcement(number: int, result: RoundResult) -> Json:
    """What the host announces to everyone after a round."""
    return {
        "round": number,
        "total": result.total,
        "bakeries": {bakery.value: total for bakery, total in zip(BAKERIES, result.bakery_totals, strict=True)},
    }


def _private(game: DonutDilemma, state: DilemmaState, seat: Seat) -> Json:
    """What only `seat` knows: its own place, means and results."""
    history = state.history
    return {
        "bakery": state.bakeries[seat].value,
        "start": state.starts[seat].value,
        "partners": partners(state, seat),
        "garnets": state.garnets[seat],
        "allowance": state.allowances[seat],
        "score": state.scores[seat],
        "placement": history[-1].placements[seat] if history else None,
        "submission": None if game.is_over(state) else _submission(state.pending[seat]),
        "rounds": [
            {
                "round": number,
                "submission": _submission(result.submissions[seat]),
                "points": result.points[seat].total,
                "score": result.scores[seat],
                "placement": result.placements[seat],
            }
            for number, result in enumerate(history, start=1)
        ],
    }


def _submission(submission: Submission) -> Json:
    return {
        "move": None if submission.move is None else submission.move.value,
        "plain": submission.plain,
        "specials": [_special(special) for special in submission.specials],
        "done": submission.done,
    }


def _special(special: Special) -> Json:
    return {
        "donut": special.donut.value,
        "number": special.number,
        "at": None if special.at is None else special.at.value,
        "text": to_text(special),
    }
