"""Donut Dilemma (Sam, Genius One): the rules of `../shared/rules/donut-dilemma.md`.

| players | 10 (3-10 as a variant); seats are the players, no seat order matters in play |
| actions | a chain per seat and round: `Move`, `Plain`, `Special`s, `Done`; or `Skip` (see `actions.py`) |
| chance | only the deal of starting bakeries, from the seed in `start` |
| hidden | everyone's bakery, garnets, allowance, submissions and score but one's own |
| options | `start` (list of bakeries), `garnets` (list of counts), `rounds` (default 4) |

The engine is the host: every seat submits in secret at once (`to_act` lists the seats not
done), the round resolves when the last seat is done, and the announcements are in the views.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from functools import cached_property

from holesome.core import codec
from holesome.core.ask import NOTHING, Ask
from holesome.core.errors import InvalidOption
from holesome.core.game import Game, Json, Option, Outcome, Seat, View
from holesome.games.donut_dilemma import heuristic, hidden, view, words
from holesome.games.donut_dilemma.actions import (
    SKIP,
    Action,
    Special,
    from_text,
    to_text,
)
from holesome.games.donut_dilemma.components import BAKERIES, COMPONENTS, NUMBERS, Bakery
from holesome.games.donut_dilemma.menus import Menu, Menus
from holesome.games.donut_dilemma.scoring import (
    all_plain_scored,
    ending_bakeries,
    garnets_spent,
    next_allowance,
    resolve,
)
from holesome.games.donut_dilemma.setup import deal_starts
from holesome.games.donut_dilemma.state import EMPTY, DilemmaState

DEFAULT_PLAYERS = 2 * len(BAKERIES)
MAX_ROUNDS = 20
"""The longest match the option `rounds` allows (the rulebook plays 4): menus grow with it."""
MAX_GARNETS = 20
"""The most garnets a seat may bring (option `garnets`): each widens its Rainbow menu."""
_NO_MENU = Menu.of(())


class DonutDilemma(Game[DilemmaState, Action]):
    """Ten players bake in secret at five bakeries on a ring, aiming at the totals that score."""

    name = "donut-dilemma"
    title = "Donut Dilemma"
    blurb = (
        "Five bakeries on a ring, up to ten bakers, four rounds. Each round everyone secretly chooses where "
        "to bake and what: plain donuts score only while a bakery stays at 13 or less, and specials pay off "
        "for reading the crowd. Only the totals are announced, so bluff, deduce and count."
    )
    version = 1
    player_counts = tuple(range(3, DEFAULT_PLAYERS + 1))
    default_players = DEFAULT_PLAYERS
    option_specs = (
        Option(
            "start",
            [],
            "each seat's starting bakery, e.g. A,A,B,B,... (empty: dealt from the seed)",
            kind=list,
            max_length=DEFAULT_PLAYERS,
            label="Starting bakeries",
        ),
        Option(
            "garnets",
            [],
            f"garnets each seat brings from earlier matches, 0 to {MAX_GARNETS} each, e.g. 0,2,0,... (empty: none)",
            kind=list,
            max_length=DEFAULT_PLAYERS,
            label="Garnets brought",
        ),
        Option(
            "rounds", 4, f"number of rounds, 1 to {MAX_ROUNDS}", kind=int, minimum=1, maximum=MAX_ROUNDS, label="Rounds"
        ),
    )
    state_type = DilemmaState
    action_type = Action

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self.rounds = int(self.options["rounds"])
        self.menus = Menus(self.players, self.starting_garnets, self.rounds)

    def _check_options(self) -> None:
        start, garnets = self.options["start"], self.options["garnets"]
        for name, values in (("start", start), ("garnets", garnets)):
            if values and len(values) != self.players:
                raise InvalidOption(f"option {name} needs one entry per player ({self.players}), got {len(values)}")
        letters = {bakery.value for bakery in BAKERIES}
        if any(not isinstance(letter, str) or letter.upper() not in letters for letter in start):
            raise InvalidOption(f"option start takes bakery letters A-E, got {start!r}")
        if any(
            isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_GARNETS for count in garnets
        ):
            raise InvalidOption(f"option garnets takes whole numbers from 0 to {MAX_GARNETS}, got {garnets!r}")
        self.explicit_starts: tuple[Bakery, ...] | None = (
            tuple(Bakery(letter.upper()) for letter in start) if start else None
        )
        self.starting_garnets: tuple[int, ...] = tuple(garnets) if garnets else (0,) * self.players

    # Rules.

    def start(self, seed: int) -> DilemmaState:
        """Deal the starting bakeries (unless given), as evenly as the player count allows."""
        starts = self.explicit_starts
        if starts is None:
            starts = deal_starts(self.players, random.Random(seed))
        return DilemmaState(
            starts=starts,
            bakeries=starts,
            garnets=self.starting_garnets,
            allowances=(NUMBERS.base_specials,) * self.players,
            pending=(EMPTY,) * self.players,
        )

    def is_over(self, state: DilemmaState) -> bool:
        """Whether every round has been played."""
        return len(state.history) >= self.rounds

    def to_act(self, state: DilemmaState) -> tuple[Seat, ...]:
        return () if self.is_over(state) else state.to_act

    def legal_actions(self, state: DilemmaState, seat: Seat) -> tuple[Action, ...]:
        return self._menu(state, seat).actions

    def is_legal(self, state: DilemmaState, seat: Seat, action: Action) -> bool:
        return action in self._menu(state, seat).allowed

    def _menu(self, state: DilemmaState, seat: Seat) -> Menu:
        if self.is_over(state) or not 0 <= seat < self.players or state.pending[seat].done:
            return _NO_MENU
        return self.menus.menu(state.pending[seat], state.bakeries[seat], state.garnets[seat], state.round)

    def _apply(self, state: DilemmaState, seat: Seat, action: Action) -> DilemmaState:
        submission = state.pending[seat].after(action, state.allowances[seat], state.bakeries[seat])
        child = state.with_pending(seat, submission)
        return child if child.to_act else self._resolve(child)

    def _resolve(self, state: DilemmaState) -> DilemmaState:
        """The host's work once the last seat is done: score the round and set up the next."""
        result = resolve(state.pending, state.scores)
        submissions = result.submissions
        counts_for_bonus = state.round <= NUMBERS.bonus_rounds
        return DilemmaState(
            starts=state.starts,
            bakeries=ending_bakeries(submissions),
            garnets=tuple(held - garnets_spent(sub) for held, sub in zip(state.garnets, submissions, strict=True)),
            allowances=tuple(next_allowance(submission) for submission in submissions),
            pending=(EMPTY,) * self.players,
            history=(*state.history, result),
            plain_all_scored=state.plain_all_scored and (not counts_for_bonus or all_plain_scored(result)),
        )

    def outcome(self, state: DilemmaState) -> Outcome | None:
        if not self.is_over(state):
            return None
        scores = state.scores
        best, worst = max(scores), min(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        details: dict[str, Json] = {
            "final_bakeries": [bakery.value for bakery in state.bakeries],
            "placements": list(state.history[-1].placements),
            "elimination_candidates": [seat for seat, score in enumerate(scores) if score == worst],
            "garnet_awards": [COMPONENTS.awards.for_score(score, seat in winners) for seat, score in enumerate(scores)],
            "prize_pool_bonus": state.plain_all_scored,
        }
        return Outcome(tuple(float(score) for score in scores), winners, details)

    def score(self, state: DilemmaState, seat: Seat) -> float:
        """The seat's points so far (they change only when a round resolves)."""
        return float(state.scores[seat])

    def evaluate(self, state: DilemmaState, rng: random.Random) -> tuple[float, ...]:
        """The round under way played to its end at random (as a random playout would), then
        the lead after the next round finished the safe way (`heuristic.values`); the outcome
        once the game is over. One round, not the whole game: the rounds after it would add
        only the noise of random bakers."""
        played = state.round
        while state.round == played and not self.is_over(state):
            seat = state.to_act[rng.randrange(len(state.to_act))]
            state = self._apply(state, seat, rng.choice(self.legal_actions(state, seat)))
        outcome = self.outcome(state)
        return outcome.values if outcome is not None else heuristic.values(state, self.rounds)

    def default_action(self, state: DilemmaState, seat: Seat) -> Action:
        """A seat out of time skips: a submission counts only once its seat says done, so it
        stays and bakes nothing, whatever steps it had chosen (the Ruling on time-outs)."""
        return SKIP

    def search_group(self, action: Action) -> Hashable:
        """A special's kind: the hundred-odd Rainbow numbers and five Coffee bakeries are each
        weighed as one kind first, so they do not drown Glazed, Strawberry and Jelly."""
        return action.donut if isinstance(action, Special) else action

    def public_at_end(self, state: DilemmaState) -> View | None:
        """Only what the host announced: each round's totals, then every final score and bakery.

        Nobody ever learns who was in which bakery during the match or what anyone baked, so the
        record stays secret for good; each seat may read back its own submissions.
        """
        return self.view(state, None)

    def determinize(self, state: DilemmaState, seat: Seat, rng: random.Random) -> DilemmaState:
        return hidden.determinize(self, state, seat, rng)

    def secret_round(self, state: DilemmaState, seat: Seat) -> DilemmaState | None:
        """Every seat submits at once, so the others' submissions so far are taken back (they are
        secret until the round resolves); `seat`'s own stays."""
        if self.is_over(state) or self.players < 2:
            return None
        for other in range(self.players):
            if other != seat:
                state = state.with_pending(other, EMPTY)
        return state

    def prompt(self, state: DilemmaState, seat: Seat) -> str:
        return self.ask(state, seat).text()

    def ask(self, state: DilemmaState, seat: Seat) -> Ask:
        if seat not in self.to_act(state):
            return NOTHING
        submission = state.pending[seat]
        head = f"Round {state.round} of {self.rounds}"
        if submission.move is None:
            return words.move_ask(head, state.bakeries[seat])
        if submission.plain is None:
            return words.plain_ask(head, state.garnets[seat])
        rainbow_max = self.menus.rainbow_max[state.round - 1]
        return words.specials_ask(head, len(submission.specials), state.allowances[seat], rainbow_max)

    def action_words(self, action: Action) -> Ask:
        return words.action_words(action)

    def ending(self, state: DilemmaState) -> Ask:
        outcome = self.outcome(state)
        return NOTHING if outcome is None else words.ending(outcome)

    @property
    def action_space(self) -> tuple[Action, ...]:
        return self.menus.action_space

    # Conversions.

    def action_to_text(self, action: Action) -> str:
        return to_text(action)

    def action_to_json(self, action: Action) -> Json:
        try:
            return dict(self._json_of[action])
        except KeyError:
            return super().action_to_json(action)

    def action_from_json(self, data: Json) -> Action:
        if isinstance(data, dict):
            try:
                return self._action_of[_json_key(data)]
            except (KeyError, TypeError):
                pass
        return super().action_from_json(data)

    @cached_property
    def _json_of(self) -> dict[Action, dict[str, Json]]:
        """Every action's JSON (as plain JSON types), written once: actions cross the wire at every step."""
        return {action: json.loads(json.dumps(codec.to_json(action))) for action in self.action_space}

    @cached_property
    def _action_of(self) -> dict[tuple[tuple[str, type, Json], ...], Action]:
        return {_json_key(data): action for action, data in self._json_of.items()}

    def parse_action(self, state: DilemmaState, seat: Seat, text: str) -> Action:
        here = state.bakeries[seat] if 0 <= seat < self.players else BAKERIES[0]
        action = from_text(text, here)
        if action is not None and self.is_legal(state, seat, action):
            return action
        return super().parse_action(state, seat, text)

    def view(self, state: DilemmaState, seat: Seat | None) -> View:
        return view.build(self, state, seat)


def _json_key(data: dict[str, Json]) -> tuple[tuple[str, type, Json], ...]:
    """A hashable stand-in for an action's JSON object (its values are plain scalars); the
    types keep `true` from passing for 1."""
    return tuple(sorted((key, type(value), value) for key, value in data.items()))


__all__ = ["DEFAULT_PLAYERS", "DonutDilemma"]
