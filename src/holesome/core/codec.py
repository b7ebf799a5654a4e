"""A small, typed JSON codec for the frozen values games are built from.

Games keep their states and actions as frozen dataclasses and NamedTuples of ints, strings,
enums, tuples and frozensets. This module turns such values into JSON and back using their type
hints, so each game need not write its own converters. Supported types:

- None, bool, int, float, str; enums (by value);
- `tuple[X, ...]`, `tuple[X, Y]`, `frozenset[X]` (sorted by its JSON text, so output is stable);
- dataclasses and NamedTuples (a dict of their fields);
- fields marked `metadata=DERIVED` are left out (the game rebuilds them);
- `X | None`, and unions of dataclasses that each carry a `TYPE` class variable, written as
  the dict's `"type"` key so the reader knows which one it is.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from functools import cache
from typing import Any

_TAG = "type"

DERIVED = {"derived": True}
"""Field metadata for values computed from the other fields: left out of JSON, rebuilt by the game."""


class DecodeError(ValueError):
    """A JSON value that does not fit the type it was read as."""


def to_json(value: Any) -> Any:
    """The JSON form of a supported value."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: to_json(getattr(value, f.name)) for f in _fields(type(value))}
        tag = getattr(type(value), "TYPE", None)
        return {_TAG: tag, **data} if tag is not None else data
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: to_json(item) for name, item in zip(value._fields, value, strict=True)}
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted((to_json(item) for item in value), key=json.dumps)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def from_json(tp: Any, data: Any) -> Any:
    """Read `data` as a value of type `tp`; `DecodeError` says where it does not fit."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if tp is type(None) or tp is None:
        if data is not None:
            raise DecodeError(f"expected null, got {data!r}")
        return None
    if origin in (typing.Union, types.UnionType):
        return _from_union(typing.get_args(tp), data)
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise DecodeError(f"expected one of {typing.get_args(tp)}, got {data!r}")
        return data
    if origin is tuple:
        return _from_tuple(typing.get_args(tp), data)
    if origin is frozenset:
        (item,) = typing.get_args(tp)
        return frozenset(from_json(item, x) for x in _expect_list(data))
    if isinstance(tp, type):
        return _from_class(tp, data)
    raise TypeError(f"cannot read JSON as {tp!r}")


def _from_class(tp: type, data: Any) -> Any:
    if issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise DecodeError(f"{data!r} is not a {tp.__name__}") from None
    if tp is bool:
        if not isinstance(data, bool):
            raise DecodeError(f"expected true or false, got {data!r}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise DecodeError(f"expected a whole number, got {data!r}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise DecodeError(f"expected a number, got {data!r}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise DecodeError(f"expected a string, got {data!r}")
        return data
    if dataclasses.is_dataclass(tp) or (issubclass(tp, tuple) and hasattr(tp, "_fields")):
        return _from_record(tp, data)
    raise TypeError(f"cannot read JSON as {tp.__name__}")


def _from_record(tp: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(f"expected an object for {tp.__name__}, got {data!r}")
    hints = _hints(tp)
    names = [f.name for f in _fields(tp)] if dataclasses.is_dataclass(tp) else list(tp._fields)  # type: ignore[attr-defined]
    extra = set(data) - set(names) - {_TAG}
    if extra:
        raise DecodeError(f"{tp.__name__} has no field {sorted(extra)[0]!r}")
    missing = [name for name in names if name not in data]
    if missing:
        raise DecodeError(f"{tp.__name__} needs field {missing[0]!r}")
    try:
        return tp(**{name: from_json(hints[name], data[name]) for name in names})
    except DecodeError as error:
        raise DecodeError(f"{tp.__name__}: {error}") from None


def _from_union(members: tuple[Any, ...], data: Any) -> Any:
    if data is None and type(None) in members:
        return None
    rest = [member for member in members if member is not type(None)]
    if len(rest) == 1:
        return from_json(rest[0], data)
    if isinstance(data, dict) and _TAG in data:
        for member in rest:
            if getattr(member, "TYPE", None) == data[_TAG]:
                return from_json(member, data)
        raise DecodeError(f"unknown type {data[_TAG]!r}")
    for member in rest:
        try:
            return from_json(member, data)
        except DecodeError:
            continue
    raise DecodeError(f"{data!r} fits none of {', '.join(getattr(m, '__name__', str(m)) for m in rest)}")


def _from_tuple(args: tuple[Any, ...], data: Any) -> tuple[Any, ...]:
    items = _expect_list(data)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_json(args[0], item) for item in items)
    if len(items) != len(args):
        raise DecodeError(f"expected {len(args)} items, got {len(items)}")
    return tuple(from_json(arg, item) for arg, item in zip(args, items, strict=True))


def _expect_list(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise DecodeError(f"expected a list, got {data!r}")
    return data


@cache
def _hints(tp: type) -> dict[str, Any]:
    return typing.get_type_hints(tp)


@cache
def _fields(tp: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(tp) if f.init and not f.metadata.get("derived"))
