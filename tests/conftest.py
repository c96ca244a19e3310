"""Fixtures shared by every test: the sample tables, a fresh database, the web app and its clients, a live server,
and Debian's Chromium; the Hypothesis profiles; the browser tests' artefact folder.

Markers (``pyproject.toml``): ``browser`` (Playwright driving Chromium) and ``slow`` (processes, wheels, PDFs,
many random games). The quick loop for a developer::

    .venv/bin/python -m pytest -m "not browser and not slow" --hypothesis-profile=quick

``make test`` runs everything with the full profile.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings
from sqlalchemy.engine import Engine
from support.browser import served
from support.pages import CHROMIUM_ARGS
from support.paths import ARTIFACTS
from support.samples import sample_table

from marquoir.core import clock
from marquoir.games.kanagawa.table import Table
from marquoir.storage import database_url, open_database
from marquoir.web import create_app

# Apps made without a DATABASE_URL of their own save into a throwaway folder, never into the checkout's instance/
# folder (this runs before any test module makes its app).
os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp(prefix='marquoir-web-tests-')}/games.sqlite3")

# The full profile is Hypothesis's own (each test may set its own number of examples) without its deadline: speed
# is measured by bench/, never by a timed test (a shared machine made one example 250 ms, over the 200 ms deadline,
# and failed a property that held); "quick" trims every test to a few examples for the developer's loop.
settings.register_profile("full", settings(max_examples=100, deadline=None))
settings.register_profile(
    "quick", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# Loaded here, before pytest's configuration, where ``--hypothesis-profile`` (the quick loop) replaces it.
settings.load_profile("full")

# For the same reason, the deep checks run by the tests themselves count their time bound in CPU time: a verdict near
# the bound must not flip because another test, or other work, shares the machine (a page's deep check runs in the
# web app's job children, on the wall clock, with the job bounds tested as such).
clock.count_cpu_time()


# ---------------------------------------------------------------- sample tables


@pytest.fixture
def base2() -> Table:
    table = sample_table("base-2p")
    assert isinstance(table, Table)
    return table


@pytest.fixture
def base4() -> Table:
    table = sample_table("base-4p")
    assert isinstance(table, Table)
    return table


@pytest.fixture
def yokai3() -> Table:
    table = sample_table("yokai-3p")
    assert isinstance(table, Table)
    return table


# ---------------------------------------------------------------- storage


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    """A fresh SQLite database of saved games, created and migrated."""
    engine = open_database(database_url(tmp_path, environ={}))
    yield engine
    engine.dispose()


# ---------------------------------------------------------------- the web app


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
    """The app served on 127.0.0.1 (a free port) in a background thread, CSRF on and the abuse limits on as in
    production — but every browser test of the session is one client to it (127.0.0.1), so the limits on new and
    written drafts, which a real client meets only at dozens of games a minute, are raised for that one client
    (the limits themselves are tested in tests/web/test_web_limits.py and test_web_drafts_bounds.py)."""
    many = "100000/minute;1000000/day"
    settings = {"SECRET_KEY": "browser-tests", "RATE_LIMITS": {"drafts.new": many, "drafts.write": many}}
    with served(create_app(settings)) as address:
        yield address


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
    """The folder where screenshots and rendered sheets are left to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS

