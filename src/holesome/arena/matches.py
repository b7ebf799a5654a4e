"""Arena matches: who sits where, and one match played to the end.

A lineup names a bot for every seat. Over a series the lineup is rotated one seat per game, so
each bot plays each seat equally often and the first-seat advantage cancels out of the bot
figures (and shows in the seat figures). `play_match` is a plain top-level function of plain
values so any back end (processes, Ray) can run it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import holesome
from holesome.bots import make_bot
from holesome.core.errors import HolesomeError
from holesome.core.match import Match


@dataclass(frozen=True, slots=True)
class MatchSpec:
    """One match to play: the game, the bot in each seat, and the seed."""

    game: str
    players: int
    options: Mapping[str, Any]
    lineup: tuple[str, ...]
    seed: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What a match produced, per seat."""

    spec: MatchSpec
    scores: tuple[float, ...]
    values: tuple[float, ...]
    steps: int
    record: dict[str, Any] = field(compare=False, repr=False)


def lineup(bots: list[str], players: int) -> tuple[str, ...]:
    """A bot per seat: the names given, the last one repeated to fill the table."""
    if not bots:
        raise HolesomeError("name at least one bot")
    if len(bots) > players:
        raise HolesomeError(f"{len(bots)} bots named for {players} seats")
    return tuple(bots + [bots[-1]] * (players - len(bots)))


def schedule(
    game: str, players: int, options: Mapping[str, Any], seats: tuple[str, ...], games: int, seed: int
) -> list[MatchSpec]:
    """`games` matches with the lineup rotated one seat per game."""
    rotations = [seats[-shift:] + seats[:-shift] if shift else seats for shift in range(players)]
    return [
        MatchSpec(game, players, dict(options), rotations[number % players], seed + number) for number in range(games)
    ]


def play_match(spec: MatchSpec) -> MatchResult:
    """Play one match between the lineup's bots (each seeded from the match seed and its seat)."""
    game = holesome.load(spec.game, spec.players, **spec.options)
    match: Match[Any, Any] = Match(game, spec.seed)
    bots = [make_bot(name, spec.seed * 1000 + seat) for seat, name in enumerate(spec.lineup)]
    outcome = match.play({seat: bot.act for seat, bot in enumerate(bots)})
    return MatchResult(spec, outcome.scores, outcome.values, len(match.steps), match.record.to_json())
