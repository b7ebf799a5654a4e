"""The game contract, records and replay, and the shared conformance checks."""

from holesome.core.decision import Decision
from holesome.core.errors import (
    HolesomeError,
    IllegalAction,
    InvalidAction,
    InvalidOption,
    InvalidRecord,
    UnknownGame,
)
from holesome.core.game import CHANCE, Game, Json, Option, Outcome, Seat, View, sample_chance
from holesome.core.match import Match, Policy, chance_rng
from holesome.core.record import Record, Step, replay

__all__ = [
    "CHANCE",
    "Decision",
    "Game",
    "HolesomeError",
    "IllegalAction",
    "InvalidAction",
    "InvalidOption",
    "InvalidRecord",
    "Json",
    "Match",
    "Option",
    "Outcome",
    "Policy",
    "Record",
    "Seat",
    "Step",
    "UnknownGame",
    "View",
    "chance_rng",
    "replay",
    "sample_chance",
]
