"""Two-player Doughnut Dash judged by a learned value network: what it reads (`features`) and how
it is trained (`RECIPE`; `python -m holesome.bots.doughnut_dash_value`, see `bots.learned`).

The searches' leaf for Doughnut Dash is the mean of 32 random games on the compiled path
(`settings.COMPILED_LEAVES`), some 500 microseconds of an iteration's 700. The network says what
those games would say on average in some 25 microseconds (packing the state, the features, the
network), so a search at the same CPU runs six times the iterations. It is **not** the searches'
default: at equal CPU against OpenSpiel's ISMCTS a search with it won 77.5% where the 32 games won
92.0% of the same 100 deals (docs/bots.md, "Doughnut Dash 2p: a learned leaf, tried and not kept"). It
stays for research: the duel's `/n0` plays it, and this command retrains it.

**What it reads** (`fast.doughnut_dash_features`): for each seat, what each of its thieves would
take or steal dashing each way from where it stands, its direction cards and choice, its points
and their parts, its stack's top and its Sugar Rush cards; the doughnuts left on the floor, the
phase, the deck and whose turn it is. The other seat's Sugar Rush cards and secret choice are
those of the determinized state the leaf is handed, never the true ones.

**How it is trained**: positions of random compiled games and positions the shipped search judged
in self-play, each labelled by the mean of 128 random games from it (`bots.learned`). The shipped
weights are `doughnut_dash_value.npz`, made by the command's defaults.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

from holesome.bots import learned
from holesome.core.game import Game
from holesome.games.doughnut_dash import DashState

WIDTH = 114
"""How many features a position has (`fast.doughnut_dash_features.WIDTH`, which needs Numba)."""


def features(game: Game[Any, Any], state: DashState, seat: int) -> np.ndarray:
    """The position from `seat`'s side, packed on the game's compiled path."""
    from holesome.fast import compiled
    from holesome.fast.doughnut_dash import CompiledDoughnutDash
    from holesome.fast.doughnut_dash_features import features as write

    fast = compiled(game)
    if not isinstance(fast, CompiledDoughnutDash):
        raise RuntimeError("Doughnut Dash's learned leaf needs the compiled path (the `fast` extra)")
    out = np.empty(WIDTH)
    write(fast.pack(state), fast.tab, fast.floor, seat, out)
    return out


RECIPE = learned.Recipe(
    game="doughnut-dash",
    players=2,
    width=WIDTH,
    features=features,
    weights=Path(__file__).with_name("doughnut_dash_value.npz"),
    needs="numba",
    temperatures=(0.0,),
    label_mix=0.0,
    label_games=128,
    keep=(0.1, 0.03),  # a game runs some 130 steps, and a search asks about thousands of positions
    defaults={"played_games": 3_000, "searched_games": 150, "iterations": 50, "hidden": 64, "epochs": 25, "seed": 12},
)


if __name__ == "__main__":
    learned.main("doughnut-dash", sys.argv[1:])
