"""Alembic environment: runs on the connection the server hands over in `config.attributes`."""

from __future__ import annotations

from alembic import context

from holesome.server.storage import METADATA

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=METADATA)
with context.begin_transaction():
    context.run_migrations()
