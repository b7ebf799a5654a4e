"""Seat tokens and game ids: unguessable, and only their hashes are stored.

A token is the whole of a seat's authority, so the database keeps a SHA-256 of it (a leaked
backup does not let anyone act) and the server compares hashes, never the token itself, in
logs or messages.
"""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24
GAME_ID_BYTES = 12
SEED_BITS = 62


def new_token() -> str:
    """A fresh seat token, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_game_id() -> str:
    """A fresh game id, unguessable so that a spectator link is not enumerable."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


def new_seed() -> int:
    """A secret seed for a game whose creator gave none."""
    return secrets.randbits(SEED_BITS)
