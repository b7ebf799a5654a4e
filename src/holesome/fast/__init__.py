"""Compiled batched playouts (optional extra `holesome[fast]`: Numba and NumPy).

`compiled(game)` gives a game's compiled path (`base.CompiledGame`) where there is one: each game
has a module here named after it with a `build(game)` function, imported only when first asked
for, so nothing loads Numba until a caller wants it. `CompiledRollout` is the search bots' leaf
evaluator on top of it. The pure engines stay the reference: the agreement tests replay every
compiled game through them.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Any
from weakref import WeakKeyDictionary

from holesome.core.game import Game
from holesome.fast.base import CompiledGame

MODULES = {
    "honey-donut": "honey_donut",
    "go-nuts": "go_nuts",
    "doughnut-dash": "doughnut_dash",
    "double-dash": "double_dash",
    "donut-dilemma": "donut_dilemma",
}
"""The module of `holesome.fast` that compiles each game, by game name."""

GREEDY_SEATS = frozenset({"doughnut-dash", "go-nuts"})
"""The games whose compiled games can have greedy seats (`compiled(game, mix)`)."""
MAX_MIX = 100.0
"""The highest temperature of greedy seats, as a multiple of the spread between their options:
far above it they choose uniformly anyway."""


def _check_mix(mix: float) -> None:
    """Refuse a greedy seats' temperature outside 0..`MAX_MIX` (NaN included)."""
    if not 0.0 <= mix <= MAX_MIX:
        raise ValueError(f"a greedy seat's temperature is from 0 to {MAX_MIX:g}, got {mix}")


_built: WeakKeyDictionary[Game[Any, Any], dict[float, CompiledGame | None]] = WeakKeyDictionary()


def compiled(game: Game[Any, Any], mix: float = 0.0) -> CompiledGame | None:
    """The game's compiled path, built once per loaded game and `mix`; None without Numba, for a
    game without a compiled module yet, or for options the module does not support. With `mix`
    above 0, its games' seats choose greedily at that temperature (see `go_nuts_games` and
    `doughnut_dash_games`); only the games in `GREEDY_SEATS` have such seats."""
    _check_mix(mix)
    if mix and game.name not in GREEDY_SEATS:
        raise ValueError(f"{game.title} has no greedy seats on its compiled path")
    built = _built.setdefault(game, {})
    if mix in built:
        return built[mix]
    found: CompiledGame | None = None
    module_name = MODULES.get(game.name)
    if module_name is not None and find_spec("numba") is not None:
        qualified = f"{__name__}.{module_name}"
        if find_spec(qualified) is not None:
            module = importlib.import_module(qualified)
            found = module.build(game, mix) if mix else module.build(game)
    built[mix] = found
    return found


MAX_PLAYOUTS = 4_096
"""The most games one leaf may average: each is a row of one batch (the duel's `/pN` sets it)."""


@dataclass(frozen=True, slots=True)
class CompiledRollout:
    """A leaf evaluator (`holesome.bots.search.Evaluator`): random playouts on the compiled path.

    Each call plays `playouts` random games on from the state in one batch, cut after `max_steps`
    steps each, and averages their values; a game without a compiled path falls back to its own
    `Game.evaluate`. With `mix` above 0 the games' seats choose greedily (`compiled`). Packing
    the state into arrays costs some 15-45 microseconds a call, more than a whole random Honey
    Donut game, so a few playouts per call cost little more than one; a random Double Dash! game
    runs to some 1,900 steps (half a millisecond), so cut it there.
    """

    max_steps: int = 10_000
    playouts: int = 1
    mix: float = 0.0
    """Above 0, the games' seats choose greedily at that temperature (`compiled(game, mix)`)."""

    def __post_init__(self) -> None:
        _check_mix(self.mix)
        if self.max_steps < 1 or self.playouts < 1:
            raise ValueError(f"a compiled rollout needs positive max_steps and playouts, got {self}")
        if self.playouts > MAX_PLAYOUTS:
            raise ValueError(f"a compiled rollout plays at most {MAX_PLAYOUTS} games a leaf, got {self.playouts}")

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        """Each seat's mean value over the playouts (or the game's own estimate)."""
        fast = compiled(game, self.mix)
        if fast is None:
            return game.evaluate(state, rng)
        values = fast.playouts([state] * self.playouts, rng.getrandbits(31), self.max_steps)
        return tuple(float(value) for value in values.mean(axis=0))


__all__ = ["GREEDY_SEATS", "MAX_MIX", "MAX_PLAYOUTS", "MODULES", "CompiledGame", "CompiledRollout", "compiled"]
