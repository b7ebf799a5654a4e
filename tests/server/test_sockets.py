"""The WebSocket: views pushed after every change, reconnects, spectators, actions and errors."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

import holesome

from .conftest import WAIT_SECONDS, Server

MAX_MESSAGES = 10_000


def _next_game(socket: ClientConnection) -> dict[str, Any]:
    """The next pushed view. An action the client chose from a view that other seats' moves had
    already overtaken (its own earlier choice was applied meanwhile, or ended the game) is refused
    (409), changing nothing; the client then acts on the newer view it is about to read."""
    for _ in range(MAX_MESSAGES):
        message: dict[str, Any] = json.loads(socket.recv(WAIT_SECONDS))
        if message["type"] == "game":
            return message
        late = ("choice was not played", "is over")
        if message["type"] == "error" and message["status"] == 409 and any(why in message["detail"] for why in late):
            continue
        assert message["type"] == "accepted", message
    raise AssertionError("no view arrived")


def _reply(socket: ClientConnection) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(socket.recv(WAIT_SECONDS))
    return reply


@pytest.mark.parametrize("name", sorted(holesome.GAMES))
def test_full_game_over_sockets_with_a_reconnect_and_a_spectator(server: Server, name: str) -> None:
    players = holesome.GAMES[name].default_players
    created = server.create(name, ["human"] + ["random"] * (players - 1), seed=21)
    game_id = created["id"]
    human = created["seats"][0]["token"]
    rng = random.Random(2)
    seen: list[dict[str, Any]] = []
    spectator = server.socket(game_id, None)
    socket = server.socket(game_id, human)
    moves = 0
    message = _next_game(socket)
    for _ in range(MAX_MESSAGES):
        seen.append(message)
        if message["status"] == "over":
            break
        if 0 in message["to_act"]:
            socket.send(json.dumps({"action": rng.choice(message["legal_actions"]), "seq": message["seq"]}))
            moves += 1
        if moves == 3:
            socket.close()
            socket = server.socket(game_id, human)
            moves += 1
        message = _next_game(socket)
    assert message["status"] == "over"
    socket.close()
    last_seen = _next_game(spectator)
    while last_seen["status"] != "over":
        last_seen = _next_game(spectator)
    seen.append(last_seen)
    spectator.close()

    record = server.live.run(server.hall.record(game_id))  # the full record, read inside the server
    game = holesome.load_record(record)
    states = list(holesome.replay(record, game))
    for message in seen:
        assert message["view"] == json.loads(json.dumps(game.view(states[message["seq"]], message["seat"])))
    assert last_seen["seat"] is None
    assert last_seen["seq"] == len(states) - 1


def test_a_view_follows_every_change_made_elsewhere(server: Server) -> None:
    created = server.create("honey-donut", ["human", "human"])
    first, second = (seat["token"] for seat in created["seats"])
    server.look(created["id"], first)
    with server.socket(created["id"], second) as socket:
        assert _next_game(socket)["seq"] == 0
        legal = server.look(created["id"], first)["legal_actions"]
        assert server.act(created["id"], first, legal[0]).status_code == 200
        update = _next_game(socket)
        assert update["seq"] == 1
        assert update["to_act"] == [1]
        assert update["legal_actions"]


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("not json", "bad JSON"),
        ("[1, 2]", "JSON object"),
        ('{"seq": 0}', "expected"),
        ('{"action": {"line": 99, "dir": 1}}', "no such action"),
        ('{"action": {"line": 0, "dir": 1}, "seq": 7}', "has not happened yet"),
    ],
)
def test_bad_socket_messages_get_an_error_and_change_nothing(server: Server, message: str, words: str) -> None:
    created = server.create("honey-donut", ["human", "random"])
    token = created["seats"][0]["token"]
    with server.socket(created["id"], token) as socket:
        before = _next_game(socket)
        socket.send(message)
        reply = _reply(socket)
        assert reply["type"] == "error"
        assert 400 <= reply["status"] < 500
        assert words in reply["detail"]
        assert server.look(created["id"])["seq"] == before["seq"]


def test_spectators_cannot_act_over_the_socket(server: Server) -> None:
    created = server.create("honey-donut", ["human", "human"])
    for seat in created["seats"]:
        server.look(created["id"], seat["token"])
    with server.socket(created["id"], None) as socket:
        before = _next_game(socket)
        socket.send(json.dumps({"action": {"line": 0, "dir": 1}}))
        reply = _reply(socket)
        assert reply == {"type": "error", "status": 403, "detail": "spectators cannot act"}
        assert server.look(created["id"])["seq"] == before["seq"]


@pytest.mark.parametrize(("hello", "status"), [({"token": "forged"}, 403), ({"token": 5}, 403)])
def test_a_bad_hello_is_refused_and_closed(server: Server, hello: dict[str, Any], status: int) -> None:
    created = server.create("honey-donut", ["human", "random"])
    url = f"ws://127.0.0.1:{server.live.port}/api/games/{created['id']}/ws"
    with connect(url) as socket:
        socket.send(json.dumps(hello))
        reply = _reply(socket)
        assert reply["type"] == "error"
        assert reply["status"] == status


def test_a_socket_to_an_unknown_game_is_refused(server: Server) -> None:
    with server.socket("nope", None) as socket:
        reply = _reply(socket)
        assert reply["status"] == 404
        assert "no game with id" in reply["detail"]
