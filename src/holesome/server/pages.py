"""The browser client's side of the server: its pages, its static files, the catalog and replays.

The client itself is plain ES modules and SVG in `holesome/web/` (no build step). The pages are
static: everything a page shows comes from the same JSON API outside programs use, plus two
routes that exist for people rather than programs:
- `GET /api/catalog`: every game (title, a paragraph, player counts, options, rules) and the bots;
- `GET /api/games/{id}/replay` and `.../replay/{step}`: a finished game step by step.
A replay shows any seat's view (`?seat=N`) because a finished game's record, seed included, is
public anyway (`GET /api/games/{id}/record`), for the games whose end reveals everything; the
others (`Game.public_at_end`) have no replay, only their public ending.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

import holesome
from holesome.bots import BOTS, DEFAULT_BOT, STRENGTHS
from holesome.core.game import CHANCE, Game, Json, Option, Seat
from holesome.core.record import Record, replay
from holesome.games import GAMES
from holesome.server.errors import ServerError
from holesome.server.routes import HallDep
from holesome.server.web_errors import errors

WEB = Path(holesome.__file__).parent / "web"
PAGES = ("index", "play", "replay")
REPLAYS_KEPT = 16
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; connect-src 'self' ws: wss:; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
BOT_LEVELS = (
    *({"bot": name, "label": strength.label} for name, strength in STRENGTHS.items()),
    {"bot": "random", "label": "Random (plays any legal move)"},
)
"""The bots a lobby offers: the three strengths, then random."""

router = APIRouter()


def install(app: FastAPI) -> None:
    """Serve the client: pages at `/`, `/play/{id}`, `/replay/{id}` and files under `/static`."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")


def _page(name: str) -> FileResponse:
    return FileResponse(WEB / f"{name}.html", media_type="text/html", headers=SECURITY_HEADERS)


@router.get("/", include_in_schema=False)
async def home() -> FileResponse:
    """Home and lobby: choose a game, create it, join or watch others."""
    return _page("index")


@router.get("/play/{game_id}", include_in_schema=False)
async def play(game_id: str) -> FileResponse:
    """A game page; the seat's token rides in the URL fragment, which never reaches the server."""
    return _page("play")


@router.get("/replay/{game_id}", include_in_schema=False)
async def replay_page(game_id: str) -> FileResponse:
    """The replay viewer of a finished game."""
    return _page("replay")


@router.get("/api/catalog")
async def catalog() -> dict[str, Any]:
    """The games and the bots, with what a page needs to offer them."""
    return _catalog()


@cache
def _catalog() -> dict[str, Any]:
    return {
        "games": [_game_entry(game) for game in GAMES.values()],
        "bots": [*STRENGTHS, *BOTS],
        "default_bot": DEFAULT_BOT,
    }


def _game_entry(game: type[Game[Any, Any]]) -> dict[str, Any]:
    summary = game.summary()
    return {
        "name": game.name,
        "title": game.title,
        "blurb": game.blurb,
        "player_counts": list(game.player_counts),
        "default_players": game.default_players,
        "perfect_information": game.perfect_information,
        "options": [_option(spec) for spec in game.option_specs],
        "bots": list(BOT_LEVELS),
        "default_bot": DEFAULT_BOT,
        "rules": summary,
    }


def _option(spec: Option) -> dict[str, Json]:
    kind = "int" if spec.kind is int else "list" if spec.kind is list else "text"
    return {
        "name": spec.name,
        "label": spec.label or spec.name.replace("_", " ").capitalize(),
        "default": spec.default,
        "help": spec.help,
        "choices": list(spec.choices),
        "kind": kind,
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


@router.get("/api/games/{game_id}/replay", responses=errors(403, 404, 409))
async def replay_index(game_id: str, hall: HallDep) -> dict[str, Any]:
    """A finished game's steps as text, who took each, and its outcome: the replay's table of contents."""
    record = await hall.replay_record(game_id)
    table = await hall.table(game_id)
    game, _ = await _replayed(game_id, record)
    return {
        "id": game_id,
        "game": record.game,
        "players": record.players,
        "options": dict(record.options),
        "seats": [{"seat": row.seat, "kind": row.kind, "bot": row.bot, "joined": True} for row in table.row.seats],
        "steps": await asyncio.to_thread(_step_entries, game, record),
        "outcome": record.outcome,
    }


@router.get("/api/games/{game_id}/replay/{step}", responses=errors(400, 403, 404, 409, 422))
async def replay_step(
    game_id: str,
    step: int,
    hall: HallDep,
    seat: Annotated[Seat | None, Query(description="Whose view to show; omit for a spectator's.")] = None,
) -> dict[str, Any]:
    """The view after `step` steps of a finished game (0: the start)."""
    record = await hall.replay_record(game_id)
    game, states = await _replayed(game_id, record)
    if not 0 <= step < len(states):
        raise ServerError(f"step must be between 0 and {len(states) - 1}, got {step}")
    if seat is not None and not 0 <= seat < game.players:
        raise ServerError(f"seat must be between 0 and {game.players - 1}, got {seat}")
    return {"step": step, "seat": seat, "view": game.view(states[step], seat)}


_replays: OrderedDict[str, tuple[Game[Any, Any], list[Any]]] = OrderedDict()


async def _replayed(game_id: str, record: Record) -> tuple[Game[Any, Any], list[Any]]:
    """Every state of a finished game, kept for the last few games asked about (states are immutable).

    Replaying a long game takes a while, so it runs on a worker thread, off the event loop.
    """
    found = _replays.get(game_id)
    if found is None:
        found = await asyncio.to_thread(_replay_all, record)
        _replays[game_id] = found
        if len(_replays) > REPLAYS_KEPT:
            _replays.popitem(last=False)
    _replays.move_to_end(game_id)
    return found


def _replay_all(record: Record) -> tuple[Game[Any, Any], list[Any]]:
    game = holesome.load_record(record)
    return game, list(replay(record, game))


def _step_entries(game: Game[Any, Any], record: Record) -> list[dict[str, Any]]:
    """Who took each step of a record and what it was, in notation (a long game takes a while)."""
    return [
        {"seat": None if step.seat == CHANCE else step.seat, "text": _step_text(game, step.action)}
        for step in record.steps
    ]


def _step_text(game: Game[Any, Any], action: Json) -> str:
    """A step in words, for the replay's list (seats as "seat 3", never notation)."""
    return game.action_words(game.action_from_json(action)).words()
