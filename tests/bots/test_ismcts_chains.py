"""ISMCTS at simultaneous decisions made of chained choices (Donut Dilemma's move, Plain, specials).

The toy game below makes each seat submit two secret numbers, one after the other, all seats at
once. Opening with 0 is safe (worth 0.6); opening with any other number pays 1 only if the second
number repeats it, else nothing. A search that kept one subtree per joint choice of all seats
would almost never see its own second choice twice and would judge the risky openings by a random
second number (worth 0.25); one that follows only its own choices learns to repeat and opens risky.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

import holesome
from holesome.bots import ISMCTSBot
from holesome.bots.search import Budget
from holesome.core.decision import Decision
from holesome.core.game import Game, Outcome, Seat, View

NUMBERS = 4
SAFE = 0
SAFE_VALUE = 0.6


@dataclass(frozen=True, slots=True)
class Number:
    TYPE: ClassVar[str] = "number"
    value: int


@dataclass(frozen=True, slots=True)
class ChainState:
    picks: tuple[tuple[int, ...], ...]


class Repeat(Game[ChainState, Number]):
    name = "repeat"
    title = "Repeat"
    version = 1
    player_counts = (4,)
    default_players = 4
    state_type = ChainState
    action_type = Number

    def start(self, seed: int) -> ChainState:
        return ChainState(((),) * self.players)

    def to_act(self, state: ChainState) -> tuple[Seat, ...]:
        return tuple(seat for seat, picks in enumerate(state.picks) if len(picks) < 2)

    def legal_actions(self, state: ChainState, seat: Seat) -> tuple[Number, ...]:
        return self.action_space if seat in self.to_act(state) else ()

    def _apply(self, state: ChainState, seat: Seat, action: Number) -> ChainState:
        picks = tuple((*p, action.value) if index == seat else p for index, p in enumerate(state.picks))
        return ChainState(picks)

    def view(self, state: ChainState, seat: Seat | None) -> View:
        return {"mine": None if seat is None else list(state.picks[seat])}

    def outcome(self, state: ChainState) -> Outcome | None:
        if self.to_act(state):
            return None
        scores = tuple(_value(picks) for picks in state.picks)
        return Outcome(scores, (), {})

    def evaluate(self, state: ChainState, rng: random.Random) -> tuple[float, ...]:
        while seats := self.to_act(state):
            seat = rng.choice(seats)
            state = self._apply(state, seat, rng.choice(self.action_space))
        return tuple(_value(picks) for picks in state.picks)

    def determinize(self, state: ChainState, seat: Seat, rng: random.Random) -> ChainState:
        hidden = (
            picks if index == seat else tuple(rng.randrange(NUMBERS) for _ in picks)
            for index, picks in enumerate(state.picks)
        )
        return ChainState(tuple(hidden))

    def prompt(self, state: ChainState, seat: Seat) -> str:
        return "pick a number" if seat in self.to_act(state) else ""

    @property
    def action_space(self) -> tuple[Number, ...]:
        return tuple(Number(value) for value in range(NUMBERS))


def _value(picks: tuple[int, ...]) -> float:
    first, second = picks
    if first == SAFE:
        return SAFE_VALUE
    return 1.0 if second == first else 0.0


@pytest.mark.parametrize("seed", range(4))
def test_ismcts_follows_its_own_chained_choices_through_simultaneous_steps(seed: int) -> None:
    game = Repeat()
    bot = ISMCTSBot(seed, Budget(iterations=400), mixed=False)
    opening = bot.act(Decision(game, 1, game.start(0)))
    assert opening != Number(SAFE), "the risky openings are worth 1 with the right second pick"
    state = game.apply(game.start(0), 1, opening)
    assert bot.act(Decision(game, 1, state)) == opening


def test_ismcts_resumes_its_tree_after_public_moves() -> None:
    """Honey Donut: after its move and the reply, the position is a node of the kept subtree,
    so the next search starts with simulations already in hand and adds its budget to them."""
    game = holesome.load("honey-donut")
    bot = ISMCTSBot(2, Budget(iterations=300))
    state = game.start(0)
    played = bot.act(Decision(game, 0, state))
    assert bot.iterations == 300
    state = game.apply(state, 0, played)
    reply = game.legal_actions(state, 1)[0]
    state = game.apply(state, 1, reply)
    bot.act(Decision(game, 0, state))
    assert bot.resumed > 0 and bot.iterations == 300


def test_ismcts_does_not_resume_across_a_secret_step() -> None:
    game = Repeat()
    bot = ISMCTSBot(3, Budget(iterations=100))
    opening = bot.act(Decision(game, 1, game.start(0)))
    bot.act(Decision(game, 1, game.apply(game.start(0), 1, opening)))
    assert (bot.resumed, bot.iterations) == (0, 100)
