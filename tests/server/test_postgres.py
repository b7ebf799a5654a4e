"""Two `holesome serve` processes on one PostgreSQL database serve one game (LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
from websockets.sync.client import connect

import holesome
from holesome.core.record import Record

from .conftest import WAIT_SECONDS, ServerProcess

MAX_STEPS = 2000


def _get(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = httpx.get(f"{base}/api/games/{game_id}", headers=headers, timeout=WAIT_SECONDS)
    assert response.status_code == 200, response.text
    message: dict[str, Any] = response.json()
    return message


def test_two_processes_serve_one_game_and_push_each_others_moves(postgres_database: str) -> None:
    first = ServerProcess(postgres_database).start()
    second = ServerProcess(postgres_database).start()
    try:
        created = httpx.post(
            f"{first.base}/api/games",
            json={"game": "honey-donut", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 9},
            timeout=WAIT_SECONDS,
        ).json()
        game_id = created["id"]
        token = created["seats"][0]["token"]
        rng = random.Random(4)
        servers = (first, second)
        with connect(f"ws://127.0.0.1:{second.port}/api/games/{game_id}/ws", open_timeout=WAIT_SECONDS) as socket:
            socket.send(json.dumps({"token": None}))
            spectated = json.loads(socket.recv(WAIT_SECONDS))
            assert spectated["seq"] == 0
            for step in range(MAX_STEPS):
                via = servers[step % 2]
                message = _get(via.base, game_id, token)
                if message["status"] == "over":
                    break
                if 0 not in message["to_act"]:
                    continue
                response = httpx.post(
                    f"{via.base}/api/games/{game_id}/actions",
                    json={"action": rng.choice(message["legal_actions"]), "seq": message["seq"]},
                    headers={"Authorization": f"Bearer {token}"},
                    timeout=WAIT_SECONDS,
                )
                assert response.status_code in (200, 409), response.text
                if response.status_code == 200 and via is first:
                    while spectated["seq"] < response.json()["seq"]:
                        spectated = json.loads(socket.recv(WAIT_SECONDS))
                    assert spectated["type"] == "game"
            while spectated["status"] != "over":
                spectated = json.loads(socket.recv(WAIT_SECONDS))
        records = [
            httpx.get(f"{server.base}/api/games/{game_id}/record", timeout=WAIT_SECONDS).json() for server in servers
        ]
        assert records[0] == records[1]
        record = Record.from_json(records[0])
        states = list(holesome.replay(record, holesome.load_record(record)))
        assert len(states) == spectated["seq"] + 1
    finally:
        first.stop()
        second.stop()
