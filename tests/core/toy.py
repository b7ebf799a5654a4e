"""A tiny game with every feature the contract must carry: simultaneous secret choices,
chance steps, hidden information and several players. The core tests run on it.

Each of three rounds, every seat secretly calls "odd" or "even"; when the last call is in,
a die is rolled; every seat whose call matches the roll's parity scores a point.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar

from holesome.core.game import CHANCE, Game, Option, Outcome, Seat, View

ROUNDS = 3


@dataclass(frozen=True, slots=True)
class Call:
    TYPE: ClassVar[str] = "call"
    parity: int


@dataclass(frozen=True, slots=True)
class Roll:
    TYPE: ClassVar[str] = "roll"
    pips: int


@dataclass(frozen=True, slots=True)
class ToyState:
    round: int
    calls: tuple[int | None, ...]
    scores: tuple[int, ...]
    last_roll: int | None


class OddsAndEvens(Game[ToyState, Call | Roll]):
    name = "odds-and-evens"
    title = "Odds and Evens"
    blurb = "A toy game for the tests."
    version = 1
    player_counts = (2, 3, 4)
    default_players = 3
    option_specs = (Option("rounds", ROUNDS, "rounds to play", kind=int, minimum=1),)
    state_type = ToyState
    action_type = Call | Roll

    leak = False
    """Set on an instance to make views show other seats' pending calls (for negative tests)."""

    def start(self, seed: int) -> ToyState:
        return ToyState(0, (None,) * self.players, (0,) * self.players, None)

    def to_act(self, state: ToyState) -> tuple[Seat, ...]:
        if state.round >= self.options["rounds"]:
            return ()
        waiting = tuple(seat for seat, call in enumerate(state.calls) if call is None)
        return waiting or (CHANCE,)

    def legal_actions(self, state: ToyState, seat: Seat) -> tuple[Call | Roll, ...]:
        return (Call(0), Call(1)) if seat in self.to_act(state) and seat != CHANCE else ()

    def chance_outcomes(self, state: ToyState) -> tuple[tuple[Call | Roll, float], ...]:
        return tuple((Roll(pips), 1 / 6) for pips in range(1, 7)) if self.to_act(state) == (CHANCE,) else ()

    def _apply(self, state: ToyState, seat: Seat, action: Call | Roll) -> ToyState:
        if isinstance(action, Call):
            calls = tuple(action.parity if index == seat else call for index, call in enumerate(state.calls))
            return replace(state, calls=calls)
        scores = tuple(score + (call == action.pips % 2) for score, call in zip(state.scores, state.calls, strict=True))
        return ToyState(state.round + 1, (None,) * self.players, scores, action.pips)

    def view(self, state: ToyState, seat: Seat | None) -> View:
        calls = [
            call if self.leak or index == seat else (None if call is None else "hidden")
            for index, call in enumerate(state.calls)
        ]
        return {
            "game": self.name,
            "seat": seat,
            "round": state.round,
            "calls": calls,
            "scores": list(state.scores),
            "last_roll": state.last_roll,
            "prompt": "" if seat is None else self.prompt(state, seat),
        }

    def outcome(self, state: ToyState) -> Outcome | None:
        if self.to_act(state):
            return None
        best = max(state.scores)
        return Outcome(tuple(map(float, state.scores)), tuple(s for s, v in enumerate(state.scores) if v == best))

    def determinize(self, state: ToyState, seat: Seat, rng: random.Random) -> ToyState:
        calls = tuple(
            call if index == seat or call is None else rng.randrange(2) for index, call in enumerate(state.calls)
        )
        return replace(state, calls=calls)

    def prompt(self, state: ToyState, seat: Seat) -> str:
        return "call odd (1) or even (0)" if seat in self.to_act(state) else ""

    def score(self, state: ToyState, seat: Seat) -> float:
        return float(state.scores[seat])

    @property
    def action_space(self) -> tuple[Call | Roll, ...]:
        return (Call(0), Call(1), *(Roll(pips) for pips in range(1, 7)))

    def action_to_text(self, action: Call | Roll) -> str:
        return ("even", "odd")[action.parity] if isinstance(action, Call) else f"roll {action.pips}"
