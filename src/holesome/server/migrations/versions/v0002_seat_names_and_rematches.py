"""Seats keep their players' display names; a finished game points to its rematch.

Revision ID: 0002_seat_names_and_rematches
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_seat_names_and_rematches"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `seats.name` and `games.rematch` (both empty for games stored before)."""
    op.add_column("seats", sa.Column("name", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    """Drop the two columns."""
    with op.batch_alter_table("games") as games:
        games.drop_column("rematch")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("name")
