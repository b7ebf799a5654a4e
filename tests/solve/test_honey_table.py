"""The table file: it round-trips, and a missing or outdated one is refused in plain words."""

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from holesome.solve.honey_donut.table import DRAW, LOSS, WIN, MissingTable, Solution, preference


def small_table() -> Solution:
    masks = np.array([0b101, 0b1], np.uint32)
    offsets = np.array([0, 2, 3], np.int64)
    return Solution(masks, offsets, np.array([WIN, LOSS, DRAW], np.uint8), np.array([3, 4, 0], np.uint16))


def test_a_saved_table_loads_with_its_numbering(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "table.npz"
    small_table().save(path)
    loaded = Solution.load(path)
    assert loaded.offsets.tolist() == [0, 2, 3]
    assert loaded.outcome.tolist() == [WIN, LOSS, DRAW]
    assert loaded.plies.tolist() == [3, 4, 0]
    assert loaded.counts() == {"win": 1, "loss": 1, "draw": 1}
    assert loaded.longest_win() == 3


def test_missing_and_outdated_tables_are_refused(tmp_path: Path) -> None:
    with pytest.raises(MissingTable, match="holesome solve honey-donut"):
        Solution.load(tmp_path / "none.npz")
    old = tmp_path / "old.npz"
    np.savez(old, format=np.array(0), masks=np.zeros(1, np.uint32))
    with pytest.raises(MissingTable, match="old solution table"):
        Solution.load(old)


def test_preference_orders_fast_wins_then_draws_then_slow_losses() -> None:
    values = [(LOSS, 2), (WIN, 5), (DRAW, 0), (LOSS, 8), (WIN, 1)]
    assert sorted(values, key=lambda value: preference(*value), reverse=True) == [
        (WIN, 1),
        (WIN, 5),
        (DRAW, 0),
        (LOSS, 8),
        (LOSS, 2),
    ]
