"""A holesome chance table as OpenSpiel's chance outcomes: (outcome id, probability) pairs, ids ascending.

Some games hand out a few constant tables again and again (Double Dash's dice), so a table's
pairs are kept by the table's identity (the table held, so that its identity cannot pass to
another) and worked out once. Others make a new table at nearly every chance step, one per
deck (Go Nuts: 16,169 distinct tables in 16,450 chance steps; Doughnut Dash: 199 in 215).
Keeping those only costs: the dict, and freeing `KEPT` tables at once each time it starts over
(about 0.07x of a Go Nuts step through OpenSpiel). So the first `TRIAL` tables decide whether
tables are kept at all: only if at least a quarter of them were met before.

A new table still mostly lists the outcomes of the table before it (Go Nuts: two tables in three
draw from the same kinds of card, only the chances change), so the ids of the last table's
outcomes are kept with them: comparing two tuples of the same objects is a check of identities
in C, where working the ids out looks up each outcome's identity (about 1.2 µs for Go Nuts' 14
outcomes, a third of a table's pairs). Outcomes equal to the last ones but not the same objects
(no game here hands those out) take the last ones' ids, which are theirs too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from holesome.core.game import Game
from holesome.interop.menus import MenuIds

KEPT = 64
"""Tables kept with their pairs, before starting over."""
TRIAL = 256
"""Tables met before it is decided whether tables are kept (module docstring)."""
ROUNDING = 1e-12
"""How far from 1 a table's chances may add up and still be taken as they are (`pairs`)."""

Table = tuple[tuple[Any, float], ...]
Pairs = list[tuple[int, float]]


class ChanceIds:
    """The chance outcomes of a game's tables, for OpenSpiel; `is_repeat` marks outcomes left out."""

    def __init__(
        self, game: Game[Any, Any], menu_ids: MenuIds, is_repeat: Callable[[Game[Any, Any], Any], bool] | None
    ) -> None:
        self._game = game
        self._menu_ids = menu_ids
        self._is_repeat = is_repeat
        self._kept: dict[int, tuple[Table, Pairs]] = {}  # by the table's identity
        self.keeping = True
        """Whether tables are kept (decided after `TRIAL` of them); if not, `pairs` is what a call does."""
        self._trial = TRIAL  # tables still to meet before deciding
        self._hits = 0  # tables met again during the trial
        self._last: tuple[tuple[Any, ...], list[int], bool] = ((), [], True)
        """The outcomes of the last table worked out, their ids, and whether those ascend."""

    def __call__(self, table: Table) -> Pairs:
        """The table's (outcome id, probability) pairs, ids ascending, repeats left out and the
        rest scaled up: a new list, the caller's to change."""
        if not self.keeping:
            return self.pairs(table)
        key = id(table)
        kept = self._kept.get(key)
        met = kept is not None and kept[0] is table
        if self._trial:
            self._count(met)
        if kept is not None and met:
            return list(kept[1])
        pairs = self.pairs(table)
        if self.keeping:
            if len(self._kept) >= KEPT:
                self._kept.clear()
            self._kept[key] = (table, pairs)
            return list(pairs)
        return pairs

    def _count(self, met: bool) -> None:
        """One table of the trial met; at its end, keep tables only if they came again."""
        self._hits += met
        self._trial -= 1
        if not self._trial and 4 * self._hits < TRIAL:
            self.keeping = False
            self._kept.clear()

    def pairs(self, table: Table) -> Pairs:
        """The table's pairs, worked out now.

        Go Nuts lists its outcomes in id order already, so the pairs are sorted only when the ids
        are out of order. The chances are scaled only when they do not add up to 1: a game's
        chances (Go Nuts' copies of a kind over the deck's size) miss 1 by a few units of
        rounding, which dividing by their sum would not take away either. The outcomes' ids are
        the last table's when its outcomes are the same (module docstring).
        """
        if not table:
            return []
        outcomes, chances = zip(*table, strict=True)
        if self._is_repeat is not None or min(chances) <= 0:
            outcomes, chances = self._possible(table)
        last, ids, ascending = self._last
        if outcomes != last:  # the same objects compare by identity alone, without their `__eq__`
            ids = self._menu_ids.ids_in_order(outcomes)
            ascending = ids == sorted(ids)
            self._last = (outcomes, ids, ascending)
        total = sum(chances)
        scaled: Iterable[float] = chances if abs(total - 1.0) <= ROUNDING else map(total.__rtruediv__, chances)
        pairs = list(zip(ids, scaled, strict=True))
        if not ascending:
            pairs.sort()
        return pairs

    def _possible(self, table: Table) -> tuple[tuple[Any, ...], tuple[float, ...]]:
        """The table's outcomes and chances without those left out: no chance, or a repeat."""
        game, repeats = self._game, self._is_repeat
        possible = [
            (outcome, chance)
            for outcome, chance in table
            if chance > 0 and (repeats is None or not repeats(game, outcome))
        ]
        return tuple(outcome for outcome, _ in possible), tuple(chance for _, chance in possible)

    def __reduce__(self) -> tuple[type[ChanceIds], tuple[Any, ...]]:
        """Copies and pickles start afresh: identities mean nothing in another process."""
        return ChanceIds, (self._game, self._menu_ids, self._is_repeat)


__all__ = ["KEPT", "ROUNDING", "TRIAL", "ChanceIds"]
