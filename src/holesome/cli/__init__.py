"""The `holesome` command: one module per command, all registered on one Typer app."""

from holesome.cli import games_cmd, serve
from holesome.cli.app import app

app.command("games")(games_cmd.games)
app.command("rules")(games_cmd.rules)
app.command("serve")(serve.serve)

__all__ = ["app"]
