"""CSV export of saved games: one row per player per game, every category, total, rank and winner flag.

Values in, text out (the CLI and the web app write or send it). Text cells that a spreadsheet would run as a
formula (a name starting with ``=``, ``+``, ``-``, ``@``) are written with a leading apostrophe.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from marquoir.games.kanagawa.vocabulary import CATEGORIES
from marquoir.storage.games import SavedGame

#: The columns, in order: the game, then the player, then the score sheet's categories (points), then the result.
CSV_COLUMNS: tuple[str, ...] = (
    "game_id",
    "played_at",
    "version",
    "seat",
    "player",
    *CATEGORIES,
    "total",
    "rank",
    "winner",
    "shared_win",
    "players",
    "legal",
)


def _safe_text(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_rows(games: Iterable[SavedGame]) -> Iterator[dict[str, str]]:
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
                **{c: str(player["breakdown"][c]) for c in CATEGORIES},
                "total": str(player["total"]),
                "rank": str(player["rank"]),
                "winner": "yes" if won else "no",
                "shared_win": "yes" if won and len(winners) > 1 else "no",
                "players": str(len(report["players"])),
                "legal": "yes" if report.get("legal", not report.get("issues")) else "no",
            }
            yield row


def games_csv(games: Iterable[SavedGame]) -> str:
    """Every game as CSV text with a header line (RFC 4180 quoting, ``\\r\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    writer.writerows(csv_rows(games))
    return out.getvalue()
