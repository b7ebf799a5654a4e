"""What a client receives about a game: built only from its own seat's view.

The same message answers `GET /api/games/{id}` and is pushed over the WebSocket, so a client
sees one shape everywhere. Nothing here reads the state except through `game.view` for the
caller's seat (or None, a spectator), `to_act`, the caller's own legal actions and the outcome.
What it asks and offers comes twice: in words with seats as references (`ask`, for a page to
name them) and rendered (`prompt`, `legal_words`), beside the notation (`legal_labels`) that
boards match their pieces by.

Every watcher of a table is woken by each change, so the pushed form is built once per change
and per seat (all spectators share one) and kept as JSON text: only the clock, which counts
down, is written afresh for each send, and not even that in a game without a clock.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from holesome.core.ask import NOTHING
from holesome.core.game import Seat
from holesome.server.clocks import ClockKind
from holesome.server.names import bot_name
from holesome.server.tables import SeatText, Status, Table

GAME = "game"
"""The `type` of a pushed game message."""


def game_message(table: Table, seat: Seat | None, now: float) -> dict[str, Any]:
    """The caller's picture of the game at `now`."""
    return {**_picture(table, seat), "clock": table.clock.to_json(now)}


def game_text(table: Table, seat: Seat | None, now: float) -> str:
    """`{"type": "game", **game_message(...)}` as JSON text, reusing what this change already built."""
    state, row = table.match.state, table.row
    cached = table.texts.get(seat)
    if cached is None or cached.state is not state or cached.row is not row:
        opening = _dumps({"type": GAME, **_picture(table, seat)}).removesuffix("}")
        whole = None
        if table.clock.kind is ClockKind.NONE:
            whole = f'{opening},"clock":{_dumps(table.clock.to_json(now))}}}'
        cached = table.texts[seat] = SeatText(state, row, opening, whole)
    if cached.whole is not None:
        return cached.whole
    return f'{cached.opening},"clock":{_dumps(table.clock.to_json(now))}}}'


def _picture(table: Table, seat: Seat | None) -> dict[str, Any]:
    """Everything in the message but the clock: it changes only when the game or its seats do."""
    game, state = table.game, table.match.state
    to_act = table.seats_to_act()
    actions = game.legal_actions(state, seat) if seat is not None and seat in to_act else ()
    outcome = table.match.outcome
    names = seat_names(table, seat)
    asked = game.ask(state, seat) if seat is not None and seat in to_act else NOTHING
    return {
        "id": table.row.id,
        "game": game.name,
        "players": game.players,
        "options": dict(game.options),
        "status": table.status,
        "seq": table.seq,
        "seat": seat,
        "seats": [
            {
                "seat": row.seat,
                "kind": row.kind,
                "bot": row.bot,
                "joined": row.joined_at is not None,
                "name": bot_name(row.bot) if row.bot is not None else row.name,
            }
            for row in table.row.seats
        ],
        "view": game.view(state, seat),
        "to_act": list(to_act),
        "prompt": asked.text(),
        "ask": asked.to_json(),
        "legal_actions": [game.action_to_json(action) for action in actions],
        "legal_labels": [game.action_to_text(action) for action in actions],
        "legal_words": [game.action_words(action).words(names) for action in actions],
        "outcome": None if outcome is None or table.status != Status.OVER else outcome.to_json(),
        "ending": game.ending(state).to_json() if table.status == Status.OVER else None,
        "rematch": table.row.rematch,
    }


def seat_names(table: Table, viewer: Seat | None) -> Callable[[Seat], str]:
    """How the viewer names each seat in words: "you", a display name, a bot's name, or "seat 3";
    a name several seats share ("Random bot") says which seat."""
    given = [bot_name(row.bot) if row.bot is not None else row.name for row in table.row.seats]

    def name(seat: Seat) -> str:
        if seat == viewer:
            return "you"
        own = given[seat]
        if own is None:
            return f"seat {seat + 1}"
        return f"{own} (seat {seat + 1})" if given.count(own) > 1 else own

    return name


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
