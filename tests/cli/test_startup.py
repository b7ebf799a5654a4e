"""Start-up: the command line loads the web stack, the cluster, the compilers and the research
libraries only inside the commands that need them, and a game only when it is played.

Each check runs a fresh interpreter, since this test process has long since imported them all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import holesome

HEAVY = (
    "fastapi",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "ray",
    "numba",
    "open_spiel",
    "pyspiel",
    "matplotlib",
    "pettingzoo",
    "gymnasium",
)
"""Libraries that cost a command line tenths of a second or more to import."""


def _modules_after(code: str) -> list[str]:
    """The modules a new interpreter has imported once `code` has run."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    source = str(Path(holesome.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([source, os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    modules: list[str] = json.loads(result.stdout.splitlines()[-1])
    return modules


RUN_CLI = """
import contextlib, io
from holesome.cli import app
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    app({words!r})
"""


@pytest.mark.parametrize("words", [["--help"], ["perft", "honey-donut", "-d", "2"], ["games"]])
def test_the_command_line_loads_no_heavy_library(words: list[str]) -> None:
    loaded = {name.partition(".")[0] for name in _modules_after(RUN_CLI.format(words=words))}
    assert "holesome" in loaded and "typer" in loaded, "the command did run"
    assert not loaded & set(HEAVY), f"holesome {' '.join(words)} imported {sorted(loaded & set(HEAVY))}"


def test_loading_a_game_imports_no_other_game() -> None:
    modules = _modules_after("import holesome\nholesome.load('honey-donut').start(0)")
    packages = {name.split(".")[2] for name in modules if name.startswith("holesome.games.")}
    assert packages == {"honey_donut"}


def test_the_registry_names_each_game_by_its_own_name() -> None:
    assert list(holesome.GAMES) == ["honey-donut", "go-nuts", "doughnut-dash", "double-dash", "donut-dilemma"]
    for name, game in holesome.GAMES.items():
        assert game.name == name
    assert "chess" not in holesome.GAMES
