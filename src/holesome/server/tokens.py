"""Seat tokens and game ids: unguessable, and only their hashes are stored.

A token is the whole of a seat's authority, so the database keeps a SHA-256 of it (a leaked
backup does not let anyone act) and the server compares hashes, never the token itself, in
logs or messages.
"""

from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_BYTES = 24
GAME_ID_BYTES = 12
SEED_BITS = 62
SALT_BYTES = 32
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a game id can look like; anything else names no game and is refused before any lookup."""


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


def is_game_id(text: str) -> bool:
    """Whether `text` could be a game id (ids are URL-safe tokens of at most 32 characters)."""
    return GAME_ID.fullmatch(text) is not None


def game_seed(chosen: int | None, secret: bytes | None = None) -> int:
    """The seed a game is dealt from: nobody who sits at it can know it before the end.

    A chosen seed is mixed with a secret (the server's `seed_secret`, or else 32 fresh random
    bytes for this game), so a creator who picks the seed still cannot recompute any seat's
    cards. The mixed seed is what the game stores and its record shows at the end, so the record
    replays exactly. With a fixed server secret the same chosen seed deals the same game again.
    """
    if chosen is None:
        return new_seed()
    salt = secrets.token_bytes(SALT_BYTES) if secret is None else secret
    digest = hashlib.blake2b(chosen.to_bytes(8, "big") + salt, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)
