"""Named blocks of a fixed-length observation vector, and the helpers the game encoders share.

A game encoder lays its vector out as consecutive named blocks (`Layout.add`), so the code that
fills a block, the tests that check it and the documentation all name the same slice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class Layout:
    """Consecutive named blocks, given as (name, width) in order: `layout[name]` is a block's slice."""

    def __init__(self, blocks: Iterable[tuple[str, int]] = ()) -> None:
        self._blocks: dict[str, slice] = {}
        self.size = 0
        for name, width in blocks:
            self.add(name, width)

    def add(self, name: str, width: int) -> int:
        """Appends a block of `width` floats called `name`; returns where it starts."""
        if name in self._blocks:
            raise ValueError(f"the layout already has a block called {name!r}")
        if width < 0:
            raise ValueError(f"block {name!r} cannot have {width} floats")
        start = self.size
        self._blocks[name] = slice(start, start + width)
        self.size += width
        return start

    def __getitem__(self, name: str) -> slice:
        return self._blocks[name]

    def start(self, name: str) -> int:
        """Where block `name` starts."""
        start: int = self._blocks[name].start
        return start

    def __iter__(self) -> Iterator[tuple[str, slice]]:
        return iter(self._blocks.items())


def turned(seat: int, me: int, players: int) -> int:
    """`seat` counted from `me`: 0 is `me`, 1 the next seat in seat order, and so on."""
    return (seat - me) % players


def clip(value: float, low: float, high: float) -> float:
    """`value` held within [low, high]."""
    return min(high, max(low, value))


__all__ = ["Layout", "clip", "turned"]
