"""Action ids and masks of legal-action menus, and the actions of ids, at little cost per step.

Adapters turn each menu into sorted integer ids (OpenSpiel's legal actions) or into an int8 mask
(PettingZoo's and Gymnasium's `action_mask`). `game.encode` looks an action up by its hash, which
for a dataclass action runs the generated `__hash__` in Python: a few encodings a step cost as
much as a step of the faster engines. But engines hand out the same action objects again and
again (the game's own `action_space` members, or actions they made once and keep), so for such
games `MenuIds` knows ids by the objects' identity: the members of `action_space` from the
start, other objects once met, each held so that its identity cannot pass to another object (at
most `MET` of them; then it starts over). Actions hashed in C (Honey Donut's named tuples) are
looked up by value, which is cheaper still.

The other way, an id becomes the action object the rules last handed out for it (the action
space's member until another object is met). Rules that keep their own action objects check a
driver's action against their menu by identity first (Doughnut Dash lists actions from its own
tables, objects equal to its action space's but not the same ones): handed the space's member,
they compared dataclasses field by field, and at a chance step through OpenSpiel checked the
whole step again: 0.15x of a Doughnut Dash step through OpenSpiel (docs/interop.md, sixth pass).

Many engines also hand out the very same menu tuple again (a state keeps its menus; Go Nuts,
Doughnut Dash and Donut Dilemma reuse a few menu tuples all game long). So a menu's sorted ids
are kept by the menu's identity (`KEPT`; the menu held, so that its identity cannot pass to
another tuple), and its mask too once asked for: a menu met again costs one dict lookup. A game
that makes every menu anew (Honey Donut and Double Dash build each from the position) would
only pay for keeping them, so the first `TRIAL` short menus decide whether short menus are kept
at all: only if at least a quarter of them were met before. (Keeping Honey Donut's menus by
value instead, hashed in C, was no cheaper than working their ids out: nine in ten are met
again, but hashing and comparing a menu costs about what looking up its ids does.) Long menus
(`SHARED_MENU`, Donut Dilemma's hundreds of Rainbow Sprinkles) are always kept. A short menu not
kept has its mask set bit by bit, each time: keeping masks by their ids looked cheaper in a tight
loop, but in an env's step (where the tuple of ids, its hash and a lookup in a table of thousands
of masks come on top, and the table crowds the caches) it cost more than it saved. Each bit is set
as its id is looked up, with no list of the ids made first: 0.05x to 0.07x of an engine step
cheaper through the AEC env on Honey Donut and Double Dash (docs/interop.md, seventh pass).
"""

from __future__ import annotations

from types import FunctionType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from holesome.core.game import Game

SHARED_MENU = 16
"""Menus at least this long are always kept: working them out costs more than a lookup."""
KEPT = 4_096
"""Menus kept with their ids and masks, before starting over."""
TRIAL = 2_048
"""Short menus met before it is decided whether short menus are kept (module docstring)."""
MET = 65_536
"""Action objects outside the action space whose ids are kept by identity, before starting over."""


class _Kept:
    """A kept menu, its ids ascending, and its mask once asked for (None till then: OpenSpiel asks for ids only)."""

    __slots__ = ("ids", "mask", "menu")

    def __init__(self, menu: tuple[Any, ...], ids: list[int]) -> None:
        self.menu = menu
        self.ids = ids
        self.mask: NDArray[np.int8] | None = None


class MenuIds:
    """The ascending action ids, and the mask, of a game's legal-action menus."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self._game = game
        self._encode = game.encode
        self._decode = game.decode
        self._size = game.num_actions
        self._space = game.action_space  # held: its members' identities stay theirs
        self._by_value = not any(isinstance(kind.__hash__, FunctionType) for kind in {type(a) for a in self._space})
        self._canonical = {id(action): index for index, action in enumerate(self._space)}
        self._ids: dict[Any, int] = (
            {action: index for index, action in enumerate(self._space)} if self._by_value else dict(self._canonical)
        )
        self._met: list[Any] = []  # the objects `_ids` knows beyond the action space, held alive
        self.listed: list[Any] = list(self._space)  # by id: the object the rules last handed out (module docstring)
        self._none = np.zeros(self._size, np.int8)  # the empty menu's mask, copied (cheaper than making one)
        self._kept: dict[int, _Kept] = {}  # by the menu's identity
        self._keeping = True  # whether short menus are kept (decided after `TRIAL` of them)
        self._trial = TRIAL  # short menus still to meet before deciding
        self._hits = 0  # short menus met again during the trial

    def __reduce__(self) -> tuple[type[MenuIds], tuple[Game[Any, Any]]]:
        """Copies and pickles start afresh from the game: identities mean nothing in another process."""
        return MenuIds, (self._game,)

    def __call__(self, menu: tuple[Any, ...]) -> list[int]:
        """The menu's action ids, ascending (a list the caller must not change)."""
        if len(menu) < SHARED_MENU and not self._keeping:
            return sorted(self.ids_in_order(menu))
        kept = self._kept.get(id(menu))
        if kept is not None and kept.menu is menu and not self._trial:  # `_known`'s common case, without its call
            return kept.ids
        return self._known(menu).ids

    def action(self, index: int) -> Any:
        """The action with this id (`game.decode`, without its method calls when the id is in range):
        the object the rules last handed out for it, an object equal to the action space's member."""
        if 0 <= index < self._size:
            return self.listed[index]
        return self._decode(index)  # out of range: the game says so

    def mask(self, menu: tuple[Any, ...]) -> NDArray[np.int8]:
        """A new int8 array: 1 at each of the menu's action ids, else 0."""
        if not menu:  # a seat that may not act
            return self._none.copy()
        if len(menu) < SHARED_MENU and not self._keeping:  # set bit by bit: cheaper than one indexed assignment
            mask = self._none.copy()
            ids = self._ids
            try:  # each id looked up as its bit is set, with no list of them (`ids_in_order` for known actions)
                if self._by_value:
                    for action in menu:
                        mask[ids[action]] = 1
                else:
                    for action in menu:
                        mask[ids[id(action)]] = 1
            except KeyError:  # an object not met before, or not an action of the game
                mask[self.ids_in_order(menu)] = 1
            return mask
        kept = self._kept.get(id(menu))
        if kept is None or kept.menu is not menu or self._trial:  # else `_known`'s common case, without its call
            kept = self._known(menu)
        made = kept.mask
        if made is None:  # kept for its ids until now
            made = kept.mask = self._none.copy()
            made[kept.ids] = 1
        return made.copy()

    def _known(self, menu: tuple[Any, ...]) -> _Kept:
        """The kept ids and mask of a menu that is to be kept, worked out now if it was not met before."""
        short = len(menu) < SHARED_MENU
        key = id(menu)
        kept = self._kept.get(key)
        if kept is not None and kept.menu is menu:
            if short and self._trial:
                self._hits += 1
                self._count()
            return kept
        if short and self._trial:
            self._count()
        kept = _Kept(menu, sorted(self.ids_in_order(menu)))
        if len(self._kept) >= KEPT:
            self._kept.clear()
        self._kept[key] = kept
        return kept

    def _count(self) -> None:
        """One short menu of the trial met; at its end, keep short menus only if they came again."""
        self._trial -= 1
        if not self._trial:
            self._keeping = 4 * self._hits >= TRIAL

    def ids_in_order(self, menu: tuple[Any, ...] | list[Any]) -> list[int]:
        """The ids of the menu's actions, in the menu's order."""
        if self._by_value:
            try:
                return list(map(self._ids.__getitem__, menu))
            except KeyError:
                return [self._encode(action) for action in menu]  # not an action of the game: it says so
        try:
            return list(map(self._ids.__getitem__, map(id, menu)))
        except KeyError:
            ids = self._ids
            return [ids[id(action)] if id(action) in ids else self._meet(action) for action in menu]

    def _meet(self, action: Any) -> int:
        """The id of an action object not met before, kept by its identity from now on."""
        index = self._encode(action)
        if len(self._met) >= MET:
            self._ids = dict(self._canonical)
            self._met = []
        self._ids[id(action)] = index
        self._met.append(action)
        self.listed[index] = action
        return index


__all__ = ["KEPT", "MET", "SHARED_MENU", "TRIAL", "MenuIds"]
