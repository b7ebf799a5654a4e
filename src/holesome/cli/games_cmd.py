"""`holesome games` and `holesome rules`: what can be played, and how."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.table import Table

import holesome
from holesome.cli.app import console, fail


def games() -> None:
    """List the games, their player counts and options."""
    table = Table(title="holesome games")
    table.add_column("name", style="bold")
    table.add_column("game")
    table.add_column("players")
    table.add_column("options (default)")
    for name, game in holesome.GAMES.items():
        counts = game.player_counts
        players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        options = "\n".join(
            f"{spec.name} ({spec.default})" + (f": {' | '.join(map(str, spec.choices))}" if spec.choices else "")
            for spec in game.option_specs
        )
        table.add_row(name, game.title, f"{players} (default {game.default_players})", options or "-")
    console.print(table)


def rules(name: Annotated[str, typer.Argument(help="The game, e.g. honey-donut.")]) -> None:
    """Print a short summary of a game's rules."""
    if name not in holesome.GAMES:
        fail(f"no game named {name!r}; games: {', '.join(holesome.GAMES)}")
    console.print(Markdown(holesome.GAMES[name].summary()))
