"""Fixtures of the web tests: the app, test clients (CSRF off and on), a live server and Debian's Chromium."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_support import ARTIFACTS, CHROMIUM_ARGS
from werkzeug.serving import make_server

from marquoir.web import create_app

# Apps made without a DATABASE_URL of their own save into a throwaway folder, never into the checkout's instance/
# folder (this runs before any test module makes its app).
os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp(prefix='marquoir-web-tests-')}/games.sqlite3")


@pytest.fixture
def app() -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "test"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def csrf_client() -> FlaskClient:
    """A client of an app with CSRF protection on, as in production."""
    return create_app({"TESTING": True, "SECRET_KEY": "test"}).test_client()


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """The app served on 127.0.0.1 (a free port) in a background thread, CSRF on as in production."""
    app = create_app({"SECRET_KEY": "browser-tests"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright; the browser tests fail (never skip) when it is missing."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("no chromium on PATH: install Debian's chromium (make system-deps) to run the browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
