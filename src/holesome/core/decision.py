"""What a seat is handed when it must act: its view, its legal actions, and determinize.

Bots, terminal players and RL agents receive a `Decision`, never a bare state. The true state
sits in a private field; the public surface gives only what the seat may know, and
`determinize` samples states the seat cannot tell apart from the real one. A bot that reads
`_state` is cheating, and the fairness tests (a choice must not change when only hidden
information changes) catch it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Generic

from holesome.core.game import A, Game, S, Seat, View


@dataclass(frozen=True)
class Decision(Generic[S, A]):
    """One seat's decision point in a game."""

    game: Game[S, A]
    seat: Seat
    _state: S = field(repr=False)

    @property
    def view(self) -> View:
        """What this seat may know now, with its prompt."""
        return self.game.view(self._state, self.seat)

    @property
    def legal_actions(self) -> tuple[A, ...]:
        """The seat's legal actions, in the game's stable order."""
        return self.game.legal_actions(self._state, self.seat)

    @property
    def prompt(self) -> str:
        """What the seat is asked to do, in words."""
        return self.game.prompt(self._state, self.seat)

    def parse(self, text: str) -> A:
        """The legal action `text` names, in notation or JSON; `InvalidAction` says why not."""
        return self.game.parse_action(self._state, self.seat, text)

    def determinize(self, rng: random.Random) -> S:
        """A full state consistent with everything this seat has seen, for search."""
        return self.game.determinize(self._state, self.seat, rng)
