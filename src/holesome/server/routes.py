"""The HTTP API: create, join, look, act, and read a finished game's record.

Every answer about a game is built by `game_message` from the caller's own view; the token in
`Authorization: Bearer TOKEN` picks the seat, and no token means a spectator.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request

from holesome.core.game import Json, Seat
from holesome.server.errors import NotYourSeat, ServerError, Unauthorized
from holesome.server.messages import game_message
from holesome.server.schemas import (
    Accepted,
    CreatedGame,
    CreateGame,
    Joined,
    LobbyGame,
    Naming,
    SeatInvite,
    SubmitAction,
)
from holesome.server.service import Hall, lobby_seats
from holesome.server.tables import Table
from holesome.server.web_errors import errors

router = APIRouter(prefix="/api")
LOBBY_SIZE = 100
ENDING_FORMAT = "holesome-ending"
"""The record of a game whose end keeps secrets: its public ending, and the caller's own steps."""


def hall(request: Request) -> Hall:
    """The hall this application serves."""
    found: Hall = request.app.state.hall
    return found


HallDep = Annotated[Hall, Depends(hall)]
AuthHeader = Annotated[str | None, Header(description="`Bearer TOKEN`; omit to look on as a spectator.")]


def bearer(authorization: str | None) -> str | None:
    """The token in an Authorization header, None if there is no header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must be `Bearer TOKEN`")
    return token.strip()


def client_of(request: Request) -> str:
    """Who is asking, for per-client limits: the peer's address (a proxy's forwarded one, if trusted)."""
    return request.client.host if request.client is not None else "unknown"


def play_url(request: Request, game_id: str, token: str | None = None) -> str:
    """A link to the game; a seat's token rides in the fragment, which browsers never send or log."""
    base = f"{str(request.base_url).rstrip('/')}/play/{game_id}"
    return base if token is None else f"{base}#token={token}"


@router.post("/games", status_code=201, response_model=CreatedGame, responses=errors(409, 413, 422, 429))
async def create_game(body: CreateGame, request: Request, hall: HallDep) -> CreatedGame:
    """Create a game; the answer holds each human seat's token, shown only this once."""
    client = client_of(request)
    hall.quotas.may_create(client)
    table, seat_tokens = await hall.create(
        name=body.game,
        players=body.players,
        options=body.options,
        seats=[(seat.kind, seat.bot) for seat in body.seats],
        seed=body.seed,
        clock=body.clock.model_dump(mode="json"),
        public=body.public,
        lobby=[seat.lobby for seat in body.seats],
        names=[seat.name for seat in body.seats],
    )
    game_id = table.row.id
    hall.quotas.created(client, game_id)
    return CreatedGame(
        id=game_id,
        seats=[
            SeatInvite(
                seat=seat,
                kind=table.row.seats[seat].kind,
                token=token,
                url=None if token is None else play_url(request, game_id, token),
            )
            for seat, token in enumerate(seat_tokens)
        ],
        spectator_url=play_url(request, game_id),
    )


@router.get("/games", response_model=list[LobbyGame], responses=errors(422))
async def lobby(
    hall: HallDep,
    status: Annotated[
        Literal["waiting", "active", "over"],
        Query(description="waiting: open to join; active: running, to watch; over: finished, to replay."),
    ] = "waiting",
) -> list[LobbyGame]:
    """Public games, newest first: by default those waiting for players."""
    return [_lobby_entry(table) for table in await hall.lobby(LOBBY_SIZE, status)]


@router.post("/games/{game_id}/join", response_model=Joined, responses=errors(403, 404, 409, 422))
async def join(game_id: str, request: Request, hall: HallDep, body: Naming | None = None) -> Joined:
    """Take the first seat of a public game open to the lobby, under a display name if given."""
    seat, token = await hall.claim(game_id, None if body is None else body.name)
    return Joined(id=game_id, seat=seat, token=token, url=play_url(request, game_id, token))


@router.get("/games/{game_id}", responses=errors(401, 403, 404, 422))
async def look(game_id: str, hall: HallDep, authorization: AuthHeader = None) -> dict[str, Any]:
    """The caller's view, who is to act, its legal actions and the outcome once there is one."""
    table = await hall.table(game_id)
    seat = await hall.seat_for(table, bearer(authorization))
    return game_message(table, seat, hall.now())


@router.post("/games/{game_id}/actions", response_model=Accepted, responses=errors(401, 403, 404, 409, 413, 422))
async def act(game_id: str, body: SubmitAction, hall: HallDep, authorization: AuthHeader = None) -> Accepted:
    """Play an action for the token's seat; it is logged before this answers."""
    table = await hall.table(game_id)
    seat = await seat_or_refuse(hall, table, bearer(authorization))
    await hall.act(table, seat, body.action, body.seq)
    return Accepted(seq=table.seq, status=table.status)


@router.put("/games/{game_id}/name", response_model=Naming, responses=errors(400, 401, 403, 404, 413, 422))
async def name(game_id: str, body: Naming, hall: HallDep, authorization: AuthHeader = None) -> Naming:
    """Set the display name of the token's seat (everyone at the game sees it)."""
    if body.name is None:
        raise ServerError("give a name")
    table = await hall.table(game_id)
    seat = await seat_or_refuse(hall, table, bearer(authorization))
    await hall.name(table, seat, body.name)
    return body


@router.post("/games/{game_id}/rematch", response_model=Joined, responses=errors(401, 403, 404, 409, 422))
async def rematch(game_id: str, request: Request, hall: HallDep, authorization: AuthHeader = None) -> Joined:
    """Play a finished game again: the same seats, options and clock, a new seed.

    The first player to ask creates the rematch; each player then gets their own seat in it with
    a new token (bots rejoin by themselves). The old game's message names the rematch's id.
    """
    table = await hall.table(game_id)
    seat = await seat_or_refuse(hall, table, bearer(authorization))
    rematch, token = await hall.rematch(table, seat)
    return Joined(id=rematch.row.id, seat=seat, token=token, url=play_url(request, rematch.row.id, token))


@router.get("/games/{game_id}/record", responses=errors(401, 403, 404, 409, 422))
async def record(game_id: str, hall: HallDep, authorization: AuthHeader = None) -> Json:
    """A finished game's public record: what the game's end makes public (`Game.public_at_end`).

    A game whose end reveals everything gives its full record, seed included, for replay. Any
    other gives its public ending (`"format": "holesome-ending"`): the final public view and the
    outcome, plus, for a seat's token, that seat's own steps.
    """
    full = await hall.record(game_id)
    table = await hall.table(game_id)
    public = table.game.public_at_end(table.match.state)
    if public is None:
        return full.to_json()
    seat = await hall.seat_for(table, bearer(authorization))
    return {
        "format": ENDING_FORMAT,
        "format_version": 1,
        "game": full.game,
        "rules_version": full.rules_version,
        "players": full.players,
        "options": dict(full.options),
        "public": public,
        "outcome": full.outcome,
        "seat": seat,
        "actions": [
            {"seq": seq, "seat": step.seat, "action": step.action}
            for seq, step in enumerate(full.steps)
            if seat is not None and step.seat == seat
        ],
    }


async def seat_or_refuse(hall: Hall, table: Table, token: str | None) -> Seat:
    """The token's seat; a spectator (no token) may not act."""
    seat = await hall.seat_for(table, token)
    if seat is None:
        raise NotYourSeat("spectators cannot act: send the seat's token as `Authorization: Bearer TOKEN`")
    return seat


def _lobby_entry(table: Table) -> LobbyGame:
    return LobbyGame(
        id=table.row.id,
        game=table.row.game,
        players=table.row.players,
        options=table.row.options,
        open_seats=lobby_seats(table),
        clock=table.row.clock,
        status=table.status,
        seq=table.seq,
    )
