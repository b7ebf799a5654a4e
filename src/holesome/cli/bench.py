"""`holesome bench`: random-play throughput per game, as a table or JSON."""

from __future__ import annotations

import json
from contextlib import nullcontext
from importlib.util import find_spec
from typing import Annotated, Any

import typer
from rich.table import Table

import holesome
from holesome.bench import REFERENCE, random_play, reference_play, search_speed
from holesome.cli.app import OptionArg, PlayersArg, console, fail, load_game
from holesome.cli.bench_compiled import bench_compiled
from holesome.cli.bench_interop import bench_interop


def bench(
    names: Annotated[list[str] | None, typer.Argument(help="Games to measure (default: all).")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="CPU-time budget per game.")] = 3.0,
    players: PlayersArg = None,
    option: OptionArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON keyed by game name.")] = False,
    bots: Annotated[bool, typer.Option("--bots", help="Also measure search iterations per second.")] = False,
    interop: Annotated[
        bool, typer.Option("--interop", help="Measure each research interface (PettingZoo, Gymnasium, OpenSpiel) too.")
    ] = False,
    compiled: Annotated[
        bool,
        typer.Option(
            "--compiled", help="Measure the compiled paths (holesome[fast]) beside OpenSpiel's C++ connect_four."
        ),
    ] = False,
    think: Annotated[
        float, typer.Option("--think", min=0, help="`bench server` only: mean seconds each seat thinks before it acts.")
    ] = 0.0,
    client_processes: Annotated[
        int, typer.Option("--client-processes", min=1, help="`bench server` only: processes running the clients.")
    ] = 1,
) -> None:
    """Measure random-play steps and games per second on one core (and search speed with --bots).

    With OpenSpiel installed, its Python tic-tac-toe is played the same way first, and each game's
    rate is also given as a multiple of it (a yardstick that moves with the machine's load).
    """
    if seconds <= 0:
        fail("--seconds must be positive")
    if interop:
        bench_interop(names or list(holesome.GAMES), seconds, players, option, as_json)
        return
    if compiled:
        bench_compiled(names or list(holesome.GAMES), seconds, players, option, as_json)
        return
    if names == ["server"]:
        _bench_server(as_json, think, client_processes)
        return
    results: dict[str, dict[str, Any]] = {}
    reference = None
    if find_spec("open_spiel") is not None:
        with nullcontext() if as_json else console.status(f"measuring OpenSpiel's {REFERENCE}..."):
            reference = reference_play(seconds)
        results[f"{REFERENCE} (OpenSpiel)"] = reference.to_json()
    for name in names or list(holesome.GAMES):
        game = load_game(name, players, option)
        with nullcontext() if as_json else console.status(f"measuring {name}..."):
            measured = random_play(game, seconds)
            results[name] = measured.to_json()
            if reference is not None:
                ratio = measured.steps_per_second / reference.steps_per_second
                results[name][f"ratio_to_{REFERENCE}"] = round(ratio, 2)
            if bots:
                searchers = ("mcts", "ismcts") if game.perfect_information else ("ismcts",)
                results[name]["search"] = {bot: search_speed(game, bot, seconds).to_json() for bot in searchers}
    if as_json:
        print(json.dumps(results, indent=2))
        return
    _print_tables(results, bots)


def _bench_server(as_json: bool, think: float, client_processes: int) -> None:
    """`holesome bench server`: 200 games, 1,000 WebSocket clients on loopback, latency percentiles."""
    from holesome.server.bench import run_server_bench

    with nullcontext() if as_json else console.status("benchmarking the server on loopback..."):
        result = run_server_bench(think=think, processes=client_processes)
    if as_json:
        print(json.dumps({"server": result.to_json()}, indent=2))
        return
    console.print(
        f"server: {result.games} games, {result.clients} clients, {result.actions_per_second:,.0f} actions/s, "
        f"p50 {result.percentile(50):.1f} ms, p99 {result.percentile(99):.1f} ms (submit to every seat's update)"
    )
    figures = result.to_json()
    console.print(
        f"server CPU {figures['cpu_ms_per_action']['server']} ms per action, "
        f"memory {figures['server_memory_mib']} MiB ({figures['server_memory_kib_per_game']} KiB per game)"
    )


def _print_tables(results: dict[str, dict[str, Any]], bots: bool) -> None:
    table = Table(title="random play, one core", caption=f"x ttt: steps/s as a multiple of OpenSpiel's {REFERENCE}")
    for column in ("game", "players", "steps/s", "games/s", "mean length", "x ttt"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for name, figures in results.items():
        ratio = figures.get(f"ratio_to_{REFERENCE}")
        table.add_row(
            name,
            str(figures["players"]),
            f"{figures['steps_per_second']:,.0f}",
            f"{figures['games_per_second']:,.1f}",
            str(figures["mean_game_length"]),
            "" if ratio is None else f"{ratio:.2f}x",
        )
    console.print(table)
    if bots:
        search = Table(title="search, one core")
        for column in ("game", "bot", "it/s from the start", "it/s over a game"):
            search.add_column(column, justify="left" if column in ("game", "bot") else "right")
        for name, figures in results.items():
            for bot, speed in figures.get("search", {}).items():
                search.add_row(
                    name,
                    bot,
                    f"{speed['start_iterations_per_second']:,.0f}",
                    f"{speed['iterations_per_second']:,.0f}",
                )
        console.print(search)
