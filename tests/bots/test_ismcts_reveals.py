"""ISMCTS after a secret step whose choices are then revealed (Go Nuts's picks).

In the toy game below two seats each pick a secret bit at once; the bits are then shown, and
seat 0 picks one more bit, winning if it repeats seat 1's. Seat 0 can always win: it will see
seat 1's bit before its last pick. A search that keeps the positions after the reveal apart
(`Game.observed`) finds that out; one that merges them must guess the bit and values the game
at one half.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import ClassVar

import pytest

import holesome
from holesome.bots import ISMCTSBot
from holesome.bots.ismcts import SEEN
from holesome.bots.search import Budget
from holesome.core.decision import Decision
from holesome.core.game import Game, Outcome, Seat, View


@dataclass(frozen=True, slots=True)
class Bit:
    TYPE: ClassVar[str] = "bit"
    value: int


@dataclass(frozen=True, slots=True)
class CopyState:
    secret: tuple[int | None, int | None]
    last: int | None = None


class Copy(Game[CopyState, Bit]):
    name = "copy"
    title = "Copy"
    version = 1
    player_counts = (2,)
    default_players = 2
    state_type = CopyState
    action_type = Bit

    def start(self, seed: int) -> CopyState:
        return CopyState((None, None))

    def to_act(self, state: CopyState) -> tuple[Seat, ...]:
        if None in state.secret:
            return tuple(seat for seat, bit in enumerate(state.secret) if bit is None)
        return (0,) if state.last is None else ()

    def legal_actions(self, state: CopyState, seat: Seat) -> tuple[Bit, ...]:
        return self.action_space if seat in self.to_act(state) else ()

    def _apply(self, state: CopyState, seat: Seat, action: Bit) -> CopyState:
        if None in state.secret:
            secret = tuple(action.value if index == seat else bit for index, bit in enumerate(state.secret))
            return CopyState((secret[0], secret[1]))
        return CopyState(state.secret, action.value)

    def view(self, state: CopyState, seat: Seat | None) -> View:
        shown = None not in state.secret
        return {"secret": [bit if shown or index == seat else None for index, bit in enumerate(state.secret)]}

    def outcome(self, state: CopyState) -> Outcome | None:
        if state.last is None:
            return None
        won = state.last == state.secret[1]
        return Outcome((1.0, 0.0) if won else (0.0, 1.0), (0,) if won else (1,), {})

    def evaluate(self, state: CopyState, rng: random.Random) -> tuple[float, ...]:
        while seats := self.to_act(state):
            state = self._apply(state, seats[0], rng.choice(self.action_space))
        outcome = self.outcome(state)
        assert outcome is not None
        return outcome.values

    def determinize(self, state: CopyState, seat: Seat, rng: random.Random) -> CopyState:
        other = 1 - seat
        if None not in state.secret or state.secret[other] is None:
            return state
        return _with_bit(state, other, rng.randrange(2))

    def secret_round(self, state: CopyState, seat: Seat) -> CopyState | None:
        return None if None not in state.secret else _with_bit(state, 1 - seat, None)

    def observed(self, state: CopyState, seat: Seat) -> Hashable | None:
        return tuple(self.view(state, seat)["secret"]), state.last

    def prompt(self, state: CopyState, seat: Seat) -> str:
        return "pick a bit" if seat in self.to_act(state) else ""

    @property
    def action_space(self) -> tuple[Bit, ...]:
        return (Bit(0), Bit(1))


def _with_bit(state: CopyState, seat: Seat, bit: int | None) -> CopyState:
    first, second = state.secret
    return CopyState((bit, second) if seat == 0 else (first, bit), state.last)


def _opening_value(bot: ISMCTSBot) -> float:
    """Seat 0's mean value at the root over both its secret bits, after a search."""
    assert bot._root is not None
    arms = bot._root.arms[0].values()
    return sum(arm.total for arm in arms) / sum(arm.visits for arm in arms)


@pytest.mark.parametrize("seed", range(3))
def test_a_search_keeps_apart_the_positions_a_reveal_tells_apart(seed: int) -> None:
    game = Copy()
    bot = ISMCTSBot(seed, Budget(iterations=400))
    bot.policy(Decision(game, 0, game.start(0)))
    assert bot._root is not None
    seen = {(edge[0], edge[1][1]) for edge in bot._root.children if edge[-1][0] == SEEN}
    assert len(seen) == 4, "each of seat 0's bits is followed by both bits seat 1 may show"
    assert _opening_value(bot) > 0.9, "seat 0 copies the bit it will have seen"


@pytest.mark.parametrize("seed", range(3))
def test_without_observed_the_reveal_is_merged_and_the_last_pick_a_guess(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Copy, "observed", Game.observed)
    game = Copy()
    bot = ISMCTSBot(seed, Budget(iterations=400))
    bot.policy(Decision(game, 0, game.start(0)))
    assert bot._root is not None
    assert all(len(edge) == 1 for edge in bot._root.children)
    assert _opening_value(bot) < 0.85, "merged, the last pick can only favour the bit seat 1 searched more"


def test_go_nuts_searches_below_a_pick_by_the_picks_revealed() -> None:
    game = holesome.load("go-nuts", players=2)
    state = game.start(3)
    while game.to_act(state) == (-1,):
        state = game.apply(state, -1, game.chance_outcomes(state)[0][0])
    bot = ISMCTSBot(1, Budget(iterations=300))
    bot.policy(Decision(game, 0, state))
    assert bot._root is not None and bot._root.simultaneous
    after = [edge for edge in bot._root.children if edge[-1][0] == SEEN]
    assert len(after) > len({edge[0] for edge in after}), "one pick of seat 0, several reveals"
