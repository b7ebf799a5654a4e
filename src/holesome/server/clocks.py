"""Game clocks: none, per move, or per game; pure values rebuilt from the action log.

A seat's time runs while it is among the seats to act (in a simultaneous phase each seat's
runs until it commits). With a `move` clock each turn gets `seconds`; with a `game` clock a
seat has one bank of `seconds` for the whole game. A seat whose time is up gets the game's
`default_action`. Because the log stores when each step was applied, replaying it gives
every bank exactly as it was, so a restart loses no time and gives none away.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from holesome.core.game import Json, Seat


class ClockKind(enum.StrEnum):
    """How a game's time is counted."""

    NONE = "none"
    MOVE = "move"
    GAME = "game"


@dataclass(frozen=True, slots=True)
class Clock:
    """Each seat's remaining bank and since when it has been to act (None: not to act)."""

    kind: ClockKind
    seconds: float
    banks: tuple[float, ...]
    since: tuple[float | None, ...]

    @classmethod
    def start(cls, kind: ClockKind, seconds: float, players: int) -> Clock:
        """A clock with full banks and nobody to act yet."""
        return cls(kind, seconds, (seconds,) * players, (None,) * players)

    def to_act(self, seats: tuple[Seat, ...], now: float) -> Clock:
        """The clock once exactly `seats` are to act at `now`: leavers are charged, joiners start."""
        if self.kind is ClockKind.NONE:
            return self
        banks = list(self.banks)
        since = list(self.since)
        for seat, started in enumerate(self.since):
            acting = seat in seats
            if started is not None and not acting:
                if self.kind is ClockKind.GAME:
                    banks[seat] = max(0.0, banks[seat] - (now - started))
                since[seat] = None
            elif started is None and acting:
                since[seat] = now
        return replace(self, banks=tuple(banks), since=tuple(since))

    def deadline(self, seat: Seat) -> float | None:
        """When the seat's time runs out, if it is to act on a clock."""
        started = self.since[seat]
        if self.kind is ClockKind.NONE or started is None:
            return None
        return started + (self.seconds if self.kind is ClockKind.MOVE else self.banks[seat])

    def expired(self, now: float) -> tuple[Seat, ...]:
        """Seats whose time is up at `now`."""
        return tuple(
            seat for seat in range(len(self.banks)) if (deadline := self.deadline(seat)) is not None and deadline <= now
        )

    def next_deadline(self) -> float | None:
        """The earliest deadline of any seat, if any runs."""
        deadlines = [deadline for seat in range(len(self.banks)) if (deadline := self.deadline(seat)) is not None]
        return min(deadlines, default=None)

    def to_json(self, now: float) -> Json:
        """What clients see: the kind and each seat's remaining seconds (counting down if to act)."""
        remaining: list[float | None] = []
        for seat, bank in enumerate(self.banks):
            deadline = self.deadline(seat)
            if self.kind is ClockKind.NONE:
                remaining.append(None)
            elif deadline is None:
                remaining.append(bank if self.kind is ClockKind.GAME else self.seconds)
            else:
                remaining.append(max(0.0, deadline - now))
        return {"kind": self.kind.value, "seconds": self.seconds, "remaining": remaining}
