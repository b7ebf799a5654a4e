"""Observation vectors: each game's view turned into a fixed-length list of floats.

RL libraries want a fixed-size numeric observation; holesome hands out views (JSON dicts of
exactly what a seat may know). An `Encoder` bridges the two. Because it reads only the view,
an encoder can never leak a secret the view does not show.

Games register a hand-written encoder in `ENCODERS` (documented in its module and in
docs/interop.md). A game without one gets `HashedViewEncoder`, a generic fallback that hashes
every leaf of the view into a fixed number of buckets: honest (it sees the view and nothing
else, deterministically) but lossy where two features share a bucket.

`PROFILES` holds the other per-game facts the adapters need and the contract does not state
(whether the game has chance steps, a proven bound on its length, chance outcomes that only
repeat the chance step); a game without a profile gets the cautious defaults of `Profile`.
Hidden information is the contract's own `Game.perfect_information`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from holesome.core.game import Game, View
from holesome.interop.encoders import donut_dilemma, double_dash, go_nuts, honey_donut
from holesome.interop.encoders.donut_dilemma import DonutDilemmaEncoder
from holesome.interop.encoders.double_dash import DoubleDashEncoder
from holesome.interop.encoders.doughnut_dash import DoughnutDashEncoder
from holesome.interop.encoders.go_nuts import GoNutsEncoder
from holesome.interop.encoders.hashed import HashedViewEncoder
from holesome.interop.encoders.honey_donut import HoneyDonutEncoder


class Encoder(Protocol):
    """Turns one seat's view into `size` floats between `low` and `high`."""

    size: int
    low: float
    high: float

    def encode(self, view: View) -> Sequence[float]:
        """The view as exactly `size` floats."""
        ...


def no_bound(game: Game[Any, Any]) -> int | None:
    """The length bound of a game that has none: None."""
    return None


@dataclass(frozen=True, slots=True)
class Profile:
    """What the adapters must know about a game beyond the contract.

    The defaults are the safe assumptions for a game nobody described: it may have chance
    steps, and nothing bounds its length (`max_game_length` gives None), so OpenSpiel cuts it
    off (its `max_steps` parameter). A bound, where given, is proven in its docstring.
    `is_repeat(game, outcome)` marks chance outcomes that only repeat the chance step they come
    from, whatever the state (a tied roll rolled again): OpenSpiel leaves them out and scales the
    others up, the same distribution of play without an unbounded loop.
    """

    has_chance: bool = True
    max_game_length: Callable[[Game[Any, Any]], int | None] = no_bound
    is_repeat: Callable[[Game[Any, Any], Any], bool] | None = None


ENCODERS: dict[str, Callable[[Game[Any, Any]], Encoder]] = {
    "honey-donut": HoneyDonutEncoder,
    "go-nuts": GoNutsEncoder,
    "double-dash": DoubleDashEncoder,
    "doughnut-dash": DoughnutDashEncoder,
    "donut-dilemma": DonutDilemmaEncoder,
}
"""Per-game encoder factories, by game name; each takes the loaded game."""

PROFILES: dict[str, Profile] = {
    "honey-donut": Profile(has_chance=False, max_game_length=honey_donut.max_game_length),
    "donut-dilemma": Profile(has_chance=False, max_game_length=donut_dilemma.max_game_length),
    "go-nuts": Profile(has_chance=True, max_game_length=go_nuts.max_game_length),
    "double-dash": Profile(
        has_chance=True, max_game_length=double_dash.max_game_length, is_repeat=double_dash.is_repeat
    ),
}
"""Per-game facts, by game name."""


def encoder_for(game: Game[Any, Any]) -> Encoder:
    """The game's own encoder, or the hashed fallback."""
    factory = ENCODERS.get(game.name)
    return HashedViewEncoder() if factory is None else factory(game)


def profile_for(game: Game[Any, Any] | type[Game[Any, Any]]) -> Profile:
    """The game's profile, or the cautious default."""
    return PROFILES.get(game.name, Profile())


__all__ = [
    "ENCODERS",
    "PROFILES",
    "DonutDilemmaEncoder",
    "DoubleDashEncoder",
    "DoughnutDashEncoder",
    "Encoder",
    "GoNutsEncoder",
    "HashedViewEncoder",
    "HoneyDonutEncoder",
    "Profile",
    "encoder_for",
    "profile_for",
]
