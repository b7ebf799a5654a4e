"""Where arena matches run: local worker processes, or a Ray cluster (`holesome[ray]`).

Both take the same `MatchSpec` list and yield `MatchResult`s as they finish, so the progress bar
and the statistics do not care which back end played.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from holesome.arena.matches import MatchResult, MatchSpec, play_match
from holesome.core.errors import HolesomeError


def run_local(specs: list[MatchSpec], workers: int | None = None) -> Iterator[MatchResult]:
    """Play on this machine, one process per core (or `workers`); one worker plays in-process."""
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        yield from map(play_match, specs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_match, spec) for spec in specs]
        for future in as_completed(futures):
            yield future.result()


RAY_TIMEOUTS = {
    "RAY_gcs_server_request_timeout_seconds": "300",
    "RAY_gcs_rpc_server_connect_timeout_s": "120",
    "RAY_worker_register_timeout_seconds": "300",
}
"""Ray's start-up and worker-registration timeouts, raised from their defaults (60 s and less)
unless already set: on a busy machine (two cores shared by many jobs) Ray's own processes can
take that long to start, which is slowness, not failure."""
RAY_START_ATTEMPTS = 2
"""Ray waits a fixed 30 s for its raylet to register and cannot be told to wait longer, so a
local start that times out is tried once more."""
_OBJECT_STORE_BYTES = 100 * 1024 * 1024
"""A local instance's object store: match results are small, and Ray's default takes 30% of RAM."""


def start_ray(address: str | None = None, workers: int | None = None) -> Any:
    """Connect to the Ray cluster at `address`, or start a local instance with explicit resources.

    A local instance gets exactly `workers` CPUs (default 1), no GPUs, a small object store
    and no dashboard; the timeouts of `RAY_TIMEOUTS` apply. Returns the `ray` module.
    """
    try:
        import ray
    except ImportError:
        raise HolesomeError("the ray back end needs the extra: pip install 'holesome[ray]'") from None
    for name, value in RAY_TIMEOUTS.items():
        os.environ.setdefault(name, value)
    if address is not None:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
        return ray
    settings: dict[str, Any] = {
        "num_cpus": workers or 1,
        "num_gpus": 0,
        "object_store_memory": _OBJECT_STORE_BYTES,
        "include_dashboard": False,
        "log_to_driver": False,
    }
    for _ in range(RAY_START_ATTEMPTS - 1):
        try:
            ray.init(**settings)
            return ray
        except Exception:  # Ray raises a bare Exception when its raylet is slow to start
            ray.shutdown()
    ray.init(**settings)
    return ray


def run_ray(specs: list[MatchSpec], address: str | None = None, workers: int | None = None) -> Iterator[MatchResult]:
    """Play on a Ray cluster (`address`), or on a local Ray instance started here (`start_ray`).

    Each match is a task asking for one CPU, so a local instance runs `workers` at a time.
    """
    try:
        import ray
    except ImportError:
        raise HolesomeError("the ray back end needs the extra: pip install 'holesome[ray]'") from None
    started = not ray.is_initialized()
    if started:
        start_ray(address, workers)
    try:
        remote = ray.remote(num_cpus=1)(play_match)
        pending = [remote.remote(spec) for spec in specs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
