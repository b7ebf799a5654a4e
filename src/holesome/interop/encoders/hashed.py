"""The fallback encoder: every leaf of a view hashed into a fixed number of buckets.

Feature hashing (the "hashing trick" of Weinberger et al., 2009) gives any JSON view a
fixed-length vector without knowing its shape in advance:

- each leaf is named by its path (`players.2.hand.0`, list items by index);
- a string, boolean or null leaf is the feature `path=value`, worth 1;
- a number leaf is the feature `path`, worth sign(x) * log(1 + |x|), so big counts stay tame;
- a feature lands in the bucket its BLAKE2b hash picks, with a sign the hash also picks
  (so colliding features tend to cancel rather than pile up).

It reads only the view, so it leaks nothing, and it is deterministic across runs and
machines (features are summed in the view's own key order, which each game fixes). It is
lossy: two features can share a bucket, and text (the prompt) becomes one opaque feature.
A game's own encoder should replace it for serious training.
"""

from __future__ import annotations

import math
from functools import lru_cache
from hashlib import blake2b
from typing import Any

from holesome.core.game import View

DEFAULT_SIZE = 512
_CACHE = 1 << 16


@lru_cache(maxsize=_CACHE)
def _bucket(feature: str, size: int) -> tuple[int, float]:
    digest = int.from_bytes(blake2b(feature.encode(), digest_size=8).digest(), "little")
    return (digest >> 1) % size, 1.0 if digest & 1 else -1.0


class HashedViewEncoder:
    """Any view as `size` floats by feature hashing (see the module docstring)."""

    low = -math.inf
    high = math.inf

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError(f"a hashed encoding needs at least one bucket, not {size}")
        self.size = size

    def encode(self, view: View) -> list[float]:
        """The view's features summed into buckets."""
        vector = [0.0] * self.size
        self._add(vector, "", view)
        return vector

    def _add(self, vector: list[float], path: str, value: Any) -> None:
        kind = type(value)
        if kind is dict:
            for key, item in value.items():
                self._add(vector, f"{path}.{key}", item)
        elif kind is list or kind is tuple:
            for index, item in enumerate(value):
                self._add(vector, f"{path}.{index}", item)
        elif kind is int or kind is float:
            bucket, sign = _bucket(path, self.size)
            vector[bucket] += sign * math.copysign(math.log1p(abs(value)), value)
        else:
            bucket, sign = _bucket(f"{path}={_leaf_text(value)}", self.size)
            vector[bucket] += sign


def _leaf_text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


__all__ = ["DEFAULT_SIZE", "HashedViewEncoder"]
