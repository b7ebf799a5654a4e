"""holesome: five donut games with faithful rules, for players, bots and researchers.

    import holesome
    game = holesome.load("honey-donut")
    state = game.start(seed=7)

See DESIGN.md for the contract every game follows.
"""

from typing import Any

from holesome.core import (
    CHANCE,
    Decision,
    Game,
    HolesomeError,
    IllegalAction,
    InvalidAction,
    InvalidOption,
    InvalidRecord,
    Match,
    Outcome,
    Record,
    UnknownGame,
    replay,
    sample_chance,
)
from holesome.games import GAMES

__version__ = "0.1.0"


def load(name: str, players: int | None = None, **options: object) -> Game[Any, Any]:
    """The game registered as `name`, for `players` seats (its default if None) and options."""
    try:
        game_class = GAMES[name]
    except KeyError:
        raise UnknownGame(f"no game named {name!r}; games: {', '.join(GAMES)}") from None
    return game_class(players, **options)


def load_record(record: Record) -> Game[Any, Any]:
    """The game a record was played with."""
    try:
        return load(record.game, record.players, **record.options)
    except HolesomeError as error:
        raise InvalidRecord(f"record cannot be loaded: {error}") from None


__all__ = [
    "CHANCE",
    "GAMES",
    "Decision",
    "Game",
    "HolesomeError",
    "IllegalAction",
    "InvalidAction",
    "InvalidOption",
    "InvalidRecord",
    "Match",
    "Outcome",
    "Record",
    "UnknownGame",
    "load",
    "load_record",
    "replay",
    "sample_chance",
]
