"""`holesome solve honey-donut`: solve Honey Donut's `simple` option and write the table."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from holesome.cli.app import OptionArg, console, fail, load_game
from holesome.games.honey_donut.board import STARTING_BOARD
from holesome.games.honey_donut.rules import RED

SOLVABLE = "honey-donut"


def solve(
    name: Annotated[str, typer.Argument(help="The game to solve: honey-donut.")],
    option: OptionArg = None,
    out: Annotated[Path | None, typer.Option("--out", help="Where to write the table (default: the cache).")] = None,
    reachable: Annotated[
        bool, typer.Option("--reachable", help="Also count the states reachable from the start (slower).")
    ] = False,
) -> None:
    """Solve a game by retrograde analysis (Honey Donut, repetition=simple) and write its table."""
    pairs = option or []
    if not any(pair.partition("=")[0].strip() == "repetition" for pair in pairs):
        pairs = [*pairs, "repetition=simple"]
    game = load_game(name, None, pairs)
    if game.name != SOLVABLE:
        fail(f"only {SOLVABLE} can be solved, not {game.name}")
    if game.options["repetition"] != "simple":
        fail(
            "the solver solves repetition=simple (the default here); the perfect bot plays strict games from that table"
        )
    try:
        from holesome.solve.honey_donut.reach import reachable as find_reachable
        from holesome.solve.honey_donut.retrograde import solve as retrograde
        from holesome.solve.honey_donut.table import NAMES, default_path
    except ImportError:
        fail("solving needs the fast extra: pip install 'holesome[fast]'")
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

    began = time.perf_counter()
    with Progress(
        TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
    ) as bar:
        tasks: dict[str, TaskID] = {}

        def progress(phase: str, done: int, total: int) -> None:
            key = "retrograde" if phase.startswith("retrograde") else phase
            if key not in tasks:
                tasks[key] = bar.add_task(phase, total=total)
            bar.update(tasks[key], completed=done, description=phase)

        solution = retrograde(progress)
    solved = time.perf_counter() - began
    path = out or default_path()
    solution.save(path)
    outcome, plies = solution.best(STARTING_BOARD, RED, None)
    start = NAMES[outcome] + (f" in {plies} plies" if plies else "")
    counts = solution.counts()
    table = Table(title="Honey Donut, repetition=simple, solved")
    table.add_column("")
    table.add_column("value", justify="right")
    table.add_row("start position (Red to move)", start)
    table.add_row("longest forced win", f"{solution.longest_win()} plies")
    table.add_row("states", f"{len(solution.outcome):,}")
    for label, count in counts.items():
        table.add_row(f"{label} for the side to move", f"{count:,}")
    if reachable:
        with console.status("finding the states reachable from the start"):
            reached = find_reachable(solution)
        table.add_row("reachable from the start", f"{int(reached.sum()):,}")
        for value, label in NAMES.items():
            table.add_row(f"  reachable, {label}", f"{int((solution.outcome[reached] == value).sum()):,}")
    table.add_row("time to solve", f"{solved:.1f} s")
    table.add_row("peak memory", _peak_memory())
    table.add_row("table", str(path))
    console.print(table)


def _peak_memory() -> str:
    """This process's peak resident memory, where the platform reports it (Unix)."""
    try:
        import resource
    except ImportError:
        return "not reported here"
    return f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB"
