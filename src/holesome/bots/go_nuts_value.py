"""Two-player Go Nuts judged by a learned value network: what it reads (`features`) and how it
is trained (`RECIPE`; `python -m holesome.bots.go_nuts_value`, see `bots.learned`).

The searches' leaf for Go Nuts was the mean of 32 compiled games between greedy seats (`settings`,
`PICK_MIX`): some 600 microseconds a leaf, most of a search's time, and still noisy (a 32-game mean
is off from the games' true mean by some 0.06 to 0.08). The network says what those games would
say on average in some 20 microseconds and about as close to it, so a search at the same CPU runs
ten times the iterations and more (docs/bots.md, "Go Nuts 2p: a learned leaf").

**What it reads.** Only what both seats see at two players: the hands, the row, the discard pile
and the deck's counts, which at two seats hold nothing a seat cannot see once the other's pending
pick is taken back (`determinize` leaves it so). `features` describes them from one seat's side.

**How it is trained**: positions from compiled games between greedy seats at many temperatures and
positions the shipped search judged in self-play, each labelled by the mean of 256 greedy games
from it (`bots.learned`). The shipped weights are `go_nuts_value.npz`, made by the command's
defaults.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

from holesome.bots import learned
from holesome.bots.settings import PICK_MIX
from holesome.core.game import Game
from holesome.games.go_nuts import GoNutsState
from holesome.games.go_nuts.cards import deck_counts
from holesome.games.go_nuts.scoring import scores

DEALT = int(np.flatnonzero(deck_counts(2))[-1]) + 1
"""The kinds the two-player deck deals (the first 9 of the rulebook's order)."""
UP_TO = 5
"""How many cards of a kind a hand's features tell apart (Donut Holes' table stops at 5)."""
WIDTH = 2 * DEALT * UP_TO + 4 * DEALT + 10
"""How many features a position has."""


def features(state: GoNutsState, seat: int) -> np.ndarray:
    """A two-player position from `seat`'s side: for each kind, which of 1..`UP_TO` cards each
    seat holds (so a set's table is a sum), the deck's counts, the row's and the discard pile's
    cards and the pile's top card; then both scores and their difference, the lead in cards (the
    tie-break), the deck's size, a power under way and whose, and each seat's number of types."""
    other = 1 - seat
    mine, theirs = state.hands[seat], state.hands[other]
    points = scores(state.hands)
    out = np.zeros(WIDTH)
    for kind in range(DEALT):
        out[kind * UP_TO : kind * UP_TO + min(mine[kind], UP_TO)] = 1.0
        start = (DEALT + kind) * UP_TO
        out[start : start + min(theirs[kind], UP_TO)] = 1.0
    base = 2 * DEALT * UP_TO
    out[base : base + DEALT] = np.asarray(state.deck[:DEALT]) / 4
    for card in state.row:
        if card is not None:
            out[base + DEALT + card] += 1.0
    for card in state.discard:
        out[base + 2 * DEALT + card] += 0.5
    if state.discard:
        out[base + 3 * DEALT + state.discard[-1]] = 1.0
    base += 4 * DEALT
    task = state.task
    out[base : base + 10] = (
        points[seat] / 10,
        points[other] / 10,
        (points[seat] - points[other]) / 10,
        (sum(mine) - sum(theirs)) / 4,
        sum(state.deck) / 10,
        task is not None,
        task is not None and task.taker == seat,
        sum(1 for count in mine[:DEALT] if count) / 5,
        sum(1 for count in theirs[:DEALT] if count) / 5,
        1.0,
    )
    return out


def _features(game: Game[Any, Any], state: GoNutsState, seat: int) -> np.ndarray:
    """`features` in the form a `learned.Recipe` asks for."""
    return features(state, seat)


RECIPE = learned.Recipe(
    game="go-nuts",
    players=2,
    width=WIDTH,
    features=_features,
    weights=Path(__file__).with_name("go_nuts_value.npz"),
    needs="numpy",
    temperatures=(0.0, 0.05, 0.1, 0.25, 0.25, 0.5, 1.0, 2.0),  # from careless play to careful
    label_mix=PICK_MIX["go-nuts"],
    label_games=256,  # a label is off from the games' true mean by some 0.02
    keep=(0.15, 0.1),
    defaults={"played_games": 6_000, "searched_games": 400, "iterations": 60, "hidden": 64, "epochs": 25, "seed": 11},
)


if __name__ == "__main__":
    learned.main("go-nuts", sys.argv[1:])
