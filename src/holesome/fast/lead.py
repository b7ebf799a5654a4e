"""The lead in points as values, compiled: `core.game.lead_values` for the kernels' cut games."""

from __future__ import annotations

import math

import numpy as np
from numba import njit


@njit(cache=True)
def lead(points: np.ndarray, spread: float, out: np.ndarray) -> None:
    """`core.game.lead_values`, step for step, so the two agree to the last bit: each seat's share
    of a softmax of the points over `spread`."""
    best = points.max()
    total = 0.0
    for seat in range(len(points)):
        out[seat] = math.exp((points[seat] - best) / spread)
        total += out[seat]
    for seat in range(len(points)):
        out[seat] = out[seat] / total
