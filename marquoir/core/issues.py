"""A legality issue: one thing that makes a finished table impossible, with where it is.

Every game reports its problems as :class:`Issue` values from one pass over the table, python-chess's
``Board.status()`` shape with names instead of bits: a stable ``code`` from the table
format's list, the ``player`` concerned, the ``field`` path into the document, and a message in plain words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Issue:
    """One thing that makes the table impossible: a stable ``code``, the ``player`` (``None`` for the whole
    table), the ``field`` path into the document, and a message in plain words."""

    code: str
    player: str | None
    field: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "player": self.player, "field": self.field, "message": self.message}

    def __str__(self) -> str:
        who = f"{self.player}: " if self.player else ""
        return f"[{self.code}] {who}{self.message} ({self.field})"
