"""Fixtures of the report tests."""

from __future__ import annotations

import pytest
from report_helpers import seed_table

from marquoir import Table


@pytest.fixture
def base4() -> Table:
    return seed_table("base-4p")


@pytest.fixture
def yokai3() -> Table:
    return seed_table("yokai-3p")
