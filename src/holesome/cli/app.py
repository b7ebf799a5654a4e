"""The `holesome` Typer application and the helpers its commands share."""

from __future__ import annotations

from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

import holesome
from holesome.core.errors import HolesomeError, InvalidOption

app = typer.Typer(
    name="holesome",
    help="Play, simulate and study five donut games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True)

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as KEY=VALUE (repeatable), e.g. repetition=simple."),
]
PlayersArg = Annotated[int | None, typer.Option("--players", "-p", help="Number of players (default: the game's).")]
SeedArg = Annotated[int, typer.Option("--seed", "-s", help="Seed for the deal and every chance step.")]


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """`["KEY=VALUE", ...]` as a dict; the game parses each value by its option's type."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOption(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip()] = value.strip()
    return options


def load_game(name: str, players: int | None, pairs: list[str] | None) -> holesome.Game[Any, Any]:
    """Load a game from command-line words, or exit with the error in plain words."""
    try:
        return holesome.load(name, players, **parse_options(pairs))
    except HolesomeError as error:
        fail(str(error))


def check_bots(names: list[str], game: holesome.Game[Any, Any], context: str = "") -> None:
    """Exit with the reason if a name is no bot (after `context`) or names one that cannot play
    `game` (`bots.unfit`)."""
    from holesome.bots import parse_bot, unfit

    for name in names:
        try:
            parse_bot(name)
        except HolesomeError as error:
            fail(f"{context}{error}")
        if reason := unfit(name, game):
            fail(reason)


def fail(message: str) -> NoReturn:
    """Print an error and exit with status 2 (bad usage), as Typer does for bad flags."""
    errors.print(f"[bold red]error:[/] {message}", highlight=False)
    raise typer.Exit(2)
