"""Bounded work per write: every statement a save, a correction, a deletion or a rename runs is an index seek on
SQLite, never a walk of a whole table (a walk makes each save slower as the club's history grows). Checked with
SQLite's own ``EXPLAIN QUERY PLAN`` of the statements the writes really run, on a database with games in it."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from support.samples import sample_table

from marquoir import score
from marquoir.storage import correct_game, create_group, delete_game, save_game
from marquoir.storage.groups import rename_player

#: Plan lines that read a table from its start (``SCAN t``); a ``SCAN`` of a constant list is not one.
WALK = re.compile(r"^SCAN (?!CONSTANT)(\w+)")


@contextmanager
def statements(engine: Engine) -> Iterator[list[tuple[str, Any]]]:
    """The statements (with their parameters) the block runs, executemany inserts left out."""
    seen: list[tuple[str, Any]] = []

    def record(_c: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, many: bool) -> None:
        if not many and statement.lstrip().split(" ", 1)[0].upper() in ("SELECT", "UPDATE", "DELETE"):
            seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def walks(engine: Engine, seen: list[tuple[str, Any]]) -> list[str]:
    """The tables the statements walk, with the statement's start."""
    database = engine.url.database
    assert database is not None
    found = []
    with sqlite3.connect(database) as raw:
        for statement, parameters in seen:
            for row in raw.execute("EXPLAIN QUERY PLAN " + statement, parameters):
                match = WALK.match(str(row[3]))
                if match:
                    found.append(f"{match.group(1)}: {statement[:80]}")
    return found


def test_saves_corrections_deletions_and_renames_seek_never_walk(engine: Engine) -> None:
    group = create_group(engine, "Jeudi")
    base, other = sample_table("base-4p"), sample_table("base-2p")
    for _ in range(3):  # some history, in a group and outside
        save_game(engine, base, score(base))
        save_game(engine, other, score(other), group_id=group.id)
    with statements(engine) as seen:
        saved = save_game(engine, base, score(base))
        in_group = save_game(engine, base, score(base), group_id=group.id)
        correct_game(engine, saved.edit_token, other, score(other))
        rename_player(engine, group.id, base.players[0].name, "Quelqu'un")
        save_game(engine, base, score(base), group_id=group.id)
        delete_game(engine, in_group.edit_token)
    assert len(seen) > 10  # the writes ran their statements through this engine
    assert walks(engine, seen) == []
