"""Groups, what people record of a game, and statistics filtered by edition and number of players.

- ``groups`` (a private space reached by its token) and ``group_players`` (names merged into another player's, and
  the name a renamed player is shown by), both new;
- ``games`` gains ``group_id`` (null: outside any group, as every game saved before this revision), ``place``,
  ``duration_min`` and ``notes``; ``game_versions`` gains the same details and ``played_at`` (null in the versions
  saved before, which had none);
- ``game_players`` gains ``group_id`` (0: outside any group), ``edition`` (``base`` or ``yokai`` for Kanagawa, read
  from the game's families; empty for Bonsai) and ``players`` (how many played), and its indexes lead with the group;
- ``player_stats`` is made anew, keyed by group, game, edition and number of players (with the rollups ``*`` and
  0), and added up again from the players' rows;
- ``game_counts`` (how many games each group holds, 0 for the games outside any group) is new, counted once here.

Every column is added in place (``ALTER TABLE … ADD COLUMN``), never by copying a table: on SQLite a copy of
``games`` drops the old table, and with foreign keys on that deletes every game's players and history with it (see
revision 0002). ``player_stats`` is only ever made from ``game_players``, so it is dropped and made again.

This file keeps its own copy of what it needs (the tables as they are at this revision, the expansion's families),
so that later changes to the code cannot change what it does.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

#: Rows read or written at a time.
BATCH = 500
#: Kanagawa's expansion families at this revision (a table holding one is a Yokai game).
EXPANSION_FAMILIES = frozenset({"kites", "lanterns", "umbrellas"})

games = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("game", sa.String),
    sa.column("document", sa.JSON),
    sa.column("group_id", sa.Integer),
)
game_players = sa.table(
    "game_players",
    sa.column("game_id", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("total", sa.Integer),
    sa.column("winner", sa.Boolean),
    sa.column("game", sa.String),
    sa.column("played_at", sa.DateTime(timezone=True)),
    sa.column("shared_win", sa.Boolean),
    sa.column("points", sa.JSON),
    sa.column("group_id", sa.Integer),
    sa.column("edition", sa.String),
    sa.column("players", sa.Integer),
)
RECORD_COLUMNS = (
    "name", "games", "wins", "shared_wins", "best_total", "total_points", "points", "last_played",
)  # fmt: skip


def _record_columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("shared_wins", sa.Integer, nullable=False),
        sa.Column("best_total", sa.Integer, nullable=False),
        sa.Column("total_points", sa.Integer, nullable=False),
        sa.Column("points", sa.JSON, nullable=False),
        sa.Column("last_played", sa.DateTime(timezone=True), nullable=False),
    ]


def _table(name: str, *keys: str) -> sa.TableClause:
    columns: list[sa.ColumnClause[Any]] = [sa.column(k) for k in keys]
    columns += [sa.column(c, sa.JSON if c == "points" else None) for c in RECORD_COLUMNS]
    return sa.table(name, *columns)


def _is_yokai(document: Any) -> bool:
    families = document.get("families") if isinstance(document, Mapping) else None
    return isinstance(families, list) and any(f in EXPANSION_FAMILIES for f in families)


def _fill_players(connection: sa.Connection) -> None:
    """Each player row's number of players, and each Kanagawa row's edition (from its game's families)."""
    others = game_players.alias("others")
    count = sa.select(sa.func.count()).where(others.c.game_id == game_players.c.game_id).scalar_subquery()
    connection.execute(game_players.update().values(players=count))
    last = 0
    while True:
        rows = connection.execute(
            sa.select(games.c.id, games.c.document)
            .where(games.c.game == "kanagawa", games.c.id > last)
            .order_by(games.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            break
        yokai = [row.id for row in rows if _is_yokai(row.document)]
        if yokai:
            connection.execute(game_players.update().where(game_players.c.game_id.in_(yokai)).values(edition="yokai"))
        last = rows[-1].id
    connection.execute(
        game_players.update().where(game_players.c.game == "kanagawa", game_players.c.edition == "").values(
            edition="base"
        )
    )


def _add(record: dict[str, Any], row: Any) -> None:
    record["name"] = row.name
    record["last_played"] = row.played_at
    record["games"] += 1
    record["wins"] += bool(row.winner)
    record["shared_wins"] += bool(row.shared_win)
    record["best_total"] = row.total if record["games"] == 1 else max(record["best_total"], row.total)
    record["total_points"] += row.total
    for category, points in (row.points or {}).items():
        record["points"][category] = record["points"].get(category, 0) + int(points)


def _add_up_records(connection: sa.Connection) -> None:
    """Each player's records (per group, game, edition and number of players, with the rollups) from their rows,
    in the order of play, so the name is the one last written."""
    stats = _table("player_stats", "group_id", "game", "edition", "players", "name_key")
    query = sa.select(
        game_players.c.group_id, game_players.c.game, game_players.c.name_key, game_players.c.edition,
        game_players.c.players, game_players.c.name, game_players.c.total, game_players.c.winner,
        game_players.c.shared_win, game_players.c.points, game_players.c.played_at,
    ).order_by(
        game_players.c.group_id, game_players.c.game, game_players.c.name_key, game_players.c.played_at,
        game_players.c.game_id, game_players.c.seat,
    )  # fmt: skip
    pending: list[dict[str, Any]] = []
    player: tuple[Any, ...] | None = None
    records: dict[tuple[str, int], dict[str, Any]] = {}

    def flush() -> None:
        nonlocal records
        assert player is not None
        for (edition, players), record in records.items():
            pending.append({"group_id": player[0], "game": player[1], "name_key": player[2], "edition": edition,
                            "players": players, **record})  # fmt: skip
        records = {}
        if len(pending) >= BATCH:
            connection.execute(stats.insert(), pending)
            pending.clear()

    for row in connection.execute(query):
        key = (row.group_id, row.game, row.name_key)
        if player is not None and key != player:
            flush()
        player = key
        for split in ((row.edition, row.players), (row.edition, 0), ("*", row.players), ("*", 0)):
            record = records.setdefault(
                split, {"games": 0, "wins": 0, "shared_wins": 0, "best_total": 0, "total_points": 0, "points": {}}
            )
            _add(record, row)
    if player is not None:
        flush()
    if pending:
        connection.execute(stats.insert(), pending)


OLD_INDEXES = (
    ("ix_game_players_record", ["game", "name_key", "played_at", "game_id", "seat"]),
    ("ix_game_players_best", ["game", "name_key", "total"]),
    ("ix_game_players_search", ["name_key", "played_at", "game_id"]),
)
NEW_INDEXES = (
    ("ix_game_players_record", ["group_id", "game", "name_key", "played_at", "game_id", "seat"]),
    ("ix_game_players_best", ["group_id", "game", "name_key", "total"]),
    ("ix_game_players_search", ["group_id", "name_key", "played_at", "game_id"]),
    ("ix_game_players_period", ["group_id", "game", "played_at", "game_id", "name_key", "edition", "players",
                                "winner", "shared_win", "total"]),
)
GAME_DETAILS = (
    ("place", sa.String(80)),
    ("duration_min", sa.Integer()),
    ("notes", sa.Text()),
)


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "group_players",
        sa.Column("group_id", sa.Integer, sa.ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("name_key", sa.String(80), primary_key=True),
        sa.Column("counts_as", sa.String(80), nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
    )
    op.create_index("ix_group_players_counts_as", "group_players", ["group_id", "counts_as"])
    # In place, never by copying ``games`` (a copy would delete its players and history: see revision 0002).
    op.add_column("games", sa.Column("group_id", sa.Integer, nullable=True))
    for name, kind in GAME_DETAILS:
        op.add_column("games", sa.Column(name, kind, nullable=True))
    op.create_index("ix_games_group", "games", ["group_id", "played_at", "id"])
    op.add_column("game_versions", sa.Column("played_at", sa.DateTime(timezone=True), nullable=True))
    for name, kind in GAME_DETAILS:
        op.add_column("game_versions", sa.Column(name, kind, nullable=True))

    for name, _columns in OLD_INDEXES:
        op.drop_index(name, "game_players")
    op.add_column("game_players", sa.Column("group_id", sa.Integer, nullable=False, server_default="0"))
    op.add_column("game_players", sa.Column("edition", sa.String(16), nullable=False, server_default=""))
    op.add_column("game_players", sa.Column("players", sa.Integer, nullable=False, server_default="0"))
    _fill_players(op.get_bind())
    for name, columns in NEW_INDEXES:
        op.create_index(name, "game_players", columns)

    op.drop_index("ix_player_stats_games", "player_stats")
    op.drop_index("ix_player_stats_name_key", "player_stats")
    op.drop_table("player_stats")
    op.create_table(
        "player_stats",
        sa.Column("group_id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("edition", sa.String(16), primary_key=True),
        sa.Column("players", sa.Integer, primary_key=True),
        sa.Column("name_key", sa.String(80), primary_key=True),
        *_record_columns(),
    )
    op.create_index("ix_player_stats_games", "player_stats", ["group_id", "game", "edition", "players", "games"])
    op.create_index("ix_player_stats_name_key", "player_stats", ["group_id", "name_key"])
    _add_up_records(op.get_bind())
    counts = op.create_table(
        "game_counts",
        sa.Column("group_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    total = op.get_bind().execute(sa.select(sa.func.count()).select_from(games)).scalar_one()
    op.bulk_insert(counts, [{"group_id": 0, "games": int(total)}])


def downgrade() -> None:
    connection = op.get_bind()
    grouped = connection.execute(
        sa.select(sa.func.count()).select_from(games).where(games.c.group_id.is_not(None))
    ).scalar_one()
    if grouped:
        # The revisions before this one list every game to everyone: a group's games would become public.
        raise RuntimeError(f"{grouped} saved games belong to groups: the schema cannot go back before groups")
    op.drop_table("game_counts")
    new = _table("player_stats", "group_id", "game", "edition", "players", "name_key")
    rollups = [
        dict(row)
        for row in connection.execute(
            sa.select(new.c.game, new.c.name_key, *(new.c[c] for c in RECORD_COLUMNS)).where(
                new.c.group_id == 0, new.c.edition == "*", new.c.players == 0
            )
        ).mappings()
    ]
    op.drop_index("ix_player_stats_name_key", "player_stats")
    op.drop_index("ix_player_stats_games", "player_stats")
    op.drop_table("player_stats")
    op.create_table(
        "player_stats",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("name_key", sa.String(80), primary_key=True),
        *_record_columns(),
    )
    op.create_index("ix_player_stats_games", "player_stats", ["game", "games"])
    op.create_index("ix_player_stats_name_key", "player_stats", ["name_key"])
    old = _table("player_stats", "game", "name_key")
    for start in range(0, len(rollups), BATCH):
        connection.execute(old.insert(), rollups[start : start + BATCH])

    for name, _columns in reversed(NEW_INDEXES):
        op.drop_index(name, "game_players")
    # In place as well (SQLite 3.35 and newer drop a column without copying the table).
    for column in ("players", "edition", "group_id"):
        op.execute(f"ALTER TABLE game_players DROP COLUMN {column}")
    for name, columns in OLD_INDEXES:
        op.create_index(name, "game_players", columns)
    for column in ("notes", "duration_min", "place", "played_at"):
        op.execute(f"ALTER TABLE game_versions DROP COLUMN {column}")
    op.drop_index("ix_games_group", "games")
    for column in ("notes", "duration_min", "place", "group_id"):
        op.execute(f"ALTER TABLE games DROP COLUMN {column}")
    op.drop_index("ix_group_players_counts_as", "group_players")
    op.drop_table("group_players")
    op.drop_table("groups")
