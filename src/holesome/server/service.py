"""The hall: every table this process serves, and the only way to change one.

Each change follows one path: check it against the rules (nothing changes if they refuse),
log the steps in storage, then apply them to the table, restart its clock, wake its watchers
and ask its bots to think. Storage calls run on a storage thread, bot decisions in the bot
pool, and building or replaying a game on a worker thread, so the event loop only ever does
short pure work.

Memory holds only the games in play: a sweep expires games left waiting too long and lets
finished and idle games go; they are rebuilt from the log when someone asks for them again.
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
from holesome.bots import BOTS, STRENGTHS, unfit
from holesome.core.errors import HolesomeError
from holesome.core.game import CHANCE, Json, Seat
from holesome.core.record import Record
from holesome.server import tokens
from holesome.server.bots import BotPool
from holesome.server.clocks import ClockKind
from holesome.server.errors import GameNotFound, NotYourSeat, WrongTime
from holesome.server.journal import Journal
from holesome.server.quotas import Limits, Quotas
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

    def __init__(
        self,
        storage: Storage,
        bots: BotPool,
        now: Callable[[], float] = time.time,
        limits: Limits | None = None,
        seed_secret: bytes | None = None,
        deal_chosen_seeds: bool = False,
    ) -> None:
        self.storage = storage
        self.bots = bots
        self.now = now
        self.limits = limits or Limits()
        self.quotas = Quotas(self.limits)
        self.seed_secret = seed_secret
        self.deal_chosen_seeds = deal_chosen_seeds
        """Whether a chosen seed deals as it is (tests only: see `Settings.deal_chosen_seeds`)."""
        self.tables: dict[str, Table] = {}
        self._touched: dict[str, float] = {}
        """When each table in memory was last asked for or changed (for letting idle ones go)."""
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

    async def build(self, function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """Run work that may take a while (building or replaying a game) on a worker thread."""
        return await asyncio.to_thread(function, *args, **kwargs)

    async def start(self) -> None:
        """Expire games left waiting too long; rebuild games in play in the background, with their bots and clocks."""
        await self.db(self.storage.expire_waiting, self.now() - self.limits.waiting_seconds)
        self._spawn(self._resume(await self.db(self.storage.active)))
        self._spawn(self._sweeps())
        if self.storage.engine.dialect.name == "sqlite":
            self._spawn(self._checkpoints())

    async def _resume(self, game_ids: list[str]) -> None:
        for game_id in game_ids:
            try:
                await self.table(game_id)
            except Exception:
                log.exception("game %s could not be rebuilt", game_id)

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
        lobby: list[bool] | None = None,
        names: list[str | None] | None = None,
        invite: bool = True,
    ) -> tuple[Table, list[str | None]]:
        """A new game; returns its table and each seat's token (None for bot seats).

        `lobby` says for each seat of a public game whether anyone may take it from the lobby
        (the default) or only the holder of its invite link. `names` are the seats' display
        names, if given; `invite=False` leaves the human seats without tokens, for `rematch` to
        hand out to the players of the game before.
        """
        open_to_lobby = [True] * len(seats) if lobby is None else lobby
        game = await self.build(holesome.load, name, players, **options)
        if len(seats) != game.players:
            raise WrongTime(f"{name} with {game.players} players needs {game.players} seats, got {len(seats)}")
        for kind, bot in seats:
            if kind != BOT:
                continue
            if bot is None or (bot not in STRENGTHS and bot not in BOTS):
                named = ", ".join([*STRENGTHS, *BOTS])
                raise HolesomeError(f"no bot named {bot!r}; bots: {named} (no settings: the server sets them)")
            if reason := unfit(bot, game):
                raise HolesomeError(reason)
        now = self.now()
        seat_tokens = [tokens.new_token() if kind == HUMAN and invite else None for kind, _ in seats]
        seat_names = names or [None] * len(seats)
        row = GameRow(
            id=tokens.new_game_id(),
            game=game.name,
            players=game.players,
            options=dict(game.options),
            seed=seed if self.deal_chosen_seeds and seed is not None else tokens.game_seed(seed, self.seed_secret),
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
                    lobby=open_to_lobby[seat],
                    name=name if kind == HUMAN else None,
                )
                for seat, ((kind, bot), token, name) in enumerate(zip(seats, seat_tokens, seat_names, strict=True))
            ),
        )
        await self.db(self.storage.create, row)
        table = await self.build(Table.rebuild, row, [])
        self._hold(table)
        await self._roll_chance(table)
        self._changed(table)
        log.info("created %s game %s (%d players)", row.game, row.id, row.players)
        return table, seat_tokens

    async def table(self, game_id: str) -> Table:
        """The table of a game, rebuilt from storage if this process does not hold it yet.

        An unknown id leaves nothing behind: a malformed one is refused before any lookup, and
        the lock that keeps two requests from rebuilding one game goes once nobody waits on it.
        """
        table = self.tables.get(game_id)
        if table is not None:
            self._touched[game_id] = self.now()
            return table
        if not tokens.is_game_id(game_id):
            raise GameNotFound("no game with this id: ids are at most 32 letters, digits, - and _")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                table = self.tables.get(game_id)
                if table is None:
                    table = await self._rebuild(game_id)
        finally:
            if not lock.locked() and self._loading.get(game_id) is lock:
                del self._loading[game_id]
        return table

    async def _rebuild(self, game_id: str) -> Table:
        row = await self.db(self.storage.load, game_id)
        if row is None:
            raise GameNotFound(f"no game with id {game_id!r}")
        steps = await self.db(self.storage.steps, game_id)
        table = await self.build(Table.rebuild, row, steps)
        self._hold(table)
        await self._roll_chance(table)
        self._changed(table)
        return table

    def _hold(self, table: Table) -> None:
        self.tables[table.row.id] = table
        self._touched[table.row.id] = self.now()

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

    async def claim(self, game_id: str, name: str | None = None) -> tuple[Seat, str]:
        """Join a public game from the lobby: the first human seat left open to the lobby, with a fresh token.

        A seat whose invite the creator kept for a friend (`lobby` false) is never taken here.
        """
        table = await self.table(game_id)
        async with table.lock:
            if not table.row.public:
                raise NotYourSeat(f"game {game_id} is by invitation only")
            open_seats = lobby_seats(table)
            if not open_seats:
                raise WrongTime(f"game {game_id} has no seat open to the lobby")
            token = tokens.new_token()
            await self._join(table, open_seats[0], tokens.token_hash(token), name)
        return open_seats[0], token

    async def name(self, table: Table, seat: Seat, name: str) -> None:
        """Set the display name of `seat` (its player names themselves); everyone watching hears it."""
        async with table.lock:
            await self.db(self.storage.name_seat, table.row.id, seat, name)
            row = await self.db(self.storage.load, table.row.id)
            if row is not None:
                table.row = row
        self._changed(table)

    async def rematch(self, table: Table, seat: Seat) -> tuple[Table, str]:
        """The rematch of a finished game, for the player of `seat`: its seat there and a new token.

        The first player to ask creates it: the same game, players, options, clock and seats (bots
        rejoin as they were, humans keep their names), a new seed, and by invitation only. Each
        player of the old game then follows through their own link and gets their own seat.
        """
        async with table.lock:
            if table.status != Status.OVER:
                raise WrongTime(f"game {table.row.id} is not over: a rematch comes after the end")
            if table.row.seats[seat].kind != HUMAN:
                raise NotYourSeat(f"seat {seat + 1} is a bot's")
            if table.row.rematch is None:
                row = table.row
                created, _ = await self.create(
                    name=row.game,
                    players=row.players,
                    options=dict(row.options),
                    seats=[(each.kind, each.bot) for each in row.seats],
                    seed=None,
                    clock=dict(row.clock),
                    public=False,
                    names=[each.name for each in row.seats],
                    invite=False,
                )
                if not await self.db(self.storage.set_rematch, row.id, created.row.id):
                    log.info("game %s: another server made its rematch first", row.id)
                stored = await self.db(self.storage.load, row.id)
                table.row = stored if stored is not None else replace(row, rematch=created.row.id)
            rematch_id = table.row.rematch
        assert rematch_id is not None
        rematch = await self.table(rematch_id)
        async with rematch.lock:
            if rematch.row.seats[seat].joined_at is not None:
                raise WrongTime(f"seat {seat + 1} of the rematch is taken: open it from the link you got then")
            token = tokens.new_token()
            await self._join(rematch, seat, tokens.token_hash(token), table.row.seats[seat].name)
        self._changed(table)
        return rematch, token

    async def lobby(self, limit: int, status: str = Status.WAITING) -> list[Table]:
        """Public games in `status` (waiting for players by default), newest first."""
        return [await self.table(game_id) for game_id in await self.db(self.storage.lobby, limit, status)]

    async def record(self, game_id: str) -> Record:
        """The full record of a finished game (its seed and every step: only once it is over)."""
        table = await self.table(game_id)
        if table.status != Status.OVER:
            raise WrongTime(f"game {game_id} is not over: its record stays secret until it is")
        return table.match.record

    async def replay_record(self, game_id: str) -> Record:
        """The full record of a finished game whose end reveals everything (`Game.public_at_end`)."""
        record = await self.record(game_id)
        table = await self.table(game_id)
        if table.game.public_at_end(table.match.state) is not None:
            raise NotYourSeat(
                f"{table.game.name} keeps its moves secret after the end: only its ending is public "
                f"(GET /api/games/{game_id}/record)"
            )
        return record

    # Playing.

    async def act(
        self, table: Table, seat: Seat, action_json: Json, seq: int | None = None, turn: int | None = None
    ) -> None:
        """Apply `seat`'s action, logged before anyone hears of it; refuse it and change nothing if wrong.

        `seq`, if given, is the step the client saw: a mismatch means its view is stale. `turn`
        (used by bots and clocks) is the step the seat's turn began at when it chose.
        """
        self._touched[table.row.id] = self.now()
        async with table.lock:
            if table.status == Status.EXPIRED:
                raise WrongTime(f"game {table.row.id} expired before every seat joined")
            if table.status == Status.WAITING:
                waiting = [row.seat for row in table.row.seats if row.joined_at is None]
                raise WrongTime(f"game {table.row.id} has not started: waiting for seats {waiting} to join")
            if table.status == Status.OVER:
                raise WrongTime(f"game {table.row.id} is over")
            if seq is not None and seq > table.seq:
                raise WrongTime(f"step {seq} has not happened yet: the game is at step {table.seq}")
            if seq is not None and table.is_stale(seat, seq):
                raise WrongTime(
                    "Your choice was not played: what you are asked changed after you chose "
                    "(another move came first). Look at the board again and choose once more."
                )
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
        table.put_decisions({seat for seat, _, _ in plan.steps})
        table.advance(now)
        table.row = replace(table.row, status=status)
        if status == Status.OVER:
            self.quotas.closed(table.row.id)

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
                # Off the loop: a game's first chance steps may fill its tables (a large Double Dash!
                # board's dashes take a third of a second).
                plan = await self.build(table.chance_plan)
                with contextlib.suppress(WrongTime):
                    await self._log(table, plan)

    async def _join(self, table: Table, seat: Seat, token_hash: str | None, name: str | None = None) -> None:
        now = self.now()
        await self.db(self.storage.join, table.row.id, seat, now, token_hash, name)
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

    async def sweep(self) -> tuple[int, int]:
        """Expire games left waiting too long and let finished and idle games leave memory.

        Returns how many games expired and how many tables were let go. A table stays while
        anyone watches it, acts in it, a bot thinks for it or its clock runs.
        """
        now = self.now()
        expired = await self.db(self.storage.expire_waiting, now - self.limits.waiting_seconds)
        for game_id in expired:
            self.quotas.closed(game_id)
            table = self.tables.get(game_id)
            if table is not None:
                table.row = replace(table.row, status=Status.EXPIRED)
                self._changed(table)
        thinking = {game_id for game_id, _ in self._thinking}
        idle = [
            game_id
            for game_id, table in self.tables.items()
            if game_id not in thinking and game_id not in self._timers and self._is_idle(table, now)
        ]
        for game_id in idle:
            del self.tables[game_id]
            self._touched.pop(game_id, None)
        return len(expired), len(idle)

    def _is_idle(self, table: Table, now: float) -> bool:
        if table.watchers or table.lock.locked():
            return False
        quiet = now - self._touched.get(table.row.id, now)
        if table.status in (Status.OVER, Status.EXPIRED):
            return quiet >= self.limits.sweep_seconds
        return quiet >= self.limits.idle_seconds

    async def _sweeps(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping expired and idle games failed; trying again later")

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


def lobby_seats(table: Table) -> list[Seat]:
    """The human seats anyone may take from the lobby: open, and not kept for a friend's invite."""
    if table.status not in (Status.WAITING, Status.ACTIVE) or not table.row.public:
        return []
    return [row.seat for row in table.row.seats if row.kind == HUMAN and row.joined_at is None and row.lobby]
