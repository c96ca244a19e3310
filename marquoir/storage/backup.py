"""The backup file of ``marquoir export --json``: every saved game with its whole history, tokens and dates, as one
JSON document that is written and read one game at a time.

::

    {"format": "marquoir-backup", "version": 1, "exported_at": "…", "count": 2, "games": [
    {"game": "kanagawa", "share_token": "…", "edit_token": "…", "played_at": "…", "created_at": "…",
     "updated_at": "…", "versions": [{"version": 1, "saved_at": "…", "document": {…}, "report": {…}}, …]},
    {…}
    ]}

The whole file is one JSON value (any JSON tool reads it), laid out one game per line so that
:func:`read_backup_lines` restores it in constant memory; :func:`read_backup` reads the same value once parsed (a
file someone re-indented). A game's current version is its last one. Values in, text out, and text in, values or
:class:`~marquoir.errors.TableError` (naming the place, such as ``games[3].versions[0].report.players``) out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from marquoir.document import parse_table
from marquoir.errors import TableError

FORMAT = "marquoir-backup"
FORMAT_VERSION = 1
_HEADER_START = '{"format": "marquoir-backup"'
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_GAME_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


@dataclass(frozen=True, slots=True)
class BackupVersion:
    """One version of a game as it was saved."""

    version: int
    saved_at: datetime
    document: Mapping[str, Any]
    report: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class BackupGame:
    """A saved game with its whole history, oldest version first (the last one is the current one)."""

    game: str
    share_token: str
    edit_token: str
    played_at: datetime
    created_at: datetime
    updated_at: datetime
    versions: tuple[BackupVersion, ...]

    @property
    def current(self) -> BackupVersion:
        return self.versions[-1]


# ---------------------------------------------------------------- writing


def game_json(game: BackupGame) -> dict[str, Any]:
    """A game as the backup writes it."""
    return {
        "game": game.game,
        "share_token": game.share_token,
        "edit_token": game.edit_token,
        "played_at": game.played_at.isoformat(),
        "created_at": game.created_at.isoformat(),
        "updated_at": game.updated_at.isoformat(),
        "versions": [
            {"version": v.version, "saved_at": v.saved_at.isoformat(), "document": v.document, "report": v.report}
            for v in game.versions
        ],
    }


def backup_chunks(games: Iterable[BackupGame], count: int, exported_at: datetime) -> Iterator[str]:
    """The backup's text, a line at a time: the header, then each game on its own line. ``count`` is how many
    games follow (the reader's progress)."""
    header = {"format": FORMAT, "version": FORMAT_VERSION, "exported_at": exported_at.isoformat(), "count": count}
    yield json.dumps(header, ensure_ascii=False)[:-1] + ', "games": ['
    separator = "\n"
    for game in games:
        yield separator + json.dumps(game_json(game), ensure_ascii=False, separators=(",", ":"))
        separator = ",\n"
    yield "\n]}\n"


# ---------------------------------------------------------------- reading


def is_backup_start(text: str) -> bool:
    """Whether ``text`` (the first line of a file, or its whole text) starts a backup as the export writes it."""
    return text.lstrip().startswith(_HEADER_START)


def _date(value: Any, where: str) -> datetime:
    if not isinstance(value, str):
        raise TableError(where, "expected a date (ISO 8601 text)")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise TableError(where, f"not a date: {value[:40]!r}") from None
    if moment.tzinfo is None:
        raise TableError(where, "the date must say its time zone")
    return moment


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise TableError(where, "expected an object")
    return value


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TableError(where, "expected a whole number")
    return value


def _check_report(report: Mapping[str, Any], players: int, where: str) -> None:
    """The parts of a stored score report that storage reads (the players' figures and the winners)."""
    rows = report.get("players")
    if not isinstance(rows, list):
        raise TableError(f"{where}.players", "expected a list")
    if len(rows) != players:
        raise TableError(f"{where}.players", f"{len(rows)} players, the document has {players}")
    for i, player in enumerate(rows):
        at = f"{where}.players[{i}]"
        player = _object(player, at)
        if not isinstance(player.get("name"), str) or not player["name"]:
            raise TableError(f"{at}.name", "expected a name")
        _int(player.get("total"), f"{at}.total")
        _int(player.get("rank"), f"{at}.rank")
        breakdown = _object(player.get("breakdown"), f"{at}.breakdown")
        for category, points in breakdown.items():
            _int(points, f"{at}.breakdown.{category}")
    winners = report.get("winners")
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        raise TableError(f"{where}.winners", "expected a list of names")


def backup_game(data: Any, where: str) -> BackupGame:
    """A game of a backup, checked: tokens, dates, versions in order, and each version's table document readable
    and its report the table's. Raises :class:`TableError` naming the place."""
    item = _object(data, where)
    known = {"game", "share_token", "edit_token", "played_at", "created_at", "updated_at", "versions"}
    unknown = sorted(set(item) - known)
    if unknown:
        raise TableError(f"{where}.{unknown[0]}", "unknown key")
    game = item.get("game")
    if not isinstance(game, str) or not _GAME_NAME.fullmatch(game):
        raise TableError(f"{where}.game", "expected the game's name")
    tokens = []
    for key in ("share_token", "edit_token"):
        token = item.get(key)
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            raise TableError(f"{where}.{key}", "expected a token (16 to 64 letters, digits, - and _)")
        tokens.append(token)
    if tokens[0] == tokens[1]:
        raise TableError(f"{where}.edit_token", "the same as the share token")
    dates = [_date(item.get(key), f"{where}.{key}") for key in ("played_at", "created_at", "updated_at")]
    versions = item.get("versions")
    if not isinstance(versions, list) or not versions:
        raise TableError(f"{where}.versions", "expected a list of one version or more")
    read = []
    for j, entry in enumerate(versions):
        at = f"{where}.versions[{j}]"
        entry = _object(entry, at)
        number = _int(entry.get("version"), f"{at}.version")
        if number != j + 1:
            raise TableError(f"{at}.version", f"expected version {j + 1}")
        saved_at = _date(entry.get("saved_at"), f"{at}.saved_at")
        document = _object(entry.get("document"), f"{at}.document")
        try:
            table = parse_table(dict(document))
        except TableError as error:
            raise TableError(f"{at}.document.{error.path}" if error.path else f"{at}.document", error.message) from None
        if table.game != game:
            raise TableError(f"{at}.document.game", f"a {table.game} table in a {game} game")
        report = _object(entry.get("report"), f"{at}.report")
        _check_report(report, len(table.players), f"{at}.report")
        read.append(BackupVersion(number, saved_at, document, report))
    return BackupGame(game, tokens[0], tokens[1], dates[0], dates[1], dates[2], tuple(read))


def _header(data: Any) -> Mapping[str, Any]:
    header = _object(data, "")
    if header.get("format") != FORMAT:
        raise TableError("format", f"not a Marquoir backup (expected {FORMAT!r})")
    if header.get("version") != FORMAT_VERSION:
        raise TableError("version", f"a backup of version {header.get('version')!r}; this Marquoir reads version 1")
    return header


def read_backup(data: Any) -> tuple[int, Iterator[BackupGame | TableError]]:
    """A backup already parsed: how many games it holds, and each game (or why it cannot be restored)."""
    header = _header(data)
    items = header.get("games")
    if not isinstance(items, list):
        raise TableError("games", "expected a list")

    def each() -> Iterator[BackupGame | TableError]:
        for i, item in enumerate(items):
            try:
                yield backup_game(item, f"games[{i}]")
            except TableError as error:
                yield error

    return len(items), each()


def read_backup_lines(lines: Iterator[str]) -> tuple[int, Iterator[BackupGame | TableError]]:
    """A backup as the export lays it out, read a line at a time: how many games its header announces, and each
    game (or why it cannot be restored). A file laid out otherwise raises :class:`TableError`: parse it whole and
    give it to :func:`read_backup`."""
    first = next(lines, "")
    if not first.rstrip().endswith('"games": ['):
        raise TableError("", "not laid out one game per line")
    try:
        header = _header(json.loads(first.rstrip() + "]}"))
    except json.JSONDecodeError as error:
        raise TableError("", f"the first line is not the backup's header ({error.msg})") from None
    count = header.get("count")
    announced = count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 0

    def each() -> Iterator[BackupGame | TableError]:
        index = 0
        ended = False
        for line in lines:
            text = line.strip()
            if not text:
                continue
            if ended:
                yield TableError("", "text after the end of the backup")
                return
            if text == "]}":
                ended = True
                continue
            where = f"games[{index}]"
            index += 1
            try:
                data = json.loads(text.removesuffix(","))
            except json.JSONDecodeError as error:
                yield TableError(where, f"not JSON ({error.msg}, column {error.colno})")
                continue
            try:
                yield backup_game(data, where)
            except TableError as error:
                yield error
        if not ended:
            yield TableError(f"games[{index}]", "the backup ends too early (cut short?)")

    return announced, each()
