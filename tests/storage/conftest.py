"""Fixtures of the storage tests: a fresh SQLite database per test, and the sample tables."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from marquoir import Table, load_table
from marquoir.storage import database_url, open_database

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def seed_table(name: str) -> Table:
    return load_table((SEEDS / f"{name}.json").read_text(encoding="utf-8"))


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
