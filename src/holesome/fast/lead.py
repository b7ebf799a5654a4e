"""Softmaxes, compiled: the lead in points as values (`core.game.lead_values`, for the kernels'
cut games) and greedy seats' draws among their options."""

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


@njit(cache=True)
def softmax_draw(gains: np.ndarray, count: int, mix: float) -> int:
    """An index below `count` drawn by a softmax of `gains` at `mix` times their spread (the
    weights are written over the gains); uniform without a spread."""
    best, worst = gains[0], gains[0]
    for index in range(1, count):
        best, worst = max(best, gains[index]), min(worst, gains[index])
    if best - worst < 1e-9:
        return int(np.random.randint(0, count))
    total = 0.0
    for index in range(count):
        gains[index] = math.exp((gains[index] - best) / (mix * (best - worst)))
        total += gains[index]
    draw = np.random.random() * total
    for index in range(count - 1):
        draw -= gains[index]
        if draw < 0.0:
            return index
    return count - 1
