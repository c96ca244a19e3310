"""The sample tables of ``seeds/`` as text, as fresh mutable documents, or read as tables; and a minimal legal
Kanagawa table to break one way at a time."""

from __future__ import annotations

import copy
import json
from typing import Any

from marquoir.document import load_table
from marquoir.games import AnyTable
from support.paths import SAMPLES


def _file(name: str) -> str:
    return name if name.endswith(".json") else f"{name}.json"


def sample_text(name: str) -> str:
    """A sample table's text (``base-2p`` or ``base-2p.json``)."""
    return (SAMPLES / _file(name)).read_text(encoding="utf-8")


def sample_document(name: str) -> dict[str, Any]:
    """A sample table as a fresh mutable document."""
    data: dict[str, Any] = json.loads(sample_text(name))
    return copy.deepcopy(data)


def sample_table(name: str) -> AnyTable:
    """A sample table, read."""
    return load_table(sample_text(name))


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
