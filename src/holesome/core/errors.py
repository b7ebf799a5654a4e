"""The errors holesome raises: each says what was wrong and where.

All of them subclass `ValueError` (as python-chess's move errors do), so a caller that only
wants "bad input" can catch one type, while the server and the CLI can tell them apart.
"""

from __future__ import annotations


class HolesomeError(ValueError):
    """Base class of every error raised for bad input to holesome."""


class UnknownGame(HolesomeError):
    """A game name that is not registered."""


class InvalidOption(HolesomeError):
    """A player count or game option that the game does not accept."""


class InvalidAction(HolesomeError):
    """An action that is not well formed: bad JSON, an unknown id, unreadable notation."""


class IllegalAction(HolesomeError):
    """A well-formed action that the rules do not allow for this seat in this state."""


class InvalidRecord(HolesomeError):
    """A game record that cannot be read or does not replay."""
