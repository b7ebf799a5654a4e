"""Every holesome game as an OpenSpiel game, registered with `pyspiel.register_game`.

    from holesome.interop import openspiel
    game = openspiel.load("honey-donut")                 # a pyspiel.Game
    game = pyspiel.load_game("holesome_go_nuts(players=4)")  # after openspiel.register_all()

How the contract maps onto OpenSpiel:

- **Dynamics: sequential.** A simultaneous phase becomes turns in seat order; each seat's
  information state hides the others' pending choices (the views do), which is the standard
  turn-based form of a simultaneous game and lets OpenSpiel's ISMCTS run. A chained decision
  is consecutive turns of one player.
- **Chance**: holesome chance steps are OpenSpiel chance nodes (explicit stochastic), outcome ids
  from `game.encode`. `start(seed)` deals from the `seed` parameter; with `deals=k` (k > 1) the
  game opens with a uniform chance node over the k deals `seed .. seed+k-1` instead.
- **Information**: perfect where the game says so (`Game.perfect_information`), else imperfect.
- **Utility**: constant-sum, each player's return its outcome value in [0, 1] (sum 1).
- **Observation string**: the seat's view as canonical JSON; a public observer
  (`private_info=NONE`) gets the spectator view. **Observation tensor**: the game's encoder.
- **Information-state string**: the current view plus a digest of everything the seat has
  observed since the start (its own actions, and each change of its view): perfect recall,
  so tabular algorithms key on it soundly. **Information-state tensor**: the observation
  tensor; it is not perfect recall (no fixed-size vector of a long history is).
- **resample_from_infostate(player, sampler)**: the game's `determinize` for that player, seeded
  from `sampler`; the history stays, the present is resampled.

State serialization (`serialize_game_and_state`) is not supported: use holesome records.
"""

from __future__ import annotations

import json
import random
from hashlib import blake2b
from typing import Any

import numpy as np
import pyspiel
from numpy.typing import NDArray

import holesome
from holesome.core.errors import InvalidOption
from holesome.core.game import CHANCE, Game, Json, Seat
from holesome.interop.encoders import Encoder, encoder_for, profile_for

PREFIX = "holesome_"
_BUILTIN_PARAMETERS = ("players", "seed", "deals")
_SAMPLER_SCALE = 2**53
_DEALING = "dealing"


def short_name(name: str) -> str:
    """The OpenSpiel name of a holesome game: `honey-donut` -> `holesome_honey_donut`."""
    return PREFIX + name.replace("-", "_")


def register(game: str | type[Game[Any, Any]]) -> str:
    """Register a holesome game (by name, or its class) with OpenSpiel; return its short name."""
    game_class = holesome.GAMES[game] if isinstance(game, str) else game
    name = short_name(game_class.name)
    if name not in pyspiel.registered_names():
        game_type = _game_type(game_class, chance=profile_for(game_class).has_chance)
        # OpenSpiel keeps the creator for the life of the process; a class (as its own Python
        # games register) outlives interpreter shutdown safely where a closure does not.
        creator = type(f"HolesomeSpiel_{name}", (HolesomeSpielGame,), {"game_class": game_class})
        pyspiel.register_game(game_type, creator)
    return name


def register_all() -> list[str]:
    """Register every game in `holesome.GAMES`; return their short names."""
    return [register(name) for name in holesome.GAMES]


def load(game: str | type[Game[Any, Any]], **params: int | float | str | bool) -> Any:
    """Register the game if needed and load it with OpenSpiel parameters (options included)."""
    return pyspiel.load_game(register(game), params)


def _game_type(game_class: type[Game[Any, Any]], chance: bool) -> Any:
    parameters: dict[str, Any] = {"players": game_class.default_players, "seed": 0, "deals": 1}
    parameters.update({spec.name: parameter(spec.default) for spec in game_class.option_specs})
    return pyspiel.GameType(
        short_name=short_name(game_class.name),
        long_name=f"holesome {game_class.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if game_class.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game_class.player_counts),
        min_num_players=min(game_class.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def parameter(value: Json) -> int | float | str | bool:
    """An option value as an OpenSpiel parameter (lists and the like travel as JSON text)."""
    return value if isinstance(value, int | float | str | bool) else json.dumps(value)


class _Context:
    """What every state of one loaded game shares; never copied when OpenSpiel clones a state."""

    def __init__(self, game: Game[Any, Any], encoder: Encoder, seed: int, deals: int) -> None:
        self.game = game
        self.encoder = encoder
        self.seed = seed
        self.deals = deals

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self


class _Node:
    """One point of a game's history: the state and the step that made it, with memoised views.

    Nodes are immutable apart from their caches of pure functions, so clones share them.
    """

    __slots__ = ("action", "encodings", "keys", "parent", "seat", "state", "text", "views")

    def __init__(self, parent: _Node | None, seat: Seat, action: Any, state: Any) -> None:
        self.parent = parent
        self.seat = seat
        self.action = action
        self.state = state
        self.views: dict[Seat | None, str] = {}
        self.keys: dict[Seat | None, str] = {}
        self.encodings: dict[Seat | None, NDArray[np.float32]] = {}
        self.text: str | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def view_text(self, game: Game[Any, Any], seat: Seat | None) -> str:
        """The seat's view as canonical JSON."""
        text = self.views.get(seat)
        if text is None:
            text = json.dumps(game.view(self.state, seat), sort_keys=True, separators=(",", ":"))
            self.views[seat] = text
        return text

    def encoding(self, context: _Context, seat: Seat | None) -> NDArray[np.float32]:
        """The seat's view through the game's encoder."""
        vector = self.encodings.get(seat)
        if vector is None:
            encoded = context.encoder.encode(context.game.view(self.state, seat))
            vector = self.encodings[seat] = np.asarray(encoded, np.float32)
        return vector

    def state_text(self, game: Game[Any, Any]) -> str:
        """The full state as canonical JSON (for debugging: it holds every secret)."""
        if self.text is None:
            self.text = json.dumps(game.state_to_json(self.state), sort_keys=True)
        return self.text

    def history_key(self, game: Game[Any, Any], seat: Seat | None) -> str:
        """A digest of all the seat has observed up to here: its actions and its view's changes."""
        pending: list[_Node] = []
        node: _Node | None = self
        while node is not None and seat not in node.keys:
            pending.append(node)
            node = node.parent
        key = "" if node is None else node.keys[seat]
        for step in reversed(pending):
            digest = blake2b(key.encode(), digest_size=16)
            if step.seat == seat:
                digest.update(b"\x00acted " + game.action_to_text(step.action).encode())
            view = step.view_text(game, seat)
            if step.parent is None or step.parent.view_text(game, seat) != view:
                digest.update(b"\x00saw " + view.encode())
            key = digest.hexdigest()
            step.keys[seat] = key
        return key


class HolesomeSpielGame(pyspiel.Game):
    """A holesome game loaded for OpenSpiel (see the module docstring)."""

    game_class: type[Game[Any, Any]]
    """Set on the subclass `register` makes for each game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_class = self.game_class
        params = params or {}
        options = {key: value for key, value in params.items() if key not in _BUILTIN_PARAMETERS}
        players = int(params.get("players", game_class.default_players))
        game = game_class(players, **options)
        deals = int(params.get("deals", 1))
        if deals < 1:
            raise InvalidOption(f"{game.name}: deals must be at least 1, not {deals}")
        profile = profile_for(game)
        self._stochastic = profile.has_chance or deals > 1
        self._context = _Context(game, encoder_for(game), int(params.get("seed", 0)), deals)
        self._initial = None if deals > 1 else _Node(None, CHANCE, None, game.start(self._context.seed))
        self._max_length = profile.max_game_length(game) + (1 if deals > 1 else 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=max(game.num_actions, deals),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self._max_length,
        )
        super().__init__(_game_type(game_class, chance=self._stochastic), info, params)

    @property
    def holesome_game(self) -> Game[Any, Any]:
        """The holesome game underneath."""
        return self._context.game

    def new_initial_state(self) -> HolesomeSpielState:
        """The start of a game: the deal for `seed`, or a chance node choosing among `deals`."""
        return HolesomeSpielState(self, self._context, self._initial)

    def max_chance_nodes_in_history(self) -> int:
        """A bound on chance nodes in one game (every step, for a game with chance)."""
        return self._max_length if self._stochastic else 0

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> HolesomeObserver:
        """An observer for OpenSpiel's observation API."""
        return HolesomeObserver(self._context, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class HolesomeSpielState(pyspiel.State):
    """A point of a holesome game, for OpenSpiel: a history node and the shared context."""

    def __init__(self, game: HolesomeSpielGame, context: _Context, node: _Node | None) -> None:
        super().__init__(game)
        self._context = context
        self._node = node

    @property
    def holesome_state(self) -> Any:
        """The holesome state (None while the deal is still to be chosen)."""
        return None if self._node is None else self._node.state

    def current_player(self) -> int:
        """The lowest seat that may act, CHANCE at a chance step, TERMINAL when over."""
        if self._node is None:
            return int(pyspiel.PlayerId.CHANCE)
        seats = self._context.game.to_act(self._node.state)
        if not seats:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if seats == (CHANCE,) else seats[0]

    def _legal_actions(self, player: int) -> list[int]:
        game = self._context.game
        if self._node is None:
            return []
        return sorted(game.encode(action) for action in game.legal_actions(self._node.state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each possible chance outcome id with its probability, ids ascending."""
        context = self._context
        if self._node is None:
            return [(deal, 1.0 / context.deals) for deal in range(context.deals)]
        outcomes = context.game.chance_outcomes(self._node.state)
        return sorted((context.game.encode(outcome), chance) for outcome, chance in outcomes if chance > 0)

    def _apply_action(self, action: int) -> None:
        context = self._context
        game = context.game
        if self._node is None:
            self._node = _Node(None, CHANCE, None, game.start(context.seed + int(action)))
            return
        seat = self.current_player()
        chosen = game.decode(int(action))
        self._node = _Node(self._node, seat, chosen, game.apply(self._node.state, seat, chosen))

    def _action_to_string(self, player: int, action: int) -> str:
        if self._node is None:
            return f"deal {self._context.seed + int(action)}"
        return self._context.game.action_to_text(self._context.game.decode(int(action)))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._node is not None and self._context.game.outcome(self._node.state) is not None

    def returns(self) -> list[float]:
        """Each player's outcome value once the game is over, else zeros."""
        game = self._context.game
        outcome = None if self._node is None else game.outcome(self._node.state)
        return [0.0] * game.players if outcome is None else list(outcome.values)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> HolesomeSpielState:
        """A state `player` cannot tell from this one: the game's `determinize`, seeded by the sampler."""
        sample: HolesomeSpielState = self.clone()
        node = self._node
        if node is not None:
            rng = random.Random(int(probability_sampler() * _SAMPLER_SCALE))
            state = self._context.game.determinize(node.state, player, rng)
            resampled = _Node(node.parent, node.seat, node.action, state)
            if player in node.keys:
                resampled.keys[player] = node.keys[player]
            sample._node = resampled
        return sample

    def view_text(self, seat: Seat | None) -> str:
        """What `seat` sees now, as canonical JSON ("dealing" before the deal)."""
        return _DEALING if self._node is None else self._node.view_text(self._context.game, seat)

    def information_key(self, seat: Seat | None) -> str:
        """The digest of `seat`'s observation history (see `_Node.history_key`)."""
        return _DEALING if self._node is None else self._node.history_key(self._context.game, seat)

    def __str__(self) -> str:
        return _DEALING if self._node is None else self._node.state_text(self._context.game)


class HolesomeObserver:
    """OpenSpiel's observer protocol over views: strings are JSON, tensors the game's encoder.

    `private_info=NONE` observes as a spectator (the public view); `ALL_PLAYERS` is refused,
    since no holesome view shows every seat's secrets.
    """

    def __init__(self, context: _Context, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise InvalidOption(f"{context.game.name}: observers take no parameters, got {params}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InvalidOption(f"{context.game.name}: no view shows every player's private information")
        self._context = context
        self._public = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(context.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HolesomeSpielState, player: int) -> None:
        """Write `player`'s encoded view of `state` into `tensor`."""
        node = state._node
        if node is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = node.encoding(self._context, self._seat(player))

    def string_from(self, state: HolesomeSpielState, player: int) -> str:
        """The observation (view) string, or with perfect recall the information-state string."""
        seat = self._seat(player)
        view = state.view_text(seat)
        return f"{view}\nhistory {state.information_key(seat)}" if self._perfect_recall else view

    def _seat(self, player: int) -> Seat | None:
        return None if self._public else player


__all__ = [
    "PREFIX",
    "HolesomeObserver",
    "HolesomeSpielGame",
    "HolesomeSpielState",
    "load",
    "parameter",
    "register",
    "register_all",
    "short_name",
]
