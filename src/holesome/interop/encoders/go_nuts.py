"""Go Nuts for Donuts! for learners: a seat's view as a fixed layout sized by the player count.

With n players, K = 23 donut kinds, S = n + 1 row slots and P = 12 powers, the blocks follow
one another in this order (seats are counted from the observer: its own first, then the next
seats in seat order; a spectator sees the table from seat 0):

| block | floats | meaning |
|---|---|---|
| `round` | 1 | the round number / the deck's size at the start (a round uses up at least one card) |
| `phase` | 4 | one-hot: pick, power, draw (a chance step), over |
| `acting` | n | each seat (from mine) is to act now |
| `deck` | 1 | cards in the deck / the deck's size at the start |
| `deck_top` | K | one-hot: the deck's top card, if I put it back (Double Chocolate) |
| `unseen` | K | per kind, the cards I cannot place (deck and others' secrets) / the kind's copies |
| `discard` | K | per kind, the cards in the discard pile / the kind's copies |
| `discard_top` | K | one-hot: the discard pile's top card (what an Eclair takes) |
| `row` | S x K | per slot from 1, one-hot: its card (all zero: empty) |
| `hands` | n x K | per seat, per kind: cards held / the kind's copies |
| `totals` | n x 3 | per seat: cards held / deck size, types held / K, score / 50 clipped to [-1, 1] |
| `picked` | n | each seat has picked this round |
| `picks` | n x S | per seat, one-hot: the slot it picked, where I may know it (mine, or all once revealed) |
| `power` | P | one-hot: the power under way, in `Power` order |
| `taker` | n | one-hot: whose power it is |
| `chosen` | K | per kind, cards chosen so far in the power's chain / the kind's copies |
| `chosen_seat` | n | one-hot: the opponent chosen (Bear Claw, Strawberry Glazed) |
| `drawn` | 1 | cards drawn by a Double Chocolate / 2 |
| `drawn_cards` | K | per kind, those cards / 2, if they are mine to see |
| `passed` | n | each seat has chosen its Cinnamon Twist pass |
| `my_pass` | K | one-hot: the card I chose to pass |

A kind's copies are those in this player count's deck (a kind out of play stays 0). The
view's events (what happened since the reveal), its outcome and the card texts are left out:
their effects are already in the hands, row and piles, and the reward carries the outcome.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from holesome.core.game import Game, View
from holesome.games.go_nuts.cards import CODES, KINDS, Power, deck_counts
from holesome.interop.encoders.layout import Layout, clip, turned

PHASES = ("pick", "power", "draw", "over")
POWERS = tuple(Power)
SCORE_SCALE = 50
"""Scores are divided by this and clipped to [-1, 1]: real scores rarely pass 50 either way."""
DOUBLE_CHOCOLATE_DRAWS = 2


class GoNutsEncoder:
    """Go Nuts views as the layout in the module docstring."""

    low = -1.0
    high = 1.0

    def __init__(self, game: Game[Any, Any]) -> None:
        n = self.players = game.players
        k, slots = len(KINDS), n + 1
        self.copies = tuple(max(1, count) for count in deck_counts(n))
        self.deck_total = sum(deck_counts(n))
        self.slots = slots
        self.layout = Layout(
            (
                ("round", 1),
                ("phase", len(PHASES)),
                ("acting", n),
                ("deck", 1),
                ("deck_top", k),
                ("unseen", k),
                ("discard", k),
                ("discard_top", k),
                ("row", slots * k),
                ("hands", n * k),
                ("totals", n * 3),
                ("picked", n),
                ("picks", n * slots),
                ("power", len(POWERS)),
                ("taker", n),
                ("chosen", k),
                ("chosen_seat", n),
                ("drawn", 1),
                ("drawn_cards", k),
                ("passed", n),
                ("my_pass", k),
            )
        )
        self.size = self.layout.size

    def encode(self, view: View) -> list[float]:
        """The view as `size` floats in [-1, 1] (only scores go below 0)."""
        n, k, at = self.players, len(KINDS), self.layout
        me = view["seat"] if view["seat"] is not None else 0
        vector = [0.0] * self.size
        start = at.start
        vector[start("round")] = min(1.0, view["round"] / self.deck_total)
        vector[start("phase") + PHASES.index(view["phase"])] = 1.0
        for seat in view["to_act"]:
            if 0 <= seat < n:
                vector[start("acting") + turned(seat, me, n)] = 1.0
        vector[start("deck")] = view["deck_size"] / self.deck_total
        self._one_hot(vector, start("deck_top"), view["deck_top"])
        self._counts(vector, start("unseen"), view["unseen"])
        self._counts(vector, start("discard"), Counter(view["discard"]))
        self._one_hot(vector, start("discard_top"), view["discard"][-1] if view["discard"] else None)
        for slot in view["row"]:
            self._one_hot(vector, start("row") + (slot["slot"] - 1) * k, slot["card"])
        for hand in view["hands"]:
            place = turned(hand["seat"], me, n)
            self._counts(vector, start("hands") + place * k, hand["cards"])
            totals = start("totals") + place * 3
            vector[totals] = hand["count"] / self.deck_total
            vector[totals + 1] = hand["types"] / k
            vector[totals + 2] = clip(hand["score"] / SCORE_SCALE, -1.0, 1.0)
            vector[start("picked") + place] = float(hand["picked"])
            if hand["pick"] is not None:
                vector[start("picks") + place * self.slots + hand["pick"] - 1] = 1.0
        if view["power"] is not None:
            self._power(vector, view["power"], me)
        return vector

    def _power(self, vector: list[float], power: dict[str, Any], me: int) -> None:
        n, at = self.players, self.layout
        kind = Power(power["power"])
        vector[at.start("power") + POWERS.index(kind)] = 1.0
        vector[at.start("taker") + turned(power["taker"], me, n)] = 1.0
        if kind in (Power.STEAL, Power.SPOIL):
            for seat in power["chosen"]:
                vector[at.start("chosen_seat") + turned(seat, me, n)] = 1.0
        else:
            self._counts(vector, at.start("chosen"), Counter(power["chosen"]))
        if kind is Power.DRAW_TWO:
            vector[at.start("drawn")] = power["drawn"] / DOUBLE_CHOCOLATE_DRAWS
            for code in power["drawn_cards"] or ():
                vector[at.start("drawn_cards") + CODES[code]] += 1.0 / DOUBLE_CHOCOLATE_DRAWS
        if kind is Power.TWIST:
            for seat, passed in enumerate(power["passed"]):
                vector[at.start("passed") + turned(seat, me, n)] = float(passed)
            self._one_hot(vector, at.start("my_pass"), power["my_pass"])

    def _counts(self, vector: list[float], start: int, counts: dict[str, int]) -> None:
        for code, count in counts.items():
            card = CODES[code]
            vector[start + card] = count / self.copies[card]

    @staticmethod
    def _one_hot(vector: list[float], start: int, code: str | None) -> None:
        if code is not None:
            vector[start + CODES[code]] = 1.0


def max_game_length(game: Game[Any, Any]) -> int:
    """The most steps a game can take, with n players, S = n + 1 slots and D deck cards.

    Rounds: every round some slot is picked and its card leaves the row, so the refill needs a
    card, and no power puts more on the deck than it drew (Double Chocolate draws two, puts one
    back); the deck, D - S after the deal, loses a card each round until it cannot refill the
    row, so there are at most D - S + 1 rounds. Steps in a round: n picks; at most n powers (one
    per slot a single seat took), each a chain of at most S + 1 steps (French Cruller: up to
    S - 1 clears and done; Day-Old Donuts: 3 takes or fewer and done; Cinnamon Twist: n passes;
    Double Chocolate: 2 draws and a keep; the others 3 or fewer); and at most S refill draws.
    """
    players = game.players
    slots = players + 1
    rounds = sum(deck_counts(players)) - slots + 1
    return rounds * (players + players * (slots + 1) + slots)


__all__ = ["GoNutsEncoder", "max_game_length"]
