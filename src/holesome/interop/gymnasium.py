"""A Gymnasium environment for one learning seat; holesome bots play the other seats.

    import gymnasium as gym
    import holesome.interop.gymnasium                  # registers holesome/<game>-v0
    env = gym.make("holesome/honey-donut-v0", seat=1, opponents="random")
    observation, info = env.reset(seed=7)
    action = env.action_space.sample(observation["action_mask"])
    observation, reward, terminated, truncated, info = env.step(action)

Observations and actions are those of the PettingZoo adapter (`common`). `step` applies the
learner's action, then lets the bots and chance move until the learner must choose again or
the game ends; the reward is 0 until the end, then the learner's outcome value. Bots are
handed `Decision`s, like every holesome player, so they see only their own seat's view.
`action_masks()` gives the mask as booleans, as maskable-policy libraries expect.

**Illegal actions** (an id the action mask does not allow), by the `illegal` argument:

- `"default"` (the default): the learner plays the game's default action instead, the one a
  seat whose clock runs out plays, and `info["illegal"]` is True. The episode goes on, so
  tools that step with unmasked random actions (Gymnasium's `check_env`, vector-env smoke
  tests) run; a learner that follows the mask never sees it.
- `"forfeit"`: the episode ends at once: terminated, reward 0 (the lowest outcome value),
  `info["illegal"]` True.
- `"raise"`: `IllegalAction` is raised and nothing changes.

**Infos** hold only numbers, so vector envs can stack them: `illegal` (bool) and
`decisions` (the learner's decisions this episode). The seat's view, a nested dict, is
opt-in: `view=True` adds `info["view"]` (Gymnasium's vector envs cannot stack it).

Every game is registered as `holesome/<game>-v0` when this module is imported; keyword
arguments of `gym.make` go to `HolesomeEnv` (`players`, `seat`, `opponents`, game options).
`gym.make("holesome.interop.gymnasium:holesome/go-nuts-v0")` imports the module itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from numpy.typing import NDArray

import holesome
from holesome.bots import Bot, make_bot
from holesome.core.decision import Decision
from holesome.core.errors import IllegalAction, InvalidOption
from holesome.core.game import CHANCE, Game, Seat
from holesome.core.record import Record
from holesome.interop.common import (
    RENDER_MODES,
    Seeds,
    before_reset,
    check_illegal,
    check_render_mode,
    chosen_action,
    observation_space,
    render_text,
    resolve,
)
from holesome.interop.encoders import encoder_for
from holesome.interop.episode import Episode
from holesome.interop.lazy import LazyEntries, pending
from holesome.interop.menus import MenuIds

Observation = dict[str, Any]
"""`{"observation": float32 array, "action_mask": int8 array}`, each built when first read."""
_OBSERVATION = pending(("observation", "action_mask"))
ILLEGAL_POLICIES = ("default", "forfeit", "raise")
NAMESPACE = "holesome"


class HolesomeEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a holesome game against bots (see the module docstring).

    `opponents` names one bot kind for every other seat, or one per other seat in seat order.
    `max_steps` truncates an episode after that many learner decisions; `illegal` is
    `"default"`, `"forfeit"` or `"raise"` and `view` adds the view to infos (see the module
    docstring).
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
        illegal: str = "default",
        view: bool = False,
        **options: object,
    ) -> None:
        check_render_mode(render_mode)
        check_illegal(illegal, ILLEGAL_POLICIES)
        self._generator: np.random.Generator | None = None
        self._generator_seed: int | None = None  # the seed of a generator not made yet
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
        self.view = view
        self._illegal = False
        self._over = False
        self._kinds = dict(zip(others, kinds, strict=True))
        self._bots: dict[Seat, Bot] = {}
        self._encoder = encoder_for(self.game)
        self._menu_ids = MenuIds(self.game)
        self.observation_space = observation_space(self._encoder, self.game.num_actions)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._seeds = Seeds()
        self._match: Episode = before_reset(self.game, "step(), render() or action_masks()")  # `reset` makes it
        self._decisions = 0

    @property
    def _np_random(self) -> np.random.Generator | None:
        """Gymnasium's RNG of the env (`np_random`), seeded by `reset(seed=...)` as Gymnasium seeds it.

        The env itself draws nothing from it, and making one costs as much as the steps of a short
        game, so a seeded reset keeps the seed and the generator is made when first read.
        """
        if self._generator_seed is not None:
            self._generator, _ = seeding.np_random(self._generator_seed)
            self._generator_seed = None
        return self._generator

    @_np_random.setter
    def _np_random(self, generator: np.random.Generator | None) -> None:
        self._generator, self._generator_seed = generator, None

    @property
    def record(self) -> Record:
        """The episode so far as a holesome record."""
        return self._match.record

    @property
    def episode(self) -> Episode:
        """The game under the env: its state and the actions applied so far."""
        return self._match

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        if isinstance(seed, int) and seed >= 0:  # Gymnasium's RNG, made when first read (`_np_random`)
            self._generator, self._generator_seed, self._np_random_seed = None, seed, seed
        else:
            super().reset(seed=seed)  # None, or a seed Gymnasium refuses
        game_seed = self._seeds.next(seed)
        self._match = Episode(self.game, game_seed)
        self._bots = {other: make_bot(kind, game_seed + other) for other, kind in self._kinds.items()}
        self._decisions = 0
        self._illegal = self._over = False
        self._advance()
        return self._observe_and_inform()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        match = self._match
        if self._over or not match.to_act:  # no seat to act: the game is over
            raise IllegalAction(f"{self.game.name}: the episode is over; call reset()")
        policy = "default" if self.illegal == "forfeit" else self.illegal
        chosen, self._illegal = chosen_action(self.game, match.state, self.seat, action, policy, self._menu_ids)
        if self._illegal and self.illegal == "forfeit":
            self._over = True
            observation, info = self._observe_and_inform()
            return observation, 0.0, True, False, info
        match.act(self.seat, chosen)
        self._decisions += 1
        self._advance()
        outcome = None if match.to_act else match.outcome  # asked only once the game is over
        reward = 0.0 if outcome is None else float(outcome.values[self.seat])
        truncated = outcome is None and self.max_steps is not None and self._decisions >= self.max_steps
        if self.render_mode == "human":
            self.render()
        observation, info = self._observe_and_inform()
        return observation, reward, outcome is not None, truncated, info

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal actions now, as booleans."""
        return self._menu_ids.mask(self.game.legal_actions(self._match.state, self.seat)).astype(bool)

    def render(self) -> str | None:
        text = render_text(self.game.view(self._match.state, self.seat))
        if self.render_mode == "human":
            print(text, end="")  # noqa: T201 - "human" rendering prints
            return None
        return text if self.render_mode == "ansi" else None

    def _advance(self) -> None:
        """Let chance and the bots move until the learner must act or the game is over."""
        match, learner, bots, game = self._match, self.seat, self._bots, self.game
        while seats := match.to_act:
            if seats[0] == CHANCE:
                match.roll_chance()
            elif learner not in seats:  # the bots' turn (the common case: no list of them made)
                for seat in seats:
                    match.act(seat, bots[seat].act(Decision(game, seat, match.state)))
            elif len(seats) == 1:  # the learner's alone
                return
            else:  # a simultaneous phase: the bots commit (then, most often, the learner alone is left)
                for seat in [seat for seat in seats if seat != learner]:
                    match.act(seat, bots[seat].act(Decision(game, seat, match.state)))

    def _observe_and_inform(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation (each entry built when first read) and info (numbers; the view if asked)."""
        state = self._match.state
        info: dict[str, Any] = {"illegal": self._illegal, "decisions": self._decisions}
        if self.view:
            info["view"] = self.game.view(state, self.seat)
        return LazyEntries(_OBSERVATION, self._observation_entry, self.seat, state), info

    def _observation_entry(self, seat: Seat, state: Any, key: str) -> NDArray[Any]:
        if key == "action_mask":
            return self._menu_ids.mask(self.game.legal_actions(state, seat))
        return np.asarray(self._encoder.encode(self.game.view(state, seat)), np.float32)


def env_id(game: str) -> str:
    """The Gymnasium id of a holesome game: `holesome/go-nuts-v0`."""
    return f"{NAMESPACE}/{game}-v0"


def register_all() -> list[str]:
    """Register every holesome game with Gymnasium (done on import); return the ids."""
    ids = []
    for name in holesome.GAMES:
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point=f"{__name__}:HolesomeEnv", kwargs={"game": name})
        ids.append(ident)
    return ids


register_all()

__all__ = ["ILLEGAL_POLICIES", "NAMESPACE", "HolesomeEnv", "env_id", "register_all"]
