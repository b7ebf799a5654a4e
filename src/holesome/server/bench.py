"""`holesome bench server`: concurrent games over WebSockets on loopback, timed end to end.

A real `holesome serve` runs in a subprocess on a temporary SQLite file. The bench creates
`games` two-seat Honey Donut games over HTTP and connects `clients` WebSocket clients in all
(two seats per game, the rest spectators). Seats play random legal moves over their sockets.
Each submit is timed until every client of that game has received a view at least that new:
one latency sample per client per move. Every game stops after `moves` moves (or its end), so
the run is bounded.

By default seats answer at once, so the server is saturated and latency is mostly queueing
(200 games each with an action in flight). `think` makes each seat wait before it submits, like a
player: a random pause averaging `think` seconds (so games do not move in lockstep), and
latency then shows the server's response at a steady load. The CPU
time that the server and the bench's clients spent during play is reported per action, a
figure that depends far less than latency on whatever else the machine is running.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from holesome.core.game import Json

SEATS = 2
START_SECONDS = 120.0
RECEIVE_SECONDS = 30.0
PERCENT = 100


@dataclass(frozen=True)
class ServerBench:
    """What a server bench measured."""

    games: int
    clients: int
    actions: int
    seconds: float
    latencies: tuple[float, ...]
    think: float = 0.0
    server_cpu: float | None = None
    """CPU seconds the server process used during play (None where /proc cannot tell)."""
    client_cpu: float = 0.0
    """CPU seconds the bench's own clients used during play."""

    @property
    def actions_per_second(self) -> float:
        """Accepted actions per second of wall time, all games together."""
        return self.actions / self.seconds if self.seconds else 0.0

    def percentile(self, percent: float) -> float:
        """A latency percentile in milliseconds (submit to a client's update)."""
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        index = min(len(ordered) - 1, round(percent / PERCENT * (len(ordered) - 1)))
        return ordered[index] * 1000

    def to_json(self) -> Json:
        """The figures as JSON."""
        return {
            "games": self.games,
            "clients": self.clients,
            "actions": self.actions,
            "think_seconds": self.think,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions_per_second, 1),
            "cpu_ms_per_action": {
                "server": None if self.server_cpu is None else round(self._per_action(self.server_cpu), 3),
                "clients": round(self._per_action(self.client_cpu), 3),
            },
            "latency_ms": {
                "p50": round(self.percentile(50), 2),
                "p99": round(self.percentile(99), 2),
                "mean": round(statistics.fmean(self.latencies) * 1000, 2) if self.latencies else 0.0,
            },
        }

    def _per_action(self, cpu_seconds: float) -> float:
        return cpu_seconds / self.actions * 1000 if self.actions else 0.0


class _Game:
    """One benchmarked game: its clients, and the submits still being timed."""

    def __init__(self, game_id: str, clients: int, moves: int) -> None:
        self.id = game_id
        self.clients = clients
        self.moves_left = moves
        self.pending: dict[int, tuple[float, set[int]]] = {}
        """For each submitted step number: when it was sent, and the clients yet to see it."""
        self.submitted_at = -1
        self.done = asyncio.Event()

    def submit(self, seq: int) -> None:
        self.moves_left -= 1
        self.submitted_at = seq
        self.pending[seq + 1] = (time.perf_counter(), set(range(self.clients)))

    def seen(self, client: int, seq: int, latencies: list[float]) -> None:
        for target, (sent, waiting) in list(self.pending.items()):
            if seq >= target and client in waiting:
                waiting.discard(client)
                latencies.append(time.perf_counter() - sent)
                if not waiting:
                    del self.pending[target]


def run_server_bench(
    games: int = 200, clients: int = 1000, moves: int = 20, seed: int = 0, think: float = 0.0
) -> ServerBench:
    """Start a server, play the games, stop the server, and return what was measured."""
    if clients < games * SEATS:
        raise ValueError(f"{games} games need at least {games * SEATS} clients (two seats each)")
    with tempfile.TemporaryDirectory(prefix="holesome-bench-") as directory:
        port = _free_port()
        database = f"sqlite:///{Path(directory) / 'bench.db'}"
        command = [sys.executable, "-c", "from holesome.cli import app; app()", "serve", "--port", str(port)]
        command += ["--database", database]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with asyncio.Runner(loop_factory=_loop_factory()) as runner:
                plan = _Plan(games, clients, moves, think, random.Random(seed))
                return runner.run(_bench(f"127.0.0.1:{port}", server.pid, plan))
        finally:
            server.terminate()
            server.wait(START_SECONDS)


@dataclass(frozen=True)
class _Plan:
    """What to play: how many games and clients, how many moves each, how long seats think."""

    games: int
    clients: int
    moves: int
    think: float
    rng: random.Random


async def _bench(address: str, server_pid: int, plan: _Plan) -> ServerBench:
    async with httpx.AsyncClient(base_url=f"http://{address}", timeout=RECEIVE_SECONDS) as http:
        await _wait_up(http)
        created = [
            (await http.post("/api/games", json={"game": "honey-donut", "seats": [{"kind": "human"}] * SEATS})).json()
            for _ in range(plan.games)
        ]
    extra = plan.clients - plan.games * SEATS
    spectators = [extra // plan.games + (index < extra % plan.games) for index in range(plan.games)]
    tables = [_Game(game["id"], SEATS + spectators[index], plan.moves) for index, game in enumerate(created)]
    latencies: list[float] = []
    connected: list[list[ClientConnection]] = []
    for table, game in zip(tables, created, strict=True):
        tokens: list[str | None] = [seat["token"] for seat in game["seats"]]
        tokens += [None] * (table.clients - SEATS)
        sockets = []
        for token in tokens:
            socket = await connect(f"ws://{address}/api/games/{table.id}/ws", max_queue=None)
            await socket.send(json.dumps({"token": token}))
            sockets.append(socket)
        connected.append(sockets)
    started, server_started, client_started = time.perf_counter(), _cpu_seconds(server_pid), time.process_time()
    await asyncio.gather(
        *(_play(table, sockets, plan, latencies) for table, sockets in zip(tables, connected, strict=True))
    )
    seconds = time.perf_counter() - started
    server_ended, client_cpu = _cpu_seconds(server_pid), time.process_time() - client_started
    server_cpu = None if server_started is None or server_ended is None else server_ended - server_started
    actions = sum(plan.moves - table.moves_left for table in tables)
    clients = sum(map(len, connected))
    return ServerBench(plan.games, clients, actions, seconds, tuple(latencies), plan.think, server_cpu, client_cpu)


async def _play(table: _Game, sockets: list[ClientConnection], plan: _Plan, latencies: list[float]) -> None:
    """Run one game's clients until it is done, then hang up all of them."""
    clients = [
        asyncio.create_task(_client(table, index, socket, plan, latencies)) for index, socket in enumerate(sockets)
    ]
    try:
        await asyncio.wait_for(table.done.wait(), START_SECONDS + 2 * plan.moves * plan.think)
    finally:
        for socket in sockets:
            await socket.close()
        await asyncio.gather(*clients, return_exceptions=True)


async def _client(table: _Game, client: int, socket: ClientConnection, plan: _Plan, latencies: list[float]) -> None:
    """One client: record when views arrive; a seat to act submits a random legal move."""
    async for text in socket:
        message: dict[str, Any] = json.loads(text)
        if message["type"] != "game":
            continue
        table.seen(client, message["seq"], latencies)
        if message["status"] == "over" or table.moves_left <= 0:
            if not table.pending:
                table.done.set()
            continue
        seat = message["seat"]
        if seat is None or seat not in message["to_act"] or table.submitted_at >= message["seq"]:
            continue
        action = plan.rng.choice(message["legal_actions"])
        table.submitted_at = message["seq"]
        if plan.think:
            await asyncio.sleep(plan.rng.uniform(0, 2 * plan.think))
        table.submit(message["seq"])
        await socket.send(json.dumps({"action": action, "seq": message["seq"]}))


def _cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds a process has used, read from Linux's /proc (None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    user, system = int(fields[11]), int(fields[12])
    return (user + system) / os.sysconf("SC_CLK_TCK")


def _loop_factory() -> Any:
    """uvloop's event loop where it is installed (as it is for the server), else asyncio's own."""
    with contextlib.suppress(ImportError):
        import uvloop

        return uvloop.new_event_loop
    return None


async def _wait_up(http: httpx.AsyncClient) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            if (await http.get("/api/games")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the bench server did not start")
        await asyncio.sleep(0.1)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
