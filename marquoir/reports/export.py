"""CSV export of saved games: one row per player per game, every category, total, rank and winner flag, the game,
what the game adds of its table (its :attr:`~marquoir.core.game.Game.export_columns`: an edition, the tiles
held...), and the details recorded (place, duration in minutes, notes). A game's categories and columns have their
own columns, left empty on the rows of other games.

Columns are only ever added at the end, so that a spreadsheet built on an older export still finds its columns:
:data:`FIRST_COLUMNS` are the columns of the first exports, in their order, and every column a game brings that is
not among them comes after them, game by game in the registry's order (``tests/reports/test_reports_export.py``
pins the header).

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
from marquoir.storage.games import Details

#: About how many characters of CSV :func:`csv_chunks` gathers before handing them over.
CHUNK_SIZE = 64 * 1024

#: The columns of the exports written before any game could add its own, in their order (never to change).
FIRST_COLUMNS: tuple[str, ...] = (
    "game_id", "played_at", "version", "seat", "player",
    "print_cards", "season_chain", "harmony", "diplomas", "grand_master", "yokai",
    "total", "rank", "winner", "shared_win", "players", "legal", "game",
    "leaves", "flowers", "fruits", "parchments", "goals",
    "edition", "families", "goal_colours", "diploma_tiles", "goal_tiles",
    "place", "duration_min", "notes",
)  # fmt: skip


def csv_columns() -> tuple[str, ...]:
    """The header: :data:`FIRST_COLUMNS`, then what each registered game adds that they lack, at the end."""
    added = (c for game in GAMES.values() for c in (*game.categories, *game.export_columns) if c not in FIRST_COLUMNS)
    return (*FIRST_COLUMNS, *dict.fromkeys(added))


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


def csv_rows(games: Iterable[ReportedGame]) -> Iterator[dict[str, str]]:
    """The CSV rows of ``games`` in the order given, players in seating order."""
    empty = dict.fromkeys(csv_columns(), "")
    for game in games:
        report = game.report
        winners = set(report["winners"])
        document = game.document or {}
        played = get_game(game.game)
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
                **empty,
                "game_id": str(game.id),
                "played_at": game.played_at.isoformat(timespec="seconds"),
                "version": str(game.version),
                "seat": str(seat),
                "player": _safe_text(player["name"]),
                **{c: str(player["breakdown"].get(c, 0)) for c in played.categories},
                "total": str(player["total"]),
                "rank": str(player["rank"]),
                "winner": "yes" if won else "no",
                "shared_win": "yes" if won and len(winners) > 1 else "no",
                "players": str(len(report["players"])),
                "legal": "yes" if report.get("legal", not report.get("issues")) else "no",
                "game": game.game,
                **played.export_values(document, typed if isinstance(typed, Mapping) else {}),
                **recorded,
            }
            yield row


def csv_chunks(games: Iterable[ReportedGame], chunk_size: int = CHUNK_SIZE) -> Iterator[str]:
    """The CSV text of ``games`` (a header line, then a row per player), a piece of about ``chunk_size``
    characters at a time."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=csv_columns())
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
