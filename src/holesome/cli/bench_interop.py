"""`holesome bench --interop`: throughput through each research interface beside the bare engine."""

from __future__ import annotations

import json
from contextlib import nullcontext

from rich.table import Table

from holesome.cli.app import console, load_game
from holesome.interop.bench import interop_play


def bench_interop(
    names: list[str], seconds: float, players: int | None, option: list[str] | None, as_json: bool
) -> None:
    """Measure every adapter on each game; print a table, or JSON keyed by game then adapter."""
    results = {}
    for name in names:
        game = load_game(name, players, option)
        with nullcontext() if as_json else console.status(f"measuring {name} through each interface..."):
            results[name] = {
                adapter: None if figures is None else figures.to_json()
                for adapter, figures in interop_play(game, seconds).items()
            }
    if as_json:
        print(json.dumps(results, indent=2))
        return
    table = Table(title="random play through each interface, one core")
    for column in ("game", "interface", "steps/s", "games/s", "of engine"):
        table.add_column(column, justify="left" if column in ("game", "interface") else "right")
    for name, adapters in results.items():
        engine = adapters["engine"]
        for adapter, figures in adapters.items():
            if figures is None:
                table.add_row(name, adapter, "extra not installed", "", "")
                continue
            share = figures["steps_per_second"] / engine["steps_per_second"] if engine else 0.0
            table.add_row(
                name,
                adapter,
                f"{figures['steps_per_second']:,.0f}",
                f"{figures['games_per_second']:,.1f}",
                f"{share:.0%}",
            )
    console.print(table)
