"""CSV export of saved games: one row per player per game, every category, total, rank and winner flag, the
game, its edition and families (Kanagawa) or goal colours (Bonsai), the player's Diplomas (``diploma_tiles``) or
goal tiles (``goal_tiles``; the ``diplomas`` and ``goals`` columns are those categories' points), and the details
recorded (place, duration in minutes, notes). A game's categories have their own columns, left empty on the
rows of other games; columns are only ever added at the end, so a spreadsheet built on an older export still finds
its columns.

Values in, text out (the CLI and the web app write or send it): :func:`csv_chunks` hands the text over a piece at
a time, so that any number of games streamed from storage (:func:`marquoir.storage.stream_reports`) is written in
constant memory. Text cells that a spreadsheet would run as a formula (a name starting with ``=``, ``+``, ``-``,
``@``) are written with a leading apostrophe.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any, Protocol

from marquoir.games import GAMES, get_game
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES
from marquoir.games.kanagawa.vocabulary import CATEGORIES as KANAGAWA_CATEGORIES
from marquoir.storage.games import Details

#: About how many characters of CSV :func:`csv_chunks` gathers before handing them over.
CHUNK_SIZE = 64 * 1024

#: Categories of the other games, in the registry's order, after Kanagawa's (the first columns ever written).
OTHER_CATEGORIES = tuple(
    dict.fromkeys(c for game in GAMES.values() for c in game.categories if c not in KANAGAWA_CATEGORIES)
)

#: The columns, in order: the game, the player, Kanagawa's categories (points), the result, then the game's name,
#: the other games' categories, and what the table document and the details recorded say.
CSV_COLUMNS: tuple[str, ...] = (
    "game_id",
    "played_at",
    "version",
    "seat",
    "player",
    *KANAGAWA_CATEGORIES,
    "total",
    "rank",
    "winner",
    "shared_win",
    "players",
    "legal",
    "game",
    *OTHER_CATEGORIES,
    "edition",
    "families",
    "goal_colours",
    "diploma_tiles",
    "goal_tiles",
    "place",
    "duration_min",
    "notes",
)


class ReportedGame(Protocol):
    """What the export reads of a saved game (:class:`~marquoir.storage.SavedGame`,
    :class:`~marquoir.storage.GameReport`)."""

    @property
    def id(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def played_at(self) -> datetime: ...
    @property
    def version(self) -> int: ...
    @property
    def report(self) -> Mapping[str, Any]: ...
    @property
    def document(self) -> Mapping[str, Any]: ...
    @property
    def details(self) -> Details: ...


def _safe_text(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _words(value: Any) -> str:
    """A list of ids as one cell (``trees-3 arrows-2``), a number of points as itself, nothing as empty."""
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return ""


def _held(player: Any, key: str) -> str:
    """A player's Diplomas or goal tiles from the table document (entered on the sheet or in detail)."""
    if not isinstance(player, Mapping):
        return ""
    sheet = player.get("sheet")
    return _words(sheet.get(key) if isinstance(sheet, Mapping) else player.get(key))


def game_columns(game: str, document: Mapping[str, Any]) -> dict[str, str]:
    """The columns a game's table document gives every row of it: its edition and families (Kanagawa), or its goal
    colours (Bonsai)."""
    if game == "kanagawa":
        families = document.get("families") or list(BASE_FAMILIES)
        yokai = any(f in EXPANSION_FAMILIES for f in families)
        return {"edition": "yokai" if yokai else "base", "families": _words(families), "goal_colours": ""}
    if game == "bonsai":
        return {"edition": "", "families": "", "goal_colours": _words(document.get("goals", []))}
    return {"edition": "", "families": "", "goal_colours": ""}


def csv_rows(games: Iterable[ReportedGame]) -> Iterator[dict[str, str]]:
    """The CSV rows of ``games`` in the order given, players in seating order."""
    for game in games:
        report = game.report
        winners = set(report["winners"])
        document = game.document or {}
        shared = game_columns(game.game, document)
        details = game.details
        recorded = {
            "place": _safe_text(details.place or ""),
            "duration_min": "" if details.duration_min is None else str(details.duration_min),
            "notes": _safe_text(details.notes or ""),
        }
        listed = document.get("players")
        people: list[Any] = listed if isinstance(listed, list) else []
        for seat, player in enumerate(report["players"], start=1):
            typed = people[seat - 1] if seat <= len(people) else {}
            won = player["name"] in winners
            row = {
                "game_id": str(game.id),
                "played_at": game.played_at.isoformat(timespec="seconds"),
                "version": str(game.version),
                "seat": str(seat),
                "player": _safe_text(player["name"]),
                **dict.fromkeys((*KANAGAWA_CATEGORIES, *OTHER_CATEGORIES), ""),
                **{c: str(player["breakdown"].get(c, 0)) for c in get_game(game.game).categories},
                "total": str(player["total"]),
                "rank": str(player["rank"]),
                "winner": "yes" if won else "no",
                "shared_win": "yes" if won and len(winners) > 1 else "no",
                "players": str(len(report["players"])),
                "legal": "yes" if report.get("legal", not report.get("issues")) else "no",
                "game": game.game,
                **shared,
                "diploma_tiles": _held(typed, "diplomas") if game.game == "kanagawa" else "",
                "goal_tiles": _held(typed, "goals") if game.game == "bonsai" else "",
                **recorded,
            }
            yield row


def csv_chunks(games: Iterable[ReportedGame], chunk_size: int = CHUNK_SIZE) -> Iterator[str]:
    """The CSV text of ``games`` (a header line, then a row per player), a piece of about ``chunk_size``
    characters at a time."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    for row in csv_rows(games):
        writer.writerow(row)
        if out.tell() >= chunk_size:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    yield out.getvalue()


def games_csv(games: Iterable[ReportedGame]) -> str:
    """Every game as CSV text with a header line (RFC 4180 quoting, ``\\r\\n`` line ends)."""
    return "".join(csv_chunks(games))
