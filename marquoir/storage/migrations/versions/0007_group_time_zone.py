"""Each group's time zone: ``groups`` gains ``time_zone`` (an IANA name such as ``Europe/Paris``; null: the
deployment's default, as for every group made before this revision), read by the pages and the BG Stats export to
say and read times on the group's clocks (:mod:`marquoir.zones`). Added in place (``ALTER TABLE … ADD COLUMN``).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("groups", sa.Column("time_zone", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("groups") as batch:
        batch.drop_column("time_zone")
