"""The tables of saved games, as SQLAlchemy Core metadata (the queries use it; migrations create it).

- ``groups``: private spaces reached by an unguessable link (their token): a group's games, players and statistics
  are its own. A game saved outside any group belongs to the pool everyone lists (``games.group_id`` is null).
- ``group_players``: what a group says about its players' names: a name key that *counts as* another player's
  (two names merged into one, or the new name of a renamed player), and the name a renamed player is shown by.
- ``games``: one row per saved game: which game it is (the document's ``game``), its group, its tokens, dates,
  current version, the current table document and score report (JSON), and the details people recorded (place,
  duration in minutes, notes; the date played is ``played_at``).
- ``game_players``: the players of each game's current version (name as typed, the key of the player it counts
  as, total, rank, winner, whether the win was shared, the points of each category), with the game's group (0:
  none), game, edition (a key of the game's editions, empty for a game of one edition), number of players and
  date of play copied from ``games`` so that a player's results over time, the search and the filtered statistics
  read one index, never the documents.
- ``player_stats``: each player's record in each group (0: outside any group), game, edition and number of players,
  with the rollups ``edition = '*'`` (any edition) and ``players = 0`` (any number): games, wins, shared wins, best
  total, sum of totals, sum of each category's points, last played, the name shown. Kept up to date in the same
  transaction as every save, correction, deletion and merge (:mod:`marquoir.storage.stats`), so that the
  statistics, filtered by game, edition and number of players or not, read a page of rows however many games are
  saved.
- ``game_counts``: how many games each group holds (0: outside any group), kept in the same transaction as every
  save and deletion, so that a list says how many games it has without counting them.
- ``game_versions``: every version ever saved of each game, the current one included, with the details it had; a
  correction adds a row and never changes an old one (the history).

- ``drafts``: games being entered, kept under an unguessable token until they expire, so that nothing typed is lost
  (a reload, Back, a language switch, another phone opening the draft's link).

- ``rate_limits``: the abuse limits' counters when the server processes share them through the database (a key of
  client, route and window; its hits; when its window ends, in seconds since the epoch).

``games.group_id`` has no foreign key on purpose: SQLite can neither add nor drop such a column in place, and a
copy of ``games`` would delete every game's players and history (see revision 0002). The code writes it only
from a group it has read.

The migrations in ``migrations/versions`` must build exactly this; ``tests/storage`` compares them.
"""

from __future__ import annotations

import sqlalchemy as sa

#: Alembic's bookkeeping table, named for the project so a shared PostgreSQL database stays tidy.
VERSION_TABLE = "marquoir_schema_version"
#: ``game_players.group_id`` and ``player_stats.group_id`` of a game saved outside any group.
NO_GROUP = 0
#: ``player_stats.edition`` of the records over every edition, and ``player_stats.players`` of the records over
#: every number of players.
ANY_EDITION = "*"
ANY_PLAYERS = 0

metadata = sa.MetaData()

groups = sa.Table(
    "groups",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("token", sa.String(64), nullable=False, unique=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # An IANA time zone name; null: the deployment's default (marquoir.zones).
    sa.Column("time_zone", sa.String(64), nullable=True),
)

group_players = sa.Table(
    "group_players",
    metadata,
    sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("name_key", sa.String(80), primary_key=True),
    sa.Column("counts_as", sa.String(80), nullable=False),
    sa.Column("name", sa.String(80), nullable=True),
    sa.Index("ix_group_players_counts_as", "group_id", "counts_as"),
)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(32), nullable=False, index=True),  # every row gives its game (migration 0002)
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
    sa.Column("group_id", sa.Integer, nullable=True),
    sa.Column("place", sa.String(80), nullable=True),
    sa.Column("duration_min", sa.Integer, nullable=True),
    sa.Column("notes", sa.Text, nullable=True),
    sa.Index("ix_games_save_key", "save_key", unique=True),
    # A group's games (or the games outside any group), newest played first.
    sa.Index("ix_games_group", "group_id", "played_at", "id"),
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
    sa.Column("group_id", sa.Integer, nullable=False, server_default="0"),
    sa.Column("edition", sa.String(16), nullable=False, server_default=""),
    sa.Column("players", sa.Integer, nullable=False, server_default="0"),
    # A player's results over time, newest first, and the name as they last wrote it.
    sa.Index("ix_game_players_record", "group_id", "game", "name_key", "played_at", "game_id", "seat"),
    # A player's best total.
    sa.Index("ix_game_players_best", "group_id", "game", "name_key", "total"),
    # The games of the players a search found, newest first.
    sa.Index("ix_game_players_search", "group_id", "name_key", "played_at", "game_id"),
    # The players' results in a period, newest first (the statistics between two dates), read from the index
    # alone: it holds every column they add up.
    sa.Index("ix_game_players_period", "group_id", "game", "played_at", "game_id", "name_key", "edition", "players",
             "winner", "shared_win", "total"),
)

player_stats = sa.Table(
    "player_stats",
    metadata,
    sa.Column("group_id", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("edition", sa.String(16), primary_key=True),
    sa.Column("players", sa.Integer, primary_key=True),
    sa.Column("name_key", sa.String(80), primary_key=True),
    sa.Column("name", sa.String(80), nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("shared_wins", sa.Integer, nullable=False),
    sa.Column("best_total", sa.Integer, nullable=False),
    sa.Column("total_points", sa.Integer, nullable=False),
    sa.Column("points", sa.JSON, nullable=False),
    sa.Column("last_played", sa.DateTime(timezone=True), nullable=False),
    # Most games first, in a group, game, edition and number of players.
    sa.Index("ix_player_stats_games", "group_id", "game", "edition", "players", "games"),
    # The search of a name among a group's players (scans these rows, not the games).
    sa.Index("ix_player_stats_name_key", "group_id", "name_key"),
)

game_counts = sa.Table(
    "game_counts",
    metadata,
    sa.Column("group_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("games", sa.Integer, nullable=False),
)

game_versions = sa.Table(
    "game_versions",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("document", sa.JSON, nullable=False),
    sa.Column("report", sa.JSON, nullable=False),
    # The details as this version had them (null in versions saved before they were recorded).
    sa.Column("played_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("place", sa.String(80), nullable=True),
    sa.Column("duration_min", sa.Integer, nullable=True),
    sa.Column("notes", sa.Text, nullable=True),
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

rate_limits = sa.Table(
    "rate_limits",
    metadata,
    sa.Column("key", sa.String(200), primary_key=True),
    sa.Column("hits", sa.Integer, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False, index=True),
)

# A game entered at the table (marquoir.storage.seats): its link's own token, the draft it writes, a version
# bumped at every change of a seat (what a phone's poll compares), and each seat's own version and state.
game_tables = sa.Table(
    "game_tables",
    metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("draft_token", sa.String(64), nullable=False, unique=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

table_seats = sa.Table(
    "table_seats",
    metadata,
    sa.Column("table_token", sa.String(64), sa.ForeignKey("game_tables.token", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("done", sa.Boolean, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)
