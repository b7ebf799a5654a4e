"""A game being played: its current state and the record that produced it.

`Match` is the small imperative shell around the pure rules that the CLI, the arena and the
server share. It appends each applied action to the record and rolls chance steps from an RNG
derived from the game's seed and the step number, so a match rebuilt from its record after a
restart draws exactly what it would have drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Generic

from holesome.core.decision import Decision
from holesome.core.game import CHANCE, A, Game, Outcome, S, Seat, sample_chance
from holesome.core.record import Record, Step

Policy = Callable[[Decision[S, A]], A]
"""Anything that picks an action for a decision: a bot's `act`, a terminal prompt."""


def chance_rng(seed: int, step: int) -> random.Random:
    """The RNG for the chance step at position `step` of a game with `seed`."""
    return random.Random(f"holesome-chance:{seed}:{step}")


class Match(Generic[S, A]):
    """A game in progress: `state`, `record`, and methods that advance both together."""

    def __init__(self, game: Game[S, A], seed: int) -> None:
        self.game = game
        self.seed = seed
        self.state: S = game.start(seed)
        self.steps: list[Step] = []
        self.states: list[S] = [self.state]

    @classmethod
    def from_record(cls, game: Game[S, A], record: Record) -> Match[S, A]:
        """Rebuild a match by replaying a record's steps."""
        match = cls(game, record.seed)
        for step in record.steps:
            match.act(step.seat, game.action_from_json(step.action))
        return match

    @property
    def record(self) -> Record:
        """The record so far (with the outcome once the game is over)."""
        outcome = self.outcome
        return Record(
            game=self.game.name,
            players=self.game.players,
            options=dict(self.game.options),
            seed=self.seed,
            steps=tuple(self.steps),
            rules_version=self.game.version,
            outcome=None if outcome is None else outcome.to_json(),
        )

    @property
    def outcome(self) -> Outcome | None:
        """The result, once the game is over."""
        return self.game.outcome(self.state)

    @property
    def to_act(self) -> tuple[Seat, ...]:
        """Seats that may act now."""
        return self.game.to_act(self.state)

    def decision(self, seat: Seat) -> Decision[S, A]:
        """What `seat` is handed to choose its next action."""
        return Decision(self.game, seat, self.state)

    def act(self, seat: Seat, action: A) -> S:
        """Apply one action (checked by the rules) and record it."""
        self.state = self.game.apply(self.state, seat, action)
        self.steps.append(Step(seat, self.game.action_to_json(action)))
        self.states.append(self.state)
        return self.state

    def roll_chance(self) -> None:
        """Apply chance steps until a seat must act or the game is over."""
        while self.to_act == (CHANCE,):
            rng = chance_rng(self.seed, len(self.steps))
            self.act(CHANCE, sample_chance(self.game, self.state, rng))

    def play(self, policies: Mapping[Seat, Policy[S, A]], max_steps: int = 1_000_000) -> Outcome:
        """Play to the end, asking each seat's policy in seat order at every decision."""
        self.roll_chance()
        while (outcome := self.outcome) is None:
            if len(self.steps) >= max_steps:
                raise RuntimeError(f"{self.game.name}: no result after {max_steps} steps")
            for seat in self.to_act:
                if seat in self.game.to_act(self.state):
                    self.act(seat, policies[seat](self.decision(seat)))
            self.roll_chance()
        return outcome
