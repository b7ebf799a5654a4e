"""The history under the OpenSpiel adapter's states: a `Node` for each point, `Run`s of moves behind it.

A `Node` is what a `HolesomeSpielState` points to: the holesome state there and what OpenSpiel
asks of it again and again (the player to act, the sorted legal ids, the encodings), each worked
out once. Clones share nodes, so nodes are immutable apart from those caches of pure functions.

The information-state key of a seat is a digest of its whole history (its own actions and every
change of its view), worked out when asked. It needs each past point's view, so the history is
kept: in `Run`s, each a state held at a checkpoint (every `CHECKPOINT` moves, and where a history
starts or is resampled) and the moves after it, in two lists. A past state is replayed from its
run's held state when a view is wanted (the rules are pure, so the replay is that state).

A move is appended to its run's lists in place while the node it leaves is the run's newest
point; a second move from an older point of the run (a search trying another action) starts a
new run with that part of the moves copied. Every history reads a run only up to its own depth,
so what others append never changes its past. So a step makes no object that outlives it: an
object kept at every step (as a chain of steps did, one per move) was promoted through the
garbage collector's generations and set off full collections, each walking every object in the
process (in random Double Dash games, four in two seconds of play, about a tenth of the time).
Keeping every past state instead made the collector walk each state's objects again and again.
"""

from __future__ import annotations

import json
from hashlib import blake2b
from typing import Any, Protocol

import numpy as np
import pyspiel
from numpy.typing import NDArray

from holesome.core.game import CHANCE, Game, Seat
from holesome.interop.encoders import Encoder
from holesome.interop.menus import MenuIds

CHECKPOINT = 32
"""Every this many moves the history keeps the state (a view asked for later replays at most this many moves)."""
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
_NOTHING: dict[Any, Any] = {}
"""The shared empty cache of a node or run nobody has asked yet; never written to (each makes its own first)."""


class Rules(Protocol):
    """What nodes need of the loaded game (the adapter's shared context)."""

    game: Game[Any, Any]
    encoder: Encoder
    menu_ids: MenuIds
    cutoff: int | None
    allowed: frozenset[int] | None


class Run:
    """A held state at `depth` and the moves after it (`seats`, `actions`), appended in place
    while they are every history's newest (module docstring). `entry` is the move that led to the
    held state (None where a history starts); `before` the run the history came through, read up
    to `depth`. `views` and `keys` are the view text and history digest at (depth, seat), filled
    when first asked for."""

    __slots__ = ("actions", "before", "depth", "entry", "held", "keys", "seats", "views")

    def __init__(self, before: Run | None, depth: int, held: Any, entry: tuple[Seat, Any] | None) -> None:
        self.before = before
        self.depth = depth
        self.held = held
        self.entry = entry
        self.seats: list[Seat] = []
        self.actions: list[Any] = []
        self.views: dict[tuple[int, Seat | None], str] = _NOTHING
        self.keys: dict[tuple[int, Seat | None], str] = _NOTHING

    def part(self, moves: int) -> Run:
        """A new run of this one's held state and first `moves` moves: for a move from an older point."""
        run = Run(self.before, self.depth, self.held, self.entry)
        run.seats = self.seats[:moves]
        run.actions = self.actions[:moves]
        return run

    def move_into(self, depth: int) -> tuple[Seat, Any] | None:
        """The move (seat, action) that led to the point at `depth` of this run (None at a history's start)."""
        if depth == self.depth:
            return self.entry
        return self.seats[depth - self.depth - 1], self.actions[depth - self.depth - 1]

    def __deepcopy__(self, memo: dict[int, Any]) -> Run:
        return self


class Node:
    """One point of a game: the holesome `state`, its `run` and `depth`, the `player` to act (the
    lowest seat that may act, CHANCE_PLAYER, or TERMINAL when over or cut off: OpenSpiel asks at
    every point, several times) and answers memoised when first asked for."""

    __slots__ = ("depth", "encodings", "legal", "player", "run", "state", "text")

    def __init__(self, state: Any, run: Run, depth: int, rules: Rules) -> None:
        self.state = state
        self.run = run
        self.depth = depth
        seats = rules.game.to_act(state)
        if not seats or (rules.cutoff is not None and depth >= rules.cutoff):
            self.player = TERMINAL
        else:
            self.player = CHANCE_PLAYER if seats[0] == CHANCE else seats[0]
        self.legal: list[int] | None = None
        self.text: str | None = None
        self.encodings: dict[Seat | None, NDArray[np.float32]] = _NOTHING

    @classmethod
    def start(cls, state: Any, rules: Rules) -> Node:
        """A history beginning at `state`."""
        return cls(state, Run(None, 0, state, None), 0, rules)

    def after(self, seat: Seat, action: Any, state: Any, rules: Rules) -> Node:
        """The point `state` reached from here by `seat` playing `action`."""
        run = self.run
        depth = self.depth + 1
        if depth % CHECKPOINT == 0:
            run = Run(run, depth, state, (seat, action))
        else:
            moves = self.depth - run.depth
            if len(run.actions) != moves:  # another move was made from here before: this history branches off
                run = run.part(moves)
            run.seats.append(seat)
            run.actions.append(action)
        return Node(state, run, depth, rules)

    def resampled(self, state: Any, player: Seat, rules: Rules) -> Node:
        """This point with `state` instead (`player` cannot tell them apart): the same history, and
        `player`'s digest of it."""
        run = self.run
        depth = self.depth
        node = Node(state, Run(run, depth, state, run.move_into(depth)), depth, rules)
        key = run.keys.get((depth, player))
        if key is not None:
            node.run.keys = {(depth, player): key}
        return node

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    def legal_ids(self, rules: Rules) -> list[int]:
        """The player to act's legal action ids, ascending."""
        legal = self.legal
        if legal is None:
            player = self.player
            legal = [] if player < 0 else rules.menu_ids(rules.game.legal_actions(self.state, player))
            allowed = rules.allowed
            if allowed is not None:
                legal = [action for action in legal if action in allowed] or legal
            self.legal = legal
        return legal

    def view_text(self, game: Game[Any, Any], seat: Seat | None) -> str:
        """The seat's view as canonical JSON."""
        text = self.run.views.get((self.depth, seat))
        return _view_text(game, self.run, self.depth, seat, self.state) if text is None else text

    def encoding(self, rules: Rules, seat: Seat | None) -> NDArray[np.float32]:
        """The seat's view through the game's encoder."""
        vector = self.encodings.get(seat)
        if vector is None:
            encoded = rules.encoder.encode(rules.game.view(self.state, seat))
            if self.encodings is _NOTHING:
                self.encodings = {}
            vector = self.encodings[seat] = np.asarray(encoded, np.float32)
        return vector

    def state_text(self, game: Game[Any, Any]) -> str:
        """The full state as canonical JSON (for debugging: it holds every secret)."""
        if self.text is None:
            self.text = json.dumps(game.state_to_json(self.state), sort_keys=True)
        return self.text

    def history_key(self, game: Game[Any, Any], seat: Seat | None) -> str:
        """A digest of all the seat has observed up to here: its actions and its view's changes."""
        pending: list[tuple[Run, int]] = []  # the points with no digest yet, from here back
        point: tuple[Run, int] | None = (self.run, self.depth)
        key = ""
        while point is not None:
            run, depth = point
            known = run.keys.get((depth, seat))
            if known is not None:
                key = known
                break
            pending.append(point)
            point = _back(run, depth)
        if not pending:
            return key
        self._see(game, seat, pending[-1])
        for run, depth in reversed(pending):
            digest = blake2b(key.encode(), digest_size=16)
            move = run.move_into(depth)
            if move is not None and move[0] == seat:
                digest.update(b"\x00acted " + game.action_to_text(move[1]).encode())
            view = run.views[depth, seat]
            previous = _back(run, depth)
            if previous is None or previous[0].views[previous[1], seat] != view:
                digest.update(b"\x00saw " + view.encode())
            key = digest.hexdigest()
            if run.keys is _NOTHING:
                run.keys = {}
            run.keys[depth, seat] = key
        return key

    def _see(self, game: Game[Any, Any], seat: Seat | None, top: tuple[Run, int]) -> None:
        """Work out the seat's view at every point from the one before `top` down to here that has
        none yet, replaying each run's states from its held state (none for here alone)."""
        first = _back(*top) or top
        deepest: dict[Run, int] = {}  # each run on the way, and the deepest of its points wanted
        point: tuple[Run, int] | None = (self.run, self.depth)
        while point is not None:
            deepest.setdefault(point[0], point[1])
            if point == first:
                break
            point = _back(*point)
        for run, bottom in deepest.items():
            views = run.views
            lowest = first[1] if run is first[0] else run.depth
            missing = [depth for depth in range(lowest, bottom + 1) if (depth, seat) not in views]
            if not missing:
                continue
            if run is self.run and missing[0] == self.depth:
                _view_text(game, run, self.depth, seat, self.state)
                continue
            state = run.held
            for depth in range(run.depth, missing[-1] + 1):
                if depth > run.depth:
                    moved = depth - run.depth - 1
                    state = game.apply(state, run.seats[moved], run.actions[moved])
                if (depth, seat) not in run.views and depth >= lowest:
                    _view_text(game, run, depth, seat, state)


def _back(run: Run, depth: int) -> tuple[Run, int] | None:
    """The point before (`run`, `depth`) in the same history (None at its start)."""
    if depth == run.depth:
        before = run.before
        while before is not None and before.depth >= depth:  # a run resampled where it began holds none of it
            before = before.before
        return None if before is None else (before, depth - 1)
    return run, depth - 1


def _view_text(game: Game[Any, Any], run: Run, depth: int, seat: Seat | None, state: Any) -> str:
    """The seat's view of `state` (the one at `depth` of `run`) as canonical JSON, kept on the run."""
    text = json.dumps(game.view(state, seat), sort_keys=True, separators=(",", ":"))
    if run.views is _NOTHING:
        run.views = {}
    run.views[depth, seat] = text
    return text


__all__ = ["CHANCE_PLAYER", "CHECKPOINT", "TERMINAL", "Node", "Rules", "Run"]
