"""Kanagawa's rule option ``storm_on_start_tile`` changes its default from true to false (the game's
``data/SOURCES.md``, decision 16): a document that leaves the option out now means false. Every Kanagawa document
stored before this revision was scored with the option on whenever it left it out, so this revision writes
``"storm_on_start_tile": true`` into the ``rules`` of each such document, in ``games``, ``game_versions`` and the
drafts' tables (``drafts.document["table"]``): saved games keep the rules they were scored under, and their stored
score reports stay true. Going down writes ``false`` where a document leaves it out (the new default) and drops an
explicit ``true`` (the old default), so the old code reads each document as the new code did.

This file keeps its own copy of what it needs (the tables' columns at this revision), so that later changes to the
code cannot change what it does.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

#: Rows read or written at a time.
BATCH = 500
OPTION = "storm_on_start_tile"

games = sa.table("games", sa.column("id", sa.Integer), sa.column("game", sa.String), sa.column("document", sa.JSON))
game_versions = sa.table(
    "game_versions", sa.column("game_id", sa.Integer), sa.column("version", sa.Integer),
    sa.column("document", sa.JSON),
)  # fmt: skip
drafts = sa.table("drafts", sa.column("token", sa.String), sa.column("game", sa.String), sa.column("document", sa.JSON))


def _up(table: Mapping[str, Any]) -> dict[str, Any] | None:
    """The table document with the option written out as the old default, or ``None`` when it says it already."""
    rules = table.get("rules")
    if isinstance(rules, Mapping) and OPTION in rules:
        return None
    if rules is not None and not isinstance(rules, Mapping):
        return None  # unreadable either way: left as it is
    return {**table, "rules": {**(rules or {}), OPTION: True}}


def _down(table: Mapping[str, Any]) -> dict[str, Any] | None:
    rules = table.get("rules")
    if rules is not None and not isinstance(rules, Mapping):
        return None
    rules = dict(rules or {})
    if OPTION not in rules:
        rules[OPTION] = False
    elif rules[OPTION] is True:
        del rules[OPTION]
    else:
        return None
    return {**table, "rules": rules}


def _rewrite_tables(connection: sa.Connection, change: Callable[[Mapping[str, Any]], dict[str, Any] | None]) -> None:
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
        for row in rows:
            if isinstance(row.document, Mapping) and (new := change(row.document)) is not None:
                connection.execute(games.update().where(games.c.id == row.id).values(document=new))
            versions = connection.execute(
                sa.select(game_versions.c.version, game_versions.c.document).where(game_versions.c.game_id == row.id)
            ).all()
            for version in versions:
                if isinstance(version.document, Mapping) and (new := change(version.document)) is not None:
                    connection.execute(
                        game_versions.update()
                        .where(game_versions.c.game_id == row.id, game_versions.c.version == version.version)
                        .values(document=new)
                    )
        last = rows[-1].id


def _rewrite_drafts(connection: sa.Connection, change: Callable[[Mapping[str, Any]], dict[str, Any] | None]) -> None:
    last = ""
    while True:
        rows = connection.execute(
            sa.select(drafts.c.token, drafts.c.document)
            .where(drafts.c.game == "kanagawa", drafts.c.token > last)
            .order_by(drafts.c.token)
            .limit(BATCH)
        ).all()
        if not rows:
            break
        for row in rows:
            stored = row.document
            table = stored.get("table") if isinstance(stored, Mapping) else None
            if isinstance(table, Mapping) and (new := change(table)) is not None:
                connection.execute(
                    drafts.update().where(drafts.c.token == row.token).values(document={**stored, "table": new})
                )
        last = rows[-1].token


def upgrade() -> None:
    connection = op.get_bind()
    _rewrite_tables(connection, _up)
    _rewrite_drafts(connection, _up)


def downgrade() -> None:
    connection = op.get_bind()
    _rewrite_tables(connection, _down)
    _rewrite_drafts(connection, _down)
