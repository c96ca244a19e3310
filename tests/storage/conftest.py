"""Fixtures of the storage tests: a fresh SQLite database per test, and the sample tables."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from storage_helpers import seed_table

from marquoir import Table
from marquoir.storage import database_url, open_database


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = open_database(database_url(tmp_path, environ={}))
    yield engine
    engine.dispose()


@pytest.fixture
def base2() -> Table:
    return seed_table("base-2p")


@pytest.fixture
def base4() -> Table:
    return seed_table("base-4p")


@pytest.fixture
def yokai3() -> Table:
    return seed_table("yokai-3p")
