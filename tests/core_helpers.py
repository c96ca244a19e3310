"""Small builders for core tests: a legal base table to break one way at a time."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def seed(name: str) -> dict[str, Any]:
    """A sample table of seeds/ as a fresh mutable document."""
    data: dict[str, Any] = json.loads((SEEDS / name).read_text(encoding="utf-8"))
    return copy.deepcopy(data)


def two_players(**first: Any) -> dict[str, Any]:
    """A minimal legal 2-player base table; keyword arguments replace keys of the first player."""
    doc: dict[str, Any] = {
        "game": "kanagawa",
        "players": [
            {"name": "Aiko", "start": "S1", "print": [], "studio": [], "grand_master": True},
            {"name": "Ben", "start": "S2", "print": [], "studio": []},
        ],
    }
    doc["players"][0].update(first)
    return doc
