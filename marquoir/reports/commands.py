"""The ``sheet`` and ``export`` commands of the ``marquoir`` command line (added through ``EXTRA_COMMAND_MODULES``).

``marquoir sheet --players 4 [--yokai] [--lang fr] -o sheet.pdf`` prints a blank sheet; ``marquoir sheet TABLE -o
result.pdf`` the filled sheet of a table document; an output ending in ``.html`` gets the HTML instead of the PDF.
``marquoir export --csv FILE [--database URL]`` writes every saved game as CSV.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from marquoir.errors import MarquoirError, UsageError
from marquoir.files import read_table
from marquoir.reports.i18n import LANGUAGES
from marquoir.reports.sheets import LAYOUTS, PAPERS, html_to_pdf, render_blank_sheet, render_filled_sheet


class OutputError(MarquoirError):
    """A file the command cannot write."""


def _write(path: str, data: bytes) -> None:
    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        tmp.write_bytes(data)
        tmp.replace(target)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise OutputError(f"{path}: {error.strerror or 'cannot be written'}") from None


def cmd_sheet(args: argparse.Namespace) -> int:
    as_html = args.output.lower().endswith((".html", ".htm"))
    paper = None if as_html and args.paper is None else (args.paper or "a4")
    if args.table is not None:
        if args.players is not None or args.yokai or args.game != "kanagawa":
            raise UsageError(
                "--game, --players and --yokai are for a blank sheet; a table's sheet takes them from the table"
            )
        html = render_filled_sheet(read_table(args.table), lang=args.lang, paper=paper)
    else:
        if args.players is None:
            raise UsageError("sheet: give a TABLE document for its filled sheet, or --players N for a blank one")
        if args.yokai and args.game != "kanagawa":
            raise UsageError("--yokai: the Yokai expansion is Kanagawa's")
        html = render_blank_sheet(args.players, game=args.game, yokai=args.yokai, lang=args.lang, paper=paper)
    data = html.encode("utf-8") if as_html else html_to_pdf(html)
    _write(args.output, data)
    what = "page to print" if as_html else "PDF"
    print(f"{args.output}: the {what} of the sheet ({len(data):,} bytes)")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from marquoir.reports.export import games_csv
    from marquoir.storage import all_games, open_database, sqlite_url

    url = args.database or os.environ.get("DATABASE_URL", "").strip()
    if not url:
        default = Path("instance") / "marquoir.sqlite3"
        if not default.exists():
            raise UsageError(f"export: no database at {default}; give --database URL (or set DATABASE_URL)")
        url = sqlite_url(default)
    elif "://" not in url:
        if not Path(url).exists():
            raise UsageError(f"--database: no such file {url}")
        url = sqlite_url(url)
    engine = open_database(url)
    try:
        text = games_csv(all_games(engine))
    finally:
        engine.dispose()
    if args.csv == "-":
        print(text, end="")
    else:
        _write(args.csv, text.encode("utf-8"))
    return 0


def register_commands(subparsers: Any) -> None:
    """Add ``sheet`` and ``export`` to the ``marquoir`` command line."""
    p = subparsers.add_parser("sheet", help="print a score sheet as PDF (or HTML): blank, or filled from a table")
    p.add_argument("table", metavar="TABLE", nargs="?", help="table document (JSON) for its filled sheet; - for stdin")
    p.add_argument("--game", choices=sorted(LAYOUTS), default="kanagawa", help="game of a blank sheet (default kanagawa)")
    p.add_argument("--players", type=int, choices=range(1, 5), metavar="N",
                   help="blank sheet for N players (Kanagawa 2–4, Bonsai 1–4)")
    p.add_argument("--yokai", action="store_true", help="blank sheet with the Yokai expansion's rows and Diplomas")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the sheet (default en)")
    p.add_argument("--paper", choices=PAPERS, help="paper size (default a4 for PDF; HTML: the printer's)")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="output file: .pdf, or .html for the page")
    p.set_defaults(func=cmd_sheet)

    p = subparsers.add_parser("export", help="export every saved game as CSV (one row per player per game)")
    p.add_argument("--csv", required=True, metavar="FILE", help="CSV file to write; - for standard output")
    p.add_argument(
        "--database",
        metavar="URL",
        help="database URL or SQLite file (default: DATABASE_URL, else instance/marquoir.sqlite3)",
    )
    p.set_defaults(func=cmd_export)
