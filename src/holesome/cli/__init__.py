"""The `holesome` command: one module per command, all registered on one Typer app."""

from holesome.cli import (
    arena_cmd,
    bench,
    games_cmd,
    ladder_cmd,
    perft_cmd,
    play,
    replay_cmd,
    serve,
    simulate,
    solve,
)
from holesome.cli.app import app

app.command("games")(games_cmd.games)
app.command("rules")(games_cmd.rules)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("replay")(replay_cmd.replay_record)
app.command("perft")(perft_cmd.perft_count)
app.command("arena")(arena_cmd.arena)
app.command("ladder")(ladder_cmd.ladder)
app.command("serve")(serve.serve)
app.command("bench")(bench.bench)
app.command("solve")(solve.solve)

__all__ = ["app"]
