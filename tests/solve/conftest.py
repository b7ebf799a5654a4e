"""The Honey Donut solution table, solved once through `holesome solve` and cached.

The table is a generated artifact (about 160 MB), never committed: the first test session
solves it (half a minute) into `.pytest_cache/holesome/`, named by a hash of the code it comes
from, and later sessions load it. A file lock lets parallel test workers share one solve.
"""

import fcntl
import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("numba")

from typer.testing import CliRunner

import holesome.games.honey_donut as rules_package
import holesome.solve.honey_donut as solve_package
from holesome.cli import app
from holesome.solve.honey_donut.table import Solution


def _source_hash() -> str:
    digest = hashlib.sha256()
    for package in (rules_package, solve_package):
        for source in sorted(Path(package.__path__[0]).glob("*.py")):
            digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def honey_table_path(pytestconfig: pytest.Config) -> Iterator[Path]:
    """The path of an up-to-date solution table, solved by `holesome solve` if not cached."""
    folder = pytestconfig.rootpath / ".pytest_cache" / "holesome"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"honey-donut-simple-{_source_hash()}.npz"
    with (folder / "honey-donut.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            for stale in folder.glob("honey-donut-simple-*.npz"):
                stale.unlink()
            result = CliRunner().invoke(app, ["solve", "honey-donut", "--out", str(path)])
            assert result.exit_code == 0, result.output
            assert "start position" in result.output
        fcntl.flock(lock, fcntl.LOCK_UN)
    yield path


@pytest.fixture(scope="session")
def honey_table(honey_table_path: Path) -> Solution:
    """The solution table, loaded."""
    return Solution.load(honey_table_path)
