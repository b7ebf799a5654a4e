"""Donut Dilemma for learners: the host's announcements and the seat's own secrets, sized by the
player count and the number of rounds.

With n players, R rounds (option `rounds`, 4 by default), B = 5 bakeries A-E and K = 5
special kinds (glazed, rainbow, strawberry, coffee, jelly), the blocks follow one another in
this order. Seats are counted from the observer (its own first, then the next seats in seat
order); a spectator has no secrets, so its private blocks stay 0. A submission is encoded in
U = 2B + K + 5 floats (the `submission` rows below), the same way for the one under way and
for each past round's.

| block | floats | meaning |
|---|---|---|
| `round` | R | one-hot: the round being played (the last one once the game is over) |
| `over` | 1 | the game is over |
| `acting` | n | each seat has yet to submit this round |
| `announced` | R x (1 + 3B) | per past round: its total, then per bakery 3 floats (below) |
| `bakery`, `start` | B each | one-hot: my bakery, where I started this round |
| `partners` | n | the seats that started the game in my bakery, from my side |
| `garnets` | 1 | my garnets / the most any seat brought (0 if none did) |
| `allowance` | 1 | the specials I may bake this round / the most anyone can be allowed |
| `score` | 1 | my score / 100, capped at 1 |
| `placement` | 1 | my placement / n (players with at least my score; 0 before any round) |
| `submission` | U | my submission so far, below |
| `history` | R x (U + 3) | per past round: my submission, my points, score, placement (below) |
| `final` | n x (1 + B) | per seat, once the game is over: its final score / 100 (capped), its bakery one-hot |

An announced round's total, and each bakery's, is divided by the round's largest possible total;
each bakery adds whether its total was at most 13 and whether exactly 13. A past round of mine
holds my points (one number, as the host tells them) and my score (each / 100, capped at 1),
then my placement / n.

A submission's U floats: the bakery its move ends in (B, one-hot), whether the move is made,
whether the Plain count is made and the count / the most Plain anyone could bake (11 + the
most garnets brought), per
special kind the count / the most specials anyone can be allowed, the largest Rainbow number
declared / the round's largest possible total, per bakery the Coffees baked there / the same
allowance, and whether it is done.

Left out: the table (fixed) and the prompt (words). Points are capped at 100: the awards look
at 50 and 60; a Rainbow can score more, and every score past 100 reads 1.
"""

from __future__ import annotations

from typing import Any

from holesome.core.game import Game, View
from holesome.games.donut_dilemma.components import BAKERIES, DONUTS, NUMBERS, Bakery, Donut
from holesome.games.donut_dilemma.menus import largest_allowances
from holesome.games.donut_dilemma.rules import DonutDilemma
from holesome.interop.encoders.layout import Layout, turned

SCORE_SCALE = 100
"""Points are divided by this and capped at 1."""
SUBMISSION = 2 * len(BAKERIES) + len(DONUTS) + 5
HISTORY_EXTRAS = 3
"""Per past round after my submission: my points, my score, my placement."""
BAKERY_FLAGS = 3
"""Per bakery in an announcement: its total, at most the limit, exactly the limit."""


def _points(value: float) -> float:
    return min(1.0, value / SCORE_SCALE)


class DonutDilemmaEncoder:
    """Donut Dilemma views as the layout in the module docstring."""

    low = 0.0
    high = 1.0

    def __init__(self, game: Game[Any, Any]) -> None:
        if not isinstance(game, DonutDilemma):
            raise TypeError(f"the Donut Dilemma encoder needs a Donut Dilemma game, not {game.name}")
        n, rounds, b = game.players, game.rounds, len(BAKERIES)
        self.players, self.rounds = n, rounds
        self.rainbow_max = game.menus.rainbow_max
        self.most_garnets = max(game.starting_garnets, default=0)
        self.most_plain = NUMBERS.plain_max + self.most_garnets
        self.most_specials = max(largest_allowances(rounds))
        self.layout = Layout(
            (
                ("round", rounds),
                ("over", 1),
                ("acting", n),
                ("announced", rounds * (1 + BAKERY_FLAGS * b)),
                ("bakery", b),
                ("start", b),
                ("partners", n),
                ("garnets", 1),
                ("allowance", 1),
                ("score", 1),
                ("placement", 1),
                ("submission", SUBMISSION),
                ("history", rounds * (SUBMISSION + HISTORY_EXTRAS)),
                ("final", n * (1 + b)),
            )
        )
        self.size = self.layout.size

    def encode(self, view: View) -> list[float]:
        """The view as `size` floats in [0, 1]."""
        n, at = self.players, self.layout
        me = view["seat"] if view["seat"] is not None else 0
        vector = [0.0] * self.size
        round_number = view["round"]
        vector[at.start("round") + round_number - 1] = 1.0
        vector[at.start("over")] = float(view["final"] is not None)
        for seat in view["to_act"]:
            if 0 <= seat < n:
                vector[at.start("acting") + turned(seat, me, n)] = 1.0
        for announcement in view["announcements"]:
            self._announcement(vector, announcement)
        if view["me"] is not None:
            self._private(vector, view["me"], round_number)
            for seat in view["me"]["partners"]:
                vector[at.start("partners") + turned(seat, me, n)] = 1.0
        final = view["final"]
        if final is not None:
            width = 1 + len(BAKERIES)
            for seat, (score, bakery) in enumerate(zip(final["scores"], final["bakeries"], strict=True)):
                start = at.start("final") + turned(seat, me, n) * width
                vector[start] = _points(score)
                vector[start + 1 + BAKERIES.index(Bakery(bakery))] = 1.0
        return vector

    def _announcement(self, vector: list[float], announcement: dict[str, Any]) -> None:
        number = announcement["round"]
        largest = self.rainbow_max[number - 1]
        start = self.layout.start("announced") + (number - 1) * (1 + BAKERY_FLAGS * len(BAKERIES))
        vector[start] = announcement["total"] / largest
        for index, bakery in enumerate(BAKERIES):
            total = announcement["bakeries"][bakery.value]
            flags = start + 1 + index * BAKERY_FLAGS
            vector[flags] = total / largest
            vector[flags + 1] = float(total <= NUMBERS.bakery_limit)
            vector[flags + 2] = float(total == NUMBERS.bakery_limit)

    def _private(self, vector: list[float], mine: dict[str, Any], round_number: int) -> None:
        at = self.layout
        vector[at.start("bakery") + BAKERIES.index(Bakery(mine["bakery"]))] = 1.0
        vector[at.start("start") + BAKERIES.index(Bakery(mine["start"]))] = 1.0
        vector[at.start("garnets")] = mine["garnets"] / max(1, self.most_garnets)
        vector[at.start("allowance")] = mine["allowance"] / self.most_specials
        vector[at.start("score")] = _points(mine["score"])
        if mine["placement"] is not None:
            vector[at.start("placement")] = mine["placement"] / self.players
        if mine["submission"] is not None:
            self._submission(vector, at.start("submission"), mine["submission"], round_number)
        for past in mine["rounds"]:
            start = at.start("history") + (past["round"] - 1) * (SUBMISSION + HISTORY_EXTRAS)
            self._submission(vector, start, past["submission"], past["round"])
            extras = start + SUBMISSION
            vector[extras] = _points(past["points"])
            vector[extras + 1] = _points(past["score"])
            vector[extras + 2] = past["placement"] / self.players

    def _submission(self, vector: list[float], start: int, submission: dict[str, Any], round_number: int) -> None:
        """One submission's U floats from `start` (see the module docstring)."""
        b, k = len(BAKERIES), len(DONUTS)
        if submission["move"] is not None:
            vector[start + BAKERIES.index(Bakery(submission["move"]))] = 1.0
            vector[start + b] = 1.0
        if submission["plain"] is not None:
            vector[start + b + 1] = 1.0
            vector[start + b + 2] = submission["plain"] / self.most_plain
        specials = start + b + 3
        rainbow, coffees = specials + k, specials + k + 1
        for special in submission["specials"]:
            donut = Donut(special["donut"])
            vector[specials + DONUTS.index(donut)] += 1.0 / self.most_specials
            if donut is Donut.RAINBOW:
                declared = special["number"] / self.rainbow_max[round_number - 1]
                vector[rainbow] = max(vector[rainbow], declared)
            if donut is Donut.COFFEE:
                vector[coffees + BAKERIES.index(Bakery(special["at"]))] += 1.0 / self.most_specials
        vector[coffees + b] = float(submission["done"])


def max_game_length(game: Game[Any, Any]) -> int:
    """The most steps a game can take: each round, every seat submits a move, a Plain count, and
    specials up to its allowance (the submission closes itself when the allowance is used; `done`
    before that replaces the remaining specials), so at most 2 + allowance steps. Allowances are
    largest when every special before was a Jelly, which `largest_allowances` counts, and the game
    has no chance steps."""
    rounds = int(game.options["rounds"])
    return game.players * sum(2 + allowance for allowance in largest_allowances(rounds))


__all__ = ["DonutDilemmaEncoder", "max_game_length"]
