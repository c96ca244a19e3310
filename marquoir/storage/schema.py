"""The tables of saved games, as SQLAlchemy Core metadata (the queries use it; migrations create it).

- ``games``: one row per saved game: which game it is (the document's ``game``), its tokens, dates, current version,
  and the current table document and score report (JSON).
- ``game_players``: the players of each game's current version (name, search key, total, rank, winner, whether the
  win was shared, the points of each category), with the game and the date of play copied from ``games`` so that
  a player's results over time and the search read one index, never the documents.
- ``player_stats``: each player's record in each game (per game and name key: games, wins, shared wins, best
  total, sum of totals, sum of each category's points, last played, the name as last written), kept up to date
  in the same transaction as every save, correction and deletion (:mod:`marquoir.storage.stats`), so that the
  statistics read a few rows however many games are saved.
- ``game_versions``: every version ever saved of each game, the current one included; a correction adds a row and
  never changes an old one (the history).

- ``drafts``: games being entered, kept under an unguessable token until they expire, so that nothing typed is lost
  (a reload, Back, a language switch, another phone opening the draft's link).

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
    sa.Column("game", sa.String(32), nullable=False, index=True, server_default="kanagawa"),
    sa.Column("share_token", sa.String(64), nullable=False, unique=True),
    sa.Column("edit_token", sa.String(64), nullable=False, unique=True),
    sa.Column("played_at", sa.DateTime(timezone=True), nullable=False, index=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("document", sa.JSON, nullable=False),
    sa.Column("report", sa.JSON, nullable=False),
    # The key the results page gave this save (a double tap, a resubmit or a retry sends it again: one game).
    sa.Column("save_key", sa.String(64), nullable=True),
    sa.Index("ix_games_save_key", "save_key", unique=True),
)

game_players = sa.Table(
    "game_players",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("name_key", sa.String(80), nullable=False),
    sa.Column("total", sa.Integer, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("winner", sa.Boolean, nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("played_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("shared_win", sa.Boolean, nullable=False),
    sa.Column("points", sa.JSON, nullable=False),
    # A player's results over time, newest first, and the name as they last wrote it.
    sa.Index("ix_game_players_record", "game", "name_key", "played_at", "game_id", "seat"),
    # A player's best total.
    sa.Index("ix_game_players_best", "game", "name_key", "total"),
    # The games of the players a search found, newest first.
    sa.Index("ix_game_players_search", "name_key", "played_at", "game_id"),
)

player_stats = sa.Table(
    "player_stats",
    metadata,
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("name_key", sa.String(80), primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("shared_wins", sa.Integer, nullable=False),
    sa.Column("best_total", sa.Integer, nullable=False),
    sa.Column("total_points", sa.Integer, nullable=False),
    sa.Column("points", sa.JSON, nullable=False),
    sa.Column("last_played", sa.DateTime(timezone=True), nullable=False),
    # Most games first, game by game.
    sa.Index("ix_player_stats_games", "game", "games"),
    # The search of a name among the players (scans this small table, not the games).
    sa.Index("ix_player_stats_name_key", "name_key"),
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

drafts = sa.Table(
    "drafts",
    metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("document", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True),
)
