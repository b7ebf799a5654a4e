"""The HTTP API: create, join, look, act, and read a finished game's record.

Every answer about a game is built by `game_message` from the caller's own view; the token in
`Authorization: Bearer TOKEN` picks the seat, and no token means a spectator.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Query, Request

from holesome.core.game import Json, Seat
from holesome.server.errors import NotYourSeat, Unauthorized
from holesome.server.messages import game_message
from holesome.server.schemas import Accepted, CreatedGame, CreateGame, Joined, LobbyGame, SeatInvite, SubmitAction
from holesome.server.service import HUMAN, Hall
from holesome.server.tables import Table

router = APIRouter(prefix="/api")
LOBBY_SIZE = 100


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


def play_url(request: Request, game_id: str, token: str | None = None) -> str:
    """A link to the game; a seat's token rides in the fragment, which browsers never send or log."""
    base = f"{str(request.base_url).rstrip('/')}/play/{game_id}"
    return base if token is None else f"{base}#token={token}"


@router.post("/games", status_code=201, response_model=CreatedGame)
async def create_game(body: CreateGame, request: Request, hall: HallDep) -> CreatedGame:
    """Create a game; the answer holds each human seat's token, shown only this once."""
    table, seat_tokens = await hall.create(
        name=body.game,
        players=body.players,
        options=body.options,
        seats=[(seat.kind, seat.bot) for seat in body.seats],
        seed=body.seed,
        clock=body.clock.model_dump(mode="json"),
        public=body.public,
    )
    game_id = table.row.id
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


@router.get("/games", response_model=list[LobbyGame])
async def lobby(
    hall: HallDep,
    status: Annotated[
        Literal["waiting", "active", "over"],
        Query(description="waiting: open to join; active: running, to watch; over: finished, to replay."),
    ] = "waiting",
) -> list[LobbyGame]:
    """Public games, newest first: by default those waiting for players."""
    return [_lobby_entry(table) for table in await hall.lobby(LOBBY_SIZE, status)]


@router.post("/games/{game_id}/join", response_model=Joined)
async def join(game_id: str, request: Request, hall: HallDep) -> Joined:
    """Take the first open seat of a public game."""
    seat, token = await hall.claim(game_id)
    return Joined(id=game_id, seat=seat, token=token, url=play_url(request, game_id, token))


@router.get("/games/{game_id}")
async def look(game_id: str, hall: HallDep, authorization: AuthHeader = None) -> dict[str, Any]:
    """The caller's view, who is to act, its legal actions and the outcome once there is one."""
    table = await hall.table(game_id)
    seat = await hall.seat_for(table, bearer(authorization))
    return game_message(table, seat, hall.now())


@router.post("/games/{game_id}/actions", response_model=Accepted)
async def act(game_id: str, body: SubmitAction, hall: HallDep, authorization: AuthHeader = None) -> Accepted:
    """Play an action for the token's seat; it is logged before this answers."""
    table = await hall.table(game_id)
    seat = await seat_or_refuse(hall, table, bearer(authorization))
    await hall.act(table, seat, body.action, body.seq)
    return Accepted(seq=table.seq, status=table.status)


@router.get("/games/{game_id}/record")
async def record(game_id: str, hall: HallDep) -> Json:
    """The full record of a finished game, seed included, for replay."""
    return (await hall.record(game_id)).to_json()


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
        open_seats=[row.seat for row in table.row.seats if row.kind == HUMAN and row.joined_at is None],
        clock=table.row.clock,
        status=table.status,
        seq=table.seq,
    )
