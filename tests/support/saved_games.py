"""Helpers of the saved-games tests: an app on its own SQLite file, sheet games built from figures."""

from __future__ import annotations

import functools
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from flask import Flask

from marquoir.storage import open_database, sqlite_url
from marquoir.web import create_app


@functools.cache
def _migrated_database() -> Path:
    """An empty database at the newest schema, made once per test run: a fresh one is a copy of it (running every
    migration for each of the hundreds of apps the tests make would be most of the fast loop's time)."""
    path = Path(tempfile.mkdtemp(prefix="marquoir-schema-")) / "games.sqlite3"
    open_database(sqlite_url(path)).dispose()  # the last connection closed: the write-ahead log is in the file
    assert not path.with_name(path.name + "-wal").exists()
    return path


def games_app(folder: Path, **config: Any) -> Flask:
    """The app with CSRF off and its database in ``folder`` (a fresh SQLite file, or the one an earlier app of the
    same folder left)."""
    database = folder / "games.sqlite3"
    if "DATABASE_URL" not in config and not database.exists():
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_migrated_database(), database)
    settings: dict[str, Any] = {
        "TESTING": True,
        "WTF_CSRF_ENABLED": False,
        "SECRET_KEY": "games",
        "DATABASE_URL": sqlite_url(folder / "games.sqlite3"),
    }
    settings.update(config)
    return create_app(settings)


def sheet_player(name: str, print_cards: int, season_chain: int = 3, harmony: int = 0,
                 diplomas: list[str] | None = None, grand_master: bool = False) -> dict[str, Any]:
    return {"name": name, "sheet": {"print_cards": print_cards, "season_chain": season_chain, "harmony": harmony,
                                    "diplomas": diplomas or [], "grand_master": grand_master, "yokai": 0}}


def sheet_game(*players: dict[str, Any]) -> str:
    """A base game entered from the sheet's figures, as the JSON a form carries."""
    doc = {"game": "kanagawa", "families": ["trees", "characters", "buildings", "animals"], "players": list(players)}
    return json.dumps(doc, ensure_ascii=False)


def token_of(location: str, kind: str = "e") -> str:
    match = re.search(rf"/{kind}/([A-Za-z0-9_-]+)$", location)
    assert match, location
    return match.group(1)


def share_token_in(page: str) -> str:
    match = re.search(r'id="share-link">[^<]*/s/([A-Za-z0-9_-]+)<', page)
    assert match, "no share link on the page"
    return match.group(1)
