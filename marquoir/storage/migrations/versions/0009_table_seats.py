"""A game entered at the table, each phone its own player's part (issue 22): ``game_tables`` (the table link's
own token, the draft it writes, a version bumped at every change) and ``table_seats`` (each seat's own version
and whether its player is done). Both are new; nothing else changes.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("draft_token", sa.String(64), nullable=False, unique=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "table_seats",
        sa.Column("table_token", sa.String(64), sa.ForeignKey("game_tables.token", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("done", sa.Boolean, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_seats")
    op.drop_table("game_tables")
