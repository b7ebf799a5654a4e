"""Per-client limits: how many games a client may create and keep open, how many sockets it and a game may hold.

A client is the address a request comes from (behind a reverse proxy, the address the proxy
forwards: see docs/server.md). Counts are kept by each server process in memory: they bound
what one process spends on one client, and a restart forgets them. Every table here is itself
bounded: clients with nothing counted are dropped.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from holesome.server.errors import TooMany

MINUTE = 60.0


@dataclass(frozen=True)
class Limits:
    """The server's limits; every default is documented in docs/server.md."""

    games_per_minute: int = 20
    """Games one client may create in any 60 seconds."""
    open_games: int = 50
    """Unfinished games one client may have created (since this process started)."""
    sockets_per_client: int = 64
    """WebSockets one client may hold open at once."""
    sockets_per_game: int = 256
    """WebSockets one game may have open at once (seats and spectators)."""
    waiting_seconds: float = 24 * 3600.0
    """A game still waiting for players this long after it was created expires (it is over, unplayed)."""
    idle_seconds: float = 600.0
    """A game nobody asked about or acted in for this long leaves memory; it reloads from the log on demand."""
    sweep_seconds: float = 30.0
    """How often expired and idle games are looked for."""
    spectator_push_seconds: float = 0.25
    """Spectators get at most one view per this many seconds; changes in between are merged into the next."""
    header_seconds: float = 10.0
    """A request's head (line and headers) must arrive within this many seconds of its first byte."""
    keep_alive_seconds: int = 5
    """An HTTP connection idle between requests this long is closed."""


class Quotas:
    """Counts per client against `Limits`; each method raises `TooMany` when a limit is reached."""

    def __init__(self, limits: Limits, now: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.now = now
        self._created: dict[str, deque[float]] = {}
        self._open: dict[str, set[str]] = {}
        self._creators: dict[str, str] = {}
        self._sockets: dict[str, int] = {}
        self._game_sockets: dict[str, int] = {}

    def may_create(self, client: str) -> None:
        """Refuse a client that created `games_per_minute` games in the last minute or has too many open."""
        moment = self.now()
        recent = self._created.setdefault(client, deque())
        while recent and recent[0] <= moment - MINUTE:
            recent.popleft()
        if len(recent) >= self.limits.games_per_minute:
            retry = int(recent[0] + MINUTE - moment) + 1
            raise TooMany(
                f"at most {self.limits.games_per_minute} new games a minute from one client: try again in {retry}s"
            )
        if len(self._open.get(client, ())) >= self.limits.open_games:
            raise TooMany(f"at most {self.limits.open_games} unfinished games from one client: finish some first")
        self._forget_quiet(moment)

    def created(self, client: str, game_id: str) -> None:
        """Count a game `client` has just created."""
        self._created.setdefault(client, deque()).append(self.now())
        self._open.setdefault(client, set()).add(game_id)
        self._creators[game_id] = client

    def closed(self, game_id: str) -> None:
        """A game is over (or expired): it no longer counts against its creator."""
        client = self._creators.pop(game_id, None)
        games = self._open.get(client, set()) if client is not None else set()
        games.discard(game_id)
        if client is not None and not games:
            self._open.pop(client, None)

    def open_socket(self, client: str, game_id: str) -> None:
        """Count a WebSocket, or refuse it if its client or its game holds too many."""
        if self._sockets.get(client, 0) >= self.limits.sockets_per_client:
            raise TooMany(f"at most {self.limits.sockets_per_client} WebSockets from one client")
        if self._game_sockets.get(game_id, 0) >= self.limits.sockets_per_game:
            raise TooMany(f"at most {self.limits.sockets_per_game} WebSockets on one game")
        self._sockets[client] = self._sockets.get(client, 0) + 1
        self._game_sockets[game_id] = self._game_sockets.get(game_id, 0) + 1

    def close_socket(self, client: str, game_id: str) -> None:
        """A counted WebSocket has closed."""
        for counts, key in ((self._sockets, client), (self._game_sockets, game_id)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]

    def _forget_quiet(self, moment: float) -> None:
        """Drop clients whose creations are all older than a minute, so the table stays small."""
        quiet = [client for client, stamps in self._created.items() if not stamps or stamps[-1] <= moment - MINUTE]
        for client in quiet:
            del self._created[client]
