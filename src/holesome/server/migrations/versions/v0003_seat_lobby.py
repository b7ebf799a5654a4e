"""Seats say whether anyone may take them from the lobby, or only the holder of the invite link.

Revision ID: seat_lobby
Revises: 0002_seat_names_and_rematches
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "seat_lobby"
down_revision = "0002_seat_names_and_rematches"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `seats.lobby`; seats of existing games stay open to the lobby, as they were."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("lobby", sa.Boolean, nullable=False, server_default=sa.true()))


def downgrade() -> None:
    """Drop `seats.lobby`."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("lobby")
