"""What the people running a server need: ``/healthz`` (the process lives) and ``/readyz`` (the database answers at
the current schema), a damaged SQLite file refused at start and answered with 503s, never a 500; one access line
per request and every failure logged with its traceback, no token of any answer ever in the log; HSTS behind
HTTPS, Cache-Control on the read-only pages, and a secret key kept in the instance folder when none is set."""

from __future__ import annotations

import io
import logging
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from support.pages import hidden
from support.saved_games import games_app, share_token_in, sheet_game, sheet_player, token_of

from marquoir.storage import sqlite_url
from marquoir.web import create_app
from marquoir.web import db as web_db
from marquoir.web.logs import configure_logging, mask

GAME = sheet_game(sheet_player("Aiko", 10, 4, 3), sheet_player("Ben", 9, 5, -1))


def damage(path: Path) -> None:
    """Tear every page of a SQLite file past its first two (as a disk or a copy half-done would)."""
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    for offset in range(2 * 4096, len(data), 997):
        data[offset] = 0x5A
    path.write_bytes(bytes(data))


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    configure_logging("info", stream=stream)
    yield stream
    for handler in list(logging.getLogger().handlers):
        if getattr(handler, "marquoir", False):
            logging.getLogger().removeHandler(handler)


def test_healthz_and_readyz_on_a_sound_database(tmp_path: Path) -> None:
    client = games_app(tmp_path).test_client()
    assert client.get("/healthz").data == b"ok\n"
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.data == b"ready\n"


def test_readyz_is_503_when_the_database_cannot_be_reached(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    client = games_app(tmp_path, DATABASE_URL=sqlite_url(blocker / "games.sqlite3")).test_client()
    assert client.get("/healthz").status_code == 200  # the process lives
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.data.startswith(b"not ready: the database is unavailable")


def test_readyz_is_503_at_another_schema(tmp_path: Path) -> None:
    app = games_app(tmp_path)
    engine = app.extensions[web_db.EXTENSION].engine
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE marquoir_schema_version SET version_num = '0001'"))
    ready = app.test_client().get("/readyz")
    assert ready.status_code == 503 and b"another schema" in ready.data


def test_a_damaged_database_is_refused_at_start_and_answered_with_503s(tmp_path: Path, log: io.StringIO) -> None:
    app = games_app(tmp_path)
    client = app.test_client()
    results = client.post("/results", follow_redirects=True, data={"table": GAME}).get_data(as_text=True)
    assert client.post("/games/save", data={"table": hidden(results)}).status_code == 303
    app.extensions[web_db.EXTENSION].engine.dispose()
    damage(tmp_path / "games.sqlite3")
    damaged = games_app(tmp_path)
    assert web_db.startup_refusal(damaged) is not None
    assert "games.sqlite3 is damaged" in str(web_db.startup_refusal(damaged))
    client = damaged.test_client()
    assert client.get("/healthz").status_code == 200
    for path in ("/readyz", "/games", "/games/export.csv", "/groups/stats", "/stats"):
        response = client.get(path)
        assert response.status_code in (503, 404), (path, response.status_code)
    assert client.get("/readyz").status_code == 503
    assert client.get("/games/export.csv").status_code == 503
    assert "restore it from a backup" in log.getvalue()  # the log says what to do, and where


def test_serve_refuses_to_start_on_a_damaged_file(tmp_path: Path) -> None:
    folder = tmp_path / "instance"
    from marquoir.storage import open_database

    folder.mkdir()
    open_database(sqlite_url(folder / "marquoir.sqlite3")).dispose()
    damage(folder / "marquoir.sqlite3")
    done = subprocess.run(
        [sys.executable, "-m", "marquoir.cli", "serve", "--port", "0"], capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "MARQUOIR_INSTANCE": str(folder), "MARQUOIR_SECRET_KEY": "x"},
    )  # fmt: skip
    assert done.returncode == 1
    assert "marquoir serve: the database cannot be used" in done.stderr and "marquoir.sqlite3 is damaged" in done.stderr
    assert "Marquoir is running" not in done.stdout


def test_the_server_keeps_one_database_connection_per_request_thread(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``marquoir serve --threads N`` gives its app a pool of N connections (the engine's default pool of 5 closed,
    on every busy moment, the connections of threads beyond it)."""
    import waitress.server

    from marquoir.web.commands import serve

    served: list[Flask] = []

    class Stopped:  # waitress's server, stopped at once (Ctrl+C), so serve returns
        effective_port = 5999

        def run(self) -> None:
            raise KeyboardInterrupt

        def close(self) -> None:
            pass

    def create_server(app: Flask, **_settings: object) -> Stopped:
        served.append(app)
        return Stopped()

    monkeypatch.setattr(waitress.server, "create_server", create_server)
    monkeypatch.setenv("MARQUOIR_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("MARQUOIR_SECRET_KEY", "x")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert serve("127.0.0.1", 0, 12) == 0
    with served[0].app_context():
        assert web_db.get_engine().pool.size() == 12  # type: ignore[attr-defined]
    app = games_app(tmp_path / "default")
    with app.app_context():
        assert web_db.get_engine().pool.size() == 8  # type: ignore[attr-defined]


def test_no_token_of_any_answer_is_ever_in_the_log(tmp_path: Path, log: io.StringIO) -> None:
    app = games_app(tmp_path, PROPAGATE_EXCEPTIONS=False)  # a failure answered 500, as in production

    @app.get("/explode/<token>")
    def explode(token: str) -> str:  # an unexpected failure whose message carries the token
        raise RuntimeError(f"failed on {token}")

    client = app.test_client()
    tokens: set[str] = set()

    def seen(text: str) -> None:
        tokens.update(re.findall(r"[A-Za-z0-9_-]{24,}", text))

    results = client.post("/results", data={"table": GAME})
    seen(results.headers["Location"])
    page = client.get(results.headers["Location"]).get_data(as_text=True)
    seen(page)
    saved = client.post("/games/save", data={"table": hidden(page)})
    seen(saved.headers["Location"])
    edit = token_of(saved.headers["Location"])
    edit_page = client.get(f"/e/{edit}").get_data(as_text=True)
    seen(edit_page)
    share = share_token_in(edit_page)
    client.get(f"/s/{share}")
    group = client.post("/groups", data={"name": "Club"})
    seen(group.headers.get("Location", ""))
    client.get(group.headers["Location"])
    assert client.get(f"/explode/{share}").status_code == 500
    text = log.getvalue()
    assert {edit, share} <= tokens and len(tokens) >= 4
    assert "Traceback" in text and "RuntimeError: failed on …" in text  # the failure is there, masked
    assert re.search(r"GET /e/… 200 [\d.]+ms 127\.0\.0\.1", text) and "POST /games/save 303" in text
    assert [t for t in tokens if t in text] == []


def test_mask_leaves_words_and_numbers_alone() -> None:
    assert mask("GET /print/game?lang=fr 200 12.5ms 127.0.0.1") == "GET /print/game?lang=fr 200 12.5ms 127.0.0.1"
    assert mask("/g/abcdefghijklmnopqrstuvwxyz012345/players") == "/g/…/players"


def test_hsts_behind_https_and_cache_control_on_read_only_pages(tmp_path: Path) -> None:
    app = games_app(tmp_path)
    client = app.test_client()
    assert "Strict-Transport-Security" not in client.get("/").headers
    assert client.get("/", base_url="https://localhost").headers["Strict-Transport-Security"] == "max-age=31536000"
    results = client.post("/results", follow_redirects=True, data={"table": GAME}).get_data(as_text=True)
    saved = client.post("/games/save", data={"table": hidden(results)})
    edit_page = client.get(saved.headers["Location"])
    assert edit_page.headers["Cache-Control"] == "no-store"
    shared = client.get(f"/s/{share_token_in(edit_page.get_data(as_text=True))}")
    assert shared.status_code == 200 and shared.headers["Cache-Control"] == "private, no-cache"


def test_a_secret_key_is_made_once_kept_and_warned_about(tmp_path: Path, log: io.StringIO,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.delenv("MARQUOIR_SECRET_KEY", raising=False)
    folder = tmp_path / "instance"
    first: Flask = create_app({"INSTANCE_PATH": str(folder), "DATABASE_URL": sqlite_url(tmp_path / "g.sqlite3")})
    second = create_app({"INSTANCE_PATH": str(folder), "DATABASE_URL": sqlite_url(tmp_path / "g.sqlite3")})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    kept = folder / "secret_key"
    assert kept.read_text().strip() == first.config["SECRET_KEY"] and kept.stat().st_mode & 0o077 == 0
    assert "MARQUOIR_SECRET_KEY is not set" in log.getvalue() and "several processes" in log.getvalue()
    assert first.config["SECRET_KEY"] not in log.getvalue()
