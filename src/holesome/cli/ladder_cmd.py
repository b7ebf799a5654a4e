"""`holesome ladder`: every bot against every other in one game, written into docs/bots.md."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from holesome.cli.app import OptionArg, PlayersArg, SeedArg, check_bots, console, fail, load_game
from holesome.core.game import Game

DEFAULT_BOTS = "random,easy,medium,hard"
SEARCHERS = ("mcts", "ismcts")


def ladder(
    name: Annotated[str, typer.Argument(help="The game, e.g. go-nuts.")],
    players: PlayersArg = None,
    bots: Annotated[
        str, typer.Option("--bots", help="The bots and strengths on the ladder, comma-separated.")
    ] = DEFAULT_BOTS,
    games: Annotated[int, typer.Option("--games", "-n", help="Matches per pairing.")] = 20,
    iterations: Annotated[
        int | None, typer.Option("--iterations", help="Iterations per move for mcts and ismcts named bare.")
    ] = None,
    seconds: Annotated[
        float | None, typer.Option("--seconds", help="Seconds per move for mcts and ismcts named bare.")
    ] = None,
    workers: Annotated[int | None, typer.Option("--workers", help="Processes (default: every core).")] = None,
    doc: Annotated[Path | None, typer.Option("--doc", help="The Markdown file the ladder is written into.")] = Path(
        "docs/bots.md"
    ),
    seed: SeedArg = 0,
    option: OptionArg = None,
) -> None:
    """Rate every bot and strength against every other; the table goes into docs/bots.md."""
    from rich.markdown import Markdown
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from holesome.arena import run_local
    from holesome.arena.ladder import ladder_specs, markdown, tabulate, write_section

    game = load_game(name, players, option)
    if games < 1:
        fail("--games must be at least 1")
    names = _names(bots, iterations, seconds, game)
    if doc is not None and not doc.is_file():
        fail(f"no file {doc} to write the ladder into: run in the repository or give --doc")
    specs = ladder_specs(game.name, game.players, game.options, names, games, seed)
    results = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{game.title} ladder", total=len(specs))
        for result in run_local(specs, workers):
            results.append(result)
            progress.advance(task)
    defaults = {spec.name: spec.default for spec in game.option_specs}
    options = "".join(f", {key}={value}" for key, value in game.options.items() if value != defaults[key])
    heading = f"### {game.title}, {game.players} players{options}"
    command = f"holesome ladder {game.name} --players {game.players} --bots {','.join(names)} --games {games}"
    command += "".join(f" --option {key}={value}" for key, value in game.options.items() if value != defaults[key])
    text = markdown(tabulate(game.name, game.players, names, results), heading, command + f" --seed {seed}")
    console.print(Markdown(text))
    if doc is not None:
        write_section(doc, f"ladder {game.name} {game.players}p{options}", text)
        console.print(f"Written into {doc}")


def _names(text: str, iterations: int | None, seconds: float | None, game: Game[Any, Any]) -> list[str]:
    """The bot names, deduplicated, with the budget given added to bare searchers; each must
    play `game`."""
    if iterations is not None and iterations < 1:
        fail("--iterations must be at least 1")
    if seconds is not None and seconds <= 0:
        fail("--seconds must be above 0")
    setting = (f":{iterations}" if iterations else "") + (f"@{seconds:g}s" if seconds else "")
    names: list[str] = []
    for part in text.split(","):
        bot = part.strip()
        if bot in SEARCHERS:
            bot += setting
        if bot and bot not in names:
            names.append(bot)
    if len(names) < 2:
        fail("a ladder needs at least two bots")
    check_bots(names, game)
    return names
