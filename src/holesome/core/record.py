"""Game records: a game is its name, options, seed and every applied action.

A record replays exactly on any machine: `start(seed)` deals the setup and every later chance
outcome is stored among the actions. The JSON file format is:

    {"format": "holesome-record", "format_version": 1,
     "game": "honey-donut", "rules_version": 1, "players": 2, "options": {...}, "seed": 7,
     "actions": [{"seat": 0, "action": {...}}, ...],
     "outcome": {...}}            # optional: written for finished games, checked by --verify

A record holds every secret of the game, so it is shown to players only once the game is over.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from holesome.core.errors import HolesomeError, InvalidRecord
from holesome.core.game import Game, Json, Seat

FORMAT = "holesome-record"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Step:
    """One applied action: who acted (a seat, or CHANCE) and the action as JSON."""

    seat: Seat
    action: Json


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a game."""

    game: str
    players: int
    options: Mapping[str, Json]
    seed: int
    steps: tuple[Step, ...] = ()
    rules_version: int = 1
    outcome: Json = field(default=None, compare=False)

    def to_json(self) -> Json:
        """The record as a JSON object, in the file format above."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [{"seat": step.seat, "action": step.action} for step in self.steps],
        }
        if self.outcome is not None:
            data["outcome"] = self.outcome
        return data

    @classmethod
    def from_json(cls, data: Json) -> Record:
        """Read a record object; `InvalidRecord` says what is missing or malformed."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InvalidRecord(f'not a holesome record (expected "format": "{FORMAT}")')
        try:
            steps = tuple(Step(int(item["seat"]), item["action"]) for item in data["actions"])
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                options=dict(data.get("options", {})),
                seed=int(data["seed"]),
                steps=steps,
                rules_version=int(data.get("rules_version", 1)),
                outcome=data.get("outcome"),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidRecord(f"malformed record: {error!r}") from None

    def save(self, path: Path) -> None:
        """Write the record to a JSON file."""
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Record:
        """Read a record from a JSON file."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise InvalidRecord(f"cannot read {path}: {error}") from None
        return cls.from_json(data)


def replay(record: Record, game: Game[Any, Any]) -> Iterator[Any]:
    """Yield the start state and the state after every step of `record`, played by `game`.

    `game` is the record's game loaded with its players and options (`holesome.load_record`
    does that). Raises `InvalidRecord` naming the step that does not replay.
    """
    if (game.name, game.players, dict(game.options)) != (record.game, record.players, dict(record.options)):
        raise InvalidRecord(
            f"record is for {record.game} with {record.players} players and options "
            f"{dict(record.options)}, not {game!r}"
        )
    if game.version != record.rules_version:
        raise InvalidRecord(
            f"record was made with {record.game} rules version {record.rules_version}, "
            f"this engine has version {game.version}"
        )
    state = game.start(record.seed)
    yield state
    for index, step in enumerate(record.steps):
        try:
            state = game.apply(state, step.seat, game.action_from_json(step.action))
        except HolesomeError as error:
            raise InvalidRecord(f"step {index} does not replay: {error}") from None
        yield state
