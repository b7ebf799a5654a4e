"""Shared fixtures for the server tests: an app on a temporary SQLite file, driven in-process."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import psycopg
import pytest
import uvicorn
from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from holesome.server import Settings, create_app
from holesome.server.service import Hall

T = TypeVar("T")

POLL_SECONDS = 0.005
WAIT_SECONDS = 20.0


class FakeTime:
    """A clock the test moves by hand, so clock tests never sleep."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.moment = start

    def __call__(self) -> float:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += seconds


class LiveServer:
    """A real uvicorn server on a loopback port, in a thread with its own event loop."""

    def __init__(self, app: FastAPI, **config: Any) -> None:
        self.app = app
        self.uvicorn = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", **config))
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.uvicorn.serve(),), daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + WAIT_SECONDS
        while not self.uvicorn.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "the test server did not start"
            time.sleep(POLL_SECONDS)
        return self

    def __exit__(self, *_: object) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(WAIT_SECONDS)

    @property
    def port(self) -> int:
        port: int = self.uvicorn.servers[0].sockets[0].getsockname()[1]
        return port

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the server's event loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(WAIT_SECONDS)


class Server:
    """A client of a live server, with helpers to create games and play them through the API."""

    def __init__(self, live: LiveServer) -> None:
        self.live = live
        self.base = f"http://127.0.0.1:{live.port}"
        self.client = httpx.Client(base_url=self.base, timeout=WAIT_SECONDS)

    @property
    def hall(self) -> Hall:
        hall: Hall = self.live.app.state.hall
        return hall

    def socket(self, game_id: str, token: str | None) -> ClientConnection:
        """A WebSocket to a game that has said hello with `token` (None: a spectator)."""
        url = f"ws://127.0.0.1:{self.live.port}/api/games/{game_id}/ws"
        connection = connect(url, open_timeout=WAIT_SECONDS, close_timeout=1).__enter__()
        connection.send(json.dumps({"token": token}))
        return connection

    def create(self, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        """Create a game: `seats` are "human" or a bot's name."""
        body = {
            "game": game,
            "seats": [{"kind": "human"} if kind == "human" else {"kind": "bot", "bot": kind} for kind in seats],
            **extra,
        }
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def look(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        response = self.client.get(f"/api/games/{game_id}", headers=headers)
        assert response.status_code == 200, response.text
        message: dict[str, Any] = response.json()
        return message

    def act(self, game_id: str, token: str, action: Any, seq: int | None = None) -> Any:
        body: dict[str, Any] = {"action": action} if seq is None else {"action": action, "seq": seq}
        return self.client.post(
            f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {token}"}
        )

    def wait(self, game_id: str, until: Callable[[dict[str, Any]], bool], token: str | None = None) -> dict[str, Any]:
        """Poll the game until `until(message)` holds (bots think in the background)."""
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            message = self.look(game_id, token)
            if until(message):
                return message
            assert time.monotonic() < deadline, f"game {game_id} stuck at {message['seq']}: {message['to_act']}"
            time.sleep(POLL_SECONDS)

    def play_out(self, created: dict[str, Any], rng: random.Random, max_steps: int = 5000) -> list[dict[str, Any]]:
        """Play the human seats at random until the game ends; returns every message seen (spectator's too)."""
        game_id = created["id"]
        humans = {seat["seat"]: seat["token"] for seat in created["seats"] if seat["token"] is not None}
        seen: list[dict[str, Any]] = []
        for _ in range(max_steps):
            message = self.wait(game_id, lambda m: m["status"] == "over" or bool(set(m["to_act"]) & set(humans)))
            seen.append(message)
            seen.append(self.look(game_id))
            if message["status"] == "over":
                return seen
            seat = min(set(message["to_act"]) & set(humans))
            mine = self.look(game_id, humans[seat])
            seen.append(mine)
            if seat not in mine["to_act"]:
                continue
            response = self.act(game_id, humans[seat], rng.choice(mine["legal_actions"]), mine["seq"])
            assert response.status_code in (200, 409), response.text
        raise AssertionError(f"game {game_id} did not end in {max_steps} steps")


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'holesome.db'}"


def live_app(database: str, now: Callable[[], float]) -> FastAPI:
    """A server app for tests: bots think in one thread, time comes from `now`."""
    return create_app(Settings(database=database, bot_workers=1, bot_processes=False, now=now))


@pytest.fixture
def server(database: str, fake_time: FakeTime) -> Iterator[Server]:
    with LiveServer(live_app(database, fake_time)) as live:
        server = Server(live)
        yield server
        server.client.close()


def free_port() -> int:
    """A loopback port that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """`holesome serve` in a real subprocess on a loopback port, to be killed and restarted."""

    def __init__(self, database: str, port: int | None = None) -> None:
        self.database = database
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [
            str(Path(sys.executable).parent / "holesome"),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database",
            self.database,
            "--bot-workers",
            "1",
        ]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
        )
        deadline = time.monotonic() + WAIT_SECONDS * 3
        while True:
            assert self.process.poll() is None, self.process.stderr.read().decode() if self.process.stderr else ""
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "holesome serve did not come up"
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL to the server and its bot workers: no shutdown code runs, as in a crash."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(WAIT_SECONDS)
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(WAIT_SECONDS)
            self.kill()


SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A real PostgreSQL server on a loopback port, installed and started by `scripts/postgres.sh`."""
    directory = Path(tempfile.mkdtemp(prefix="holesome-pg-"))
    directory.chmod(0o755)
    script = str(SCRIPTS / "postgres.sh")
    started = subprocess.run(
        [script, "start", str(directory), str(free_port())], capture_output=True, text=True, check=False
    )
    assert started.returncode == 0, started.stderr
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run([script, "stop", str(directory)], capture_output=True, check=False)
        shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def postgres_database(postgres_url: str) -> str:
    """A fresh, empty database on the test PostgreSQL server, as a URL."""
    name = f"t{uuid.uuid4().hex}"
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return postgres_url.rsplit("/", 1)[0] + f"/{name}"
