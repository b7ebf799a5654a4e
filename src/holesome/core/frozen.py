"""Fast construction and `replace` of frozen dataclasses, for the states a playout builds at every step.

A frozen dataclass's `__init__` stores each field through `object.__setattr__` (its own
`__setattr__` refuses), which makes building a state of fifteen fields cost several times what
a plain class costs. `builder(cls)` builds the instance as a twin class with the same slots and
no freezing, then gives it the frozen class (`__class__` assignment, which Python allows
between classes of identical layout). What comes out is an ordinary instance of `cls`: frozen,
equal and hashable by its fields, picklable and copyable like any other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A constructor taking the arguments `cls` takes, for a frozen dataclass with slots."""
    twin = _twin(cls)
    specs = dataclasses.fields(twin)
    namespace: dict[str, Any] = {"_FACTORY": _FACTORY}
    params = []
    for spec in specs:
        if spec.default is not dataclasses.MISSING:
            namespace[f"_default_{spec.name}"] = spec.default
            params.append(f"{spec.name}=_default_{spec.name}")
        elif spec.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{spec.name}"] = spec.default_factory
            params.append(f"{spec.name}=_FACTORY")
        else:
            params.append(spec.name)
    values = [
        f"_factory_{spec.name}() if {spec.name} is _FACTORY else {spec.name}"
        if spec.default_factory is not dataclasses.MISSING
        else spec.name
        for spec in specs
    ]
    build: Callable[..., T] = _written(cls, twin, "build", ", ".join(params), specs, values, namespace)
    build.__doc__ = f"A new {cls.__name__} (the frozen class, built at a plain class's speed)."
    return build


def _written(
    cls: type,
    twin: Any,
    name: str,
    params: str,
    specs: tuple[dataclasses.Field[Any], ...],
    values: list[str],
    namespace: dict[str, Any],
) -> Any:
    """A function `name(params)` that makes a bare `twin`, stores each field's value (Python
    source, one per field) in its slot, and gives the result the frozen class: one frame, no
    call of an `__init__`."""
    taken = {spec.name for spec in specs} & _LOCAL_NAMES
    if taken:
        raise TypeError(f"{cls.__name__}: a field named {min(taken)} cannot be built here")
    stores = "".join(f"    made.{spec.name} = {value}\n" for spec, value in zip(specs, values, strict=True))
    source = f"def {name}({params}):\n    made = _new(_twin)\n{stores}    made.__class__ = _cls\n    return made\n"
    namespace.update(_new=object.__new__, _twin=twin, _cls=cls)
    exec(source, namespace)
    return namespace[name]


def _twin(cls: type) -> Any:
    """A plain dataclass with the slots, fields and defaults of `cls`, a frozen dataclass with slots."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__, which the fast constructor would skip")
    specs: list[Any] = []
    for spec in dataclasses.fields(cls):
        if not spec.init:
            raise TypeError(f"{cls.__name__}.{spec.name}: a field set outside __init__ cannot be built here")
        default = dataclasses.field(default=spec.default, default_factory=spec.default_factory)
        specs.append((spec.name, spec.type, default))
    twin: Any = dataclasses.make_dataclass(cls.__name__, specs, slots=True, eq=False, repr=False)
    if twin.__slots__ != vars(cls)["__slots__"]:
        raise TypeError(f"{cls.__name__}: its slots cannot be matched")
    return twin


_LOCAL_NAMES = frozenset({"made", "obj"})
"""Names the generated functions use for themselves, which no field may take."""

_FACTORY: Any = object()
"""The default of a generated builder's parameter whose field has a default factory: call it."""

_KEEP: Any = object()
"""The default of every parameter of a generated replacer: keep the field as it is."""

_REPLACERS: dict[type, Callable[..., Any]] = {}


def replace(obj: T, /, **changes: Any) -> T:
    """`dataclasses.replace`, several times faster on frozen dataclasses with slots.

    Each class gets a replacer written once for its fields (as `dataclasses` writes `__init__`),
    which reads every field it does not change and builds as `builder` does. Other dataclasses,
    and those with a `__post_init__` to run, go through `dataclasses.replace` itself.
    """
    kind = type(obj)
    found = _REPLACERS.get(kind)
    if found is None:
        found = _REPLACERS[kind] = _replacer_or_fallback(kind)
    result: T = found(obj, **changes)
    return result


def _replacer_or_fallback(cls: type) -> Callable[..., Any]:
    try:
        return replacer(cls)
    except TypeError:
        return dataclasses.replace


def replacer(cls: type[T]) -> Callable[..., T]:
    """`replace` for one frozen dataclass with slots, without the lookup by class: for the
    hottest paths, where even that costs (`replace_state = replacer(State)`).

    Pass the changes by keyword. The fields are not keyword-only parameters for speed alone:
    Python fills a missing keyword-only parameter by a dictionary lookup of its default and an
    ordinary one from a tuple, which makes a change of one field of fifteen about a sixth cheaper.
    """
    twin = _twin(cls)
    specs = dataclasses.fields(twin)
    params = "obj, /, " + ", ".join(f"{spec.name}=_KEEP" for spec in specs)
    values = [f"obj.{spec.name} if {spec.name} is _KEEP else {spec.name}" for spec in specs]
    made: Callable[..., T] = _written(cls, twin, "replace", params, specs, values, {"_KEEP": _KEEP})
    return made
