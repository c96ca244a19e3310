"""Saved games say which game they are: ``games.game`` (the table document's ``game``), indexed.

Every game saved before this revision is a Kanagawa game (the only one Marquoir kept score of), so existing rows
take ``kanagawa`` (the column's default); new rows always give their game.

The column is added in place (``ALTER TABLE … ADD COLUMN``), never by copying the table: on SQLite a copy drops the
old ``games`` table, and with foreign keys on that deletes every game's players and history with it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("game", sa.String(32), nullable=False, server_default="kanagawa"))
    op.create_index("ix_games_game", "games", ["game"])


def downgrade() -> None:
    op.drop_index("ix_games_game", "games")
    # In place as well (SQLite 3.35 and newer drop a column without copying the table).
    op.execute("ALTER TABLE games DROP COLUMN game")
