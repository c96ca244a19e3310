"""The sample tables of seeds/ are legal and score as the README shows."""

from pathlib import Path

from marquoir import check, load_table, score

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def test_every_seed_is_legal() -> None:
    for path in sorted(SEEDS.glob("*.json")):
        table = load_table(path.read_text(encoding="utf-8"))
        assert check(table) == [], path.name
        assert score(table).legal
