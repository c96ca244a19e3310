"""CSV export of saved games: one row per player per game, every category, total, rank and winner flag, and the
game. A game's categories have their own columns, left empty on the rows of other games; columns are only ever
added at the end, so a spreadsheet built on an older export still finds its columns.

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
from marquoir.games.kanagawa.vocabulary import CATEGORIES as KANAGAWA_CATEGORIES

#: About how many characters of CSV :func:`csv_chunks` gathers before handing them over.
CHUNK_SIZE = 64 * 1024

#: Categories of the other games, in the registry's order, after Kanagawa's (the first columns ever written).
OTHER_CATEGORIES = tuple(
    dict.fromkeys(c for game in GAMES.values() for c in game.categories if c not in KANAGAWA_CATEGORIES)
)

#: The columns, in order: the game, the player, Kanagawa's categories (points), the result, then the game's name and
#: the other games' categories.
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


def _safe_text(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_rows(games: Iterable[ReportedGame]) -> Iterator[dict[str, str]]:
    """The CSV rows of ``games`` in the order given, players in seating order."""
    for game in games:
        report = game.report
        winners = set(report["winners"])
        for seat, player in enumerate(report["players"], start=1):
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
