"""A table: one live game in memory, rebuilt from its stored record and kept in step with it.

The table owns the `Match` (state, steps, chance rolls from the seed), the seats, the clock and
the turn each seat is on. It changes only under its lock and only after the storage has logged
the steps, so whatever a client has been told is on disk.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import holesome
from holesome.core.game import CHANCE, Game, Json, Seat, sample_chance
from holesome.core.match import Match, chance_rng
from holesome.core.record import Record
from holesome.server.clocks import Clock, ClockKind
from holesome.server.storage import GameRow, LoggedStep


class Status:
    """A game's life: waiting for its human seats, being played, over; or expired, never started."""

    WAITING = "waiting"
    ACTIVE = "active"
    OVER = "over"
    EXPIRED = "expired"


PlannedStep = tuple[Seat, Any, Json]
"""A step to log and apply: the seat, its action, and the action as JSON."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Steps checked against the rules but not yet logged, and the state they lead to."""

    steps: tuple[PlannedStep, ...]
    state: Any

    def logged(self) -> tuple[tuple[Seat, Json], ...]:
        """The steps as the log stores them."""
        return tuple((seat, action) for seat, _, action in self.steps)


@dataclass(frozen=True, slots=True)
class SeatText:
    """A seat's pushed message as JSON text up to its clock, and the state and row it shows."""

    state: Any
    row: GameRow
    opening: str
    whole: str | None = None
    """The whole message, for a game without a clock (nothing in it counts down)."""


@dataclass(eq=False)
class Table:
    """A game being served: its stored row, its match, its clock, and who is watching."""

    row: GameRow
    game: Game[Any, Any]
    match: Match[Any, Any]
    clock: Clock
    turns: list[int | None]
    """For each seat, the step at which its current turn began (None: not to act)."""
    asked: list[int] = field(default_factory=list)
    """For each seat, the step at which its current decision (its menu of choices) was put to it:
    a choice made on a view older than that is stale, whatever else happened meanwhile."""
    menus: list[tuple[Any, ...]] = field(default_factory=list)
    """Each seat's legal actions as of `asked`."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[asyncio.Event] = field(default_factory=set)
    clocked: bool = False
    texts: dict[Seat | None, SeatText] = field(default_factory=dict)
    """Each seat's (None: spectators') latest message text, rebuilt when the state or row changes."""

    @classmethod
    def rebuild(cls, row: GameRow, steps: list[LoggedStep]) -> Table:
        """The table for a stored game: its steps replayed, its clock charged as they were played."""
        game = holesome.load_record(
            Record(row.game, row.players, row.options, row.seed, rules_version=row.rules_version)
        )
        clock = Clock.start(ClockKind(row.clock["kind"]), float(row.clock.get("seconds", 0)), row.players)
        table = cls(row, game, Match(game, row.seed), clock, [None] * row.players)
        table.asked = [0] * row.players
        table.menus = [table._menu(seat, table.match.to_act) for seat in range(row.players)]
        for step in steps:
            table.catch_up(step)
        if row.started_at is not None and not table.clocked:
            table.start_clock(row.started_at)
        return table

    @property
    def seq(self) -> int:
        """How many steps have been applied: the sequence number of the next one."""
        return len(self.match.steps)

    @property
    def status(self) -> str:
        """The game's status, as stored."""
        return self.row.status

    def seat_of(self, token_hash: str) -> Seat | None:
        """The seat this token hash holds here, if any."""
        for seat in self.row.seats:
            if seat.token_hash == token_hash:
                return seat.seat
        return None

    def seats_to_act(self) -> tuple[Seat, ...]:
        """The seats (not chance) that may act now, if the game is being played."""
        if self.status != Status.ACTIVE:
            return ()
        return tuple(seat for seat in self.match.to_act if seat != CHANCE)

    def catch_up(self, step: LoggedStep) -> None:
        """Apply one step read back from the log, charging the clock as of when it was logged."""
        if self.row.started_at is not None and not self.clocked and step.time >= self.row.started_at:
            self.start_clock(self.row.started_at)
        self.match.act(step.seat, self.game.action_from_json(step.action))
        self.put_decisions({step.seat})
        self.advance(step.time)

    def put_decisions(self, acted: set[Seat]) -> None:
        """After steps were applied: each seat that acted, or whose menu changed, faces a new decision."""
        acting = self.match.to_act
        for seat in range(self.row.players):
            menu = self._menu(seat, acting)
            if seat in acted or menu != self.menus[seat]:
                self.asked[seat] = self.seq
                self.menus[seat] = menu

    def is_stale(self, seat: Seat, seen: int) -> bool:
        """Whether a choice `seat` made on the view of step `seen` no longer answers its decision."""
        return self.asked[seat] > seen

    def _menu(self, seat: Seat, acting: tuple[Seat, ...]) -> tuple[Any, ...]:
        if seat not in acting:
            return ()
        return self.game.legal_actions(self.match.state, seat)

    def start_clock(self, now: float) -> None:
        """Start turns and clocks: the game has every seat it needs."""
        self.clocked = True
        self.advance(now)

    def advance(self, now: float) -> None:
        """Update turns and clock after a change at `now`."""
        if not self.clocked:
            return
        acting = tuple(seat for seat in self.match.to_act if seat != CHANCE)
        for seat in range(self.row.players):
            if seat not in acting:
                self.turns[seat] = None
            elif self.turns[seat] is None:
                self.turns[seat] = self.seq
        self.clock = self.clock.to_act(acting, now)

    def plan(self, seat: Seat, action: Any) -> Plan:
        """What playing `action` logs: it, then any chance steps it leads to, and where they lead.

        Pure: raises `IllegalAction` and changes nothing if the rules forbid the action.
        """
        state = self.game.apply(self.match.state, seat, action)
        return self._then_chance(((seat, action, self.game.action_to_json(action)),), state)

    def chance_plan(self) -> Plan:
        """The chance steps due now (none unless chance is to act), drawn as `Match.roll_chance` draws them."""
        return self._then_chance((), self.match.state)

    def _then_chance(self, steps: tuple[PlannedStep, ...], state: Any) -> Plan:
        planned = list(steps)
        while self.game.to_act(state) == (CHANCE,):
            rng = chance_rng(self.row.seed, self.seq + len(planned))
            outcome = sample_chance(self.game, state, rng)
            state = self.game.apply(state, CHANCE, outcome)
            planned.append((CHANCE, outcome, self.game.action_to_json(outcome)))
        return Plan(tuple(planned), state)

    def notify(self) -> None:
        """Wake every watcher: it sends its seat's new view."""
        for watcher in self.watchers:
            watcher.set()
