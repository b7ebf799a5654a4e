"""What the PettingZoo and Gymnasium adapters share: loading, seeding, spaces, observations.

Observations are dicts `{"observation": float32[encoder.size], "action_mask": int8[num_actions]}`.
The action space is the game's whole integer action space (`game.num_actions`), chance
outcomes included; the mask marks the seat's legal actions now and is all zeros when the seat
may not act. Agents are named `player_<seat>`.
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from rich.console import Console

import holesome
from holesome.core.errors import InvalidOption
from holesome.core.game import Game, Seat, View
from holesome.interop.encoders import Encoder
from holesome.terminal import render

RENDER_MODES = ("ansi", "human")
_SEED_RANGE = 2**31
_RENDER_WIDTH = 100


def resolve(game: str | Game[Any, Any], players: int | None, options: dict[str, object]) -> Game[Any, Any]:
    """A loaded game: `game` itself, or the game registered under that name."""
    if isinstance(game, Game):
        if players is not None or options:
            raise InvalidOption("pass players and options to holesome.load, not beside a loaded game")
        return game
    return holesome.load(game, players, **options)


def agent_name(seat: Seat) -> str:
    """The PettingZoo agent name of a seat."""
    return f"player_{seat}"


def check_render_mode(render_mode: str | None) -> None:
    """Refuse a render mode the adapters do not offer."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise InvalidOption(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")


class Seeds:
    """Game seeds for successive episodes: `reset(seed)` starts over from `seed`.

    The first episode after `reset(seed=s)` plays game seed `s` itself, so an episode matches
    `holesome play --seed s`; later unseeded resets draw from an RNG seeded with `s`.
    """

    def __init__(self) -> None:
        self._rng = random.Random()

    def next(self, seed: int | None) -> int:
        """The seed of the next episode."""
        if seed is not None:
            self._rng = random.Random(seed)
            return seed
        return self._rng.randrange(_SEED_RANGE)


def observation_space(encoder: Encoder, num_actions: int) -> spaces.Dict:
    """The space of `observation()`'s values."""
    return spaces.Dict(
        {
            "observation": spaces.Box(encoder.low, encoder.high, (encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
        }
    )


def action_mask(game: Game[Any, Any], state: Any, seat: Seat) -> NDArray[np.int8]:
    """1 for each of the seat's legal actions now, else 0."""
    mask = np.zeros(game.num_actions, np.int8)
    for action in game.legal_actions(state, seat):
        mask[game.encode(action)] = 1
    return mask


def observation(encoder: Encoder, view: View, mask: NDArray[np.int8]) -> dict[str, NDArray[Any]]:
    """The observation dict for a view and an action mask."""
    return {"observation": np.asarray(encoder.encode(view), np.float32), "action_mask": mask}


def render_text(view: View) -> str:
    """A view drawn by the game's terminal renderer, as plain text."""
    buffer = io.StringIO()
    Console(file=buffer, width=_RENDER_WIDTH, color_system=None).print(render(view))
    return buffer.getvalue()


__all__ = [
    "RENDER_MODES",
    "Seeds",
    "action_mask",
    "agent_name",
    "check_render_mode",
    "observation",
    "observation_space",
    "render_text",
    "resolve",
]
