"""Helpers of the storage tests (a module of its own: every test folder has a conftest)."""

from __future__ import annotations

from pathlib import Path

from marquoir import Table, load_table

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def seed_table(name: str) -> Table:
    return load_table((SEEDS / f"{name}.json").read_text(encoding="utf-8"))
