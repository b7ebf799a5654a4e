"""The server's database: games, seats and the append-only action log (SQLAlchemy 2).

A game is its record. The `games` row holds what `Match` needs to start (name, players,
options, seed) and what the server adds (status, clock, when it started); `seats` says who
holds each seat; `actions` is the log, one row per applied step with a unique
`(game_id, seq)`. Two writers racing for the same `seq` (two server processes on one
PostgreSQL database) cannot both win: the loser gets `SeqTaken` and catches up.

Every method is synchronous and short; the service runs them on its storage thread so the
event loop never waits on the disk. On PostgreSQL each append also sends a NOTIFY on
`CHANNEL` so other processes learn of it.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from holesome.core.game import Json, Seat

CHANNEL = "holesome"
"""The PostgreSQL NOTIFY channel that carries every change between processes, as a `Note`."""

ORIGIN_BYTES = 8

METADATA = sa.MetaData()
GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("rules_version", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("clock", sa.JSON, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
)
SEATS = sa.Table(
    "seats",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("bot", sa.String(64), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("joined_at", sa.Float, nullable=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("lobby", sa.Boolean, nullable=False, server_default=sa.true()),
)
ACTIONS = sa.Table(
    "actions",
    METADATA,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("time", sa.Float, nullable=False),
)


@dataclass(frozen=True, slots=True)
class Note:
    """A change announced on `CHANNEL`: which game, and which storage (process) made it."""

    game_id: str
    origin: str

    def to_payload(self) -> str:
        """The NOTIFY payload."""
        return json.dumps({"game": self.game_id, "origin": self.origin})

    @classmethod
    def from_payload(cls, payload: str) -> Note:
        """A payload read back; a bare game id (as older servers send) has no known origin."""
        data = json.loads(payload)
        if isinstance(data, str):
            return cls(data, "")
        return cls(str(data["game"]), str(data["origin"]))


class SeqTaken(Exception):
    """Another writer already stored a step at this sequence number."""


@dataclass(frozen=True, slots=True)
class Append:
    """One game's steps to log from `first_seq` on, and the game's status once they are applied."""

    game_id: str
    first_seq: int
    steps: tuple[tuple[Seat, Json], ...]
    time: float
    status: str


@dataclass(frozen=True, slots=True)
class SeatRow:
    """Who holds a seat: a human (by token) or a server-side bot."""

    seat: Seat
    kind: str
    bot: str | None
    token_hash: str | None
    joined_at: float | None
    name: str | None = None
    """The display name its player gave (None: not given, or a bot)."""
    lobby: bool = True
    """Whether anyone may take the seat from the lobby (False: it is kept for the invite link)."""


@dataclass(frozen=True, slots=True)
class LoggedStep:
    """One row of the action log."""

    seq: int
    seat: Seat
    action: Json
    time: float


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game as stored, without its log."""

    id: str
    game: str
    players: int
    options: dict[str, Json]
    seed: int
    rules_version: int
    status: str
    clock: dict[str, Json]
    public: bool
    created_at: float
    started_at: float | None
    seats: tuple[SeatRow, ...]
    rematch: str | None = None
    """The id of the rematch of this game, once someone asked for one."""


def to_sqlalchemy_url(url: str) -> str:
    """The URL with the driver this package ships (psycopg 3) named for PostgreSQL."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def make_engine(url: str, autocheckpoint: bool = True) -> Engine:
    """An engine for `url`; SQLite files get WAL and a busy timeout so readers never block the writer.

    Durability on SQLite: WAL with `synchronous=NORMAL`. A commit is in the WAL file (the
    operating system holds it) before the action is acknowledged, so a crash of the server
    process, even SIGKILL, loses nothing acknowledged; only a power cut or kernel crash may
    lose the last commits (never corrupting the file). Syncing every commit to the disk
    (`FULL`) would add a disk flush, 4 to 40 ms on the development machine, to every action.

    `autocheckpoint=False` leaves copying the WAL into the database to `Storage.checkpoint`
    (a server runs it on its own thread): otherwise the commit that fills the WAL does it,
    with two disk flushes, and every action queued behind that commit waits for them.
    """
    url = to_sqlalchemy_url(url)
    engine = sa.create_engine(url, pool_pre_ping=not url.startswith("sqlite"))
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=10000")
            cursor.execute("PRAGMA foreign_keys=ON")
            if not autocheckpoint:
                cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the database schema up to date with the migrations shipped in this package."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("holesome.server") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Storage:
    """Reads and writes games on one engine; each method is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.notifies = engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(ORIGIN_BYTES)
        """Names this storage's notes, so its own process can skip what it already applied."""

    def create(self, row: GameRow) -> None:
        """Store a new game and its seats."""
        with self.engine.begin() as connection:
            connection.execute(
                GAMES.insert().values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=row.options,
                    seed=row.seed,
                    rules_version=row.rules_version,
                    status=row.status,
                    clock=row.clock,
                    public=row.public,
                    created_at=row.created_at,
                    started_at=row.started_at,
                    rematch=row.rematch,
                )
            )
            connection.execute(
                SEATS.insert(),
                [
                    {
                        "game_id": row.id,
                        "seat": seat.seat,
                        "kind": seat.kind,
                        "bot": seat.bot,
                        "token_hash": seat.token_hash,
                        "joined_at": seat.joined_at,
                        "lobby": seat.lobby,
                        "name": seat.name,
                    }
                    for seat in row.seats
                ],
            )

    def load(self, game_id: str) -> GameRow | None:
        """The stored game, or None if there is none with this id."""
        with self.engine.connect() as connection:
            game = connection.execute(sa.select(GAMES).where(GAMES.c.id == game_id)).mappings().first()
            if game is None:
                return None
            seats = connection.execute(
                sa.select(SEATS).where(SEATS.c.game_id == game_id).order_by(SEATS.c.seat)
            ).mappings()
            return GameRow(
                id=game["id"],
                game=game["game"],
                players=game["players"],
                options=dict(game["options"]),
                seed=int(game["seed"]),
                rules_version=game["rules_version"],
                status=game["status"],
                clock=dict(game["clock"]),
                public=bool(game["public"]),
                created_at=game["created_at"],
                started_at=game["started_at"],
                seats=tuple(
                    SeatRow(
                        seat["seat"],
                        seat["kind"],
                        seat["bot"],
                        seat["token_hash"],
                        seat["joined_at"],
                        seat["name"],
                        seat["lobby"],
                    )
                    for seat in seats
                ),
                rematch=game["rematch"],
            )

    def steps(self, game_id: str, after: int = -1) -> list[LoggedStep]:
        """The logged steps of a game with `seq > after`, in order."""
        query = (
            sa.select(ACTIONS.c.seq, ACTIONS.c.seat, ACTIONS.c.action, ACTIONS.c.time)
            .where(ACTIONS.c.game_id == game_id, ACTIONS.c.seq > after)
            .order_by(ACTIONS.c.seq)
        )
        with self.engine.connect() as connection:
            return [LoggedStep(*row) for row in connection.execute(query)]

    def append(
        self, game_id: str, first_seq: int, steps: Sequence[tuple[Seat, Json]], time: float, status: str
    ) -> None:
        """Log `steps` from `first_seq` on and set the game's status, atomically; `SeqTaken` on a race."""
        (taken,) = self.append_all([Append(game_id, first_seq, tuple(steps), time, status)])
        if taken is not None:
            raise taken

    def append_all(self, appends: Sequence[Append]) -> list[SeqTaken | None]:
        """Log several games' appends in one transaction, so one commit makes them all durable.

        If any of them lost a race for its `seq`, each is tried again alone: only the losers fail
        (their entry in the answer is the `SeqTaken`), the others are logged.
        """
        try:
            with self.engine.begin() as connection:
                self._write(connection, appends)
        except IntegrityError:
            if len(appends) == 1:
                return [SeqTaken(f"game {appends[0].game_id}: step {appends[0].first_seq} is already logged")]
            return [self.append_all([append])[0] for append in appends]
        return [None] * len(appends)

    def _write(self, connection: sa.Connection, appends: Sequence[Append]) -> None:
        rows = [
            {
                "game_id": append.game_id,
                "seq": append.first_seq + index,
                "seat": seat,
                "action": action,
                "time": append.time,
            }
            for append in appends
            for index, (seat, action) in enumerate(append.steps)
        ]
        connection.execute(ACTIONS.insert(), rows)
        for status in {append.status for append in appends}:
            games = [append.game_id for append in appends if append.status == status]
            connection.execute(
                GAMES.update().where(GAMES.c.id.in_(games), GAMES.c.status != status).values(status=status)
            )
        for game_id in dict.fromkeys(append.game_id for append in appends):
            self._notify(connection, game_id)

    def join(
        self, game_id: str, seat: Seat, time: float, token_hash: str | None = None, name: str | None = None
    ) -> bool:
        """Mark a seat joined (with a new token hash and a display name if given); start the game
        once every seat is.

        Returns whether this call joined the seat (False if it had already joined).
        """
        values: dict[str, Any] = {"joined_at": time}
        if token_hash is not None:
            values["token_hash"] = token_hash
        if name is not None:
            values["name"] = name
        with self.engine.begin() as connection:
            joined = connection.execute(
                SEATS.update()
                .where(SEATS.c.game_id == game_id, SEATS.c.seat == seat, SEATS.c.joined_at.is_(None))
                .values(**values)
            ).rowcount
            waiting = connection.execute(
                sa.select(sa.func.count())
                .select_from(SEATS)
                .where(SEATS.c.game_id == game_id, SEATS.c.joined_at.is_(None))
            ).scalar_one()
            if waiting == 0:
                connection.execute(
                    GAMES.update()
                    .where(GAMES.c.id == game_id, GAMES.c.status == "waiting")
                    .values(status="active", started_at=time)
                )
            if joined:
                self._notify(connection, game_id)
        return bool(joined)

    def name_seat(self, game_id: str, seat: Seat, name: str) -> None:
        """Set a seat's display name (its player named themselves after joining)."""
        with self.engine.begin() as connection:
            connection.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(name=name))
            self._notify(connection, game_id)

    def set_rematch(self, game_id: str, rematch: str) -> bool:
        """Point a game to its rematch, unless it already has one; whether this call set it."""
        with self.engine.begin() as connection:
            changed = connection.execute(
                GAMES.update().where(GAMES.c.id == game_id, GAMES.c.rematch.is_(None)).values(rematch=rematch)
            ).rowcount
            if changed:
                self._notify(connection, game_id)
        return bool(changed)

    def find_seat(self, token_hash: str) -> tuple[str, Seat] | None:
        """The game and seat a token hash belongs to."""
        query = sa.select(SEATS.c.game_id, SEATS.c.seat).where(SEATS.c.token_hash == token_hash)
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else (row[0], row[1])

    def lobby(self, limit: int, status: str = "waiting") -> list[str]:
        """Ids of public games in `status` (waiting for players by default), newest first."""
        query = (
            sa.select(GAMES.c.id)
            .where(GAMES.c.status == status, GAMES.c.public.is_(True))
            .order_by(GAMES.c.created_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def active(self) -> list[str]:
        """Ids of every game being played: the ones to rebuild on start-up (their bots and clocks run)."""
        query = sa.select(GAMES.c.id).where(GAMES.c.status == "active")
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    def expire_waiting(self, created_before: float) -> list[str]:
        """Mark every game still waiting for players since before `created_before` expired; returns their ids."""
        waiting = sa.and_(GAMES.c.status == "waiting", GAMES.c.created_at < created_before)
        with self.engine.begin() as connection:
            ids = list(connection.execute(sa.select(GAMES.c.id).where(waiting)).scalars())
            if ids:
                connection.execute(GAMES.update().where(waiting, GAMES.c.id.in_(ids)).values(status="expired"))
                for game_id in ids:
                    self._notify(connection, game_id)
        return ids

    def checkpoint(self) -> None:
        """Copy what the SQLite WAL holds into the database file, without waiting for anyone."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _notify(self, connection: sa.Connection, game_id: str) -> None:
        if self.notifies:
            connection.execute(sa.select(sa.func.pg_notify(CHANNEL, Note(game_id, self.origin).to_payload())))
