"""The tables of saved games, as SQLAlchemy Core metadata (the queries use it; migrations create it).

- ``games``: one row per saved game: which game it is (the document's ``game``), its tokens, dates, current version,
  and the current table document and score report (JSON).
- ``game_players``: the players of each game's current version (name, search key, total, rank, winner), so the
  list can be searched by player and shown without reading every document.
- ``game_versions``: every version ever saved of each game, the current one included; a correction adds a row and
  never changes an old one (the history).

The migrations in ``migrations/versions`` must build exactly this; ``tests/storage`` compares them.
"""

from __future__ import annotations

import sqlalchemy as sa

#: Alembic's bookkeeping table, named for the project so a shared PostgreSQL database stays tidy.
VERSION_TABLE = "marquoir_schema_version"

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(32), nullable=False, index=True),
    sa.Column("share_token", sa.String(64), nullable=False, unique=True),
    sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
    sa.Column("played_at", sa.DateTime(timezone=True), nullable=False, index=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("document", sa.JSON, nullable=False),
    sa.Column("report", sa.JSON, nullable=False),
)

game_players = sa.Table(
    "game_players",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("name_key", sa.String(80), nullable=False, index=True),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("winner", sa.Boolean, nullable=False),
)

game_versions = sa.Table(
    "game_versions",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("document", sa.JSON, nullable=False),
    sa.Column("report", sa.JSON, nullable=False),
)
