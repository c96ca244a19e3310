"""The engine-finished tables kept under ``tests/data/engine/`` for everyone's tests: each is still exactly what the
engine plays from its seed, legal, reachable, and scored. Regenerate with
``.venv/bin/python tests/engine/test_engine_data.py`` after a deliberate change to the engine or its players."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from support.engine import YOKAI_FAMILIES, finished_game

from marquoir import check, load_table, score
from marquoir.games.kanagawa.document import dump_table
from marquoir.games.kanagawa.engine import final_table
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES

DATA = Path(__file__).resolve().parent.parent / "data" / "engine"

#: file name → (seed, players, families, greedy seats)
GAMES: dict[str, tuple[int, int, tuple[str, ...], bool]] = {
    "engine-2p-base-seed7.json": (7, 2, BASE_FAMILIES, False),
    "engine-3p-base-seed12.json": (12, 3, BASE_FAMILIES, True),
    "engine-4p-base-seed5.json": (5, 4, BASE_FAMILIES, True),
    "engine-4p-base-deck-seed6.json": (6, 4, BASE_FAMILIES, False),
    "engine-3p-yokai-seed3.json": (3, 3, YOKAI_FAMILIES, True),
}


def play(name: str) -> str:
    seed, players, families, greedy = GAMES[name]
    return dump_table(final_table(finished_game(seed, players, families, greedy))) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_kept_table_is_what_the_engine_plays(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    assert text == play(name)
    table = load_table(text)
    assert check(table) == []
    assert score(table).winners
    assert explain_reachability(table, time_bound=30).verdict == "reachable"


def test_readme_lists_every_kept_table() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in GAMES:
        assert name in readme
    assert sorted(p.name for p in DATA.glob("*.json")) == sorted(GAMES)


if __name__ == "__main__":
    DATA.mkdir(parents=True, exist_ok=True)
    for file_name in GAMES:
        (DATA / file_name).write_text(play(file_name), encoding="utf-8")
        print("wrote", DATA / file_name, json.loads((DATA / file_name).read_text())["families"], file=sys.stderr)
