"""`holesome replay`: print or step through a game record, or verify that it replays."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

import holesome
from holesome.cli.app import console, fail
from holesome.core.errors import HolesomeError
from holesome.core.game import CHANCE
from holesome.core.record import Record, replay


def replay_record(
    file: Annotated[Path, typer.Argument(help="A record file (JSON).")],
    verify: Annotated[bool, typer.Option("--verify", help="Replay every step and check the outcome.")] = False,
    step: Annotated[bool, typer.Option("--step", help="Show the table after each step; Enter goes on.")] = False,
) -> None:
    """Print a game record, step through it, or verify it."""
    from holesome.terminal import render

    try:
        record = Record.load(file)
        game = holesome.load_record(record)
        states: list[Any] = []
        for index, state in enumerate(replay(record, game)):
            states.append(state)
            if index and not verify:
                _print_step(game, record, index - 1)
            if step and not verify:
                console.print(render(game.view(state, None)))
                console.input("[dim]Enter: next step[/]")
    except HolesomeError as error:
        fail(str(error))
    outcome = game.outcome(states[-1])
    if verify:
        if record.outcome is not None and (outcome is None or outcome.to_json() != record.outcome):
            fail(f"the record says the outcome was {record.outcome}, replaying gives {outcome and outcome.to_json()}")
        console.print(
            f"verified: {len(record.steps)} steps of {record.game} replay exactly"
            + ("" if outcome is None else ", outcome matches" if record.outcome else "")
        )
        return
    if not step:
        console.print(render(game.view(states[-1], None)))
    console.print(
        "unfinished" if outcome is None else f"scores {list(outcome.scores)}, winners {list(outcome.winners)}"
    )


def _print_step(game: holesome.Game[Any, Any], record: Record, index: int) -> None:
    entry = record.steps[index]
    who = "chance" if entry.seat == CHANCE else f"seat {entry.seat}"
    console.print(f"{index + 1:4d}. {who}: {game.action_to_text(game.action_from_json(entry.action))}")
