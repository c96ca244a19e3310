"""CSV export of saved games: one row per player per game, every category, total, rank and winner flag, and the
game. A game's categories have their own columns, left empty on the rows of other games; columns are only ever
added at the end, so a spreadsheet built on an older export still finds its columns.

Values in, text out (the CLI and the web app write or send it). Text cells that a spreadsheet would run as a
formula (a name starting with ``=``, ``+``, ``-``, ``@``) are written with a leading apostrophe.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from marquoir.games import GAMES, get_game
from marquoir.games.kanagawa.vocabulary import CATEGORIES as KANAGAWA_CATEGORIES
from marquoir.storage.games import SavedGame

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


def games_csv(games: Iterable[SavedGame]) -> str:
    """Every game as CSV text with a header line (RFC 4180 quoting, ``\\r\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    writer.writerows(csv_rows(games))
    return out.getvalue()
