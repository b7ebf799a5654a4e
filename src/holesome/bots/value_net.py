"""A small value network for judging a search's leaves, in NumPy: one hidden layer of tanh units
and a sigmoid out, so its output reads as a win probability in [0, 1].

It is trained (`train`) by Adam on the cross-entropy between its output and soft targets: each
target is a position's value as many playouts measured it, not a single game's win or loss. A
forward pass on one position is two small matrix products, some microseconds, where the playouts
it stands in for cost hundreds. The weights are kept in a `.npz` file beside the code that reads
them (`ValueNet.load`), so a search needs nothing but NumPy to use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAX_HIDDEN = 1_024
MAX_EPOCHS = 1_000
"""Bounds on a training run's size, so a mistyped option fails at once rather than after hours."""


@dataclass(frozen=True)
class ValueNet:
    """The weights: `hidden` (inputs x units), `bias` (units), `out` (units) and `out_bias`."""

    hidden: np.ndarray
    bias: np.ndarray
    out: np.ndarray
    out_bias: float

    @property
    def inputs(self) -> int:
        """How many features a position must have."""
        return int(self.hidden.shape[0])

    def values(self, features: np.ndarray) -> np.ndarray:
        """The value of each row of `features` (or of one position's feature vector)."""
        logits = np.tanh(features @ self.hidden + self.bias) @ self.out + self.out_bias
        return np.asarray(1.0 / (1.0 + np.exp(-logits)))

    def save(self, path: Path) -> None:
        """Write the weights to `path` (`.npz`)."""
        np.savez(path, hidden=self.hidden, bias=self.bias, out=self.out, out_bias=np.array(self.out_bias))

    @classmethod
    def load(cls, path: Path) -> ValueNet:
        """Read weights `save` wrote."""
        with np.load(path) as saved:
            return cls(saved["hidden"], saved["bias"], saved["out"], float(saved["out_bias"]))


def train(
    features: np.ndarray,
    targets: np.ndarray,
    hidden: int = 64,
    epochs: int = 25,
    rate: float = 3e-3,
    seed: int = 0,
    batch: int = 256,
) -> ValueNet:
    """Fit a network to `targets` (values in [0, 1], one per row of `features`) by minibatch
    Adam on cross-entropy; the same arguments give the same weights."""
    if not 1 <= hidden <= MAX_HIDDEN or not 1 <= epochs <= MAX_EPOCHS:
        raise ValueError(f"hidden units 1..{MAX_HIDDEN} and epochs 1..{MAX_EPOCHS}, got {hidden} and {epochs}")
    if len(features) != len(targets) or not len(targets):
        raise ValueError(f"need as many targets as rows of features, and some: {len(features)} and {len(targets)}")
    rng = np.random.default_rng(seed)
    width = features.shape[1]
    weights = [
        rng.normal(0.0, 1.0 / np.sqrt(width), (width, hidden)),
        np.zeros(hidden),
        rng.normal(0.0, 1.0 / np.sqrt(hidden), hidden),
        np.zeros(()),
    ]
    first = [np.zeros_like(weight) for weight in weights]
    second = [np.zeros_like(weight) for weight in weights]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(targets))
        for start in range(0, len(order), batch):
            rows = order[start : start + batch]
            inputs, wanted = features[rows], targets[rows]
            units = np.tanh(inputs @ weights[0] + weights[1])
            predicted = 1.0 / (1.0 + np.exp(-(units @ weights[2] + weights[3])))
            error = (predicted - wanted) / len(rows)  # cross-entropy's gradient at the logit
            back = np.outer(error, weights[2]) * (1.0 - units * units)
            gradients = [inputs.T @ back, back.sum(axis=0), units.T @ error, error.sum()]
            step += 1
            for index, gradient in enumerate(gradients):
                first[index] = 0.9 * first[index] + 0.1 * gradient
                second[index] = 0.999 * second[index] + 0.001 * gradient * gradient
                corrected = first[index] / (1.0 - 0.9**step)
                scale = np.sqrt(second[index] / (1.0 - 0.999**step)) + 1e-8
                weights[index] = weights[index] - rate * corrected / scale
    return ValueNet(weights[0], weights[1], weights[2], float(weights[3]))
