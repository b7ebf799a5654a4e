"""Crash test: SIGKILL a real `holesome serve` mid-game; after a restart nothing acknowledged is lost."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import httpx

from .conftest import WAIT_SECONDS, ServerProcess

KILLS = 2
MOVES_BETWEEN_KILLS = 4
MAX_STEPS = 2000


def _get(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    response = httpx.get(f"{base}/api/games/{game_id}", headers=headers, timeout=WAIT_SECONDS)
    assert response.status_code == 200, response.text
    message: dict[str, Any] = response.json()
    return message


def test_a_killed_server_restarts_with_every_acknowledged_action(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'crash.db'}").start()
    try:
        created = httpx.post(
            f"{server.base}/api/games",
            json={"game": "honey-donut", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4},
            timeout=WAIT_SECONDS,
        ).json()
        game_id = created["id"]
        tokens = [seat["token"] for seat in created["seats"]]
        for token in tokens:
            _get(server.base, game_id, token)
        rng = random.Random(8)
        acknowledged: list[object] = []
        kills = 0
        for _ in range(MAX_STEPS):
            message = _get(server.base, game_id)
            if message["status"] == "over":
                break
            seat = message["to_act"][0]
            mine = _get(server.base, game_id, tokens[seat])
            action = rng.choice(mine["legal_actions"])
            response = httpx.post(
                f"{server.base}/api/games/{game_id}/actions",
                json={"action": action, "seq": mine["seq"]},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
                timeout=WAIT_SECONDS,
            )
            assert response.status_code == 200, response.text
            acknowledged.append(action)
            if kills < KILLS and len(acknowledged) % MOVES_BETWEEN_KILLS == 0:
                server.kill()
                kills += 1
                server.start()
                assert _get(server.base, game_id)["seq"] == len(acknowledged)
        assert kills == KILLS
        record = httpx.get(f"{server.base}/api/games/{game_id}/record", timeout=WAIT_SECONDS).json()
        assert [step["action"] for step in record["actions"]] == acknowledged
    finally:
        server.stop()
