"""What the storage modules share: the search key of a name, dates in UTC, a table's edition, and the
``game_players`` rows of a game built from its score report (JSON). Pure functions."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from marquoir.games import GAMES, AnyTable, game_of
from marquoir.storage.schema import NO_GROUP

#: Bytes of randomness in each token (the token is about 4/3 as many characters).
TOKEN_BYTES = 24

def editions() -> Mapping[str, tuple[str, ...]]:
    """The editions each game's statistics are told apart by (:attr:`marquoir.core.game.Game.editions`); a game of
    one edition is left out (its rows have the edition ``""``)."""
    return {name: tuple(game.editions) for name, game in GAMES.items() if game.editions}


def new_token() -> str:
    """An unguessable URL-safe token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def name_key(name: str) -> str:
    """The search key of a player name: accents dropped, case folded, spaces squeezed (``Émile`` → ``emile``)."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(unicodedata.normalize("NFKC", bare).casefold().split())


def seat_keys(names: Sequence[str], aliases: Mapping[str, str] | None = None) -> list[str]:
    """The key of the player each seat of one game counts as: its name's key (or the player a group merged or
    renamed it into), unless an earlier seat of the same game has it — two seats of one game are two people, so
    ``Anna``, ``anna``, ``ANNA`` and ``Ánna`` at one table are four players: the later ones keep their accents,
    then their capitals, then their seat. A name with nothing left once accents are dropped keeps itself."""
    taken: set[str] = set()
    keys = []
    for seat, name in enumerate(names):
        plain = name_key(name)
        composed = " ".join(unicodedata.normalize("NFC", name).split())
        candidates = [(aliases or {}).get(plain, plain), plain, composed.casefold(), composed,
                      f"{plain or composed} #{seat + 1}"]  # fmt: skip
        key = next(k for k in candidates if k and k not in taken)
        taken.add(key)
        keys.append(key)
    return keys


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


def edition_of(table: AnyTable) -> str:
    """The edition a table is played with (its game's :meth:`~marquoir.core.game.Game.edition_of`; ``""`` for a
    game of one edition)."""
    return game_of(table).edition_of(table)


def scope(group_id: int | None) -> int:
    """The ``group_id`` of the players' rows and records of a game in this group (``None``: outside any)."""
    return NO_GROUP if group_id is None else group_id


def player_rows(
    game_id: int,
    game: str,
    played_at: datetime,
    report: Mapping[str, Any],
    *,
    group_id: int | None = None,
    edition: str = "",
    aliases: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The ``game_players`` rows of a game from its score report: seat, name as typed and the key of the player it
    counts as (``aliases``: a group's merged and renamed names), total, rank, whether the player won and whether
    that win was shared, the points of each category; the game's group, edition and number of players."""
    winners = set(report["winners"])
    shared = len(winners) > 1
    count = len(report["players"])
    rows = []
    keys = seat_keys([str(p["name"]) for p in report["players"]], aliases)
    for seat, player in enumerate(report["players"]):
        won = player["name"] in winners
        rows.append(
            {
                "game_id": game_id,
                "seat": seat,
                "name": player["name"],
                "name_key": keys[seat],
                "total": int(player["total"]),
                "rank": int(player["rank"]),
                "winner": won,
                "game": game,
                "played_at": played_at,
                "shared_win": won and shared,
                "points": {str(c): int(v) for c, v in player["breakdown"].items()},
                "group_id": scope(group_id),
                "edition": edition,
                "players": count,
            }
        )
    return rows
