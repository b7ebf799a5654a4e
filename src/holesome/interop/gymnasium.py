"""A Gymnasium environment for one learning seat; holesome bots play the other seats.

    from holesome.interop.gymnasium import HolesomeEnv
    env = HolesomeEnv("honey-donut", seat=1, opponents="random")
    observation, info = env.reset(seed=7)
    action = env.action_space.sample(observation["action_mask"])
    observation, reward, terminated, truncated, info = env.step(action)

Observations and actions are those of the PettingZoo adapter (`common`). `step` applies the
learner's action, then lets the bots and chance move until the learner must choose again or
the game ends; the reward is 0 until the end, then the learner's outcome value. Bots are
handed `Decision`s, like every holesome player, so they see only their own seat's view.
`action_masks()` gives the mask as booleans, as maskable-policy libraries expect.

An illegal action raises `IllegalAction` and changes nothing (`illegal="raise"`, the
default). With `illegal="forfeit"` it ends the episode instead: terminated, reward 0 (the
lowest outcome value) and `info["forfeit"]` set to the action id; this lets tools that step
with unmasked random actions (Gymnasium's `check_env`) run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from holesome.bots import Bot, make_bot
from holesome.core.errors import IllegalAction, InvalidAction, InvalidOption
from holesome.core.game import CHANCE, Game, Seat
from holesome.core.match import Match
from holesome.core.record import Record
from holesome.interop.common import (
    RENDER_MODES,
    Seeds,
    action_mask,
    check_render_mode,
    observation,
    observation_space,
    render_text,
    resolve,
)
from holesome.interop.encoders import encoder_for

Observation = dict[str, Any]
"""`{"observation": float32 array, "action_mask": int8 array}`."""
ILLEGAL_POLICIES = ("raise", "forfeit")


class HolesomeEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a holesome game against bots (see the module docstring).

    `opponents` names one bot kind for every other seat, or one per other seat in seat order.
    `max_steps` truncates an episode after that many learner decisions; `illegal` is
    `"raise"` or `"forfeit"` (see the module docstring).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012 - Gymnasium declares it so

    def __init__(
        self,
        game: str | Game[Any, Any] = "honey-donut",
        players: int | None = None,
        *,
        seat: Seat = 0,
        opponents: str | Sequence[str] = "random",
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal: str = "raise",
        **options: object,
    ) -> None:
        check_render_mode(render_mode)
        if illegal not in ILLEGAL_POLICIES:
            raise InvalidOption(f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}, not {illegal!r}")
        self.game = resolve(game, players, options)
        if not 0 <= seat < self.game.players:
            raise InvalidOption(f"{self.game.name}: seat must be in 0..{self.game.players - 1}, not {seat}")
        others = [other for other in range(self.game.players) if other != seat]
        kinds = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(kinds) != len(others):
            raise InvalidOption(f"{self.game.name}: {len(others)} opponents needed, {len(kinds)} given")
        for kind in kinds:
            make_bot(kind)  # an unknown bot name fails here, not at reset
        self.seat = seat
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal = illegal
        self._forfeit: int | None = None
        self._kinds = dict(zip(others, kinds, strict=True))
        self._bots: dict[Seat, Bot] = {}
        self._encoder = encoder_for(self.game)
        self.observation_space = observation_space(self._encoder, self.game.num_actions)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._seeds = Seeds()
        self._match: Match[Any, Any] = Match(self.game, 0)
        self._decisions = 0

    @property
    def record(self) -> Record:
        """The episode so far as a holesome record."""
        return self._match.record

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        self._match = Match(self.game, game_seed)
        self._bots = {other: make_bot(kind, game_seed + other) for other, kind in self._kinds.items()}
        self._decisions = 0
        self._forfeit = None
        self._advance()
        return self._observe_and_inform()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        try:
            chosen = self.game.decode(int(action))
        except (TypeError, ValueError) as error:
            raise InvalidAction(f"{self.game.name}: {action!r} is not an action id: {error}") from None
        if self._forfeit is not None or self._match.outcome is not None:
            raise IllegalAction(f"{self.game.name}: the episode is over; call reset()")
        if self.illegal == "forfeit" and not self.game.is_legal(self._match.state, self.seat, chosen):
            self._forfeit = int(action)
            observation, info = self._observe_and_inform()
            return observation, 0.0, True, False, info
        self._match.act(self.seat, chosen)
        self._decisions += 1
        self._advance()
        outcome = self._match.outcome
        reward = 0.0 if outcome is None else float(outcome.values[self.seat])
        truncated = outcome is None and self.max_steps is not None and self._decisions >= self.max_steps
        if self.render_mode == "human":
            self.render()
        observation, info = self._observe_and_inform()
        return observation, reward, outcome is not None, truncated, info

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal actions now, as booleans."""
        return action_mask(self.game, self._match.state, self.seat).astype(bool)

    def render(self) -> str | None:
        text = render_text(self.game.view(self._match.state, self.seat))
        if self.render_mode == "human":
            print(text, end="")  # noqa: T201 - "human" rendering prints
            return None
        return text if self.render_mode == "ansi" else None

    def _advance(self) -> None:
        """Let chance and the bots move until the learner must act or the game is over."""
        match = self._match
        while match.outcome is None:
            seats = match.to_act
            if seats == (CHANCE,):
                match.roll_chance()
                continue
            bots = [seat for seat in seats if seat != self.seat]
            if not bots:
                return
            for seat in bots:
                match.act(seat, self._bots[seat].act(match.decision(seat)))

    def _observe_and_inform(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation and info (its view, and the forfeit if there was one)."""
        state = self._match.state
        view = self.game.view(state, self.seat)
        info: dict[str, Any] = {"view": view}
        if self._forfeit is not None:
            info["forfeit"] = self._forfeit
        return observation(self._encoder, view, action_mask(self.game, state, self.seat)), info


__all__ = ["ILLEGAL_POLICIES", "HolesomeEnv"]
