"""Secret Bids: a tiny test game with everything Honey Donut lacks.

It exercises the generic paths of the adapters: hidden cards dealt by `start(seed)`, a
simultaneous secret phase, a chance step, a chained decision by one seat, and 2-4 players.

Each seat holds a hidden card worth 1..3. For each of two rounds, every seat secretly bids 0
or 1 (all bids are revealed together and paid); chance draws a bonus worth 1..3; the highest
bidder (the lowest seat on a tie) takes or leaves the bonus, then confirms. A seat scores its
card plus the bonuses it took, less its bids; the highest score wins, ties share.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum
from typing import NamedTuple

from holesome.core.game import CHANCE, Game, Outcome, Seat, View

ROUNDS = 2
CARD_VALUES = (1, 2, 3)
BIDS = (0, 1)


class Phase(Enum):
    """Where a round stands."""

    BID = "bid"
    DRAW = "draw"
    DECIDE = "decide"
    CONFIRM = "confirm"
    OVER = "over"


class Act(NamedTuple):
    """An action: `bid` 0/1, `draw` 1..3 (chance), `take`, `leave` or `confirm`."""

    kind: str
    value: int = 0


ACTIONS = (
    *(Act("bid", bid) for bid in BIDS),
    *(Act("draw", value) for value in CARD_VALUES),
    Act("take"),
    Act("leave"),
    Act("confirm"),
)


@dataclass(frozen=True, slots=True)
class BidsState:
    """Cards are secret; pending bids are secret until the last one is in."""

    cards: tuple[int, ...]
    pending: tuple[int | None, ...]
    revealed: tuple[int, ...]
    paid: tuple[int, ...]
    taken: tuple[int, ...]
    round: int
    phase: Phase
    bonus: int
    leader: Seat


class SecretBids(Game[BidsState, Act]):
    """The test game described in the module docstring."""

    name = "secret-bids"
    title = "Secret Bids"
    blurb = "A toy game for the tests."
    version = 1
    player_counts = (2, 3, 4)
    default_players = 2
    state_type = BidsState
    action_type = Act

    def start(self, seed: int) -> BidsState:
        rng = random.Random(seed)
        zeros = (0,) * self.players
        cards = tuple(rng.choice(CARD_VALUES) for _ in range(self.players))
        return BidsState(cards, (None,) * self.players, zeros, zeros, zeros, 0, Phase.BID, 0, 0)

    def to_act(self, state: BidsState) -> tuple[Seat, ...]:
        if state.phase is Phase.BID:
            return tuple(seat for seat, bid in enumerate(state.pending) if bid is None)
        if state.phase is Phase.DRAW:
            return (CHANCE,)
        if state.phase is Phase.OVER:
            return ()
        return (state.leader,)

    def legal_actions(self, state: BidsState, seat: Seat) -> tuple[Act, ...]:
        if seat not in self.to_act(state) or seat == CHANCE:
            return ()
        if state.phase is Phase.BID:
            return tuple(Act("bid", bid) for bid in BIDS)
        if state.phase is Phase.DECIDE:
            return (Act("take"), Act("leave"))
        return (Act("confirm"),)

    def chance_outcomes(self, state: BidsState) -> tuple[tuple[Act, float], ...]:
        if state.phase is not Phase.DRAW:
            return ()
        return tuple((Act("draw", value), 1 / len(CARD_VALUES)) for value in CARD_VALUES)

    def _apply(self, state: BidsState, seat: Seat, action: Act) -> BidsState:
        if action.kind == "bid":
            pending = tuple(action.value if other == seat else bid for other, bid in enumerate(state.pending))
            if any(bid is None for bid in pending):
                return replace(state, pending=pending)
            bids = tuple(bid or 0 for bid in pending)
            leader = max(range(self.players), key=lambda other: (bids[other], -other))
            paid = tuple(total + bid for total, bid in zip(state.paid, bids, strict=True))
            return replace(
                state, pending=(None,) * self.players, revealed=bids, paid=paid, leader=leader, phase=Phase.DRAW
            )
        if action.kind == "draw":
            return replace(state, bonus=action.value, phase=Phase.DECIDE)
        if action.kind in ("take", "leave"):
            gain = state.bonus if action.kind == "take" else 0
            taken = tuple(total + gain if other == seat else total for other, total in enumerate(state.taken))
            return replace(state, taken=taken, phase=Phase.CONFIRM)
        next_round = state.round + 1
        phase = Phase.OVER if next_round == ROUNDS else Phase.BID
        return replace(state, round=next_round, phase=phase, bonus=0)

    def view(self, state: BidsState, seat: Seat | None) -> View:
        outcome = self.outcome(state)
        return {
            "game": self.name,
            "seat": seat,
            "round": state.round,
            "phase": state.phase.value,
            "to_act": list(self.to_act(state)),
            "prompt": "" if seat is None else self.prompt(state, seat),
            "card": None if seat is None else state.cards[seat],
            "my_bid": None if seat is None else state.pending[seat],
            "has_bid": [bid is not None for bid in state.pending],
            "revealed": list(state.revealed),
            "paid": list(state.paid),
            "taken": list(state.taken),
            "bonus": state.bonus,
            "leader": state.leader,
            "outcome": None if outcome is None else outcome.to_json(),
        }

    def outcome(self, state: BidsState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        scores = tuple(
            float(card + taken - paid) for card, taken, paid in zip(state.cards, state.taken, state.paid, strict=True)
        )
        best = max(scores)
        return Outcome(scores, tuple(seat for seat, score in enumerate(scores) if score == best))

    def determinize(self, state: BidsState, seat: Seat, rng: random.Random) -> BidsState:
        cards = tuple(card if other == seat else rng.choice(CARD_VALUES) for other, card in enumerate(state.cards))
        pending = tuple(
            bid if other == seat or bid is None else rng.choice(BIDS) for other, bid in enumerate(state.pending)
        )
        return replace(state, cards=cards, pending=pending)

    def prompt(self, state: BidsState, seat: Seat) -> str:
        if seat not in self.to_act(state):
            return ""
        return {
            Phase.BID: "Bid 0 or 1, in secret",
            Phase.DECIDE: f"Take or leave the bonus of {state.bonus}",
            Phase.CONFIRM: "Confirm your choice",
        }[state.phase]

    @property
    def action_space(self) -> tuple[Act, ...]:
        return ACTIONS
