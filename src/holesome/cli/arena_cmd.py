"""`holesome arena`: bots against bots with seats rotated, ratings, a report and JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from holesome.cli.app import OptionArg, PlayersArg, SeedArg, console, fail, load_game
from holesome.core.errors import HolesomeError


def arena(
    name: Annotated[str, typer.Argument(help="The game, e.g. go-nuts.")],
    bots: Annotated[str, typer.Option("--bots", help="Bots by seat, comma-separated; the last fills the rest.")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many matches.")] = 100,
    players: PlayersArg = None,
    workers: Annotated[int | None, typer.Option("--workers", help="Processes (default: every core).")] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or ray.")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address.")] = None,
    report: Annotated[Path | None, typer.Option("--report", help="Write summary.md and plots here.")] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write the results as JSON here.")] = None,
    seed: SeedArg = 0,
    option: OptionArg = None,
) -> None:
    """Play bots against each other with seats rotated and rate them."""
    from rich.progress import Progress

    from holesome.arena import lineup, run_local, run_ray, schedule, summarize
    from holesome.bots import make_bot

    game = load_game(name, players, option)
    if games < 1:
        fail("--games must be at least 1")
    if backend not in ("local", "ray"):
        fail(f"--backend is local or ray, not {backend!r}")
    try:
        seats = lineup([part.strip() for part in bots.split(",") if part.strip()], game.players)
        for bot in set(seats):
            make_bot(bot)
    except HolesomeError as error:
        fail(str(error))
    specs = schedule(game.name, game.players, game.options, seats, games, seed)
    results = []
    stream = run_local(specs, workers) if backend == "local" else run_ray(specs, address, workers)
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{game.name}: {games} matches", total=games)
        for result in stream:
            results.append(result)
            progress.advance(task)
    summary = summarize(game.name, game.players, results)
    data = summary.to_json()
    _print(data)
    if json_file is not None:
        json_file.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if report is not None:
        from holesome.arena.report import write_report

        written = write_report(summary, report)
        console.print(f"Report: {', '.join(str(path) for path in written)}")


def _print(data: dict[str, object]) -> None:
    table = Table(title=f"{data['game']}: {data['matches']} matches, {data['players']} players, seats rotated")
    for column in ("bot", "seat-games", "wins", "win rate", "95% interval", "mean score", "rating"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for bot, row in data["bots"].items():  # type: ignore[attr-defined]
        low, high = row["win_rate_ci95"]
        table.add_row(
            bot,
            str(row["games"]),
            f"{row['wins']:g}",
            f"{row['win_rate']:.1%}",
            f"{low:.0%}-{high:.0%}",
            f"{row['mean_score']:.2f}",
            f"{row['rating']:.1f}",
        )
    console.print(table)
    seats = Table(title="by seat (counted from 1)")
    for column in ("seat", "win rate", "95% interval"):
        seats.add_column(column, justify="right")
    for seat, row in data["seats"].items():  # type: ignore[attr-defined]
        low, high = row["win_rate_ci95"]
        seats.add_row(str(int(seat) + 1), f"{row['win_rate']:.1%}", f"{low:.0%}-{high:.0%}")
    console.print(seats)
