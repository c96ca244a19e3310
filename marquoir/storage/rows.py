"""What the storage modules share: the search key of a name, dates in UTC, and the ``game_players`` rows of a game
built from its score report (JSON). Pure functions."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any


def name_key(name: str) -> str:
    """The search key of a player name: accents dropped, case folded, spaces squeezed (``Émile`` → ``emile``)."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(unicodedata.normalize("NFKC", bare).casefold().split())


def like_pattern(text: str) -> str:
    """A ``LIKE`` pattern (escape character ``\\``) matching the values that contain ``text``."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def utc(moment: datetime | None) -> datetime:
    """``moment`` in UTC (now when ``None``); a naive date is refused."""
    if moment is None:
        return datetime.now(UTC)
    if moment.tzinfo is None:
        raise ValueError("dates must be timezone-aware (UTC)")
    return moment.astimezone(UTC)


def read_utc(moment: datetime) -> datetime:
    """A date read back from the database, in UTC (SQLite gives naive datetimes back; everything is stored in
    UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def player_rows(game_id: int, game: str, played_at: datetime, report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``game_players`` rows of a game from its score report: seat, name and key, total, rank, whether the
    player won and whether that win was shared, the points of each category."""
    winners = set(report["winners"])
    shared = len(winners) > 1
    rows = []
    for seat, player in enumerate(report["players"]):
        won = player["name"] in winners
        rows.append(
            {
                "game_id": game_id,
                "seat": seat,
                "name": player["name"],
                "name_key": name_key(player["name"]),
                "total": int(player["total"]),
                "rank": int(player["rank"]),
                "winner": won,
                "game": game,
                "played_at": played_at,
                "shared_win": won and shared,
                "points": {str(c): int(v) for c, v in player["breakdown"].items()},
            }
        )
    return rows
