"""Every holesome game as an OpenSpiel game, registered with `pyspiel.register_game`.

    from holesome.interop import openspiel
    game = openspiel.load("honey-donut")                 # a pyspiel.Game
    game = pyspiel.load_game("holesome_go_nuts(players=4)")  # importing the module registers every game

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
- **Length**: `max_game_length` is the game's proven bound (its profile's docstring proves it).
  A game with no bound (Doughnut Dash: nothing in its rules stops thieves that never take a
  doughnut) is cut off after `max_steps` steps (parameter, default `DEFAULT_MAX_STEPS`), and a
  cut-off state is terminal with the game's `cutoff_values` as returns. `max_steps` also cuts
  any game shorter, for small configurations (tabular CFR).
- **allow** (a list of action texts, `allow=[a;b;0;11;done]`): every menu is cut down to the
  actions listed, unless it lists none of them (then the menu stays whole): a smaller game
  for tabular algorithms, never a larger one. Default `[]`: every action.
- **Repeats**: a chance outcome that only repeats its chance step (Double Dash's tied start
  roll) is left out and the others scaled up: the same play, without an unbounded loop.
- Games and states pickle, deep-copy and serialize (`pyspiel.serialize_game_and_state`); the
  game's string (`str(game)`) loads it again, list options included (`board=[1111;...]`).
- Each history point caches what OpenSpiel asks for again and again (the player to act, the
  sorted legal ids, the end), so those cost one engine call per state; a game at most
  `SHORT_GAME` steps long also reuses the points themselves (`CHILD_CACHE`). The history
  behind a point keeps past states only at checkpoints and replays the others when an
  information key needs their views (`spiel_history`).
- **Warnings**: OpenSpiel's C++ `MCTSBot` and `ISMCTSBot` cannot run on Python games (they
  crash); its Python `mcts.MCTSBot` searches the true state, secrets included. Making either
  on a holesome game, or the Python MCTS searching a game with hidden information, warns
  (`AlgorithmWarning`). Use `ismcts.ISMCTSBot` (it resamples through `resample_from_infostate`).
"""

from __future__ import annotations

import random
import sys
import warnings
from collections import OrderedDict
from typing import Any

import numpy as np
import pyspiel

import holesome
from holesome.core.errors import IllegalAction, InvalidOption
from holesome.core.game import CHANCE, Game, Json, Seat
from holesome.interop.chance_ids import ChanceIds
from holesome.interop.encoders import Encoder, Profile, encoder_for, profile_for
from holesome.interop.menus import MenuIds
from holesome.interop.spiel_history import CHANCE_PLAYER as _CHANCE
from holesome.interop.spiel_history import TERMINAL as _TERMINAL
from holesome.interop.spiel_history import Node

PREFIX = "holesome_"
DEFAULT_MAX_STEPS = 2_000
"""Where a game with no proven length bound is cut off (random Doughnut Dash games run 40-200 steps)."""
_BUILTIN_PARAMETERS = ("players", "seed", "deals", "max_steps", "allow")
_SAMPLER_SCALE = 2**53
_DEALING = "dealing"
_CLASS_PREFIX = "HolesomeSpiel_"
_LIST_SEPARATOR = ";"
_RESERVED = frozenset(",;()=[]")
"""Characters a list item may not hold: OpenSpiel's game strings and our list syntax use them."""
_SEARCHES_TRUE_STATE = frozenset({("open_spiel.python.algorithms.mcts", "_apply_tree_policy")})
"""Python OpenSpiel functions (module, name) that clone the state they are handed and search it
as it is: given the true state of a hidden-information game, they search its secrets. (Rollout
evaluators clone too, but ISMCTS hands them a resampled state.)"""
CHILD_CACHE = 20_000
"""History points kept for reuse per loaded game whose histories are at most `SHORT_GAME` steps:
applying an action to a point reached before (CFR and best responses walk the same tree every
iteration) returns the same child, with its views, information-state digests and legal ids
already worked out. Oldest first out."""
SHORT_GAME = 100
"""Games at most this long (the small configurations tabular algorithms walk whole) cache their
history points. Longer ones do not: random play and searches seldom meet a point twice, and
thousands of live states would slow every step (the garbage collector walks them all)."""


SMALL_CONFIGURATIONS = {
    "go-nuts": "holesome_go_nuts(players=2,max_steps=5)",
    "doughnut-dash": "holesome_doughnut_dash(players=2,max_steps=8)",
    "donut-dilemma": "holesome_donut_dilemma(players=3,rounds=1,allow=[a;b;c;d;e;0;6;11;done])",
}
"""For each game with secrets, a configuration small enough for OpenSpiel's tabular CFR and its
exploitability (NashConv beyond two players) to finish in well under a minute: Go Nuts and
Doughnut Dash for two, cut off after their first steps (the picks and the first refill; the
secret directions and the first moves), valued there by the game's own scores; Donut Dilemma
for three over one round, each seat choosing its move and a Plain count of 0, 6 or 11 and no
specials, which keeps the dilemma (two seats that meet in a bakery and both bake 11 score nothing
for Plain). docs/interop.md records CFR's figures on them."""


class AlgorithmWarning(UserWarning):
    """An OpenSpiel algorithm would read hidden state, or cannot run on a Python game."""


def short_name(name: str) -> str:
    """The OpenSpiel name of a holesome game: `honey-donut` -> `holesome_honey_donut`."""
    return PREFIX + name.replace("-", "_")


def register(game: str | type[Game[Any, Any]]) -> str:
    """Register a holesome game (by name, or its class) with OpenSpiel; return its short name."""
    game_class = holesome.GAMES[game] if isinstance(game, str) else game
    name = short_name(game_class.name)
    if name not in pyspiel.registered_names():
        game_type = _game_type(game_class, chance=profile_for(game_class).has_chance)
        pyspiel.register_game(game_type, _spiel_class(game_class))
        _guard_cpp_bots()
    return name


def _class_name(game_class: type[Game[Any, Any]]) -> str:
    return _CLASS_PREFIX + game_class.name.replace("-", "_")


def _spiel_class(game_class: type[Game[Any, Any]]) -> type[HolesomeSpielGame]:
    """The OpenSpiel game class of a holesome game, made once and kept in this module by name.

    OpenSpiel keeps the creator for the life of the process, and a class (as its own Python
    games register) outlives interpreter shutdown safely where a closure does not. Living in
    the module under its own name, it is found again when a game or a state is unpickled.
    """
    name = _class_name(game_class)
    made = globals().get(name)
    if made is None:
        made = type(name, (HolesomeSpielGame,), {"game_class": game_class, "__module__": __name__})
        made.__qualname__ = name
        globals()[name] = made
    return made


def __getattr__(name: str) -> Any:
    """A registered game's class by name, registering the game first (unpickling needs it)."""
    for game_class in holesome.GAMES.values():
        if _class_name(game_class) == name:
            register(game_class)
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register_all() -> list[str]:
    """Register every game in `holesome.GAMES`; return their short names."""
    return [register(name) for name in holesome.GAMES]


def load(game: str | type[Game[Any, Any]], **params: Json) -> Any:
    """Register the game if needed and load it with OpenSpiel parameters (options included; see `parameter`)."""
    return pyspiel.load_game(register(game), {key: parameter(value) for key, value in params.items()})


def _game_type(game_class: type[Game[Any, Any]], chance: bool) -> Any:
    parameters: dict[str, Any] = {
        "players": game_class.default_players,
        "seed": 0,
        "deals": 1,
        "max_steps": 0,
        "allow": "[]",
    }
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
    """An option value as an OpenSpiel parameter: a list as `[a;b;c]`, which a game string can hold.

    OpenSpiel splits a game string (`holesome_double_dash(board=...,seed=0)`) at commas, so a
    list travels as its items joined by semicolons in brackets; an item may hold none of `,;()=[]`.
    """
    if isinstance(value, int | float | str | bool):
        return value
    if isinstance(value, list | tuple):
        items = [str(item) for item in value]
        bad = next((item for item in items if _RESERVED & set(item)), None)
        if bad is not None:
            raise InvalidOption(f"list item {bad!r} holds one of {' '.join(sorted(_RESERVED))}")
        return "[" + _LIST_SEPARATOR.join(items) + "]"
    raise InvalidOption(f"{value!r} cannot be an OpenSpiel parameter")


def _option_value(game_class: type[Game[Any, Any]], name: str, value: Any) -> Any:
    """A parameter back as the option value `parameter` made it from (a list from `[a;b;c]`)."""
    spec = next((spec for spec in game_class.option_specs if spec.name == name), None)
    if spec is None or spec.kind is not list or not isinstance(value, str):
        return value
    text = value.strip()
    if not (text.startswith("[") and text.endswith("]")) or '"' in text:
        return value  # JSON or comma-separated text: the option parses it itself
    inner = text[1:-1]
    return [int(item) if item.lstrip("-").isdigit() else item for item in inner.split(_LIST_SEPARATOR) if item]


def _allowed(game: Game[Any, Any], allow: Any) -> frozenset[int] | None:
    """The action ids the `allow` parameter lists (None: no cut), by the actions' texts."""
    texts = allow if isinstance(allow, list) else _option_value_list(str(allow))
    if not texts:
        return None
    ids = {game.action_to_text(action): game.encode(action) for action in game.action_space}
    unknown = [text for text in texts if str(text) not in ids]
    if unknown:
        raise InvalidOption(f"{game.name}: allow names no action {unknown[0]!r}")
    return frozenset(ids[str(text)] for text in texts)


def _option_value_list(text: str) -> list[str]:
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise InvalidOption(f"allow takes a list like [a;b;done], not {text!r}")
    return [item for item in text[1:-1].split(_LIST_SEPARATOR) if item]


def _guard_cpp_bots() -> None:
    """Make OpenSpiel's C++ MCTS and ISMCTS bots warn when they meet a holesome game (they crash on Python games).

    MCTSBot is given the game when it is made; ISMCTSBot sees it first in `step(state)`.
    """
    for name in ("MCTSBot", "ISMCTSBot"):
        bot = getattr(pyspiel, name, None)
        if bot is None or getattr(bot, "_holesome_guarded", False):
            continue
        methods = {"__init__": _guarded(bot, "__init__"), "step": _guarded(bot, "step"), "_holesome_guarded": True}
        guarded = type(name, (bot,), methods)
        guarded.__module__ = bot.__module__
        setattr(pyspiel, name, guarded)


def _guarded(bot: type, method: str) -> Any:
    original = getattr(bot, method)

    def guarded(self: Any, *args: Any, **kwargs: Any) -> Any:
        if any(isinstance(arg, HolesomeSpielGame | HolesomeSpielState) for arg in args):
            warnings.warn(
                f"OpenSpiel's C++ {bot.__name__} cannot run on Python games such as the holesome games "
                "(it crashes); use open_spiel.python.algorithms.ismcts.ISMCTSBot",
                AlgorithmWarning,
                stacklevel=2,
            )
        return original(self, *args, **kwargs)

    guarded.__name__ = method
    return guarded


class _Context:
    """What every state of one loaded game shares; never copied when OpenSpiel clones a state."""

    def __init__(
        self, game: Game[Any, Any], encoder: Encoder, profile: Profile, seed: int, deals: int, cutoff: int | None
    ) -> None:
        self.game = game
        self.encoder = encoder
        self.profile = profile
        self.seed = seed
        self.deals = deals
        self.cutoff = cutoff
        self.allowed: frozenset[int] | None = None
        self.cache = 0
        self.menu_ids = MenuIds(game)
        self.warned = False
        self.children: OrderedDict[tuple[Node, int], Node] = OrderedDict()
        self.chance_ids = ChanceIds(game, self.menu_ids, profile.is_repeat)

    def child(self, node: Node, action: int) -> Node:
        """The point after `action` at `node`: made once, then reused while it stays in the cache."""
        if self.cache:
            child = self.children.get((node, action))
            if child is not None:
                return child
        player = node.player
        seat = CHANCE if player == _CHANCE else player
        chosen = self.menu_ids.action(action)
        game = self.game
        if self.allowed is not None and seat != CHANCE and action not in node.legal_ids(self):
            raise IllegalAction(f"{game.name}: {game.action_to_text(chosen)} is not allowed here")
        child = node.after(seat, chosen, game.apply(node.state, seat, chosen), self)
        if self.cache:
            children = self.children
            if len(children) >= self.cache:
                children.popitem(last=False)
            children[node, action] = child
        return child

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __getstate__(self) -> dict[str, Any]:
        """A pickle leaves the caches behind."""
        menu_ids = MenuIds(self.game)
        chance_ids = ChanceIds(self.game, menu_ids, self.profile.is_repeat)
        return {**self.__dict__, "children": OrderedDict(), "menu_ids": menu_ids, "chance_ids": chance_ids}


class HolesomeSpielGame(pyspiel.Game):
    """A holesome game loaded for OpenSpiel (see the module docstring)."""

    game_class: type[Game[Any, Any]]
    """Set on the subclass `register` makes for each game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_class = self.game_class
        params = params or {}
        options = {
            key: _option_value(game_class, key, value)
            for key, value in params.items()
            if key not in _BUILTIN_PARAMETERS
        }
        players = int(params.get("players", game_class.default_players))
        game = game_class(players, **options)
        deals = int(params.get("deals", 1))
        if deals < 1:
            raise InvalidOption(f"{game.name}: deals must be at least 1, not {deals}")
        max_steps = int(params.get("max_steps", 0))
        if max_steps < 0:
            raise InvalidOption(f"{game.name}: max_steps must be 0 (the game's own bound) or more, not {max_steps}")
        profile = profile_for(game)
        bound = profile.max_game_length(game)
        start = 1 if deals > 1 else 0
        cutoff = (max_steps or DEFAULT_MAX_STEPS) + start if bound is None or max_steps else None
        self._stochastic = profile.has_chance or deals > 1
        self._context = _Context(game, encoder_for(game), profile, int(params.get("seed", 0)), deals, cutoff)
        self._context.allowed = _allowed(game, params.get("allow", "[]"))
        self._initial = None if deals > 1 else Node.start(game.start(self._context.seed), self._context)
        longest = bound + start if bound is not None else None
        self._max_length: int = min(length for length in (longest, cutoff) if length is not None)
        self._context.cache = CHILD_CACHE if self._max_length <= SHORT_GAME else 0
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

    def state_at(self, state: Any) -> HolesomeSpielState:
        """An OpenSpiel state at holesome `state`, with no history before it: what a bot handed
        a holesome `Decision` (and so a determinized state) searches from."""
        return HolesomeSpielState(self, self._context, Node.start(state, self._context))

    def max_chance_nodes_in_history(self) -> int:
        """A bound on chance nodes in one game (every step, for a game with chance)."""
        return self._max_length if self._stochastic else 0

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> HolesomeObserver:
        """An observer for OpenSpiel's observation API."""
        return HolesomeObserver(self._context, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class HolesomeSpielState(pyspiel.State):
    """A point of a holesome game, for OpenSpiel: a history node and the shared context."""

    def __init__(self, game: HolesomeSpielGame, context: _Context, node: Node | None) -> None:
        super().__init__(game)
        self._context = context
        self._node = node

    @property
    def holesome_state(self) -> Any:
        """The holesome state (None while the deal is still to be chosen)."""
        return None if self._node is None else self._node.state

    def current_player(self) -> int:
        """The lowest seat that may act, CHANCE at a chance step, TERMINAL when over or cut off."""
        node = self._node
        return _CHANCE if node is None else node.player

    def _legal_actions(self, player: int) -> list[int]:
        node = self._node
        if node is None or player != node.player:
            return []
        return list(node.legal_ids(self._context))

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids (chance outcome ids at a chance node), ascending.

        The same answer as OpenSpiel's own method, which reaches `_legal_actions` through C++
        and converts the list both ways (several times the cost); C++ algorithms still call that.
        """
        node = self._node
        context = self._context
        current = _CHANCE if node is None else node.player
        if player is not None and player != current:
            return []
        if current == _CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if node is None or current == _TERMINAL:
            return []
        legal = node.legal
        if legal is None and context.allowed is None:  # `Node.legal_ids`' common case, without its call
            legal = node.legal = context.menu_ids(context.game.legal_actions(node.state, current))
        return list(node.legal_ids(context) if legal is None else legal)

    def is_chance_node(self) -> bool:
        """Whether chance acts now (the same answer as OpenSpiel's own method, without the trip through C++)."""
        node = self._node
        return node is None or node.player == _CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each possible chance outcome id with its probability, ids ascending (repeats left out)."""
        context = self._context
        if self._node is None:
            return [(deal, 1.0 / context.deals) for deal in range(context.deals)]
        chance_ids = context.chance_ids
        table = context.game.chance_outcomes(self._node.state)
        return chance_ids(table) if chance_ids.keeping else chance_ids.pairs(table)  # a call fewer if not kept

    def _apply_action(self, action: int) -> None:
        context = self._context
        node = self._node
        listed = context.menu_ids.listed
        if node is None:
            self._node = Node.start(context.game.start(context.seed + int(action)), context)
        elif context.cache or context.allowed is not None or not 0 <= action < len(listed):
            self._node = context.child(node, int(action))
        else:  # `child`'s common case, without its call: this runs at every step
            player = node.player
            seat = CHANCE if player == _CHANCE else player
            chosen = listed[action]
            self._node = node.after(seat, chosen, context.game.apply(node.state, seat, chosen), context)

    def _action_to_string(self, player: int, action: int) -> str:
        if self._node is None:
            return f"deal {self._context.seed + int(action)}"
        return self._context.game.action_to_text(self._context.game.decode(int(action)))

    def is_terminal(self) -> bool:
        """Whether the game is over, or cut off after `max_steps`."""
        node = self._node
        return node is not None and node.player == _TERMINAL

    def returns(self) -> list[float]:
        """Each player's outcome value once the game is over (`cutoff_values` if cut off), else zeros."""
        game = self._context.game
        node = self._node
        if node is None or node.player != _TERMINAL:
            return [0.0] * game.players
        outcome = game.outcome(node.state)
        return list(game.cutoff_values(node.state) if outcome is None else outcome.values)

    def clone(self) -> Any:
        """A copy; warns once if OpenSpiel's Python MCTS is searching a game with hidden information."""
        context = self._context
        if not context.warned and not context.game.perfect_information:
            frame = sys._getframe(1)
            caller = frame.f_globals.get("__name__")
            if (caller, frame.f_code.co_name) in _SEARCHES_TRUE_STATE:
                context.warned = True
                warnings.warn(
                    f"{caller} searches the true state of {context.game.name}, other seats' secrets included; "
                    "use open_spiel.python.algorithms.ismcts.ISMCTSBot, which resamples what the player cannot see",
                    AlgorithmWarning,
                    stacklevel=2,
                )
        return super().clone()

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> HolesomeSpielState:
        """A state `player` cannot tell from this one: the game's `determinize`, seeded by the sampler."""
        sample: HolesomeSpielState = self.clone()
        node = self._node
        if node is not None:
            rng = random.Random(int(probability_sampler() * _SAMPLER_SCALE))
            state = self._context.game.determinize(node.state, player, rng)
            sample._node = node.resampled(state, player, self._context)
        return sample

    def view_text(self, seat: Seat | None) -> str:
        """What `seat` sees now, as canonical JSON ("dealing" before the deal)."""
        return _DEALING if self._node is None else self._node.view_text(self._context.game, seat)

    def information_key(self, seat: Seat | None) -> str:
        """The digest of `seat`'s observation history (see `Node.history_key`)."""
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


register_all()  # on import, so that unpickling a game or a state in a fresh process finds its game

__all__ = [
    "CHILD_CACHE",
    "DEFAULT_MAX_STEPS",
    "PREFIX",
    "SHORT_GAME",
    "SMALL_CONFIGURATIONS",
    "AlgorithmWarning",
    "HolesomeObserver",
    "HolesomeSpielGame",
    "HolesomeSpielState",
    "load",
    "parameter",
    "register",
    "register_all",
    "short_name",
]
