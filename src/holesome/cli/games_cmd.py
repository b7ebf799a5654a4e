"""`holesome games` and `holesome rules`: what can be played, and how."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

import holesome
from holesome.cli.app import console, fail
from holesome.core.game import Json


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
            f"{spec.name} ({default_text(spec.default)})"
            + (f": {' | '.join(map(str, spec.choices))}" if spec.choices else "")
            for spec in game.option_specs
        )
        table.add_row(name, game.title, f"{players} (default {game.default_players})", options or "-")
    console.print(table)


DEFAULT_WIDTH = 24
"""The widest default shown; longer ones (Double Dash!'s whole board) are summed up."""


def default_text(default: Json) -> str:
    """An option's default in brief: itself, or for a long list how many entries it holds."""
    text = str(default)
    if len(text) <= DEFAULT_WIDTH:
        return text
    if isinstance(default, list):
        return f"a list of {len(default)} entries"
    return text[: DEFAULT_WIDTH - 1] + "…"


def rules(name: Annotated[str, typer.Argument(help="The game, e.g. honey-donut.")]) -> None:
    """Print a short summary of a game's rules."""
    from rich.markdown import Markdown

    if name not in holesome.GAMES:
        fail(f"no game named {name!r}; games: {', '.join(holesome.GAMES)}")
    console.print(Markdown(holesome.GAMES[name].summary()))
