"""`holesome play`: play a game in the terminal, against bots or friends at the same keyboard.

A human seat is shown its own view (never the state), types a move in the game's notation,
asks for the legal moves with `?`, and is told what was wrong with a bad move and asked again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.rule import Rule

from holesome.cli.app import OptionArg, PlayersArg, SeedArg, check_bots, console, fail, load_game
from holesome.core.decision import Decision
from holesome.core.errors import HolesomeError
from holesome.core.game import Game
from holesome.core.match import Match, Policy

HUMAN = "human"
HELP = "Type a move in notation (or as JSON); '?' lists the legal moves; 'rules' shows the rules; 'quit' ends."


class Quit(Exception):
    """The human left the game."""


def play(
    name: Annotated[str, typer.Argument(help="The game, e.g. honey-donut.")],
    players: PlayersArg = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="Who plays each seat in order: human or a bot (easy, medium, hard, ismcts@1s...; repeat it). "
            "Seats not given get the hard bot.",
        ),
    ] = None,
    seed: SeedArg = 0,
    option: OptionArg = None,
    record: Annotated[Path | None, typer.Option("--record", help="Save the game record here.")] = None,
) -> None:
    """Play a game in the terminal."""
    from holesome.terminal import render

    game = load_game(name, players, option)
    kinds = _seat_kinds(seat or [HUMAN], game)
    match: Match[Any, Any] = Match(game, seed)
    policies = {index: _policy(game, index, kind, seed) for index, kind in enumerate(kinds)}
    console.print(Rule(f"{game.title}: " + ", ".join(f"seat {i} {kind}" for i, kind in enumerate(kinds))))
    console.print(HELP, style="dim")
    try:
        outcome = match.play(policies)
    except Quit:
        console.print("Game left unfinished.")
    else:
        console.print(render(game.view(match.state, None)))
        for index, kind in enumerate(kinds):
            won = "  [bold green]wins[/]" if index in outcome.winners else ""
            console.print(f"seat {index} ({kind}): {outcome.scores[index]:g}{won}")
    if record is not None:
        match.record.save(record)
        console.print(f"Record saved to {record}")


def _seat_kinds(kinds: list[str], game: Game[Any, Any]) -> list[str]:
    from holesome.bots import DEFAULT_BOT

    players = game.players
    if len(kinds) > players:
        fail(f"{len(kinds)} seats given for {players} players")
    check_bots([kind for kind in kinds if kind != HUMAN], game, "a seat is human or a bot: ")
    return kinds + [DEFAULT_BOT] * (players - len(kinds))


def _policy(game: Game[Any, Any], seat: int, kind: str, seed: int) -> Policy[Any, Any]:
    if kind == HUMAN:
        return _ask_human
    from holesome.bots import make_bot

    bot = make_bot(kind, seed * 1000 + seat)

    def act(decision: Decision[Any, Any]) -> Any:
        action = bot.act(decision)
        shown = game.action_to_text(action) if game.perfect_information else "has chosen"
        console.print(f"seat {seat} ({kind}): {shown}", style="dim")
        return action

    return act


def _ask_human(decision: Decision[Any, Any]) -> Any:
    from holesome.terminal import render

    game = decision.game
    console.print(Rule(f"seat {decision.seat}"))
    console.print(render(decision.view))
    while True:
        try:
            text = console.input(f"seat {decision.seat} > ").strip()  # the drawing shows the prompt
        except EOFError:
            raise Quit from None
        if text in ("quit", "exit"):
            raise Quit
        if text in ("?", "moves"):
            console.print("  ".join(game.action_to_text(action) for action in decision.legal_actions))
        elif text == "rules":
            from rich.markdown import Markdown

            console.print(Markdown(game.summary()))
        elif text:
            try:
                return decision.parse(text)
            except HolesomeError as error:
                console.print(f"[red]{error}[/]\n{HELP}", highlight=False)
