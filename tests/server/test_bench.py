"""`holesome bench server` on a tiny load: every submit is timed to every client of its game."""

from __future__ import annotations

import sys

import pytest

from holesome.server.bench import run_server_bench


@pytest.mark.parametrize("processes", [1, 2])
def test_a_small_server_bench_times_each_move_for_each_client_and_counts_cpu(processes: int) -> None:
    result = run_server_bench(games=2, clients=5, moves=3, think=0.01, processes=processes)
    assert result.clients == 5
    assert result.actions == 2 * 3
    assert len(result.latencies) == 3 * 3 + 3 * 2  # one game has a spectator, the other none
    assert 0 < result.percentile(50) <= result.percentile(99)
    assert result.client_cpu > 0
    if sys.platform == "linux":
        # Read from the server process; a load this small may round to zero clock ticks (10 ms).
        assert result.server_cpu is not None and result.server_cpu >= 0
    figures = result.to_json()
    assert isinstance(figures, dict) and figures["think_seconds"] == 0.01
    assert figures["client_processes"] == processes
