"""The sample tables of seeds/ are legal, could have been played, and score as the README shows."""

from pathlib import Path

import pytest

from marquoir import check, load_table, score
from marquoir.games.kanagawa.reach import deep_check

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.json")), ids=lambda p: p.name)
def test_every_seed_is_legal_and_reachable(path: Path) -> None:
    table = load_table(path.read_text(encoding="utf-8"))
    assert check(table) == []
    assert score(table).legal
    issues, extra = deep_check(table)
    assert issues == [], [str(i) for i in issues]
    assert extra["reachability"]["verdict"] == "reachable"
