"""Statistics at scale: each player's figures in ``game_players``, and each player's record in ``player_stats``.

``game_players`` gains the game, the date of play, whether the win was shared, and the points of each category
(the report's breakdown), with indexes for a player's results over time, their best total and the search;
``player_stats`` holds each player's record per game and name key. Both are filled here from the games' stored
score reports: the players of every game are written again from its report (the report is the record), then the
records are added up from them. Every saved game still opens as it was: ``games`` and ``game_versions`` are not
touched.

This file keeps its own copy of what it needs (the name key, the tables as they are at this revision), so that
later changes to the code cannot change what it does.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

#: Games read at a time while the players are written again.
BATCH = 500

games = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("game", sa.String),
    sa.column("played_at", sa.DateTime(timezone=True)),
    sa.column("report", sa.JSON),
)
game_players = sa.table(
    "game_players",
    sa.column("game_id", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("total", sa.Integer),
    sa.column("rank", sa.Integer),
    sa.column("winner", sa.Boolean),
    sa.column("game", sa.String),
    sa.column("played_at", sa.DateTime(timezone=True)),
    sa.column("shared_win", sa.Boolean),
    sa.column("points", sa.JSON),
)
player_stats = sa.table(
    "player_stats",
    sa.column("game", sa.String),
    sa.column("name_key", sa.String),
    sa.column("name", sa.String),
    sa.column("games", sa.Integer),
    sa.column("wins", sa.Integer),
    sa.column("shared_wins", sa.Integer),
    sa.column("best_total", sa.Integer),
    sa.column("total_points", sa.Integer),
    sa.column("points", sa.JSON),
    sa.column("last_played", sa.DateTime(timezone=True)),
)

NEW_COLUMNS = (
    ("game", sa.String(32)),
    ("played_at", sa.DateTime(timezone=True)),
    ("shared_win", sa.Boolean()),
    ("points", sa.JSON()),
)


def name_key(name: str) -> str:
    """The search key of a name as Marquoir wrote it at this revision."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(unicodedata.normalize("NFKC", bare).casefold().split())


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def player_rows(game_id: int, game: str, played_at: Any, report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The players of a game as its stored report gives them."""
    players = [p for p in report.get("players", ()) if isinstance(p, Mapping)]
    winners = set(report.get("winners", ()))
    shared = len(winners) > 1
    rows = []
    for seat, player in enumerate(players):
        name = str(player.get("name", ""))
        breakdown = player.get("breakdown", {})
        won = name in winners
        rows.append(
            {
                "game_id": game_id,
                "seat": seat,
                "name": name,
                "name_key": name_key(name),
                "total": _int(player.get("total")),
                "rank": _int(player.get("rank")),
                "winner": won,
                "game": game,
                "played_at": played_at,
                "shared_win": won and shared,
                "points": {str(c): _int(v) for c, v in breakdown.items()} if isinstance(breakdown, Mapping) else {},
            }
        )
    return rows


def _games_in_batches(connection: sa.Connection) -> Iterator[Sequence[Any]]:
    last = 0
    while True:
        rows = connection.execute(
            sa.select(games.c.id, games.c.game, games.c.played_at, games.c.report)
            .where(games.c.id > last)
            .order_by(games.c.id)
            .limit(BATCH)
        ).all()
        if not rows:
            return
        yield rows
        last = rows[-1].id


def _write_players_again(connection: sa.Connection) -> None:
    for batch in _games_in_batches(connection):
        ids = [row.id for row in batch]
        connection.execute(game_players.delete().where(game_players.c.game_id.in_(ids)))
        rows = [r for row in batch for r in player_rows(row.id, row.game, row.played_at, row.report or {})]
        if rows:
            connection.execute(game_players.insert(), rows)


def _add_up_records(connection: sa.Connection) -> None:
    """Each player's record per game, from the players just written, in the order of play."""
    query = sa.select(
        game_players.c.game,
        game_players.c.name_key,
        game_players.c.name,
        game_players.c.total,
        game_players.c.winner,
        game_players.c.shared_win,
        game_players.c.points,
        game_players.c.played_at,
    ).order_by(
        game_players.c.game,
        game_players.c.name_key,
        game_players.c.played_at,
        game_players.c.game_id,
        game_players.c.seat,
    )
    records: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for row in connection.execute(query):
        if current is None or (current["game"], current["name_key"]) != (row.game, row.name_key):
            if current is not None:
                records.append(current)
            current = {
                "game": row.game, "name_key": row.name_key, "games": 0, "wins": 0, "shared_wins": 0,
                "best_total": row.total, "total_points": 0, "points": {},
            }  # fmt: skip
        current["name"] = row.name
        current["last_played"] = row.played_at
        current["games"] += 1
        current["wins"] += bool(row.winner)
        current["shared_wins"] += bool(row.shared_win)
        current["best_total"] = max(current["best_total"], row.total)
        current["total_points"] += row.total
        for category, points in (row.points or {}).items():
            current["points"][category] = current["points"].get(category, 0) + points
        if len(records) >= BATCH:
            connection.execute(player_stats.insert(), records)
            records = []
    if current is not None:
        records.append(current)
    if records:
        connection.execute(player_stats.insert(), records)


def upgrade() -> None:
    op.drop_index("ix_game_players_name_key", "game_players")
    with op.batch_alter_table("game_players") as batch:
        for name, kind in NEW_COLUMNS:
            batch.add_column(sa.Column(name, kind, nullable=True))
    _write_players_again(op.get_bind())
    with op.batch_alter_table("game_players") as batch:
        for name, kind in NEW_COLUMNS:
            batch.alter_column(name, existing_type=kind, nullable=False)
    op.create_index("ix_game_players_record", "game_players", ["game", "name_key", "played_at", "game_id", "seat"])
    op.create_index("ix_game_players_best", "game_players", ["game", "name_key", "total"])
    op.create_index("ix_game_players_search", "game_players", ["name_key", "played_at", "game_id"])
    op.create_table(
        "player_stats",
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
    )
    op.create_index("ix_player_stats_games", "player_stats", ["game", "games"])
    op.create_index("ix_player_stats_name_key", "player_stats", ["name_key"])
    _add_up_records(op.get_bind())


def downgrade() -> None:
    op.drop_table("player_stats")
    op.drop_index("ix_game_players_search", "game_players")
    op.drop_index("ix_game_players_best", "game_players")
    op.drop_index("ix_game_players_record", "game_players")
    with op.batch_alter_table("game_players") as batch:
        for name, _kind in reversed(NEW_COLUMNS):
            batch.drop_column(name)
    op.create_index("ix_game_players_name_key", "game_players", ["name_key"])
