"""The hall: every table this process serves, and the only way to change one.

Each change follows one path: check it against the rules (nothing changes if they refuse),
log the steps in storage, then apply them to the table, restart its clock, wake its watchers
and ask its bots to think. Storage calls run on a storage thread, bot decisions in the bot
pool, so the event loop only ever does short pure work.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, ParamSpec, TypeVar

import holesome
from holesome.bots import BOTS
from holesome.core.errors import HolesomeError
from holesome.core.game import CHANCE, Json, Seat
from holesome.core.record import Record
from holesome.server import tokens
from holesome.server.bots import BotPool
from holesome.server.clocks import ClockKind
from holesome.server.errors import GameNotFound, NotYourSeat, WrongTime
from holesome.server.journal import Journal
from holesome.server.storage import Append, GameRow, SeatRow, SeqTaken, Storage
from holesome.server.tables import Plan, Status, Table

log = logging.getLogger("holesome.server")

P = ParamSpec("P")
R = TypeVar("R")

HUMAN = "human"
BOT = "bot"
CHECKPOINT_SECONDS = 1.0
"""How often the SQLite WAL is copied into the database file (see `storage.make_engine`)."""
BOT_RETRY_PAUSES = (0.5, 2.0, 8.0)
"""Seconds to wait before asking a failed bot again; after the last, its default action is played."""


class Hall:
    """All tables of one server process, over one storage and one bot pool."""

    def __init__(self, storage: Storage, bots: BotPool, now: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.bots = bots
        self.now = now
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._db = ThreadPoolExecutor(1 if storage.engine.dialect.name == "sqlite" else 4, "holesome-db")
        self._checkpointer = ThreadPoolExecutor(1, "holesome-checkpoint")
        self._tasks: set[asyncio.Task[None]] = set()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._thinking: set[tuple[str, Seat]] = set()
        self.bot_retry_pauses = BOT_RETRY_PAUSES
        self.journal = Journal(lambda appends: self.db(self.storage.append_all, appends))

    async def db(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a storage call on the storage thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: function(*args, **kwargs))

    async def start(self) -> None:
        """Rebuild every unfinished game from its log, and set its bots and clocks going."""
        for game_id in await self.db(self.storage.unfinished):
            await self.table(game_id)
        if self.storage.engine.dialect.name == "sqlite":
            self._spawn(self._checkpoints())

    async def close(self) -> None:
        """Stop timers and pending work (logged steps are already safe)."""
        for timer in self._timers.values():
            timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.journal.close()
        self._db.shutdown(wait=True)
        self._checkpointer.shutdown(wait=True)

    # Creating and finding games.

    async def create(
        self,
        *,
        name: str,
        players: int | None,
        options: dict[str, Json],
        seats: list[tuple[str, str | None]],
        seed: int | None,
        clock: dict[str, Json],
        public: bool,
    ) -> tuple[Table, list[str | None]]:
        """A new game; returns its table and each seat's token (None for bot seats)."""
        game = holesome.load(name, players, **options)
        if len(seats) != game.players:
            raise WrongTime(f"{name} with {game.players} players needs {game.players} seats, got {len(seats)}")
        for kind, bot in seats:
            if kind == BOT and bot not in BOTS:
                raise HolesomeError(f"no bot named {bot!r}; bots: {', '.join(BOTS)}")
        now = self.now()
        seat_tokens = [tokens.new_token() if kind == HUMAN else None for kind, _ in seats]
        row = GameRow(
            id=tokens.new_game_id(),
            game=game.name,
            players=game.players,
            options=dict(game.options),
            seed=tokens.new_seed() if seed is None else seed,
            rules_version=game.version,
            status=Status.WAITING if HUMAN in (kind for kind, _ in seats) else Status.ACTIVE,
            clock=clock,
            public=public,
            created_at=now,
            started_at=None if HUMAN in (kind for kind, _ in seats) else now,
            seats=tuple(
                SeatRow(
                    seat=seat,
                    kind=kind,
                    bot=bot if kind == BOT else None,
                    token_hash=None if token is None else tokens.token_hash(token),
                    joined_at=now if kind == BOT else None,
                )
                for seat, ((kind, bot), token) in enumerate(zip(seats, seat_tokens, strict=True))
            ),
        )
        await self.db(self.storage.create, row)
        table = Table.rebuild(row, [])
        self.tables[row.id] = table
        await self._roll_chance(table)
        self._changed(table)
        log.info("created %s game %s (%d players)", row.game, row.id, row.players)
        return table, seat_tokens

    async def table(self, game_id: str) -> Table:
        """The table of a game, rebuilt from storage if this process does not hold it yet."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(game_id)
            if table is None:
                row = await self.db(self.storage.load, game_id)
                if row is None:
                    raise GameNotFound(f"no game with id {game_id!r}")
                steps = await self.db(self.storage.steps, game_id)
                table = Table.rebuild(row, steps)
                self.tables[game_id] = table
                await self._roll_chance(table)
                self._changed(table)
        return table

    async def seat_for(self, table: Table, token: str | None) -> Seat | None:
        """The seat a token holds at this table (None: a spectator); first use joins the seat."""
        if token is None:
            return None
        wanted = tokens.token_hash(token)
        for row in table.row.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, wanted):
                if row.joined_at is None:
                    await self._join(table, row.seat, None)
                return row.seat
        raise NotYourSeat(f"this token holds no seat in game {table.row.id}")

    async def claim(self, game_id: str) -> tuple[Seat, str]:
        """Join a public game from the lobby: the first open human seat, with a fresh token."""
        table = await self.table(game_id)
        async with table.lock:
            if not table.row.public:
                raise NotYourSeat(f"game {game_id} is by invitation only")
            open_seats = [row.seat for row in table.row.seats if row.kind == HUMAN and row.joined_at is None]
            if not open_seats:
                raise WrongTime(f"game {game_id} has no open seat")
            token = tokens.new_token()
            await self._join(table, open_seats[0], tokens.token_hash(token))
        return open_seats[0], token

    async def lobby(self, limit: int, status: str = Status.WAITING) -> list[Table]:
        """Public games in `status` (waiting for players by default), newest first."""
        return [await self.table(game_id) for game_id in await self.db(self.storage.lobby, limit, status)]

    async def record(self, game_id: str) -> Record:
        """The full record of a finished game (its seed and every step: only once it is over)."""
        table = await self.table(game_id)
        if table.status != Status.OVER:
            raise WrongTime(f"game {game_id} is not over: its record stays secret until it is")
        return table.match.record

    # Playing.

    async def act(
        self, table: Table, seat: Seat, action_json: Json, seq: int | None = None, turn: int | None = None
    ) -> None:
        """Apply `seat`'s action, logged before anyone hears of it; refuse it and change nothing if wrong.

        `seq`, if given, is the step the client saw: a mismatch means its view is stale. `turn`
        (used by bots and clocks) is the step the seat's turn began at when it chose.
        """
        async with table.lock:
            if table.status == Status.WAITING:
                waiting = [row.seat for row in table.row.seats if row.joined_at is None]
                raise WrongTime(f"game {table.row.id} has not started: waiting for seats {waiting} to join")
            if table.status == Status.OVER:
                raise WrongTime(f"game {table.row.id} is over")
            if seq is not None and seq != table.seq:
                raise WrongTime(f"stale action: it was chosen at step {seq}, the game is at step {table.seq}")
            if turn is not None and table.turns[seat] != turn:
                raise WrongTime(f"seat {seat}'s turn from step {turn} has passed")
            action = table.game.action_from_json(action_json)
            await self._log(table, table.plan(seat, action))
        self._changed(table)

    async def expire(self, now: float | None = None) -> int:
        """Play the default action for every seat whose time is up; returns how many were played."""
        moment = self.now() if now is None else now
        played = 0
        for table in list(self.tables.values()):
            for seat in table.clock.expired(moment) if table.status == Status.ACTIVE else ():
                turn = table.turns[seat]
                if seat not in table.seats_to_act() or turn is None:
                    continue
                action = table.game.default_action(table.match.state, seat)
                with contextlib.suppress(WrongTime):
                    await self.act(table, seat, table.game.action_to_json(action), turn=turn)
                    played += 1
                    log.info("game %s: seat %d ran out of time", table.row.id, seat)
        return played

    async def catch_up(self, game_id: str) -> None:
        """Read what another process logged for a game this process serves, and pass it on."""
        table = self.tables.get(game_id)
        if table is None:
            return
        async with table.lock:
            await self._reload(table)
        self._changed(table)

    # Internals.

    async def _log(self, table: Table, plan: Plan) -> None:
        """Log the planned steps then apply them; on a lost race, catch up and report the action stale."""
        now = self.now()
        status = Status.OVER if table.game.outcome(plan.state) is not None else table.status
        try:
            await self.journal.append(Append(table.row.id, table.seq, plan.logged(), now, status))
        except SeqTaken:
            await self._reload(table)
            raise WrongTime("stale action: another server applied a step first") from None
        for seat, action, _ in plan.steps:
            table.match.act(seat, action)
        table.advance(now)
        table.row = replace(table.row, status=status)

    async def _reload(self, table: Table) -> None:
        row = await self.db(self.storage.load, table.row.id)
        steps = await self.db(self.storage.steps, table.row.id, table.seq - 1)
        if row is None:
            return
        table.row = row
        for step in steps:
            table.catch_up(step)
        if row.started_at is not None and not table.clocked:
            table.start_clock(row.started_at)

    async def _roll_chance(self, table: Table) -> None:
        """Log and apply chance steps due now (a game dealt by chance, a crash mid-roll)."""
        async with table.lock:
            if table.match.to_act == (CHANCE,):
                with contextlib.suppress(WrongTime):
                    await self._log(table, table.chance_plan())

    async def _join(self, table: Table, seat: Seat, token_hash: str | None) -> None:
        now = self.now()
        await self.db(self.storage.join, table.row.id, seat, now, token_hash)
        row = await self.db(self.storage.load, table.row.id)
        if row is not None:
            table.row = row
            if row.started_at is not None and not table.clocked:
                table.start_clock(row.started_at)
        self._changed(table)

    def _changed(self, table: Table) -> None:
        """After any change: wake watchers, set the clock's alarm, start bots that are to act."""
        table.notify()
        self._set_alarm(table)
        self._start_bots(table)

    def _start_bots(self, table: Table) -> None:
        """Set each bot seat that is to act thinking, one decision at a time per seat."""
        for seat in table.seats_to_act():
            seat_row = table.row.seats[seat]
            turn = table.turns[seat]
            key = (table.row.id, seat)
            if seat_row.kind == BOT and seat_row.bot is not None and turn is not None and key not in self._thinking:
                self._thinking.add(key)
                self._spawn(self._bot_move(table, seat, seat_row.bot, turn))

    async def _bot_move(self, table: Table, seat: Seat, bot: str, turn: int) -> None:
        """Think in the pool, then play; think again if the game moved on meanwhile (a chain of choices)."""
        seq = table.seq
        try:
            action = await self._bot_choice(table, seat, bot)
            if action is not None:
                with contextlib.suppress(WrongTime):
                    await self.act(table, seat, action, turn=turn)
        except Exception:
            log.exception("game %s: bot %s at seat %d failed", table.row.id, bot, seat)
        finally:
            self._thinking.discard((table.row.id, seat))
        if table.seq != seq:
            self._start_bots(table)

    async def _bot_choice(self, table: Table, seat: Seat, bot: str) -> Json | None:
        """The bot's action; a bot that raises (or answers illegally) is asked again after each pause.

        If it still fails, the seat plays its default action (as if its clock ran out), so a game
        never stalls on a broken bot. None: the game moved on while the bot was failing.
        """
        seq = table.seq
        for pause in self.bot_retry_pauses:
            try:
                action = await self.bots.choose(
                    table.game, table.match.state, seat, bot=bot, seed=table.row.seed, step=seq
                )
                if table.seq != seq:
                    return None
                table.plan(seat, table.game.action_from_json(action))
                return action
            except Exception:
                log.exception("game %s: bot %s at seat %d failed; asking again in %gs", table.row.id, bot, seat, pause)
            await asyncio.sleep(pause)
            if table.seq != seq:
                return None
        log.warning("game %s: bot %s at seat %d keeps failing; playing its default action", table.row.id, bot, seat)
        return table.game.action_to_json(table.game.default_action(table.match.state, seat))

    async def _checkpoints(self) -> None:
        """Checkpoint the SQLite WAL now and then, off the storage thread so no commit waits for it."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await loop.run_in_executor(self._checkpointer, self.storage.checkpoint)
            except Exception:
                log.exception("checkpointing the database failed; trying again later")

    def _set_alarm(self, table: Table) -> None:
        old = self._timers.pop(table.row.id, None)
        if old is not None:
            old.cancel()
        if table.clock.kind is ClockKind.NONE or table.status != Status.ACTIVE:
            return
        deadline = table.clock.next_deadline()
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, deadline - self.now())
        self._timers[table.row.id] = loop.call_later(delay, lambda: self._spawn(self._alarm()))

    async def _alarm(self) -> None:
        await self.expire()

    def _spawn(self, work: Any) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
