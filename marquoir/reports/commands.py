"""The ``sheet``, ``export`` and ``import`` commands of the ``marquoir`` command line (added through
``EXTRA_COMMAND_MODULES``).

``marquoir sheet --players 4 [--game G] [--OPTION] [--lang fr] -o sheet.pdf`` prints a blank sheet; ``marquoir sheet
TABLE -o result.pdf`` the filled sheet of a table document; an output ending in ``.html`` (or ``--format html``)
gets the HTML instead of the PDF; ``-o -`` writes the sheet to standard output. ``marquoir export --csv FILE
[--database URL]`` writes every saved game as CSV, ``marquoir export --json FILE`` every game with its history,
dates, links and groups (a backup), ``marquoir export --bgstats FILE`` every game as a play file for the BG Stats
app (:mod:`marquoir.reports.bgstats`); they stream, in constant memory. ``marquoir import PATH... [--database URL]``
saves table documents (files, folders of ``.json`` files), scored by :func:`marquoir.score`, and restores backups
with their history and links, in batches, a line for each file (or game of a backup) refused; ``-`` reads standard
input; a table document saved before (the same document and date: :func:`marquoir.storage.bulk.import_key`) is not
saved again, and the summary says how many; exit status 0 when everything was saved, 1 when something was refused, 2
when nothing could be read. The database: ``--database``, else ``DATABASE_URL``, else ``instance/marquoir.sqlite3``
of the current folder (which ``import`` creates when missing).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from marquoir.core.paper import PAPERS
from marquoir.errors import MarquoirError, TableError, UsageError
from marquoir.games import GAMES, first_game, most_players
from marquoir.i18n import LANGUAGES


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
    from marquoir.files import read_table
    from marquoir.reports.sheets import html_to_pdf, render_blank_sheet, render_filled_sheet

    to_stdout = args.output == "-"
    as_html = args.format == "html" if args.format else args.output.lower().endswith((".html", ".htm"))
    paper = None if as_html and args.paper is None else (args.paper or "a4")
    if args.table is not None:
        options = [f"--{o}" for o in _sheet_options() if getattr(args, o)]
        if args.players is not None or options or args.game is not None:
            names = ["--game", "--players", *_sheet_options(dashes=True)]
            raise UsageError(
                f"{', '.join(names[:-1])} and {names[-1]} are for a blank sheet; a table's sheet takes them from the "
                "table"
            )
        html = render_filled_sheet(read_table(args.table), lang=args.lang, paper=paper)
    else:
        if args.players is None:
            raise UsageError("sheet: give a TABLE document for its filled sheet, or --players N for a blank one")
        game = GAMES[args.game or first_game().name]
        for option in _sheet_options():
            if getattr(args, option) and option not in game.sheet_options:
                raise UsageError(f"--{option}: not an option of a {game.name} sheet")
        flags = {o: True for o in game.sheet_options if getattr(args, o)}
        html = render_blank_sheet(args.players, game=game.name, lang=args.lang, paper=paper, options=flags)
    data = html.encode("utf-8") if as_html else html_to_pdf(html)
    what = "page to print" if as_html else "PDF"
    if to_stdout:  # the sheet itself on standard output, the line about it on standard error
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        print(f"<stdout>: the {what} of the sheet ({len(data):,} bytes)", file=sys.stderr)
        return 0
    _write(args.output, data)
    print(f"{args.output}: the {what} of the sheet ({len(data):,} bytes)")
    return 0


def default_database() -> Path:
    """The default database of the commands, the web app's (``MARQUOIR_INSTANCE``, else ``./instance``)."""
    from marquoir.storage import default_folder

    return default_folder() / "marquoir.sqlite3"


def database_url(option: str | None, command: str, *, create: bool = False) -> str:
    """The database a command works on: ``--database`` (a URL or a SQLite file), else ``DATABASE_URL``, else
    ``instance/marquoir.sqlite3`` of the current folder. A SQLite file must exist, unless ``create`` (then its
    folder must)."""
    from marquoir.storage import sqlite_url

    given, source = (option or "").strip(), "--database"
    if not given:
        given, source = os.environ.get("DATABASE_URL", "").strip(), "DATABASE_URL"
    if given:
        if "://" in given:
            return given
        path = Path(given)
        if not path.is_file() and not (create and not path.exists() and path.parent.is_dir()):
            raise UsageError(f"{source}: no such file {given}")
        return sqlite_url(path)
    default = default_database()
    if not default.is_file():
        if not create:
            raise UsageError(
                f"{command}: no database at {default} (the web app's default): give --database URL (or a SQLite "
                f"file), set DATABASE_URL or MARQUOIR_INSTANCE (its folder), or run it in the folder that holds "
                f"instance/marquoir.sqlite3"
            )
        try:
            default.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"{command}: cannot create {default.parent}: {error.strerror}") from None
    return sqlite_url(default)


def _shown(url: str) -> str:
    """A database URL as the commands print it (no password)."""
    import sqlalchemy as sa

    parsed = sa.make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database:
        return parsed.database
    return parsed.render_as_string(hide_password=True)


def _write_chunks(path: str, chunks: Iterable[str], *, private: bool = False) -> None:
    """Write text as it comes, to standard output (``-``) or to a file that appears whole at the end (a
    ``private`` one readable by its owner only)."""
    if path == "-":
        for chunk in chunks:
            sys.stdout.write(chunk)
        sys.stdout.flush()
        return
    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        tmp.unlink(missing_ok=True)  # a leftover would keep its own permissions
        descriptor = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if private else 0o666)
        with open(descriptor, "w", encoding="utf-8", newline="") as out:
            for chunk in chunks:
                out.write(chunk)
        tmp.replace(target)
    except OSError as error:
        tmp.unlink(missing_ok=True)
        raise OutputError(f"{path}: {error.strerror or 'cannot be written'}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def cmd_export(args: argparse.Namespace) -> int:
    from marquoir.reports.export import csv_chunks
    from marquoir.storage import open_database, stream_backup, stream_reports
    from marquoir.storage.backup import backup_chunks

    engine = open_database(database_url(args.database, "export"))
    try:
        if args.csv is not None:
            target, what = args.csv, "CSV, a row per player"
            with stream_reports(engine) as reports:
                count = reports.total
                _write_chunks(target, csv_chunks(reports))
        elif args.bgstats is not None:
            from marquoir.reports.bgstats import bgstats_chunks, name_maps
            from marquoir.storage import group_player_names, group_time_zones, name_changes
            from marquoir.zones import default_zone, zone

            target, what = args.bgstats, "plays for BG Stats"
            aliases, shown = name_maps(name_changes(engine), group_player_names(engine))
            zones: dict[int | None, Any] = {group_id: zone(name) for group_id, name in group_time_zones(engine).items()}
            with stream_reports(engine) as reports:
                count = reports.total
                chunks = bgstats_chunks(reports, exported_at=datetime.now(UTC), aliases=aliases, shown=shown,
                                        zones=zones, default_zone=default_zone())  # fmt: skip
                _write_chunks(target, chunks)
        else:
            target, what = args.json, "backup with every version, dates and links; keep it private"
            with stream_backup(engine) as games:
                count = games.total
                _write_chunks(target, backup_chunks(games, count, datetime.now(UTC)), private=True)
    finally:
        engine.dispose()
    if target != "-":
        print(f"{target}: {count:,} games ({what})")
    return 0


#: Games saved (or restored) per transaction by ``import``.
IMPORT_BATCH = 200
#: How far into a file ``import`` looks for the mark of a backup laid out otherwise than the export does.
BACKUP_MARK_WITHIN = 2000


class _Importer:
    """``import``'s work: files read one at a time, their games saved in batches, each refusal said in a line."""

    def __init__(self, engine: Any, progress: Any) -> None:
        self.engine = engine
        self.progress = progress
        self.tables: list[Any] = []
        self.backups: list[Any] = []
        self.saved = self.restored = self.present = self.refused = self.read = self.done = self.again = 0

    def refuse(self, where: str, error: TableError) -> None:
        self.refused += 1
        self.progress.note(f"refused {where}: {error}")
        self.step(1)

    def step(self, count: int) -> None:
        self.done += count
        self.progress.update(self.done)

    def table(self, table: Any) -> None:
        from marquoir.scoring import score
        from marquoir.storage import NewGame

        self.tables.append(NewGame(table, score(table)))
        if len(self.tables) >= IMPORT_BATCH:
            self.flush()

    def backup(self, game: Any) -> None:
        self.backups.append(game)
        if len(self.backups) >= IMPORT_BATCH:
            self.flush()

    def flush(self) -> None:
        from marquoir.storage import restore_games, save_games

        if self.tables:
            saved = len(save_games(self.engine, self.tables, once=True))
            self.saved += saved
            self.again += len(self.tables) - saved
            self.step(len(self.tables))
            self.tables = []
        if self.backups:
            restored = sum(restore_games(self.engine, self.backups))
            self.restored += restored
            self.present += len(self.backups) - restored
            self.step(len(self.backups))
            self.backups = []

    def file(self, path: str) -> None:
        """Save the table document, or restore the backup, of one file (``-``: standard input)."""
        from marquoir.storage.backup import is_backup_start, read_backup, read_backup_lines

        try:
            with _opened(path) as handle:
                first = handle.readline()
                if is_backup_start(first) and first.rstrip().endswith('"games": ['):
                    count, games = read_backup_lines(_chain(first, handle))
                    self._restore(path, count, games)
                    return
                text = first + handle.read()
        except FileNotFoundError:
            return self.refuse(path, TableError("", "no such file"))
        except UnicodeDecodeError:
            return self.refuse(path, TableError("", "not UTF-8 text"))
        except OSError as error:
            return self.refuse(path, TableError("", error.strerror or "cannot be read"))
        except TableError as error:
            return self.refuse(path, error)
        if is_backup_start(text) or '"marquoir-backup"' in text[:BACKUP_MARK_WITHIN]:
            try:
                count, games = read_backup(json.loads(text))
            except (TableError, ValueError, RecursionError) as error:
                reason = error if isinstance(error, TableError) else TableError("", "not JSON")
                return self.refuse(path, reason)
            return self._restore(path, count, games)
        from marquoir.document import load_table

        try:
            table = load_table(text)
        except TableError as error:
            return self.refuse(path, error)
        self.read += 1
        self.table(table)

    def _restore(self, path: str, count: int, games: Any) -> None:
        self.read += 1
        self.progress.total += max(count - 1, 0)
        for game in games:
            if isinstance(game, TableError):
                self.refuse(path, game)
            else:
                self.backup(game)

    def summary(self) -> str:
        parts = [_counted(self.saved, "table document") + " saved"]
        if self.again:
            parts[0] += f" ({self.again:,} saved before, not saved again)"
        if self.restored or self.present:
            restored = _counted(self.restored, "game")
            parts.append(f"{restored} restored with their history ({self.present:,} there already)")
        if self.refused:
            parts.append(f"{self.refused:,} refused")
        return ", ".join(parts)

    @property
    def status(self) -> int:
        """0 when everything was saved, 1 when something was refused, 2 when nothing could be read."""
        if not self.read:
            return 2
        return 1 if self.refused else 0


def _opened(path: str) -> Any:
    """A file to read, or standard input for ``-`` (left open: it is not the command's to close)."""
    if path == "-":
        return contextlib.nullcontext(sys.stdin)
    return open(path, encoding="utf-8")


def _counted(count: int, thing: str) -> str:
    return f"{count:,} {thing}" + ("" if count == 1 else "s")


def _chain(first: str, rest: Iterable[str]) -> Iterator[str]:
    yield first
    yield from rest


def _files(paths: Iterable[str], importer: _Importer) -> Iterator[str]:
    """The files to read: each file given, and the ``.json`` files of each folder (in name order)."""
    for given in paths:
        folder = Path(given)
        if not folder.is_dir():
            yield given
            continue
        found = sorted(str(f) for f in folder.iterdir() if f.suffix.lower() == ".json" and f.is_file())
        if not found:
            importer.refuse(given, TableError("", "no .json file in this folder"))
        importer.progress.total += max(len(found) - 1, 0)
        yield from found


def cmd_import(args: argparse.Namespace) -> int:
    from marquoir.storage import StorageError, open_database

    url = database_url(args.database, "import", create=True)
    engine = open_database(url)
    from marquoir.progress import Progress

    progress = Progress(len(args.paths))
    importer = _Importer(engine, progress)
    try:
        for path in _files(args.paths, importer):
            importer.file(path)
        importer.flush()
    except StorageError:
        progress.close()
        print(f"{_shown(url)}: {importer.summary()} before the database failed", file=sys.stderr)
        raise
    finally:
        engine.dispose()
    progress.close()
    print(f"{_shown(url)}: {importer.summary()}")
    return importer.status


def _sheet_options(dashes: bool = False) -> list[str]:
    """Every game's blank-sheet options (``--NAME`` flags of ``sheet``)."""
    names = dict.fromkeys(o for game in GAMES.values() for o in game.sheet_options)
    return [f"--{o}" if dashes else o for o in names]


def register_commands(subparsers: Any) -> None:
    """Add ``sheet``, ``export`` and ``import`` to the ``marquoir`` command line."""
    p = subparsers.add_parser("sheet", help="print a score sheet as PDF (or HTML): blank, or filled from a table")
    p.add_argument("table", metavar="TABLE", nargs="?", help="table document (JSON) for its filled sheet; - for stdin")
    p.add_argument("--game", choices=list(GAMES), help=f"a blank sheet's game (default {first_game().name})")
    ranges = ", ".join(f"{g.name} {g.min_players}–{g.max_players}" for g in GAMES.values())
    p.add_argument("--players", type=int, choices=range(1, most_players() + 1), metavar="N",
                   help=f"blank sheet for N players ({ranges})")
    for game in GAMES.values():
        for option, label in game.sheet_options.items():
            p.add_argument(f"--{option}", action="store_true", help=f"blank {game.name} sheet: {label}")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the sheet (default en)")
    p.add_argument("--paper", choices=PAPERS, help="paper size (default a4 for PDF; HTML: the printer's)")
    p.add_argument("-o", "--output", required=True, metavar="FILE",
                   help="output file: .pdf, or .html for the page; - for standard output (a PDF unless --format html)")
    p.add_argument("--format", choices=("pdf", "html"),
                   help="the sheet as a PDF or as the page to print (default: from the output's name, pdf for -)")
    p.set_defaults(func=cmd_sheet)

    database_help = "database URL or SQLite file (default: DATABASE_URL, else instance/marquoir.sqlite3 here)"
    p = subparsers.add_parser("export", help="export every saved game: as CSV, or as a JSON backup with its history")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--csv", metavar="FILE", help="CSV file to write, one row per player per game; - for stdout")
    what.add_argument("--json", metavar="FILE",
                      help="backup to write: every game with its history and links; - for stdout")
    what.add_argument("--bgstats", metavar="FILE", help="play file for the BG Stats app to import; - for stdout")
    p.add_argument("--database", metavar="URL", help=database_help)
    p.set_defaults(func=cmd_export)

    p = subparsers.add_parser("import", help="save table documents, or restore the games of an export --json backup")
    p.add_argument("paths", metavar="PATH", nargs="+",
                   help="a table document, a folder of .json files, or a backup; - for standard input. A document "
                        "saved before (the same table, the same date) is not saved again")  # fmt: skip
    p.add_argument("--database", metavar="URL", help=database_help + "; a new SQLite file is created")
    p.set_defaults(func=cmd_import)
