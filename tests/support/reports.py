"""Saved games built without a database (the reports are pure functions over them), tables of sheet players, and
PDF pages rendered to PNG files to look at (``test-artifacts/``)."""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

from marquoir import score, table_to_document
from marquoir.games import AnyTable
from marquoir.games.kanagawa.table import SheetPlayer, Table
from marquoir.storage import SavedGame
from support.paths import ARTIFACTS

START = datetime(2026, 1, 5, 20, 0, tzinfo=UTC)


def sheet_table(*players: tuple[str, int, int, int, int, bool, int], families: tuple[str, ...] | None = None) -> Table:
    """A table of sheet players: (name, print cards, chain, harmony, diploma points, grand master, yokai)."""
    seated = tuple(SheetPlayer(n, pc, ch, h, d, gm, y) for n, pc, ch, h, d, gm, y in players)
    return Table(seated) if families is None else Table(seated, families=families)


def saved(game_id: int, table: AnyTable, days: int = 0) -> SavedGame:
    """A saved game as storage would return it, without a database (the reports are pure functions)."""
    when = START + timedelta(days=days)
    return SavedGame(
        game_id, table.game, f"s{game_id}", f"e{game_id}", when, when, when, 1, table_to_document(table),
        score(table).to_json(),
    )


def render_png(pdf: Path, stem: str, resolution: int = 70) -> list[Path]:
    """Each page of ``pdf`` as ``test-artifacts/<stem>-<page>.png`` (Poppler's pdftoppm)."""
    ARTIFACTS.mkdir(exist_ok=True)
    for old in ARTIFACTS.glob(f"{stem}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-png", "-r", str(resolution), str(pdf), str(ARTIFACTS / stem)], check=True)
    return sorted(ARTIFACTS.glob(f"{stem}-*.png"))
