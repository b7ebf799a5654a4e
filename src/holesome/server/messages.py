"""What a client receives about a game: built only from its own seat's view.

The same message answers `GET /api/games/{id}` and is pushed over the WebSocket, so a client
sees one shape everywhere. Nothing here reads the state except through `game.view` for the
caller's seat (or None, a spectator), `to_act`, the caller's own legal actions and the outcome.
"""

from __future__ import annotations

from typing import Any

from holesome.core.game import Seat
from holesome.server.tables import Status, Table


def game_message(table: Table, seat: Seat | None, now: float) -> dict[str, Any]:
    """The caller's picture of the game at `now`."""
    game, state = table.game, table.match.state
    to_act = table.seats_to_act()
    actions = game.legal_actions(state, seat) if seat is not None and seat in to_act else ()
    outcome = table.match.outcome
    return {
        "id": table.row.id,
        "game": game.name,
        "players": game.players,
        "options": dict(game.options),
        "status": table.status,
        "seq": table.seq,
        "seat": seat,
        "seats": [
            {"seat": row.seat, "kind": row.kind, "bot": row.bot, "joined": row.joined_at is not None}
            for row in table.row.seats
        ],
        "view": game.view(state, seat),
        "to_act": list(to_act),
        "prompt": game.prompt(state, seat) if seat is not None and seat in to_act else "",
        "legal_actions": [game.action_to_json(action) for action in actions],
        "legal_labels": [game.action_to_text(action) for action in actions],
        "outcome": None if outcome is None or table.status != Status.OVER else outcome.to_json(),
        "clock": table.clock.to_json(now),
    }
