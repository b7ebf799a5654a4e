"""The history under the OpenSpiel adapter's states: a `Node` for each point, a chain of `Step`s behind it.

A `Node` is what a `HolesomeSpielState` points to: the holesome state there and what OpenSpiel
asks of it again and again (the player to act, the sorted legal ids, the encodings), each worked
out once. Clones share nodes, so nodes are immutable apart from those caches of pure functions.

The information-state key of a seat is a digest of its whole history (its own actions and every
change of its view), worked out when asked. It needs each past step's view, so the history is
kept as a chain of `Step`s, each with its seat, action and the views and keys worked out there.
A step keeps its state only every `CHECKPOINT` steps (and where a history starts or is
resampled); any other past state is replayed from the checkpoint before it when a view is
wanted (the rules are pure, so the replay is that state). Keeping every past state instead made
the garbage collector walk each state's objects again and again during the game: in long
games (Double Dash's 1,800 steps) about a fifth of every step's cost in random play.
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
"""Every this many steps the history keeps the state (a view asked for later replays at most this many steps)."""
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
_NOTHING: dict[Any, Any] = {}
"""The shared empty cache of a node or step nobody has asked yet; never written to (each makes its own first)."""


class Rules(Protocol):
    """What nodes need of the loaded game (the adapter's shared context)."""

    game: Game[Any, Any]
    encoder: Encoder
    menu_ids: MenuIds
    cutoff: int | None
    allowed: frozenset[int] | None


class Step:
    """One move of a history: who moved and how, after `before`; `held` is the state after it
    at a checkpoint (else None). `views` and `keys` are each seat's view text and history digest
    here, filled when first asked for."""

    __slots__ = ("action", "before", "depth", "held", "keys", "seat", "views")

    def __init__(self, before: Step | None, seat: Seat, action: Any, depth: int, held: Any) -> None:
        self.before = before
        self.seat = seat
        self.action = action
        self.depth = depth
        self.held = held
        self.views: dict[Seat | None, str] = _NOTHING
        self.keys: dict[Seat | None, str] = _NOTHING

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self


class Node:
    """One point of a game: the holesome `state`, its last `step`, the `player` to act (the
    lowest seat that may act, CHANCE_PLAYER, or TERMINAL when over or cut off: OpenSpiel asks at
    every point, several times) and answers memoised when first asked for."""

    __slots__ = ("encodings", "legal", "player", "state", "step", "text")

    def __init__(self, state: Any, step: Step, rules: Rules) -> None:
        self.state = state
        self.step = step
        seats = rules.game.to_act(state)
        if not seats or (rules.cutoff is not None and step.depth >= rules.cutoff):
            self.player = TERMINAL
        else:
            self.player = CHANCE_PLAYER if seats[0] == CHANCE else seats[0]
        self.legal: list[int] | None = None
        self.text: str | None = None
        self.encodings: dict[Seat | None, NDArray[np.float32]] = _NOTHING

    @classmethod
    def start(cls, state: Any, rules: Rules) -> Node:
        """A history beginning at `state`."""
        return cls(state, Step(None, CHANCE, None, 0, state), rules)

    def after(self, seat: Seat, action: Any, state: Any, rules: Rules) -> Node:
        """The point `state` reached from here by `seat` playing `action`."""
        depth = self.step.depth + 1
        return Node(state, Step(self.step, seat, action, depth, None if depth % CHECKPOINT else state), rules)

    def resampled(self, state: Any, player: Seat, rules: Rules) -> Node:
        """This point with `state` instead (`player` cannot tell them apart): the same history, and
        `player`'s digest of it."""
        step = self.step
        node = Node(state, Step(step.before, step.seat, step.action, step.depth, state), rules)
        if player in step.keys:
            node.step.keys = {player: step.keys[player]}
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
        text = self.step.views.get(seat)
        return _view_text(game, self.step, seat, self.state) if text is None else text

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
        pending: list[Step] = []
        step: Step | None = self.step
        while step is not None and seat not in step.keys:
            pending.append(step)
            step = step.before
        key = "" if step is None else step.keys[seat]
        if not pending:
            return key
        self._see(game, seat, pending[-1].before or pending[-1])
        for step in reversed(pending):
            digest = blake2b(key.encode(), digest_size=16)
            if step.seat == seat:
                digest.update(b"\x00acted " + game.action_to_text(step.action).encode())
            view = step.views[seat]
            if step.before is None or step.before.views[seat] != view:
                digest.update(b"\x00saw " + view.encode())
            key = digest.hexdigest()
            if step.keys is _NOTHING:
                step.keys = {}
            step.keys[seat] = key
        return key

    def _see(self, game: Game[Any, Any], seat: Seat | None, top: Step) -> None:
        """Work out the seat's view at every step from `top` down to here, replaying past states
        from the checkpoint at or before the highest step whose view is missing."""
        path: list[Step] = []  # from here up
        highest = -1
        step = self.step
        while True:
            if seat not in step.views:
                highest = len(path)
            path.append(step)
            if step is top:
                break
            assert step.before is not None  # `top` is on this history
            step = step.before
        if highest <= 0:  # none missing, or only here's
            if highest == 0:
                _view_text(game, self.step, seat, self.state)
            return
        del path[highest + 1 :]  # the steps above hold their views already
        step = path[highest]
        while step.held is None:  # up to the checkpoint
            assert step.before is not None  # a history begins at a held state
            step = step.before
            path.append(step)
        state: Any = None
        for index in range(len(path) - 1, -1, -1):
            step = path[index]
            if index == 0:
                state = self.state
            elif step.held is not None:
                state = step.held
            else:
                state = game.apply(state, step.seat, step.action)
            if index <= highest and seat not in step.views:
                _view_text(game, step, seat, state)


def _view_text(game: Game[Any, Any], step: Step, seat: Seat | None, state: Any) -> str:
    """The seat's view of `state` (the one after `step`) as canonical JSON, kept on the step."""
    text = json.dumps(game.view(state, seat), sort_keys=True, separators=(",", ":"))
    if step.views is _NOTHING:
        step.views = {}
    step.views[seat] = text
    return text


__all__ = ["CHANCE_PLAYER", "CHECKPOINT", "TERMINAL", "Node", "Rules", "Step"]
