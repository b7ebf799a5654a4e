"""LISTEN/NOTIFY between server processes sharing one PostgreSQL database.

Every append or join sends a `Note` (the game's id and the sending storage) on
`storage.CHANNEL`; each process listens and catches up the games it holds, so a seat connected
to one process sees moves made through another. A process skips its own notes: it applied
those changes before it sent them, and reading them back would cost two queries per change.
A lost connection is retried after a pause, until the server stops.
"""

from __future__ import annotations

import asyncio
import logging

import psycopg
from sqlalchemy.engine import make_url

from holesome.server.service import Hall
from holesome.server.storage import CHANNEL, Note

log = logging.getLogger("holesome.server")
RETRY_SECONDS = 1.0


def libpq_url(url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as libpq reads it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(hall: Hall, url: str, ready: asyncio.Event) -> None:
    """Catch up games as other processes change them; runs until cancelled."""
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                ready.set()
                async for notification in connection.notifies():
                    note = Note.from_payload(notification.payload)
                    if note.origin != hall.storage.origin:
                        await hall.catch_up(note.game_id)
        except (psycopg.Error, OSError) as error:
            log.warning("lost the PostgreSQL notification connection (%s); retrying", type(error).__name__)
            await asyncio.sleep(RETRY_SECONDS)
