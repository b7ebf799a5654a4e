"""The `holesome` command: one module per command, all registered on one Typer app."""

from holesome.cli import games_cmd, solve
from holesome.cli.app import app

app.command("games")(games_cmd.games)
app.command("rules")(games_cmd.rules)
app.command("solve")(solve.solve)

__all__ = ["app"]
