"""PettingZoo environments for every holesome game: AEC (`env`) and Parallel (`parallel_env`).

    from holesome.interop import pettingzoo
    aec = pettingzoo.env("honey-donut")                  # or any game name, players=..., options
    par = pettingzoo.parallel_env("go-nuts", players=4, max_cycles=50, illegal="default")

How the game contract maps onto PettingZoo:

- Agents are `player_0..player_{n-1}`, one per seat, all present until the game ends.
- AEC, by turns (the default): `agent_selection` is the lowest seat that may act. In a
  simultaneous phase the seats commit one after another in seat order, each unable to see the
  others' pending choices (the views hide them), exactly as the server takes submissions. A
  chained decision selects the same agent again.
- AEC, by cycles (`parallelizable=True`): every agent is selected once per cycle, in seat
  order; the actions of the seats that may act are applied together at the end of the cycle,
  the others' are ignored (their masks are all zeros). One cycle is one Parallel step, so
  `metadata["is_parallelizable"]` is True and PettingZoo's `aec_to_parallel` applies.
- Parallel: each `step` takes one action from every seat that may act now (the others'
  actions are ignored), so a simultaneous phase resolves in one step and a sequential turn
  takes one step per decision.
- **Cycles**: one cycle is one Parallel step: one decision from every seat that may act now.
  `max_cycles` (PettingZoo's name) truncates an episode after that many cycles, in all three
  envs; chance steps are not counted.
- Chance steps are sampled inside the env, from the RNG a `holesome.Match` derives from the
  game seed (`episode.Episode`), so `reset(seed=s)` replays `holesome play --seed s` given the same actions and
  `env.unwrapped.record` is a holesome record of the episode.
- Rewards are 0 until the end, then each seat's outcome value (in [0, 1], shared wins split).
- Observations are `{"action_mask": int8, "observation": float32 vector}`: the mask is made
  with the observation (a learner reads it at every step), the vector when first read
  (`lazy.LazyRest`), so reading a mask never encodes a view. `infos[agent]["view"]` is the
  seat's view, likewise built when read, and `infos[agent]["illegal"]` says whether the agent's
  last action was replaced (below).
- **Illegal actions** (`illegal=`): `"raise"` (the default) raises `IllegalAction` and
  changes nothing; `"default"` plays the seat's default action instead (the game's
  `default_action`, what a seat whose clock runs out plays) and sets `illegal` in the agent's
  info, so tools that step with unmasked random actions run.
- **`state()`**, for centralised critics (MAPPO, QMIX): the god's view, every seat's
  observation vector in seat order, concatenated (`state_space` is its Box). Together the
  seats see every secret of the state (hands, pending choices; a deck holds only what nobody
  has, and its order is chance still to come), so it is the full state; never give it to an
  agent as its observation.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv, ParallelEnv

from holesome.core.errors import InvalidAction
from holesome.core.game import CHANCE, Game, Seat, View
from holesome.core.record import Record
from holesome.interop.common import (
    RENDER_MODES,
    Seeds,
    agent_name,
    before_reset,
    check_illegal,
    check_render_mode,
    chosen_action,
    decode,
    observation_space,
    render_text,
    resolve,
)
from holesome.interop.encoders import encoder_for
from holesome.interop.episode import Episode
from holesome.interop.lazy import VIEW, LazyEntries, LazyRest, lazy_rest, pending
from holesome.interop.menus import MenuIds

Observation = dict[str, NDArray[Any]]
ILLEGAL_KEY = "illegal"
_VECTOR = ("observation",)
_VIEW = (VIEW,)
_NOBODY: frozenset[Seat] = frozenset()
_AEC_CALLS = "step(), last(), observe() or state()"
"""What an AEC env cannot do before its first reset (see `common.before_reset`)."""
_KEPT = {ILLEGAL_KEY: False}
_REPLACED = {ILLEGAL_KEY: True}
"""What an info says of the agent's last action (copied into each info, never handed out)."""


class _Table:
    """The match under an env: the game, its seats as agents, spaces and episode bookkeeping."""

    def __init__(self, game: Game[Any, Any], max_cycles: int | None, illegal: str, calls: str) -> None:
        self.game = game
        self.encoder = encoder_for(game)
        self.max_cycles = max_cycles
        self.illegal = check_illegal(illegal)
        self.raising = illegal == "raise"
        self.seats = {agent_name(seat): seat for seat in range(game.players)}
        self.names = list(self.seats)
        self.observation_spaces = {agent: observation_space(self.encoder, game.num_actions) for agent in self.seats}
        self.action_spaces = {agent: spaces.Discrete(game.num_actions) for agent in self.seats}
        encoder = self.encoder
        self.state_space = spaces.Box(encoder.low, encoder.high, (encoder.size * game.players,), np.float32)
        self.seeds = Seeds()
        self.menu_ids = MenuIds(game)
        self.idle_mask = np.zeros(game.num_actions, np.int8)  # the mask of a seat that may not act, copied
        self.num_actions = game.num_actions
        self.match: Episode = before_reset(game, calls)  # `reset` makes the episode
        self.cycles = 0
        self.replaced: set[Seat] = set()
        self._viewed: Any = None
        self._views: dict[Seat, View] = {}
        self.vector_entry = self._vector_entry  # bound once: lazy dicts are made at every step
        self.view_entry = self._view_entry
        self.every_info = pending(self.names)  # the lazy keys of the infos while every agent plays

    def reset(self, seed: int | None) -> None:
        self.match = Episode(self.game, self.seeds.next(seed))
        self.match.roll_chance()
        self.cycles = 0
        self.replaced = set()

    def view(self, seat: Seat, state: Any = None) -> View:
        """The seat's view of `state` (default: the current one), computed once for the current state."""
        current = self.match.state
        if state is not None and state is not current:
            return self.game.view(state, seat)
        if current is not self._viewed:
            self._viewed, self._views = current, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(current, seat)
        return view

    def encoding(self, seat: Seat, state: Any = None) -> NDArray[np.float32]:
        """The seat's observation vector of `state` (default: the current one)."""
        return np.asarray(self.encoder.encode(self.view(seat, state)), np.float32)

    def observation(self, seat: Seat, state: Any, menu: tuple[Any, ...]) -> LazyRest:
        """The seat's observation of `state`, where its legal actions are `menu`: the mask made
        now, the vector when first read."""
        return lazy_rest({"action_mask": self.menu_ids.mask(menu)}, _VECTOR, self.vector_entry, seat, state)

    def observations(self, agents: list[str]) -> dict[str, Observation]:
        """Each agent's observation now (the mask of a seat that may not act made without asking
        the rules: the contract says its menu is empty)."""
        seats, state, acting = self.seats, self.match.state, self.acting
        mask, legal, vector, idle = self.menu_ids.mask, self.game.legal_actions, self.vector_entry, self.idle_mask.copy
        made: dict[str, Observation] = {}
        for agent in agents:  # `observation` for each, inlined: this runs for every agent at every step
            seat = seats[agent]
            made[agent] = lazy_rest(
                {"action_mask": mask(legal(state, seat)) if seat in acting else idle()}, _VECTOR, vector, seat, state
            )
        return made

    def _vector_entry(self, seat: Seat, state: Any, key: str) -> NDArray[np.float32]:
        """The observation vector of an observation, built when first read."""
        return self.encoding(seat, state)

    def state(self) -> NDArray[np.float32]:
        """Every seat's observation vector in seat order: the god's view (see the module docstring)."""
        state = self.match.state
        return np.concatenate([self.encoding(seat, state) for seat in range(self.game.players)])

    def infos(self, agents: list[str]) -> LazyEntries:
        """Each agent's `{"illegal": ..., "view": ...}` now, each built when first read."""
        replaced = frozenset(self.replaced) if self.replaced else _NOBODY  # as it is now, whenever read
        lazy = self.every_info if len(agents) == len(self.names) else pending(agents)
        return LazyEntries(lazy, self.info, replaced, self.match.state)

    def info(self, replaced: frozenset[Seat] | set[Seat], state: Any, agent: str) -> LazyRest:
        """The agent's info dict of `state`, its view built when first read."""
        seat = self.seats[agent]
        return lazy_rest(_REPLACED if seat in replaced else _KEPT, _VIEW, self.view_entry, seat, state)

    def _view_entry(self, seat: Seat, state: Any, key: str) -> View:
        return self.view(seat, state)

    def chosen(self, seat: Seat, action: Any) -> Any:
        """The action `seat` plays for what it sent, under the illegal-action policy."""
        if self.raising:  # the rules refuse an illegal action
            if type(action) is int and 0 <= action < self.num_actions:  # `decode`'s common case, without its calls
                return self.menu_ids.listed[action]
            return decode(self.game, seat, action, self.menu_ids)
        chosen, replaced = chosen_action(self.game, self.match.state, seat, action, self.illegal, self.menu_ids)
        if replaced:
            self.replaced.add(seat)
        return chosen

    def act(self, seat: Seat, action: Any) -> None:
        """Apply one seat's action, a cycle of its own (a refused one changes nothing), then any chance steps."""
        match = self.match
        match.act(seat, action)
        if match.to_act == (CHANCE,):
            match.roll_chance()
        self.cycles += 1

    def play(self, chosen: list[tuple[Seat, Any]]) -> None:
        """Apply one cycle's actions in seat order (all or none), then any chance steps."""
        if len(chosen) == 1:
            self.act(*chosen[0])
            return
        match = self.match
        saved = (match.state, len(match.actions))
        try:
            for seat, action in chosen:
                match.act(seat, action)
        except Exception:
            match.rewind(*saved)
            raise
        if match.to_act == (CHANCE,):
            match.roll_chance()
        self.cycles += 1

    def rewards(self) -> dict[str, float]:
        outcome = self.match.outcome
        values = (0.0,) * self.game.players if outcome is None else outcome.values
        return {agent: float(values[seat]) for agent, seat in self.seats.items()}

    @property
    def acting(self) -> tuple[Seat, ...]:
        """The seats that may act now (none at a chance step or at the end)."""
        seats = self.match.to_act
        return () if seats == (CHANCE,) else seats

    @property
    def is_over(self) -> bool:
        return not self.match.to_act  # no seat to act: the game is over

    @property
    def is_truncated(self) -> bool:
        return self.max_cycles is not None and self.cycles >= self.max_cycles and not self.is_over

    def render(self, render_mode: str | None) -> str | None:
        text = render_text(self.game.view(self.match.state, None))
        if render_mode == "human":
            print(text, end="")  # noqa: T201 - "human" rendering prints, as PettingZoo specifies
            return None
        return text if render_mode == "ansi" else None


class _Seated:
    """What both envs answer from their `_Table`: the game, the record, the state, the spaces."""

    _table: _Table

    @property
    def game(self) -> Game[Any, Any]:
        """The holesome game being played."""
        return self._table.game

    @property
    def record(self) -> Record:
        """The episode so far as a holesome record (it replays with `holesome replay`)."""
        return self._table.match.record

    @property
    def episode(self) -> Episode:
        """The game under the env: its state and the actions applied so far."""
        return self._table.match

    @property
    def holesome_state(self) -> Any:
        """The true state now, every secret included: for checks and debugging, never for agents."""
        return self._table.match.state

    @property
    def state_space(self) -> spaces.Box:
        """The space of `state()`."""
        return self._table.state_space

    def state(self) -> NDArray[np.float32]:
        """The god's view: every seat's observation vector, concatenated (never an agent's input)."""
        return self._table.state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.action_spaces[agent]


class HolesomeAECEnv(_Seated, AECEnv):
    """A holesome game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any, Any],
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal: str = "raise",
        parallelizable: bool = False,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self._table = _Table(game, max_cycles, illegal, _AEC_CALLS)
        self._by_cycles = parallelizable
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": _env_name(game),
            "is_parallelizable": parallelizable,
        }
        self.possible_agents = list(self._table.seats)
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]
        self._pending: list[tuple[Seat, Any]] = []
        self._rewarded = False  # whether `rewards` may hold anything but zeros (only once the game ends)
        self._infos: dict[str, dict[str, Any]] | None = None  # made when first read (see `infos`)
        self._told: tuple[str, dict[str, Any]] | None = None  # the one info `last()` made, if so
        self.rewards = self._cumulative_rewards = self.terminations = self.truncations = before_reset(game, _AEC_CALLS)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._pending = []
        self._rewarded = False
        self._settle(self._next_agent())

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's, as a generator (cheaper to resume than its iterator's `__next__`): the
        selected agent, until no agent is left or `max_iter` have been handed out."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def observe(self, agent: str) -> Observation:
        table = self._table
        seat, state = table.seats[agent], table.match.state
        return table.observation(seat, state, table.game.legal_actions(state, seat))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last`, without its extra call: the selected agent's observation (None
        if `observe` is False, typed as PettingZoo types it), cumulative reward, termination,
        truncation and info."""
        agent = self.agent_selection
        table = self._table
        observation = None
        if observe:  # `observe(agent)`, inlined: this runs at every step
            seat, state = table.seats[agent], table.match.state
            observation = table.observation(seat, state, table.game.legal_actions(state, seat))
        infos = self._infos
        if infos is not None:
            info = infos[agent]
        elif self._told is not None and self._told[0] == agent:
            info = self._told[1]
        else:  # this agent's info alone, of the table now (it changes in `step` only); `infos` holds it
            info = table.info(table.replaced, table.match.state, agent)
            self._told = (agent, info)
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], info)

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info of the state now (PettingZoo's attribute), made at the first read after a step."""
        infos = self._infos
        if infos is None:
            made = self._table.infos(self.agents)
            if self._told is not None and self._told[0] in made:
                made.built(*self._told)
            infos = self._infos = made
        return infos

    @infos.setter
    def infos(self, infos: dict[str, dict[str, Any]]) -> None:
        self._infos = infos

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        seat = table.seats[agent]
        # PettingZoo clears the agent's cumulative reward here; it is zero already, as every reward
        # is until the game ends (and then every agent is done: no live step follows)
        if self._by_cycles:
            if self._cycle_step(table, seat, action):
                self._after_play(table)
            return
        match = table.match  # by turns: the seat's action (a refused one changes nothing), then chance
        before = match.to_act
        if table.replaced:
            table.replaced.clear()
        if table.raising and type(action) is int and 0 <= action < table.num_actions:
            match.act(seat, table.menu_ids.listed[action])  # `chosen`'s common case, without its call
        else:
            match.act(seat, table.chosen(seat, action))
        if match.to_act == (CHANCE,):
            match.roll_chance()
        acting = match.to_act
        # not the same simultaneous phase; commonly the seats left are those before but the one
        # that just committed (the lowest), told in one comparison without a set of them
        if len(acting) >= len(before) or (acting != before[1:] and not set(acting).issubset(before)):
            table.cycles += 1
        if acting and table.max_cycles is None and self.render_mode != "human":  # `_after_play`'s common case
            self.agent_selection = table.names[acting[0]]
            self._infos = self._told = None
            return
        self._after_play(table)

    def _cycle_step(self, table: _Table, seat: Seat, action: Any) -> bool:
        """Take `seat`'s action for this cycle; apply the cycle's actions once the last seat has
        chosen (then return True; before that, select the next seat and return False)."""
        if seat == 0:
            table.replaced.clear()
        if seat in table.acting:
            self._pending.append((seat, table.chosen(seat, action)))
        if seat < len(self.agents) - 1:
            self._settle(table.names[seat + 1])
            return False
        pending, self._pending = self._pending, []
        table.play(pending)
        return True

    def _after_play(self, table: _Table) -> None:
        """Rewards, terminations or truncations, and the next agent, once actions are applied."""
        agents = self.agents
        acting = table.match.to_act  # chance has rolled: a seat to act, or none when over
        if not acting:
            self.rewards = table.rewards()
            self._rewarded = True
            self.terminations = dict.fromkeys(agents, True)
            self._settle(agents[0])
            self._accumulate_rewards()
        elif table.is_truncated:
            self.truncations = dict.fromkeys(agents, True)
            self._settle(agents[0])
        else:
            self._settle(agents[0] if self._by_cycles else table.names[acting[0]])
        if self.render_mode == "human":
            self.render()

    def _clear_rewards(self) -> None:
        """PettingZoo's, skipped while every reward is zero already (until the game ends)."""
        if self._rewarded:
            super()._clear_rewards()
            self._rewarded = False

    def _accumulate_rewards(self) -> None:
        """PettingZoo's, skipped while there is nothing to add (until the game ends)."""
        if self._rewarded:
            super()._accumulate_rewards()

    def _next_agent(self) -> str:
        """Who is selected at the start: the first seat to act (or of the cycle)."""
        acting = self._table.acting
        if self._by_cycles or not acting:
            return self.agents[0]
        return self._table.names[acting[0]]

    def _settle(self, agent: str) -> None:
        """Select `agent`; the infos will be those of the state now, made when first read."""
        self.agent_selection = agent
        self._infos = self._told = None

    def render(self) -> str | None:
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release: the env holds no files, windows or processes."""


class HolesomeParallelEnv(_Seated, ParallelEnv):
    """A holesome game as a PettingZoo Parallel environment (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any, Any],
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal: str = "raise",
    ) -> None:
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self._table = _Table(game, max_cycles, illegal, "step() or state()")
        self.metadata = {"render_modes": list(RENDER_MODES), "name": _env_name(game)}
        self.possible_agents = list(self._table.seats)
        self.agents: list[str] = []
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)  # every agent's reward while the game goes on
        self._falses = dict.fromkeys(self.possible_agents, False)  # likewise, terminations and truncations

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self._table.infos(self.agents)

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        table = self._table
        names = table.names
        seats = table.acting
        if table.illegal == "raise" and not all(map(actions.__contains__, map(names.__getitem__, seats))):
            missing = ", ".join(names[seat] for seat in seats if names[seat] not in actions)
            raise InvalidAction(f"{table.game.name}: no action for {missing}, who must act now")
        if table.replaced:
            table.replaced.clear()
        if len(seats) == 1:  # a sequential turn: `play`'s common case, without its list
            seat = seats[0]
            table.act(seat, table.chosen(seat, actions.get(names[seat])))
        else:
            table.play([(seat, table.chosen(seat, actions.get(names[seat]))) for seat in seats])
        agents = self.agents
        observations = self._observations()
        infos = table.infos(agents)
        if self.render_mode == "human":
            self.render()
        over = not table.match.to_act  # `is_over`, inlined; `is_truncated` asked only under a limit
        truncated = table.max_cycles is not None and table.is_truncated
        if not (over or truncated):  # copies of the kept dicts: cheaper than new ones, and the caller's own
            return observations, self._zeros.copy(), self._falses.copy(), self._falses.copy(), infos
        if over:
            rewards = {agent: reward for agent, reward in table.rewards().items() if agent in agents}
        else:
            rewards = dict.fromkeys(agents, 0.0)
        self.agents = []
        return observations, rewards, dict.fromkeys(agents, over), dict.fromkeys(agents, truncated), infos

    def _observations(self) -> dict[str, Observation]:
        return self._table.observations(self.agents)

    def render(self) -> str | None:
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def _env_name(game: Game[Any, Any]) -> str:
    return f"holesome_{game.name.replace('-', '_')}"


def env(
    game: str | Game[Any, Any],
    players: int | None = None,
    *,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    illegal: str = "raise",
    parallelizable: bool = False,
    **options: object,
) -> HolesomeAECEnv:
    """An AEC env for a game by name (with players and options) or for a loaded game.

    `max_cycles` truncates an episode after that many cycles; `illegal` is `"raise"` or
    `"default"`; `parallelizable=True` selects every agent once per cycle (module docstring).
    """
    return HolesomeAECEnv(resolve(game, players, options), render_mode, max_cycles, illegal, parallelizable)


def parallel_env(
    game: str | Game[Any, Any],
    players: int | None = None,
    *,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    illegal: str = "raise",
    **options: object,
) -> HolesomeParallelEnv:
    """A Parallel env for a game by name (with players and options) or for a loaded game.

    `max_cycles` truncates an episode after that many steps; `illegal` is `"raise"` or `"default"`.
    """
    return HolesomeParallelEnv(resolve(game, players, options), render_mode, max_cycles, illegal)


__all__ = ["ILLEGAL_KEY", "HolesomeAECEnv", "HolesomeParallelEnv", "env", "parallel_env"]
