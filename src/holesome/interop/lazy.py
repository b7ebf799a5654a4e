"""Dicts whose costly entries are built only when something reads them.

The envs hand out dicts at every step that a learner mostly does not read: PettingZoo's AEC
env gives every agent an info dict holding its view; the Parallel env gives every agent an
observation whose vector is the encoded view. Building all n views and vectors per step was
most of the cost of a step with many seats (ten in Donut Dilemma). `LazyDict` is a real `dict`
(PettingZoo and Gymnasium check `isinstance(..., dict)`) whose lazy entries hold a placeholder
until they are used:

- reading one entry (`d[key]`, `d.get(key)`) builds that entry alone, so reading an
  observation's action mask never encodes its view, and reading one agent's info in a dict of
  infos builds no other agent's;
- any other use through a dict method (iterating, comparing, copying, `items()`, changing it)
  first builds every entry, after which it is an ordinary dict.

Its copies and pickles have its type, every entry built (Gymnasium's checks compare a copy's
type with the original's). The keys are there from the start so that C code that checks a dict's
size before calling its methods (the `json` encoder does) sees every entry.
`LazyInfo(load)` is the info dict `{"view": load()}`. The envs make several of these dicts at
every step, so `LazyEntries` makes one with no closure: its entries are `entry(who, state, key)`
(who: a seat, or whatever the entry needs), its lazy keys a mapping made once by `pending(keys)`.

Reading an entry of a `LazyDict` runs its `__getitem__` in Python, built or not. A learner reads
the action mask of an observation at every step, so the envs' observations and per-agent infos
are `LazyRest` dicts (made by `lazy_rest`) instead: their plain entries (the mask, `illegal`) are
set when made, and their lazy entries are absent until first read, when `__missing__` builds
them; reading a plain entry, or a built one, is a plain dict's read, with no Python code run.
`in`, `len`, `get` and `==` see the lazy keys all the same, and the other methods build every
entry first, as a `LazyDict`'s do. A `LazyRest` always holds a plain entry: C code that checks a
dict's size before calling its methods (the `json` encoder) would take an empty one for `{}`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Self

from holesome.core.game import View

VIEW = "view"
_PENDING = object()
"""The placeholder a lazy entry holds until it is built."""

_FILLING = (
    "__delitem__",
    "__ior__",
    "__iter__",
    "__or__",
    "__repr__",
    "__reversed__",
    "__ror__",
    "__setitem__",
    "clear",
    "copy",
    "items",
    "keys",
    "pop",
    "popitem",
    "setdefault",
    "update",
    "values",
)
"""Every dict method that reads values or changes the contents, but the one-entry reads: each
fills the dict first (`in` and `len` see only keys, which are there from the start, or known)."""


class _Lazy(dict[str, Any]):
    """What both kinds of lazy dict share: equality as the dicts they stand for, every entry built."""

    __slots__ = ()
    __hash__ = None  # a dict: unhashable, as ever

    def fill(self) -> Self:
        """Builds every entry not built yet; returns the dict itself."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Lazy):
            other.fill()
        return dict.__eq__(self.fill(), other)

    def __ne__(self, other: object) -> bool:
        return not self == other


class LazyDict(_Lazy):
    """A dict of `entries` and of entries under `lazy` keys, each built by `load(key)` at first use."""

    __slots__ = ("_loader", "_pending")

    def __init__(
        self, lazy: Iterable[str], load: Callable[[str], Any], entries: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(entries or ())
        lazy_keys = pending(lazy)
        dict.update(self, lazy_keys)
        self._loader = load
        self._pending = len(lazy_keys)

    def _load(self, key: str) -> Any:
        """The entry under `key`, built now."""
        return self._loader(key)

    def fill(self) -> LazyDict:
        """Builds every entry not built yet; returns the dict itself."""
        if self._pending:
            for key, value in dict.items(self):
                if value is _PENDING:
                    dict.__setitem__(self, key, self._load(key))
            self._pending = 0
        return self

    def built(self, key: str, value: Any) -> None:
        """Set the lazy entry under `key`, not built yet, to `value`, built elsewhere."""
        if dict.__getitem__(self, key) is _PENDING:
            dict.__setitem__(self, key, value)
            self._pending -= 1

    def __getitem__(self, key: str) -> Any:
        value = dict.__getitem__(self, key)
        if value is _PENDING:
            value = self._load(key)
            dict.__setitem__(self, key, value)
            self._pending -= 1
        return value

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if dict.__contains__(self, key) else default

    def __reduce_ex__(self, protocol: Any) -> tuple[Callable[..., LazyDict], tuple[type[LazyDict], dict[str, Any]]]:
        """Copies and pickles are dicts of this type with every entry built."""
        return _built, (type(self), dict(dict.items(self.fill())))


class LazyEntries(LazyDict):
    """A LazyDict whose lazy entries are `entry(who, state, key)`, made without a closure.

    `lazy` is a mapping from `pending(keys)`, made once and reused; `entries` are built already.
    """

    __slots__ = ("_entry", "_state", "_who")

    def __init__(
        self,
        lazy: Mapping[str, object],
        entry: Callable[[Any, Any, str], Any],
        who: Any,
        state: Any,
        entries: Mapping[str, Any] | None = None,
    ) -> None:
        if entries:
            dict.update(self, entries)
        dict.update(self, lazy)
        self._pending = len(lazy)
        self._entry = entry
        self._who = who
        self._state = state

    def _load(self, key: str) -> Any:
        return self._entry(self._who, self._state, key)

    def __getitem__(self, key: str) -> Any:  # LazyDict's, with `_load` inlined: it runs at every step
        value = dict.__getitem__(self, key)
        if value is _PENDING:
            value = self._entry(self._who, self._state, key)
            dict.__setitem__(self, key, value)
            self._pending -= 1
        return value


class LazyRest(_Lazy):
    """A dict of plain entries and of `lazy` ones, absent until first read, then built by
    `entry(who, state, key)` (see the module docstring; made by `lazy_rest`)."""

    __slots__ = ("_entry", "_lazy", "_state", "_who")
    _lazy: tuple[str, ...]  # the lazy keys, until every entry is built (then none)
    _entry: Callable[[Any, Any, str], Any]
    _who: Any
    _state: Any

    def __missing__(self, key: str) -> Any:
        if key not in _lazy_keys(self):
            raise KeyError(key)
        value = self._entry(self._who, self._state, key)
        dict.__setitem__(self, key, value)
        return value

    def fill(self) -> LazyRest:
        """Builds every entry not built yet; returns the dict itself."""
        for key in _lazy_keys(self):
            if not dict.__contains__(self, key):
                dict.__setitem__(self, key, self._entry(self._who, self._state, key))
        self._lazy = ()
        return self

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in _lazy_keys(self)

    def __len__(self) -> int:
        return dict.__len__(self) + sum(not dict.__contains__(self, key) for key in _lazy_keys(self))

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __reduce_ex__(self, protocol: Any) -> tuple[Callable[..., LazyRest], tuple[type[LazyRest], dict[str, Any]]]:
        """Copies and pickles are dicts of this type with every entry built."""
        return _rest, (type(self), dict(dict.items(self.fill())))


def lazy_rest(
    entries: Mapping[str, Any], lazy: tuple[str, ...], entry: Callable[[Any, Any, str], Any], who: Any, state: Any
) -> LazyRest:
    """A `LazyRest` of `entries` (at least one) and of the `lazy` keys, each built by `entry(who, state, key)`.

    A function rather than an `__init__`: the dict is made by `dict`'s own constructor, in C.
    """
    made = LazyRest(entries)
    made._lazy = lazy
    made._entry = entry
    made._who = who
    made._state = state
    return made


def _lazy_keys(rest: LazyRest) -> tuple[str, ...]:
    """The lazy keys of a `LazyRest` not built yet; none for one made as a dict is (some libraries
    copy a dict by `type(d)(items)`), which is then a plain dict."""
    return getattr(rest, "_lazy", ())


def pending(keys: Iterable[str]) -> dict[str, object]:
    """The lazy keys of a `LazyEntries`, each holding the placeholder of an entry not built yet."""
    return dict.fromkeys(keys, _PENDING)


def _built(kind: type[LazyDict], entries: dict[str, Any]) -> LazyDict:
    """A `kind` dict of `entries`, nothing left to build (what copies and pickles restore)."""
    made = dict.__new__(kind)
    dict.update(made, entries)
    made._pending = 0
    return made


def _rest(kind: type[LazyRest], entries: dict[str, Any]) -> LazyRest:
    """A `kind` dict of `entries`, nothing left to build (what copies and pickles of a `LazyRest` restore)."""
    made = dict.__new__(kind)
    dict.update(made, entries)
    made._lazy = ()
    return made


def _filling(name: str) -> Callable[..., Any]:
    method = getattr(dict, name)

    def filled(self: _Lazy, *args: Any, **kwargs: Any) -> Any:
        return method(self.fill(), *args, **kwargs)

    filled.__name__ = name
    filled.__doc__ = method.__doc__
    return filled


for _name in _FILLING:
    setattr(_Lazy, _name, _filling(_name))


def LazyInfo(load: Callable[[], View], entries: Mapping[str, Any] | None = None) -> LazyDict:  # noqa: N802 - reads as the dict it makes
    """The info dict `{"view": load(), **entries}`, its view built at first use."""
    return LazyDict((VIEW,), lambda key: load(), entries)


__all__ = ["VIEW", "LazyDict", "LazyEntries", "LazyInfo", "LazyRest", "lazy_rest", "pending"]
