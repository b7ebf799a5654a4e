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
latency then shows the server's response at a steady load.

The clients run in `processes` processes of their own (the games shared out among them), so
they never share an interpreter with the server and can use several cores. The CPU time that
the server and the clients spent during play is reported per action: a figure that depends
far less than latency on whatever else the machine is running.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from holesome.core.game import Json

SEATS = 2
START_SECONDS = 120.0
RECEIVE_SECONDS = 30.0
PERCENT = 100
POLL_SECONDS = 0.1


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
    processes: int = 1
    """How many processes ran the clients."""
    server_rss: int | None = None
    """The server process's resident memory in bytes once play ended (None where /proc cannot tell)."""
    server_idle_rss: int | None = None
    """The server's resident memory once it answered, before any game was created."""

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
            "client_processes": self.processes,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions_per_second, 1),
            "cpu_ms_per_action": {
                "server": None if self.server_cpu is None else round(self._per_action(self.server_cpu), 3),
                "clients": round(self._per_action(self.client_cpu), 3),
            },
            "server_memory_mib": None if self.server_rss is None else round(self.server_rss / 2**20, 1),
            "server_memory_kib_per_game": None
            if self.server_rss is None or self.server_idle_rss is None or not self.games
            else round((self.server_rss - self.server_idle_rss) / 1024 / self.games, 1),
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
    games: int = 200, clients: int = 1000, moves: int = 20, seed: int = 0, think: float = 0.0, processes: int = 1
) -> ServerBench:
    """Start a server, play the games from `processes` client processes, stop the server, return the figures."""
    if clients < games * SEATS:
        raise ValueError(f"{games} games need at least {games * SEATS} clients (two seats each)")
    if not 1 <= processes <= games:
        raise ValueError(f"between 1 and {games} client processes, not {processes}")
    with tempfile.TemporaryDirectory(prefix="holesome-bench-") as directory:
        port = _free_port()
        database = f"sqlite:///{Path(directory) / 'bench.db'}"
        command = [sys.executable, "-c", "from holesome.cli import app; app()", "serve", "--port", str(port)]
        command += ["--database", database, "--games-per-minute", str(games), "--open-games", str(games)]
        command += ["--sockets-per-client", str(clients), "--sockets-per-game", str(clients)]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            address = f"127.0.0.1:{port}"
            with httpx.Client(base_url=f"http://{address}", timeout=RECEIVE_SECONDS) as http:
                _wait_up(http)
            idle_rss = _rss_bytes(server.pid)
            created = _create_games(address, games)
            audiences = _audiences(created, clients)
            shares = [audiences[index::processes] for index in range(processes)]
            return replace(_measure(address, server.pid, shares, _Plan(moves, think, seed)), server_idle_rss=idle_rss)
        finally:
            server.terminate()
            server.wait(START_SECONDS)


@dataclass(frozen=True)
class _Plan:
    """How each game is played: how many moves, and how long seats think on average."""

    moves: int
    think: float
    seed: int


Audience = tuple[str, list[str | None]]
"""A game's id and the token of each of its clients (None: a spectator)."""


def _create_games(address: str, games: int) -> list[dict[str, Any]]:
    with httpx.Client(base_url=f"http://{address}", timeout=RECEIVE_SECONDS) as http:
        _wait_up(http)
        body = {"game": "honey-donut", "seats": [{"kind": "human"}] * SEATS}
        return [http.post("/api/games", json=body).json() for _ in range(games)]


def _audiences(created: list[dict[str, Any]], clients: int) -> list[Audience]:
    extra = clients - len(created) * SEATS
    spectators = [extra // len(created) + (index < extra % len(created)) for index in range(len(created))]
    return [
        (game["id"], [seat["token"] for seat in game["seats"]] + [None] * spectators[index])
        for index, game in enumerate(created)
    ]


def _measure(address: str, server_pid: int, shares: list[list[Audience]], plan: _Plan) -> ServerBench:
    """Run each share of the games in its own client process; time play from when all are connected."""
    context = multiprocessing.get_context("spawn")
    connected = context.Barrier(len(shares) + 1)
    results: Any = context.Queue()
    workers = [
        context.Process(target=_client_process, args=(address, share, plan, index, connected, results))
        for index, share in enumerate(shares)
    ]
    for worker in workers:
        worker.start()
    try:
        connected.wait(START_SECONDS)
        started, server_started = time.perf_counter(), _cpu_seconds(server_pid)
        parts: list[tuple[int, list[float], float]] = [
            results.get(timeout=START_SECONDS + 2 * plan.moves * plan.think) for _ in workers
        ]
        seconds, server_ended = time.perf_counter() - started, _cpu_seconds(server_pid)
        server_rss = _rss_bytes(server_pid)
    finally:
        for worker in workers:
            worker.join(START_SECONDS)
            if worker.is_alive():
                worker.terminate()
    server_cpu = None if server_started is None or server_ended is None else server_ended - server_started
    return ServerBench(
        games=sum(map(len, shares)),
        clients=sum(len(tokens) for share in shares for _, tokens in share),
        actions=sum(actions for actions, _, _ in parts),
        seconds=seconds,
        latencies=tuple(latency for _, latencies, _ in parts for latency in latencies),
        think=plan.think,
        server_cpu=server_cpu,
        client_cpu=sum(cpu for _, _, cpu in parts),
        processes=len(shares),
        server_rss=server_rss,
    )


def _client_process(address: str, share: list[Audience], plan: _Plan, index: int, connected: Any, results: Any) -> None:
    """One client process: connect its games' clients, wait for the others, play, report."""
    with asyncio.Runner(loop_factory=_loop_factory()) as runner:
        results.put(runner.run(_clients(address, share, plan, random.Random(plan.seed + index), connected)))


async def _clients(
    address: str, share: list[Audience], plan: _Plan, rng: random.Random, connected: Any
) -> tuple[int, list[float], float]:
    """Play `share`; returns the actions played, the latencies and the CPU seconds used while playing."""
    tables = [_Game(game_id, len(tokens), plan.moves) for game_id, tokens in share]
    sockets: list[list[ClientConnection]] = []
    for table, (_, tokens) in zip(tables, share, strict=True):
        sockets.append([])
        for token in tokens:
            socket = await connect(f"ws://{address}/api/games/{table.id}/ws", max_queue=None)
            await socket.send(json.dumps({"token": token}))
            sockets[-1].append(socket)
    await asyncio.get_running_loop().run_in_executor(None, connected.wait, START_SECONDS)
    latencies: list[float] = []
    cpu_started = time.process_time()
    await asyncio.gather(
        *(_play(table, clients, plan, rng, latencies) for table, clients in zip(tables, sockets, strict=True))
    )
    actions = sum(plan.moves - table.moves_left for table in tables)
    return actions, latencies, time.process_time() - cpu_started


async def _play(
    table: _Game, sockets: list[ClientConnection], plan: _Plan, rng: random.Random, latencies: list[float]
) -> None:
    """Run one game's clients until it is done, then hang up all of them."""
    clients = [
        asyncio.create_task(_client(table, index, socket, plan, rng, latencies)) for index, socket in enumerate(sockets)
    ]
    try:
        await asyncio.wait_for(table.done.wait(), START_SECONDS + 2 * plan.moves * plan.think)
    finally:
        for socket in sockets:
            await socket.close()
        await asyncio.gather(*clients, return_exceptions=True)


async def _client(
    table: _Game, client: int, socket: ClientConnection, plan: _Plan, rng: random.Random, latencies: list[float]
) -> None:
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
        action = rng.choice(message["legal_actions"])
        table.submitted_at = message["seq"]
        if plan.think:
            await asyncio.sleep(rng.uniform(0, 2 * plan.think))
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


def _rss_bytes(pid: int) -> int | None:
    """A process's resident memory in bytes, read from Linux's /proc (None elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return None


def _loop_factory() -> Any:
    """uvloop's event loop where it is installed (as it is for the server), else asyncio's own."""
    with contextlib.suppress(ImportError):
        import uvloop

        return uvloop.new_event_loop
    return None


def _wait_up(http: httpx.Client) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            if http.get("/api/games").status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the bench server did not start")
        time.sleep(POLL_SECONDS)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
