"""Games being entered are kept as drafts (``drafts``), and a save carries the key its results page gave it
(``games.save_key``, unique), so that a double tap, a resubmit or a retry after a timeout saves one game.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # In place, never by copying ``games`` (a copy would delete its players and history: see revision 0002).
    op.add_column("games", sa.Column("save_key", sa.String(64), nullable=True))
    op.create_index("ix_games_save_key", "games", ["save_key"], unique=True)
    op.create_table(
        "drafts",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("document", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_drafts_expires_at", "drafts", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_drafts_expires_at", "drafts")
    op.drop_table("drafts")
    op.drop_index("ix_games_save_key", "games")
    op.execute("ALTER TABLE games DROP COLUMN save_key")
