"""Saved games say which game they are: ``games.game`` (the table document's ``game``), indexed.

Every game saved before this revision is a Kanagawa game (the only one Marquoir kept score of), so existing rows
take ``kanagawa``; new rows always give their game.

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
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("game", sa.String(32), nullable=False, server_default="kanagawa"))
    with op.batch_alter_table("games") as batch:
        batch.alter_column("game", server_default=None, existing_type=sa.String(32), existing_nullable=False)
    op.create_index("ix_games_game", "games", ["game"])


def downgrade() -> None:
    op.drop_index("ix_games_game", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("game")
