"""Where arena matches run: local worker processes, or a Ray cluster (`holesome[ray]`).

Both take the same `MatchSpec` list and yield `MatchResult`s as they finish, so the progress bar
and the statistics do not care which back end played.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed

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


def run_ray(specs: list[MatchSpec], address: str | None = None, workers: int | None = None) -> Iterator[MatchResult]:
    """Play on a Ray cluster (`address`), or on a local Ray instance started here."""
    try:
        import ray
    except ImportError:
        raise HolesomeError("the ray back end needs the extra: pip install 'holesome[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, num_cpus=None if address else workers, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(play_match)
        pending = [remote.remote(spec) for spec in specs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started:
            ray.shutdown()
