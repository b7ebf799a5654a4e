"""PettingZoo environments for every holesome game: AEC (`env`) and Parallel (`parallel_env`).

    from holesome.interop import pettingzoo
    aec = pettingzoo.env("honey-donut")                  # or any game name, players=..., options
    par = pettingzoo.parallel_env("go-nuts", players=4)

How the game contract maps onto PettingZoo:

- Agents are `player_0..player_{n-1}`, one per seat, all present until the game ends.
- AEC: `agent_selection` is the lowest seat that may act. In a simultaneous phase the seats
  commit one after another in seat order, each unable to see the others' pending choices
  (the views hide them), exactly as the server takes submissions. A chained decision selects
  the same agent again.
- Parallel: each `step` takes one action from every seat that may act now (the others'
  actions are ignored: their masks are all zeros), so a simultaneous phase resolves in one
  step and a sequential turn takes one step per decision.
- Chance steps are sampled inside the env, from the RNG a `holesome.Match` derives from the
  game seed, so `reset(seed=s)` replays `holesome play --seed s` given the same actions and
  `env.unwrapped.record` is a holesome record of the episode.
- Rewards are 0 until the end, then each seat's outcome value (in [0, 1], shared wins split).
- `infos[agent]["view"]` is the seat's view (built the first time the info dict is read, so
  seats whose info nobody reads cost nothing); observations are its encoding (see `encoders`).
- An illegal action raises `IllegalAction` and changes nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv, ParallelEnv

from holesome.core.errors import InvalidAction
from holesome.core.game import CHANCE, Game, Seat, View
from holesome.core.match import Match
from holesome.core.record import Record
from holesome.interop.common import (
    RENDER_MODES,
    Seeds,
    action_mask,
    agent_name,
    check_render_mode,
    observation,
    observation_space,
    render_text,
    resolve,
)
from holesome.interop.encoders import encoder_for
from holesome.interop.lazy import LazyInfo

Observation = dict[str, NDArray[Any]]


class _Table:
    """The match under an env: the game, its seats as agents, spaces and episode bookkeeping."""

    def __init__(self, game: Game[Any, Any], max_steps: int | None) -> None:
        self.game = game
        self.encoder = encoder_for(game)
        self.max_steps = max_steps
        self.seats = {agent_name(seat): seat for seat in range(game.players)}
        self.observation_spaces = {agent: observation_space(self.encoder, game.num_actions) for agent in self.seats}
        self.action_spaces = {agent: spaces.Discrete(game.num_actions) for agent in self.seats}
        self.seeds = Seeds()
        self.match: Match[Any, Any] = Match(game, 0)
        self.decisions = 0
        self._viewed: Any = None
        self._views: dict[Seat, View] = {}

    def reset(self, seed: int | None) -> None:
        self.match = Match(self.game, self.seeds.next(seed))
        self.match.roll_chance()
        self.decisions = 0

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

    def observe(self, seat: Seat) -> Observation:
        return observation(self.encoder, self.view(seat), action_mask(self.game, self.match.state, seat))

    def infos(self, agents: list[str]) -> dict[str, dict[str, Any]]:
        """Each agent's `{"view": ...}` of the current state, the view built when first read."""
        state = self.match.state
        return {agent: LazyInfo(partial(self.view, self.seats[agent], state)) for agent in agents}

    def decode(self, agent: str, action: Any) -> Any:
        try:
            return self.game.decode(int(action))
        except (TypeError, ValueError) as error:
            raise InvalidAction(f"{self.game.name}: {agent} sent {action!r}, not an action id: {error}") from None

    def rewards(self) -> dict[str, float]:
        outcome = self.match.outcome
        values = (0.0,) * self.game.players if outcome is None else outcome.values
        return {agent: float(values[seat]) for agent, seat in self.seats.items()}

    @property
    def is_over(self) -> bool:
        return self.match.outcome is not None

    @property
    def is_truncated(self) -> bool:
        return self.max_steps is not None and self.decisions >= self.max_steps

    def render(self, render_mode: str | None) -> str | None:
        text = render_text(self.game.view(self.match.state, None))
        if render_mode == "human":
            print(text, end="")  # noqa: T201 - "human" rendering prints, as PettingZoo specifies
            return None
        return text if render_mode == "ansi" else None


class _Seated:
    """What both envs answer from their `_Table`: the game, the record, the true state, the spaces."""

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
    def holesome_state(self) -> Any:
        """The true state now, every secret included: for checks and debugging, never for agents."""
        return self._table.match.state

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._table.action_spaces[agent]


class HolesomeAECEnv(_Seated, AECEnv):
    """A holesome game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None, max_steps: int | None = None) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self._table = _Table(game, max_steps)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": _env_name(game), "is_parallelizable": True}
        self.possible_agents = list(self._table.seats)
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._settle()

    def observe(self, agent: str) -> Observation:
        return self._table.observe(self._table.seats[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        table.match.act(table.seats[agent], table.decode(agent, action))
        table.match.roll_chance()
        table.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if table.is_over:
            self.rewards = table.rewards()
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.is_truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Point `agent_selection` at the seat to act and refresh the infos."""
        seats = self._table.match.to_act
        if seats and seats != (CHANCE,) and not self.truncations[self.agents[0]]:
            self.agent_selection = agent_name(seats[0])
        else:
            self.agent_selection = self.agents[0]
        self.infos = self._table.infos(self.agents)

    def render(self) -> str | None:
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release: the env holds no files, windows or processes."""


class HolesomeParallelEnv(_Seated, ParallelEnv):
    """A holesome game as a PettingZoo Parallel environment (see the module docstring)."""

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None, max_steps: int | None = None) -> None:
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self._table = _Table(game, max_steps)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": _env_name(game)}
        self.possible_agents = list(self._table.seats)
        self.agents: list[str] = []

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
        acting = [(agent_name(seat), seat) for seat in table.match.to_act]
        missing = [agent for agent, _ in acting if agent not in actions]
        if missing:
            raise InvalidAction(f"{table.game.name}: no action for {', '.join(missing)}, who must act now")
        chosen = [(seat, table.decode(agent, actions[agent])) for agent, seat in acting]
        match = table.match
        saved = (match.state, len(match.steps), len(match.states))
        try:
            for seat, action in chosen:
                match.act(seat, action)
        except Exception:
            match.state, steps, states = saved
            del match.steps[steps:], match.states[states:]
            raise
        match.roll_chance()
        table.decisions += 1
        agents = self.agents
        observations = self._observations()
        infos = table.infos(agents)
        rewards = {agent: reward for agent, reward in table.rewards().items() if agent in agents}
        over, truncated = table.is_over, table.is_truncated and not table.is_over
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        return {agent: self._table.observe(self._table.seats[agent]) for agent in self.agents}

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
    max_steps: int | None = None,
    **options: object,
) -> HolesomeAECEnv:
    """An AEC env for a game by name (with players and options) or for a loaded game.

    `max_steps` truncates an episode after that many decisions (chance steps not counted).
    """
    return HolesomeAECEnv(resolve(game, players, options), render_mode, max_steps)


def parallel_env(
    game: str | Game[Any, Any],
    players: int | None = None,
    *,
    render_mode: str | None = None,
    max_steps: int | None = None,
    **options: object,
) -> HolesomeParallelEnv:
    """A Parallel env for a game by name (with players and options) or for a loaded game.

    `max_steps` truncates an episode after that many parallel steps.
    """
    return HolesomeParallelEnv(resolve(game, players, options), render_mode, max_steps)


__all__ = ["HolesomeAECEnv", "HolesomeParallelEnv", "env", "parallel_env"]
