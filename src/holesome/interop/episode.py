"""The game under an env: its state and the actions so far, with the record made only when asked.

A `holesome.Match` turns every action into JSON as it is applied and keeps every state, which
is what a server wants and what a learner stepping an env thousands of times a second does not
pay for. An `Episode` keeps the actions as they are and builds the same `Record` from them when
asked. Chance steps are drawn exactly as a Match draws them (`chance_rng(seed, step)`), so an
episode replays `holesome play --seed s`.
"""

from __future__ import annotations

from typing import Any

from holesome.core.decision import Decision
from holesome.core.game import CHANCE, Game, Outcome, Seat, sample_chance
from holesome.core.match import chance_rng
from holesome.core.record import Record, Step


class Episode:
    """One game from `seed`: `state`, the applied `actions` (seat, action), and its `record`.

    `state` and `to_act` (the seats that may act now, `(CHANCE,)` at a chance step, none once
    over) are plain attributes, worked out once per state however often the env reads them;
    they change through `act` and `rewind` only.
    """

    def __init__(self, game: Game[Any, Any], seed: int) -> None:
        self.game = game
        self.seed = seed
        self.actions: list[tuple[Seat, Any]] = []
        self._now(game.start(seed))

    def _now(self, state: Any) -> None:
        self.state = state
        self.to_act: tuple[Seat, ...] = self.game.to_act(state)
        self._outcome: Outcome | None = None

    @property
    def outcome(self) -> Outcome | None:
        """The result, once the game is over (no seat to act)."""
        if self._outcome is None and not self.to_act:
            self._outcome = self.game.outcome(self.state)
        return self._outcome

    def act(self, seat: Seat, action: Any) -> None:
        """Apply one action (checked by the rules: `IllegalAction` changes nothing)."""
        game = self.game
        self.state = state = game.apply(self.state, seat, action)
        self.to_act = game.to_act(state)
        self._outcome = None
        self.actions.append((seat, action))

    def rewind(self, state: Any, steps: int) -> None:
        """Go back to `state`, reached after the first `steps` actions (an all-or-none step that failed)."""
        self._now(state)
        del self.actions[steps:]

    def roll_chance(self) -> None:
        """Apply chance steps until a seat must act or the game is over."""
        game = self.game
        while self.to_act == (CHANCE,):
            self.act(CHANCE, sample_chance(game, self.state, chance_rng(self.seed, len(self.actions))))

    def decision(self, seat: Seat) -> Decision[Any, Any]:
        """What a bot in `seat` is handed."""
        return Decision(self.game, seat, self.state)

    @property
    def record(self) -> Record:
        """The episode so far as a holesome record (with the outcome once the game is over)."""
        game = self.game
        outcome = self.outcome
        return Record(
            game=game.name,
            players=game.players,
            options=dict(game.options),
            seed=self.seed,
            steps=tuple(Step(seat, game.action_to_json(action)) for seat, action in self.actions),
            rules_version=game.version,
            outcome=None if outcome is None else outcome.to_json(),
        )


__all__ = ["Episode"]
