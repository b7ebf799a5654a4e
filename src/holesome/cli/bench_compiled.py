"""`holesome bench --compiled`: each compiled path's random-play steps per CPU-second, beside
OpenSpiel's C++ random games on connect_four measured in the same run."""

from __future__ import annotations

import json
from contextlib import nullcontext
from typing import Any

from rich.table import Table

from holesome.cli.app import console, fail, load_game

VARIANTS: dict[str, list[list[str]]] = {"honey-donut": [["repetition=strict"], ["repetition=simple"]]}
"""Options measured one after another for a game when no `--option` is given: each compiles
its own rules."""


def bench_compiled(
    names: list[str], seconds: float, players: int | None, option: list[str] | None, as_json: bool
) -> None:
    """Measure every game with a compiled path, then OpenSpiel; print a table or JSON."""
    from holesome.fast.bench import REFERENCE, compiled_play, openspiel_play

    results: dict[str, dict[str, Any]] = {}
    for name in names:
        for options in [option] if option else VARIANTS.get(name, [[]]):
            label = f"{name} ({', '.join(options)})" if options else name
            with nullcontext() if as_json else console.status(f"compiling and measuring {label}..."):
                measured = compiled_play(load_game(name, players, options), seconds)
            if measured is not None:
                results[label] = measured.to_json()
    if not results:
        fail("none of these games has a compiled path (or numba is not installed: pip install 'holesome[fast]')")
    with nullcontext() if as_json else console.status("measuring OpenSpiel's connect_four..."):
        reference = openspiel_play(seconds)
    if reference is not None:
        for figures in results.values():
            figures["of_openspiel"] = round(figures["steps_per_second"] / reference.steps_per_second, 2)
        results[REFERENCE] = reference.to_json()
    if as_json:
        print(json.dumps(results, indent=2))
        return
    table = Table(title="compiled random play, steps per CPU-second (one core)")
    for column in ("game", "steps/s", "games/s", "mean length", "of OpenSpiel"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for label, figures in results.items():
        ratio = figures.get("of_openspiel")
        table.add_row(
            label,
            f"{figures['steps_per_second']:,.0f}",
            f"{figures['games_per_second']:,.1f}",
            str(figures["mean_game_length"]),
            "" if ratio is None else f"{ratio:.2f}x",
        )
    console.print(table)
    if reference is None:
        console.print("OpenSpiel is not installed (pip install 'holesome[openspiel]'): no reference figure.")
