"""`holesome perft`: count action sequences from a seed's start (the move generator's check)."""

from __future__ import annotations

from typing import Annotated

import typer

from holesome.cli.app import OptionArg, PlayersArg, SeedArg, console, fail, load_game
from holesome.core.perft import divide, perft


def perft_count(
    name: Annotated[str, typer.Argument(help="The game, e.g. honey-donut.")],
    depth: Annotated[int, typer.Option("--depth", "-d", help="Sequence length (each apply is one step).")] = 3,
    players: PlayersArg = None,
    seed: SeedArg = 0,
    option: OptionArg = None,
    split: Annotated[bool, typer.Option("--divide", help="Also count per first step.")] = False,
) -> None:
    """Count the action sequences of length DEPTH (chance outcomes count as branches)."""
    if depth < 0:
        fail("--depth must be 0 or more")
    game = load_game(name, players, option)
    state = game.start(seed)
    if split and depth > 0:
        for label, count in divide(game, state, depth):
            console.print(f"{label}: {count}")
    for level in range(1, depth + 1) if depth else [0]:
        console.print(f"depth {level}: {perft(game, state, level)}")
