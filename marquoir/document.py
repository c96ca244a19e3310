"""Reading and writing table documents of any game (``marquoir/data/table-format.md``).

The document's ``game`` says which game reads the rest (:data:`marquoir.games.GAMES`); each game's reader is
strict and names the place of every error (:mod:`marquoir.core.reader`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from marquoir.core.reader import MAX_DOCUMENT_CHARS, NAME_MAX, Reader, read_json
from marquoir.games import GAMES, AnyTable, game_of


def parse_table(document: object) -> AnyTable:
    """Read a table document that is already parsed (a mapping); :class:`~marquoir.errors.TableError` names the
    place of anything unreadable."""
    game = Reader(document, "").word("game", tuple(GAMES))
    assert isinstance(document, Mapping)  # the reader refused anything else
    table: AnyTable = GAMES[game].parse(document)
    return table


def load_table(source: str | bytes | Mapping[str, Any]) -> AnyTable:
    """Read a table from JSON text, UTF-8 bytes or an already parsed mapping; raises
    :class:`~marquoir.errors.TableError` for anything that is not a readable version-1 table document."""
    return parse_table(read_json(source))


def table_to_document(table: AnyTable) -> dict[str, Any]:
    """The table as a version-1 document (a mapping ready for :func:`json.dumps`) that reads back to it."""
    return game_of(table).to_document(table)


def dump_table(table: AnyTable, indent: int | None = 2) -> str:
    """The table as JSON text."""
    return json.dumps(table_to_document(table), indent=indent, ensure_ascii=False)


__all__ = ["MAX_DOCUMENT_CHARS", "NAME_MAX", "dump_table", "load_table", "parse_table", "table_to_document"]
