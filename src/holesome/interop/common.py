"""What the PettingZoo and Gymnasium adapters share: loading, seeding, spaces, observations.

Observations are dicts `{"observation": float32[encoder.size], "action_mask": int8[num_actions]}`.
The action space is the game's whole integer action space (`game.num_actions`), chance
outcomes included; the mask marks the seat's legal actions now and is all zeros when the seat
may not act. Agents are named `player_<seat>`.

An action the mask does not allow is handled by the env's `illegal` policy (`ILLEGAL`):
`"raise"` raises `IllegalAction` and changes nothing; `"default"` plays the seat's default
action instead (the game's `default_action`, what a seat whose clock runs out plays) and
reports `illegal` in the seat's info; the Gymnasium env also offers `"forfeit"`.
"""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from rich.console import Console

import holesome
from holesome.core.errors import InvalidAction, InvalidOption
from holesome.core.game import Game, Seat, View
from holesome.interop.encoders import Encoder
from holesome.interop.menus import MenuIds
from holesome.terminal import render

RENDER_MODES = ("ansi", "human")
ILLEGAL = ("raise", "default")
"""The `illegal` policies both PettingZoo envs take (see the module docstring)."""
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


def check_illegal(illegal: str, policies: tuple[str, ...] = ILLEGAL) -> str:
    """Refuse an `illegal` policy the env does not offer; return it."""
    if illegal not in policies:
        raise InvalidOption(f"illegal must be one of {', '.join(policies)}, not {illegal!r}")
    return illegal


def decode(game: Game[Any, Any], seat: Seat, action: Any, menu_ids: MenuIds) -> Any:
    """The game's action for an action id; `InvalidAction` for anything that is not an id."""
    try:
        return menu_ids.action(int(action))
    except (TypeError, ValueError, OverflowError) as error:
        raise InvalidAction(f"{game.name}: {agent_name(seat)} sent {action!r}, not an action id: {error}") from None


def chosen_action(
    game: Game[Any, Any], state: Any, seat: Seat, action: Any, illegal: str, menu_ids: MenuIds
) -> tuple[Any, bool]:
    """The action `seat` plays for the id it sent, and whether that id was illegal.

    Under `"default"` an illegal id, or anything that is not an action id, becomes the game's
    default action for the seat; under `"raise"` it raises and nothing changes (the rules check
    the action when it is applied).
    """
    try:
        chosen = decode(game, seat, action, menu_ids)
    except InvalidAction:
        if illegal == "raise":
            raise
        return game.default_action(state, seat), True
    if illegal == "raise" or game.is_legal(state, seat, chosen):
        return chosen, False
    return game.default_action(state, seat), True


class Seeds:
    """Game seeds for successive episodes: `reset(seed)` starts over from `seed`.

    The first episode after `reset(seed=s)` plays game seed `s` itself, so an episode matches
    `holesome play --seed s`; later unseeded resets draw from an RNG seeded with `s`.
    """

    def __init__(self) -> None:
        self._rng: random.Random | None = None
        self._seed: int | None = None  # the last seed given, whose RNG is made only if an unseeded reset follows

    def next(self, seed: int | None) -> int:
        """The seed of the next episode."""
        if seed is not None:
            self._rng, self._seed = None, seed
            return seed
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng.randrange(_SEED_RANGE)


class NotReset(AttributeError):
    """An env was used before its first `reset()`: it has no game yet."""


class _BeforeReset:
    """What an env holds, until its first `reset()`, in place of what that makes (the game under
    it, the agents' tables): any use raises `NotReset`, which says to call `reset()`, where the
    missing attribute raised a bare AttributeError. The envs' methods read those attributes
    anyway, so this costs their steps nothing (PettingZoo's `OrderEnforcingWrapper`, which the
    envs go without, checks at every call instead)."""

    __slots__ = ("_message",)

    def __init__(self, message: str) -> None:
        self._message = message

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # copy, pickle and the like look for hooks
            raise AttributeError(name)
        raise NotReset(object.__getattribute__(self, "_message"))

    def __getitem__(self, key: object) -> Any:
        raise NotReset(self._message)


def before_reset(game: Game[Any, Any], calls: str) -> Any:
    """A stand-in for something an env's first `reset()` makes; any use says to call `reset()` before `calls`."""
    return _BeforeReset(f"{game.name}: call reset() before {calls}")


def observation_space(encoder: Encoder, num_actions: int) -> spaces.Dict:
    """The space of the envs' observations."""
    return spaces.Dict(
        {
            "observation": spaces.Box(encoder.low, encoder.high, (encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
        }
    )


def render_text(view: View) -> str:
    """A view drawn by the game's terminal renderer, as plain text."""
    buffer = io.StringIO()
    Console(file=buffer, width=_RENDER_WIDTH, color_system=None).print(render(view))
    return buffer.getvalue()


__all__ = [
    "ILLEGAL",
    "RENDER_MODES",
    "NotReset",
    "Seeds",
    "agent_name",
    "before_reset",
    "check_illegal",
    "check_render_mode",
    "chosen_action",
    "decode",
    "observation_space",
    "render_text",
    "resolve",
]
