"""A seat's info dict whose view is built only when something reads the dict.

PettingZoo's AEC env hands every agent an info dict at every step, and ours holds the seat's
view. Building all n views per step was most of the cost of a step with many seats (ten in
Donut Dilemma), while a learner usually reads one of them or none. `LazyInfo` is a real
`dict` (PettingZoo checks `isinstance(info, dict)`) whose `view` entry holds a placeholder
until its first use: any read, write or copy through a dict method first stores the real
view, after which it is an ordinary dict. Its copies and pickles are plain dicts. The key is
there from the start so that C code that checks a dict's size before calling its methods
(the `json` encoder does) sees one entry, not an empty dict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from holesome.core.game import View

VIEW = "view"
_PENDING = object()
"""The placeholder `view` holds until the view is built."""

_FILLING = (
    "__contains__",
    "__delitem__",
    "__getitem__",
    "__ior__",
    "__iter__",
    "__len__",
    "__or__",
    "__repr__",
    "__reversed__",
    "__ror__",
    "__setitem__",
    "clear",
    "copy",
    "get",
    "items",
    "keys",
    "pop",
    "popitem",
    "setdefault",
    "update",
    "values",
)
"""Every dict method that reads or changes the contents: each fills the dict first."""


class LazyInfo(dict[str, Any]):
    """`{"view": load()}`, with `load` called at the first use (see the module docstring)."""

    __slots__ = ("_load",)
    __hash__ = None  # a dict: unhashable, as ever

    def __init__(self, load: Callable[[], View]) -> None:
        super().__init__({VIEW: _PENDING})
        self._load: Callable[[], View] | None = load

    def fill(self) -> LazyInfo:
        """Stores the view now if it is not stored yet; returns the dict itself."""
        load = self._load
        if load is not None:
            dict.__setitem__(self, VIEW, load())
            self._load = None
        return self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyInfo):
            other.fill()
        return dict.__eq__(self.fill(), other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __reduce_ex__(self, protocol: Any) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        """Copies and pickles are ordinary dicts."""
        return dict, (dict(dict.items(self.fill())),)


def _filling(name: str) -> Callable[..., Any]:
    method = getattr(dict, name)

    def filled(self: LazyInfo, *args: Any, **kwargs: Any) -> Any:
        return method(self.fill(), *args, **kwargs)

    filled.__name__ = name
    filled.__doc__ = method.__doc__
    return filled


for _name in _FILLING:
    setattr(LazyInfo, _name, _filling(_name))


__all__ = ["VIEW", "LazyInfo"]
