"""Action ids and masks of legal-action menus, and the actions of ids, at little cost per step.

Adapters turn each menu into sorted integer ids (OpenSpiel's legal actions) or into an int8 mask
(PettingZoo's and Gymnasium's `action_mask`). `game.encode` looks an action up by its hash, which
for a dataclass action runs the generated `__hash__` in Python: a few encodings a step cost as
much as a step of the faster engines. But engines hand out the same action objects again and
again (the game's own `action_space` members, or actions they made once and keep), so for such
games `MenuIds` knows ids by the objects' identity: the members of `action_space` from the
start, other objects once met, each held so that its identity cannot pass to another object (at
most `MET` of them; then it starts over). Actions hashed in C (Honey Donut's named tuples) are
looked up by value, which is cheaper still. A menu the game hands out again as the very same
tuple (Donut Dilemma's hundreds of Rainbow Sprinkles) keeps its ids and mask (`SHARED_MENU`, `KEPT`);
a short menu's mask is kept by its ids (`MASKS`) and copied, cheaper than setting it bit by bit.
"""

from __future__ import annotations

from collections import OrderedDict
from types import FunctionType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from holesome.core.game import Game

SHARED_MENU = 16
"""Menus shorter than this are worked out each time: cheaper than keeping them."""
KEPT = 4_096
"""Shared menus kept, oldest out first."""
MASKS = 16_384
"""Masks of short menus kept by their ids (random play meets the same few again and again), before starting over."""
MET = 65_536
"""Action objects outside the action space whose ids are kept by identity, before starting over."""


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
        self._masks: dict[tuple[int, ...], NDArray[np.int8]] = {}
        self._none = np.zeros(self._size, np.int8)  # the empty menu's mask, copied (cheaper than making one)
        self._kept: OrderedDict[int, tuple[tuple[Any, ...], list[int], NDArray[np.int8]]] = OrderedDict()

    def __reduce__(self) -> tuple[type[MenuIds], tuple[Game[Any, Any]]]:
        """Copies and pickles start afresh from the game: identities mean nothing in another process."""
        return MenuIds, (self._game,)

    def __call__(self, menu: tuple[Any, ...]) -> list[int]:
        """The menu's action ids, ascending (a list the caller must not change)."""
        if len(menu) < SHARED_MENU:
            return sorted(self.ids_in_order(menu))
        return self._shared(menu)[1]

    def action(self, index: int) -> Any:
        """The action with this id (`game.decode`, without its method calls when the id is in range)."""
        if 0 <= index < self._size:
            return self._space[index]
        return self._decode(index)  # out of range: the game says so

    def mask(self, menu: tuple[Any, ...]) -> NDArray[np.int8]:
        """A new int8 array: 1 at each of the menu's action ids, else 0."""
        if len(menu) >= SHARED_MENU:
            return self._shared(menu)[2].copy()
        if not menu:  # a seat that may not act
            return self._none.copy()
        ids = tuple(self.ids_in_order(menu))
        mask = self._masks.get(ids)
        if mask is None:
            if len(self._masks) >= MASKS:
                self._masks.clear()
            mask = self._masks[ids] = np.zeros(self._size, np.int8)
            for index in ids:
                mask[index] = 1
        return mask.copy()

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
        return index

    def _shared(self, menu: tuple[Any, ...]) -> tuple[tuple[Any, ...], list[int], NDArray[np.int8]]:
        """The kept ids and mask of a long menu, worked out the first time it is met."""
        kept = self._kept.get(id(menu))
        if kept is not None and kept[0] is menu:
            return kept
        ids = sorted(self.ids_in_order(menu))
        mask = np.zeros(self._size, np.int8)
        mask[ids] = 1
        if len(self._kept) >= KEPT:
            self._kept.popitem(last=False)
        kept = self._kept[id(menu)] = (menu, ids, mask)
        return kept


__all__ = ["KEPT", "MASKS", "MET", "SHARED_MENU", "MenuIds"]
