"""The WebSocket per seat or spectator: the current view on connect and after every change.

Protocol (JSON text frames):
- the client's first message is `{"token": TOKEN}` for a seat or `{"token": null}` to spectate
  (a token never goes in the URL, where proxies and access logs would keep it);
- the server then sends `{"type": "game", ...}` (the same message as `GET /api/games/{id}`) at
  once and after every change; fast changes are coalesced, so it is always the newest view;
- the client may send `{"action": ACTION_JSON, "seq": N}`; the server answers
  `{"type": "accepted", "seq": ...}` or `{"type": "error", "status": ..., "detail": ...}`.
A client that reconnects simply starts again and gets the current view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from holesome.core.errors import HolesomeError
from holesome.core.game import Seat
from holesome.server.errors import NotYourSeat, ServerError, TooMany, Unprocessable
from holesome.server.limits import MAX_BODY_BYTES, NotStrictJson, loads_strict
from holesome.server.messages import game_text
from holesome.server.service import Hall
from holesome.server.tables import Table
from holesome.server.web_errors import error_status

router = APIRouter(prefix="/api")
HELLO_SECONDS = 10.0
REFUSED_HELLO_SECONDS = 1.0
"""How long a socket refused by a limit is held open for its hello, so the refusal reaches it."""
POLICY_VIOLATION = 1008


@router.websocket("/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    """Serve one seat's (or a spectator's) live connection to a game."""
    hall: Hall = websocket.app.state.hall
    await websocket.accept()
    client = websocket.client.host if websocket.client is not None else "unknown"
    try:
        hall.quotas.open_socket(client, game_id)
    except TooMany as error:
        # Read the hello before closing, as below, so the refusal is not lost to a reset.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.receive_text(), REFUSED_HELLO_SECONDS)
        await _close_with(websocket, error)
        return
    try:
        await _open(websocket, hall, game_id)
    finally:
        hall.quotas.close_socket(client, game_id)


async def _open(websocket: WebSocket, hall: Hall, game_id: str) -> None:
    """Read the hello, find the game and the seat, then serve until the client hangs up."""
    try:
        # The hello is read first, even for an unknown game: closing with a client message still
        # unread makes the kernel reset the connection, and the client could lose the error reply.
        hello = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
        table = await hall.table(game_id)
        token = hello.get("token")
        if token is not None and not isinstance(token, str):
            raise NotYourSeat('the first message must be {"token": TOKEN} or {"token": null}')
        seat = await hall.seat_for(table, token)
    except (ServerError, HolesomeError, TimeoutError) as error:
        await _close_with(websocket, error)
        return
    except WebSocketDisconnect:
        return
    await _serve(websocket, hall, table, seat)


async def _serve(websocket: WebSocket, hall: Hall, table: Table, seat: Seat | None) -> None:
    changed = asyncio.Event()
    changed.set()
    table.watchers.add(changed)
    sender = asyncio.create_task(_send_views(websocket, hall, table, seat, changed))
    try:
        while True:
            try:
                message = await _receive(websocket)
            except ServerError as error:
                await websocket.send_json({"type": "error", "status": int(error.status), "detail": str(error)})
                continue
            await websocket.send_json(await _handle(hall, table, seat, message))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.watchers.discard(changed)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
            await sender


async def _send_views(
    websocket: WebSocket, hall: Hall, table: Table, seat: Seat | None, changed: asyncio.Event
) -> None:
    """Send the newest view after each change; a spectator's at most once per `spectator_push_seconds`.

    Changes that come while a view is on its way (or a spectator waits for its next turn) are
    merged into one. A spectator waits only when changes come faster than that.
    """
    loop = asyncio.get_running_loop()
    pause = hall.limits.spectator_push_seconds if seat is None else 0.0
    sent = -pause
    while True:
        await changed.wait()
        if pause and (wait := sent + pause - loop.time()) > 0:
            await asyncio.sleep(wait)
        changed.clear()
        await websocket.send_text(game_text(table, seat, hall.now()))
        sent = loop.time()


async def _handle(hall: Hall, table: Table, seat: Seat | None, message: dict[str, Any]) -> dict[str, Any]:
    try:
        if seat is None:
            raise NotYourSeat("spectators cannot act")
        if "action" not in message:
            raise ServerError('expected {"action": ACTION_JSON, "seq": N}')
        seq = message.get("seq")
        if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
            raise ServerError("seq must be a whole number")
        await hall.act(table, seat, message["action"], seq)
    except (ServerError, HolesomeError) as error:
        return {"type": "error", "status": int(error_status(error)), "detail": str(error)}
    return {"type": "accepted", "seq": table.seq, "status": table.status}


async def _receive(websocket: WebSocket) -> dict[str, Any]:
    text = await websocket.receive_text()
    if len(text) > MAX_BODY_BYTES:
        raise ServerError(f"message too large: at most {MAX_BODY_BYTES} bytes")
    try:
        data = loads_strict(text)
    except NotStrictJson as error:
        raise Unprocessable(str(error)) from None
    except json.JSONDecodeError as error:
        raise ServerError(f"bad JSON: {error}") from None
    if not isinstance(data, dict):
        raise ServerError("each message must be a JSON object")
    return data


async def _close_with(websocket: WebSocket, error: Exception) -> None:
    detail = "no hello in time" if isinstance(error, TimeoutError) else str(error)
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.send_json({"type": "error", "status": int(error_status(error)), "detail": detail})
        await websocket.close(POLICY_VIOLATION)
