"""Issue 19's attacks, each replayed from 127.0.0.1 against a live server, bounded in count and time.

Each test reproduces one attack at a small scale and shows the new behaviour: refused at once with
the bound in the answer, the event loop never held up, memory (tables, locks, counters) bounded.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import holesome
from holesome.server import Settings, create_app
from holesome.server.heads import head_timeout
from holesome.server.quotas import Limits
from holesome.server.service import Hall

from .conftest import WAIT_SECONDS, FakeTime, LiveServer, Server

log = logging.getLogger("holesome.tests.attacks")
"""What each attack measured (`pytest -o log_cli=true --log-cli-level=INFO` shows it)."""
HUMANS_2 = [{"kind": "human"}, {"kind": "human"}]
LOOP_BUDGET_SECONDS = 0.05
"""No request may hold the event loop longer than this (issue 19)."""


def _serve(tmp_path: Path, fake_time: FakeTime, **limits: Any) -> Iterator[Server]:
    settings = Settings(
        database=f"sqlite:///{tmp_path / 'attacks.db'}",
        bot_workers=1,
        bot_processes=False,
        now=fake_time,
        limits=Limits(**limits),
    )
    with LiveServer(create_app(settings)) as live:
        server = Server(live)
        # FastAPI builds its routes on their first request; a real server pays that once at start.
        assert server.client.get("/api/games/warm-up").status_code == 404
        yield server
        server.client.close()


@pytest.fixture
def guarded(tmp_path: Path, fake_time: FakeTime) -> Iterator[Server]:
    """A server with small limits, so each attack reaches them in a few requests."""
    yield from _serve(
        tmp_path,
        fake_time,
        games_per_minute=5,
        open_games=8,
        sockets_per_client=6,
        sockets_per_game=4,
        waiting_seconds=3600.0,
        idle_seconds=60.0,
        sweep_seconds=3600.0,
        spectator_push_seconds=0.3,
    )


@pytest.fixture
def roomy(tmp_path: Path, fake_time: FakeTime) -> Iterator[Server]:
    """A server whose creation quotas stay out of the way."""
    yield from _serve(tmp_path, fake_time, games_per_minute=1000, open_games=1000, sweep_seconds=3600.0)


class LoopProbe:
    """Measures, on the server's own loop, the most CPU its thread spent between two of the probe's ticks.

    CPU time of the loop's thread, not wall time: a busy machine that pauses the thread adds
    nothing, while a request that computes on the loop adds all it computes. Garbage collections
    are left out: their cost follows the whole process's heap (here, every earlier test's), not
    what a request asked for.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.stop = threading.Event()
        self.worst = 0.0
        self.ticks = 0
        self.thread: int | None = None
        self.collecting = 0.0
        self.collected = 0.0
        gc.callbacks.append(self._collection)
        self.future = asyncio.run_coroutine_threadsafe(self._run(), loop)

    def _collection(self, phase: str, _info: dict[str, int]) -> None:
        if threading.get_ident() != self.thread:
            return
        if phase == "start":
            self.collecting = time.thread_time()
        else:
            self.collected += time.thread_time() - self.collecting

    async def _run(self) -> None:
        self.thread = threading.get_ident()
        while not self.stop.is_set():
            started, collected = time.thread_time(), self.collected
            await asyncio.sleep(0.001)
            self.worst = max(self.worst, time.thread_time() - started - (self.collected - collected))
            self.ticks += 1

    def finish(self) -> float:
        self.stop.set()
        self.future.result(WAIT_SECONDS)
        gc.callbacks.remove(self._collection)
        return self.worst


# 1. Options that froze the server.


@pytest.mark.parametrize(
    ("body", "bound"),
    [
        ({"game": "donut-dilemma", "options": {"rounds": 1_000_000_000}}, "at most 20"),
        ({"game": "donut-dilemma", "options": {"rounds": 400}}, "at most 20"),
        ({"game": "donut-dilemma", "players": 3, "options": {"garnets": [100_000, 0, 0]}}, "from 0 to 20"),
        ({"game": "double-dash", "options": {"board": ["1"] + ["."] * 1998 + ["2"]}}, "at most 26 items"),
        ({"game": "honey-donut", "options": {"max_plies": 10**30}}, "at most 2000"),
    ],
)
def test_huge_options_are_refused_at_once_naming_the_bound(roomy: Server, body: dict[str, Any], bound: str) -> None:
    players = body.get("players") or holesome.GAMES[body["game"]].default_players
    response = roomy.client.post("/api/games", json={**body, "seats": [{"kind": "human"}] * players})
    assert response.status_code == 422
    assert bound in response.json()["detail"]
    assert roomy.hall.tables == {}


def test_the_largest_games_allowed_never_hold_the_event_loop(roomy: Server) -> None:
    rows = ["1" * 26] + ["." * 26] * 24 + ["2" * 26]
    largest = [
        {"game": "double-dash", "options": {"board": rows}, "seats": HUMANS_2},
        {
            "game": "donut-dilemma",
            "options": {"rounds": 20, "garnets": [20] * 10},
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 9,
        },
    ]
    probe = LoopProbe(roomy.live.loop)
    for body in largest:
        created = roomy.client.post("/api/games", json=body).json()
        roomy.look(created["id"], created["seats"][0]["token"])
        roomy.hall.tables.clear()  # the next look rebuilds the game from its log
        roomy.look(created["id"], created["seats"][0]["token"])
    worst = probe.finish()
    log.info(f"loop probe: {probe.ticks} ticks, worst {worst * 1000:.1f} ms of loop CPU between ticks")
    assert probe.ticks > 0
    assert worst < LOOP_BUDGET_SECONDS


def test_rebuilding_and_replaying_a_long_finished_game_never_holds_the_event_loop(roomy: Server) -> None:
    created = roomy.create("double-dash", ["random", "random"], seed=5)
    final = roomy.wait(created["id"], lambda message: message["status"] == "over")
    probe = LoopProbe(roomy.live.loop)
    roomy.hall.tables.clear()
    assert roomy.look(created["id"])["seq"] == final["seq"]
    index = roomy.client.get(f"/api/games/{created['id']}/replay").json()
    assert len(index["steps"]) == final["seq"]
    assert roomy.client.get(f"/api/games/{created['id']}/replay/{final['seq']}").status_code == 200
    assert roomy.client.get(f"/api/games/{created['id']}/record").status_code == 200
    worst = probe.finish()
    log.info(f"replaying {final['seq']} steps: worst {worst * 1000:.1f} ms of loop CPU between ticks")
    assert worst < LOOP_BUDGET_SECONDS


# 2. NaN and Infinity.


@pytest.mark.parametrize(
    ("path", "text"),
    [
        (
            "/api/games",
            '{"game": "honey-donut", "seats": [{"kind": "human"}], "clock": {"kind": "move", "seconds": NaN}}',
        ),
        ("/api/games", '{"game": "honey-donut", "players": Infinity, "seats": [{"kind": "human"}]}'),
        ("/api/games", '{"game": "honey-donut", "seed": -Infinity, "seats": [{"kind": "human"}]}'),
        ("/api/games/abc/actions", '{"action": NaN}'),
        ("/api/games/abc/actions", '{"action": {"line": 1}, "seq": NaN}'),
    ],
)
def test_nan_and_infinity_are_refused_with_422_and_never_echoed(roomy: Server, path: str, text: str) -> None:
    response = roomy.client.post(path, content=text, headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert "not a JSON number" in response.json()["detail"]


def test_nan_over_a_websocket_is_refused_with_422(roomy: Server) -> None:
    created = roomy.create("honey-donut", ["human", "human"])
    socket = roomy.socket(created["id"], created["seats"][0]["token"])
    assert json.loads(socket.recv(WAIT_SECONDS))["type"] == "game"
    socket.send('{"action": NaN, "seq": 0}')
    reply = json.loads(socket.recv(WAIT_SECONDS))
    socket.close()
    assert reply == {"type": "error", "status": 422, "detail": "NaN is not a JSON number: send finite numbers only"}


# 3. No quotas, no expiry, every game kept, locks left behind.


def test_one_client_creates_at_most_its_games_a_minute(guarded: Server) -> None:
    answers = [guarded.client.post("/api/games", json={"game": "honey-donut", "seats": HUMANS_2}) for _ in range(12)]
    statuses = [answer.status_code for answer in answers]
    assert statuses == [201] * 5 + [429] * 7
    assert "at most 5 new games a minute" in answers[-1].json()["detail"]


def test_one_client_keeps_at_most_its_open_games(roomy: Server) -> None:
    roomy.hall.quotas.limits = Limits(games_per_minute=1000, open_games=3)
    bodies = [{"game": "honey-donut", "seats": HUMANS_2}] * 5
    statuses = [roomy.client.post("/api/games", json=body).status_code for body in bodies]
    assert statuses == [201] * 3 + [429] * 2


def test_waiting_games_expire_and_idle_ones_leave_memory_and_come_back(guarded: Server, fake_time: FakeTime) -> None:
    waiting = guarded.create("honey-donut", ["human", "human"])
    playing = guarded.create("honey-donut", ["human", "random"])
    guarded.look(playing["id"], playing["seats"][0]["token"])
    assert set(guarded.hall.tables) == {waiting["id"], playing["id"]}
    fake_time.advance(3601.0)
    expired, released = guarded.live.run(guarded.hall.sweep())
    assert (expired, released) == (1, 2)
    assert guarded.hall.tables == {}
    refused = guarded.act(waiting["id"], waiting["seats"][0]["token"], {"line": 1, "dir": 1})
    assert refused.status_code == 409 and "expired" in refused.json()["detail"]
    back = guarded.look(playing["id"], playing["seats"][0]["token"])
    assert back["status"] == "active" and playing["id"] in guarded.hall.tables
    fake_time.advance(3601.0)
    assert guarded.live.run(guarded.hall.sweep()) == (0, 2)
    assert guarded.hall.tables == {}


def test_unknown_ids_leave_nothing_behind(roomy: Server) -> None:
    for index in range(200):
        game_id = ("x" * 2000) if index % 2 else f"nope{index}"
        assert roomy.client.get(f"/api/games/{game_id}").status_code == 404
    hall: Hall = roomy.hall
    assert hall._loading == {}
    assert hall.tables == {}


def test_a_restart_does_not_rebuild_games_still_waiting(tmp_path: Path, fake_time: FakeTime) -> None:
    for server in _serve(tmp_path, fake_time, games_per_minute=1000, open_games=1000):
        for _ in range(60):
            server.create("honey-donut", ["human", "human"], public=True)
    for server in _serve(tmp_path, fake_time):
        assert server.hall.tables == {}
        assert len(server.client.get("/api/games").json()) == 60


# 4. Connections.


def test_one_client_holds_at_most_its_websockets(guarded: Server) -> None:
    games = [guarded.create("honey-donut", ["human", "human"])["id"] for _ in range(3)]
    opened = [guarded.socket(games[index % 3], None) for index in range(10)]
    replies = [json.loads(connection.recv(WAIT_SECONDS)) for connection in opened]
    for connection in opened:
        connection.close()
    kinds = [reply["type"] for reply in replies]
    assert kinds.count("game") == 6
    refused = [reply for reply in replies if reply["type"] == "error"]
    assert len(refused) == 4 and all(reply["status"] == 429 for reply in refused)


def test_one_game_holds_at_most_its_websockets(tmp_path: Path, fake_time: FakeTime) -> None:
    for server in _serve(tmp_path, fake_time, sockets_per_game=3):
        game_id = server.create("honey-donut", ["human", "human"])["id"]
        opened = [server.socket(game_id, None) for _ in range(5)]
        kinds = [json.loads(connection.recv(WAIT_SECONDS))["type"] for connection in opened]
        for connection in opened:
            connection.close()
        assert kinds == ["game"] * 3 + ["error"] * 2


def test_a_request_head_sent_too_slowly_is_cut_off(tmp_path: Path) -> None:
    app = create_app(Settings(database=f"sqlite:///{tmp_path / 'heads.db'}", bot_workers=1, bot_processes=False))
    with LiveServer(app, http=head_timeout(0.3)) as live:
        partial = []
        for _ in range(20):
            connection = socket.create_connection(("127.0.0.1", live.port), timeout=WAIT_SECONDS)
            connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            partial.append(connection)
        started = time.monotonic()
        closed = [connection.recv(1) == b"" for connection in partial]
        waited = time.monotonic() - started
        for connection in partial:
            connection.close()
        assert all(closed)
        log.info(f"20 partial heads closed after {waited:.2f} s (timeout 0.3 s)")
        assert httpx.get(f"http://127.0.0.1:{live.port}/api/games", timeout=WAIT_SECONDS).status_code == 200


def test_spectators_get_changes_merged(guarded: Server) -> None:
    created = guarded.create("honey-donut", ["human", "human"])
    tokens = [seat["token"] for seat in created["seats"]]
    for token in tokens:
        guarded.look(created["id"], token)
    spectator = guarded.socket(created["id"], None)
    assert json.loads(spectator.recv(WAIT_SECONDS))["seq"] == 0
    moves = 10
    for _ in range(moves):
        message = guarded.look(created["id"])
        seat = message["to_act"][0]
        mine = guarded.look(created["id"], tokens[seat])
        assert guarded.act(created["id"], tokens[seat], mine["legal_actions"][0], mine["seq"]).status_code == 200
    final = guarded.look(created["id"])["seq"]
    seen: list[int] = []
    while not seen or seen[-1] < final:
        seen.append(json.loads(spectator.recv(WAIT_SECONDS))["seq"])
    spectator.close()
    log.info(f"{moves} moves, the spectator got {len(seen)} views: {seen}")
    assert len(seen) < moves


# 5. Chosen seeds.


def test_a_chosen_seed_does_not_let_the_creator_recompute_a_seats_secrets(roomy: Server) -> None:
    game = holesome.load("go-nuts", 3)
    offline = game.view(game.start(7), 0)
    views = []
    for _ in range(2):
        created = roomy.create("go-nuts", ["human", "random", "random"], players=3, seed=7)
        views.append(roomy.look(created["id"], created["seats"][0]["token"])["view"])
    assert all(view != json.loads(json.dumps(offline)) for view in views)
    assert views[0] != views[1]


# 6. Secrets in finished records.


def test_a_donut_dilemma_record_shows_only_its_public_ending_and_the_seats_own_steps(roomy: Server) -> None:
    created = roomy.create("donut-dilemma", ["human", "random", "random"], players=3, options={"rounds": 1})
    token = created["seats"][0]["token"]
    roomy.look(created["id"], token)
    seen = roomy.play_out(created, random.Random(3))
    final = seen[-1]
    public = roomy.client.get(f"/api/games/{created['id']}/record").json()
    assert public["format"] == "holesome-ending"
    assert "seed" not in public and public["actions"] == []
    assert public["public"]["final"]["scores"] == final["view"]["final"]["scores"]
    assert public["public"]["me"] is None
    mine = roomy.client.get(f"/api/games/{created['id']}/record", headers={"Authorization": f"Bearer {token}"}).json()
    assert mine["seat"] == 0 and mine["actions"]
    assert {step["seat"] for step in mine["actions"]} == {0}
    refused = roomy.client.get(f"/api/games/{created['id']}/replay")
    assert refused.status_code == 403 and "secret" in refused.json()["detail"]


# 7. Lobby joins and invites.


def test_a_lobby_join_never_takes_a_seat_kept_for_a_friend(roomy: Server) -> None:
    body = {"game": "honey-donut", "public": True, "seats": [{"kind": "human", "lobby": False}, {"kind": "human"}]}
    created = roomy.client.post("/api/games", json=body).json()
    listed = roomy.client.get("/api/games").json()
    assert [game["open_seats"] for game in listed] == [[1]]
    joined = roomy.client.post(f"/api/games/{created['id']}/join")
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    again = roomy.client.post(f"/api/games/{created['id']}/join")
    assert again.status_code == 409
    friend = roomy.look(created["id"], created["seats"][0]["token"])
    assert friend["seat"] == 0 and friend["status"] == "active"


# 8. The OpenAPI document and the error shape.


def test_the_document_lists_the_refusals_and_a_rules_error_has_the_one_detail_shape(roomy: Server) -> None:
    document = roomy.client.get("/openapi.json").json()
    act = document["paths"]["/api/games/{game_id}/actions"]["post"]["responses"]
    assert {"401", "403", "404", "409", "413", "422"} <= set(act)
    assert act["409"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
    created = roomy.create("honey-donut", ["human", "human"])
    token = created["seats"][0]["token"]
    roomy.look(created["id"], created["seats"][1]["token"])
    legal = roomy.look(created["id"], token)["legal_actions"]
    illegal = next(action for action in ({"line": line, "dir": 1} for line in range(30)) if action not in legal)
    refused = roomy.act(created["id"], token, illegal)
    assert refused.status_code in (409, 422) and isinstance(refused.json()["detail"], str)
    invalid = roomy.client.post("/api/games", json={"game": "honey-donut", "seats": "many"})
    assert invalid.status_code == 422 and isinstance(invalid.json()["detail"], str)
    assert "many" not in invalid.json()["detail"]
