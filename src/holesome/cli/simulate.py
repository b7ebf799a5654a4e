"""`holesome simulate`: many seeded games between bots, with a table per seat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table

from holesome.bots import BOTS, make_bot
from holesome.cli.app import OptionArg, PlayersArg, SeedArg, console, fail, load_game
from holesome.core.game import Game
from holesome.core.match import Match


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
) -> None:
    """Play bots against each other and report wins, scores and game lengths per seat."""
    game = load_game(name, players, option)
    if games < 1:
        fail("--games must be at least 1")
    names = _bot_names(bots, game.players)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    results = _run(game, names, games, seed, records)
    _print_table(results)
    if json_file is not None:
        json_file.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        console.print(f"Results written to {json_file}")


def _bot_names(text: str, players: int) -> list[str]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        fail(f"--bots names {len(names)} bots for {players} seats")
    for bot in names:
        if bot.partition(":")[0] not in BOTS:
            fail(f"no bot named {bot!r}; bots: {', '.join(BOTS)}")
    return names


def _run(game: Game[Any, Any], names: list[str], games: int, seed: int, records: Path | None) -> dict[str, Any]:
    wins = [0.0] * game.players
    scores = [0.0] * game.players
    steps = 0
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{game.name}: playing", total=games)
        for number in range(games):
            game_seed = seed + number
            match: Match[Any, Any] = Match(game, game_seed)
            bots = [make_bot(bot, game_seed * 1000 + seat) for seat, bot in enumerate(names)]
            outcome = match.play({seat: bot.act for seat, bot in enumerate(bots)})
            for seat in range(game.players):
                wins[seat] += outcome.values[seat]
                scores[seat] += outcome.scores[seat]
            steps += len(match.steps)
            if records is not None:
                match.record.save(records / f"{game.name}-{game_seed}.json")
            progress.advance(task)
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
