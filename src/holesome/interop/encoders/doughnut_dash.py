"""Doughnut Dash for learners: the factory floor as planes, then each seat from the observer's.

With n players, S squares (64 on the default 4x4 layout), D = 5 doughnut kinds, C = 8 Sugar
Rush kinds and 4 directions, the blocks follow one another in this order. Squares keep the
floor's order (row by row from the North-West), as action ids do; seats are counted from the
observer (its own first, then the next seats in seat order; a spectator sees seat 0's side).

| block | floats | meaning |
|---|---|---|
| `doughnuts` | D x S | per kind, in `Doughnut` order: a doughnut of that kind lies here |
| `features` | 3 x S | a fixed barrier / a reflecting barrier / a teleport here |
| `partner` | S | on a teleport: (its partner's square + 1) / S; else 0 |
| `thieves` | n x 2 x S | per seat, its first then its second thief stands here |
| `loop` | S | a square the moving thief may stop on (its endless loop) |
| `phase` | 9 | one-hot: choose, last-word, turn, thief, loop, steal, guard, blueberry, over |
| `acting`, `first`, `mover` | n each | seats to act now / holding the first-player card / whose turn |
| `draws_due` | n | each seat is due to draw a Sugar Rush card |
| `deck` | 1 | Sugar Rush cards in the deck / the whole deck |
| `discards` | C | per kind, discarded cards / the kind's copies |
| `ending` | 1 | an end condition held: this round is the last |
| `ketchup` | 1 | Ketchup left on the floor / the Ketchup in the box |
| `stacks` | n x D | per seat, per kind: doughnuts in its stack / that kind's doughnuts in the box |
| `stack_size` | n | per seat: its stack's height / the stack that ends the game, capped at 1 |
| `stack_top` | n x D | per seat, one-hot: the doughnut on top of its stack (what a steal takes) |
| `hand`, `played`, `revealed` | n x 4 each | per seat, per direction N E S W: in hand / played / revealed this round |
| `choosing` | n x 2 | per seat: has a choice to make this round, has made it |
| `sugar_count` | n | per seat: Sugar Rush cards held / the whole deck |
| `my_sugar` | C | per kind, my Sugar Rush cards / the kind's copies |
| `my_choice` | 6 | my secret choice: Second Wind, Last Word, then the direction one-hot |
| `turn` | 7 | About Turn, Hold Still, first / second thief moved, first / second thief readied, Leap |
| `sidestep` | 2 | one-hot: the Sidestep readied, left then right |
| `victims`, `victim`, `tied` | n each | still to rob / deciding whether to Guard / tied for fewest (Blueberry Violet) |

Left out: the round number (no bound), the tiles' ids and turns (their features are in the
planes), the trails and events of this round and last (their effects are on the floor and in
the stacks), scores and the outcome (the reward carries them).
"""

from __future__ import annotations

from typing import Any

from holesome.core.game import Game, View
from holesome.games.doughnut_dash.components import (
    CARD_COUNTS,
    DECK,
    DIRECTIONS,
    DOUGHNUT_COUNTS,
    Card,
    Doughnut,
    Feature,
    Side,
    feature_kind,
)
from holesome.games.doughnut_dash.rules import THIEVES, DoughnutDash
from holesome.games.doughnut_dash.scoring import MAX_STACK
from holesome.games.doughnut_dash.state import Phase
from holesome.interop.encoders.layout import Layout, turned

DOUGHNUTS = tuple(Doughnut)
CARDS = tuple(Card)
FEATURES = (Feature.FIXED, Feature.REFLECT, Feature.TELEPORT)
PHASES = tuple(Phase)
SIDES = tuple(Side)
CHOICE_FLAGS = ("second_wind", "last_word")
TURN_FLAGS = ("about_turn", "hold_still")


class DoughnutDashEncoder:
    """Doughnut Dash views as the layout in the module docstring."""

    low = 0.0
    high = 1.0

    def __init__(self, game: Game[Any, Any]) -> None:
        if not isinstance(game, DoughnutDash):
            raise TypeError(f"the Doughnut Dash encoder needs a Doughnut Dash game, not {game.name}")
        n = self.players = game.players
        s = self.squares = game.layout.size
        self.max_stack = MAX_STACK[n]
        d, c, directions = len(DOUGHNUTS), len(CARDS), len(DIRECTIONS)
        self.layout = Layout(
            (
                ("doughnuts", d * s),
                ("features", len(FEATURES) * s),
                ("partner", s),
                ("thieves", n * len(THIEVES) * s),
                ("loop", s),
                ("phase", len(PHASES)),
                ("acting", n),
                ("first", n),
                ("mover", n),
                ("draws_due", n),
                ("deck", 1),
                ("discards", c),
                ("ending", 1),
                ("ketchup", 1),
                ("stacks", n * d),
                ("stack_size", n),
                ("stack_top", n * d),
                ("hand", n * directions),
                ("played", n * directions),
                ("revealed", n * directions),
                ("choosing", n * 2),
                ("sugar_count", n),
                ("my_sugar", c),
                ("my_choice", len(CHOICE_FLAGS) + directions),
                ("turn", len(TURN_FLAGS) + 2 * len(THIEVES) + 1),
                ("sidestep", len(SIDES)),
                ("victims", n),
                ("victim", n),
                ("tied", n),
            )
        )
        self.size = self.layout.size

    def encode(self, view: View) -> list[float]:
        """The view as `size` floats in [0, 1]."""
        n, s, at = self.players, self.squares, self.layout
        me = view["seat"] if view["seat"] is not None else 0
        vector = [0.0] * self.size
        for square in view["board"]["squares"]:
            where = square["square"]
            if square["doughnut"] is not None:
                vector[at.start("doughnuts") + DOUGHNUTS.index(Doughnut(square["doughnut"])) * s + where] = 1.0
            kind = feature_kind(square["feature"])
            if kind is not None:
                vector[at.start("features") + FEATURES.index(kind) * s + where] = 1.0
            if square["partner"] is not None:
                vector[at.start("partner") + where] = (square["partner"] + 1) / s
        for thief in view["thieves"]:
            plane = turned(thief["seat"], me, n) * len(THIEVES) + thief["thief"]
            vector[at.start("thieves") + plane * s + thief["square"]] = 1.0
        vector[at.start("phase") + PHASES.index(Phase(view["phase"]))] = 1.0
        self._seats(vector, "acting", view["to_act"], me)
        self._seats(vector, "first", [view["first_player"]], me)
        self._seats(vector, "mover", [] if view["mover"] is None else [view["mover"]], me)
        self._seats(vector, "draws_due", view["draws_due"], me)
        vector[at.start("deck")] = view["deck_size"] / len(DECK)
        for card in view["discards"]:
            vector[at.start("discards") + CARDS.index(Card(card))] += 1.0 / CARD_COUNTS[Card(card)]
        vector[at.start("ending")] = float(view["ending"])
        vector[at.start("ketchup")] = view["ketchup_left"] / DOUGHNUT_COUNTS[Doughnut.KETCHUP]
        for seat in view["seats"]:
            self._seat(vector, seat, turned(seat["seat"], me, n))
        if view["turn"] is not None:
            self._turn(vector, view["turn"], me)
        return vector

    def _seat(self, vector: list[float], seat: dict[str, Any], place: int) -> None:
        at, d, directions = self.layout, len(DOUGHNUTS), len(DIRECTIONS)
        stack = [Doughnut(doughnut) for doughnut in seat["stack"]]
        for doughnut in stack:
            vector[at.start("stacks") + place * d + DOUGHNUTS.index(doughnut)] += 1.0 / DOUGHNUT_COUNTS[doughnut]
        vector[at.start("stack_size") + place] = min(1.0, len(stack) / self.max_stack)
        if stack:
            vector[at.start("stack_top") + place * d + DOUGHNUTS.index(stack[-1])] = 1.0
        for block, cards in (("hand", seat["hand"]), ("played", seat["played"])):
            for direction in cards:
                vector[at.start(block) + place * directions + DIRECTIONS.index(direction)] = 1.0
        if seat["revealed"] is not None:
            vector[at.start("revealed") + place * directions + DIRECTIONS.index(seat["revealed"])] = 1.0
        vector[at.start("choosing") + place * 2] = float(seat["choosing"])
        vector[at.start("choosing") + place * 2 + 1] = float(seat["committed"])
        vector[at.start("sugar_count") + place] = seat["sugar_rush_count"] / len(DECK)
        for card in seat["sugar_rush"] or ():
            vector[at.start("my_sugar") + CARDS.index(Card(card))] += 1.0 / CARD_COUNTS[Card(card)]
        choice = seat["choice"]
        if choice is not None:
            start = at.start("my_choice")
            for index, flag in enumerate(CHOICE_FLAGS):
                vector[start + index] = float(choice[flag])
            if choice["direction"] is not None:
                vector[start + len(CHOICE_FLAGS) + DIRECTIONS.index(choice["direction"])] = 1.0

    def _turn(self, vector: list[float], turn: dict[str, Any], me: int) -> None:
        at = self.layout
        start = at.start("turn")
        for index, flag in enumerate(TURN_FLAGS):
            vector[start + index] = float(turn[flag])
        for thief in turn["moved"]:
            vector[start + len(TURN_FLAGS) + thief] = 1.0
        if turn["thief"] is not None:
            vector[start + len(TURN_FLAGS) + len(THIEVES) + turn["thief"]] = 1.0
        vector[start + len(TURN_FLAGS) + 2 * len(THIEVES)] = float(turn["leap"])
        if turn["sidestep"] is not None:
            vector[at.start("sidestep") + SIDES.index(Side(turn["sidestep"]))] = 1.0
        for square in turn["loop"]:
            vector[at.start("loop") + square] = 1.0
        self._seats(vector, "victims", turn["victims"], me)
        self._seats(vector, "victim", [] if turn["victim"] is None else [turn["victim"]], me)
        self._seats(vector, "tied", turn["tied"], me)

    def _seats(self, vector: list[float], block: str, seats: list[int], me: int) -> None:
        """Flags the given seats (chance and other non-seats ignored) in a per-seat block."""
        for seat in seats:
            if 0 <= seat < self.players:
                vector[self.layout.start(block) + turned(seat, me, self.players)] = 1.0


__all__ = ["DoughnutDashEncoder"]
