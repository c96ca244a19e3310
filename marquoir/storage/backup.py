"""The backup file of ``marquoir export --json``: every saved game with its whole history, tokens and dates, as one
JSON document that is written and read one game at a time.

::

    {"format": "marquoir-backup", "version": 2, "exported_at": "…", "count": 2, "games": [
    {"game": "<game>", "share_token": "…", "edit_token": "…", "played_at": "…", "created_at": "…",
     "updated_at": "…", "versions": [{"version": 1, "saved_at": "…", "document": {…}, "report": {…},
     "played_at": "…", "place": "…", "duration_min": 45, "notes": "…"}, …],
     "group": {"token": "…", "name": "…", "created_at": "…", "players": [["aiko t", "aiko", null], …]}},
    {…}
    ]}

A game saved in a group says so (``group``: its token — the group's link, a secret like the edit tokens — name and
date; the first game of each group also lists the group's merged and renamed names: ``[name key, counts as, name
shown or null]``); a version's details are there when it has them. Version 2 added both; a backup of version 1
(no group, no details) reads as before.

The whole file is one JSON value (any JSON tool reads it), laid out one game per line so that
:func:`read_backup_lines` restores it in constant memory; :func:`read_backup` reads the same value once parsed (a
file someone re-indented). A game's current version is its last one. Values in, text out, and text in, values or
:class:`~marquoir.errors.TableError` (naming the place, such as ``games[3].versions[0].report.players``) out.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from marquoir.core.reader import as_int
from marquoir.document import parse_table
from marquoir.errors import TableError
from marquoir.storage.games import DURATION_MAX, NOTES_MAX, PLACE_MAX, Details

FORMAT = "marquoir-backup"
FORMAT_VERSION = 2
#: The versions this Marquoir reads.
READ_VERSIONS = (1, 2)
_HEADER_START = '{"format": "marquoir-backup"'
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_GAME_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


@dataclass(frozen=True, slots=True)
class BackupVersion:
    """One version of a game as it was saved, with the date played and the details it had."""

    version: int
    saved_at: datetime
    document: Mapping[str, Any]
    report: Mapping[str, Any]
    played_at: datetime | None = None
    details: Details = field(default_factory=Details)


@dataclass(frozen=True, slots=True)
class BackupGroup:
    """The group of a game: its token, name and date, and (with the group's first game) its players' merged and
    renamed names: (name key, the key it counts as, the name shown or ``None``)."""

    token: str
    name: str
    created_at: datetime
    players: tuple[tuple[str, str, str | None], ...] = ()


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
    group: BackupGroup | None = None

    @property
    def current(self) -> BackupVersion:
        return self.versions[-1]


# ---------------------------------------------------------------- writing


def _version_json(version: BackupVersion) -> dict[str, Any]:
    found = {"version": version.version, "saved_at": version.saved_at.isoformat(), "document": version.document,
             "report": version.report}  # fmt: skip
    if version.played_at is not None:
        found["played_at"] = version.played_at.isoformat()
    found.update({k: v for k, v in version.details.values().items() if v is not None})
    return found


def game_json(game: BackupGame) -> dict[str, Any]:
    """A game as the backup writes it."""
    found: dict[str, Any] = {
        "game": game.game,
        "share_token": game.share_token,
        "edit_token": game.edit_token,
        "played_at": game.played_at.isoformat(),
        "created_at": game.created_at.isoformat(),
        "updated_at": game.updated_at.isoformat(),
        "versions": [_version_json(v) for v in game.versions],
    }
    if game.group is not None:
        found["group"] = {"token": game.group.token, "name": game.group.name,
                          "created_at": game.group.created_at.isoformat(),
                          "players": [list(p) for p in game.group.players]}  # fmt: skip
    return found


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
    """A whole number of a backup, bounded as a table document's are (a report of a number of thousands of digits
    could be stored, and then never written as JSON again)."""
    return as_int(value, where)


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


def _text(value: Any, where: str, longest: int, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise TableError(where, f"expected a text of 1 to {longest} characters")
    return value


def _details_of(entry: Mapping[str, Any], at: str) -> Details:
    duration = entry.get("duration_min")
    if duration is not None and (_int(duration, f"{at}.duration_min") < 1 or duration > DURATION_MAX):
        raise TableError(f"{at}.duration_min", f"expected 1 to {DURATION_MAX} minutes")
    return Details(_text(entry.get("place"), f"{at}.place", PLACE_MAX, optional=True), duration,
                   _text(entry.get("notes"), f"{at}.notes", NOTES_MAX, optional=True))  # fmt: skip


def _group_of(data: Any, where: str) -> BackupGroup:
    item = _object(data, where)
    unknown = sorted(set(item) - {"token", "name", "created_at", "players"})
    if unknown:
        raise TableError(f"{where}.{unknown[0]}", "unknown key")
    token = item.get("token")
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise TableError(f"{where}.token", "expected a token (16 to 64 letters, digits, - and _)")
    name = _text(item.get("name"), f"{where}.name", 80)
    assert name is not None
    players = item.get("players", [])
    if not isinstance(players, list):
        raise TableError(f"{where}.players", "expected a list")
    read = []
    for i, entry in enumerate(players):
        at = f"{where}.players[{i}]"
        if not isinstance(entry, list) or len(entry) != 3:
            raise TableError(at, "expected [name key, counts as, name shown or null]")
        key, counts_as = (_text(entry[j], f"{at}[{j}]", 80) for j in (0, 1))
        assert key is not None and counts_as is not None
        read.append((key, counts_as, _text(entry[2], f"{at}[2]", 80, optional=True)))
    return BackupGroup(token, name, _date(item.get("created_at"), f"{where}.created_at"), tuple(read))


def backup_game(data: Any, where: str) -> BackupGame:
    """A game of a backup, checked: tokens, dates, versions in order, each version's table document readable and
    its report the table's, its details, its group. Raises :class:`TableError` naming the place."""
    item = _object(data, where)
    known = {"game", "share_token", "edit_token", "played_at", "created_at", "updated_at", "versions", "group"}
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
        extra = sorted(set(entry) - {"version", "saved_at", "document", "report", "played_at", "place",
                                     "duration_min", "notes"})  # fmt: skip
        if extra:
            raise TableError(f"{at}.{extra[0]}", "unknown key")
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
        played = None if entry.get("played_at") is None else _date(entry["played_at"], f"{at}.played_at")
        read.append(BackupVersion(number, saved_at, document, report, played, _details_of(entry, at)))
    group = None if item.get("group") is None else _group_of(item["group"], f"{where}.group")
    return BackupGame(game, tokens[0], tokens[1], dates[0], dates[1], dates[2], tuple(read), group)


def _header(data: Any) -> Mapping[str, Any]:
    header = _object(data, "")
    if header.get("format") != FORMAT:
        raise TableError("format", f"not a Marquoir backup (expected {FORMAT!r})")
    if header.get("version") not in READ_VERSIONS:
        raise TableError("version", f"a backup of version {header.get('version')!r}; this Marquoir reads versions "
                                    "1 and 2")
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
    announced = count if isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= 10**9 else 0

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
