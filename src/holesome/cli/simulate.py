"""`holesome simulate`: many seeded games between bots, with a table per seat.

Game number k plays seed `seed + k` with the bots seated as named (no rotation, unlike the
arena), each bot seeded from the game seed and its seat. Games are `MatchSpec`s played by the
arena's back ends, so `--backend ray` (a local Ray instance, or `--address` of a cluster)
gives exactly the results of `--backend local` for the same seed: the totals are summed in
seed order whatever order the games finish in.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from holesome.cli.app import OptionArg, PlayersArg, SeedArg, check_bots, console, fail, load_game
from holesome.core.game import Game
from holesome.core.record import Record

if TYPE_CHECKING:
    from holesome.arena import MatchResult


def simulate(
    name: Annotated[str, typer.Argument(help="The game, e.g. go-nuts.")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    players: PlayersArg = None,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot per seat, comma-separated (one name: all seats).")
    ] = "random",
    seed: SeedArg = 0,
    option: OptionArg = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write the results as JSON here.")] = None,
    records: Annotated[
        Path | None, typer.Option("--records", help="Write every game's record into this folder.")
    ] = None,
    backend: Annotated[str, typer.Option("--backend", help="local or ray.")] = "local",
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes (local) or CPUs (a local Ray); default 1.")
    ] = None,
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address.")] = None,
) -> None:
    """Play bots against each other and report wins, scores and game lengths per seat."""
    from holesome.arena import MatchSpec, run_local, run_ray

    game = load_game(name, players, option)
    if games < 1:
        fail("--games must be at least 1")
    if backend not in ("local", "ray"):
        fail(f"--backend is local or ray, not {backend!r}")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    names = _bot_names(bots, game)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    specs = [
        MatchSpec(game.name, game.players, dict(game.options), tuple(names), seed + number) for number in range(games)
    ]
    stream = run_local(specs, workers or 1) if backend == "local" else run_ray(specs, address, workers)
    results = _run(game, names, stream, games, seed, records)
    _print_table(results)
    if json_file is not None:
        json_file.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        console.print(f"Results written to {json_file}")


def _bot_names(text: str, game: Game[Any, Any]) -> list[str]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    if len(names) == 1:
        names *= game.players
    if len(names) != game.players:
        fail(f"--bots names {len(names)} bots for {game.players} seats")
    check_bots(names, game)
    return names


def _run(
    game: Game[Any, Any],
    names: list[str],
    stream: Iterator[MatchResult],
    games: int,
    seed: int,
    records: Path | None,
) -> dict[str, Any]:
    from rich.progress import Progress

    finished: list[MatchResult] = []
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{game.name}: playing", total=games)
        for result in stream:
            finished.append(result)
            if records is not None:
                Record.from_json(result.record).save(records / f"{game.name}-{result.spec.seed}.json")
            progress.advance(task)
    finished.sort(key=lambda result: result.spec.seed)
    wins = [0.0] * game.players
    scores = [0.0] * game.players
    for result in finished:
        for seat in range(game.players):
            wins[seat] += result.values[seat]
            scores[seat] += result.scores[seat]
    steps = sum(result.steps for result in finished)
    return {
        "game": game.name,
        "players": game.players,
        "options": dict(game.options),
        "games": games,
        "seed": seed,
        "mean_length": steps / games,
        "seats": [
            {
                "seat": seat,
                "bot": names[seat],
                "wins": wins[seat],
                "win_rate": wins[seat] / games,
                "mean_score": scores[seat] / games,
            }
            for seat in range(game.players)
        ],
    }


def _print_table(results: dict[str, Any]) -> None:
    table = Table(title=f"{results['game']}: {results['games']} games, mean length {results['mean_length']:.1f} steps")
    for column in ("seat", "bot", "wins", "win rate", "mean score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in results["seats"]:
        table.add_row(
            str(row["seat"]), row["bot"], f"{row['wins']:g}", f"{row['win_rate']:.1%}", f"{row['mean_score']:.2f}"
        )
    console.print(table)
