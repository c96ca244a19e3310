"""``marquoir simulate`` and the expansion card file it reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.engine import expansion_document, fixture_expansion_cards

from marquoir import check, load_table
from marquoir.cli import main
from marquoir.errors import TableError
from marquoir.games.kanagawa.engine import build_deck, load_expansion_cards


def test_simulate_prints_a_summary_and_writes_each_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games"
    assert main(["simulate", "--games", "3", "--players", "3", "--seed", "4", "--out", str(out),
                 "--kinds", "greedy", "random", "random"]) == 0
    text = capsys.readouterr().out
    assert "3 game(s)" in text and "game length" in text and "trees-3" in text
    assert "mean score by player kind: greedy" in text
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == ["game-000004.json", "game-000005.json", "game-000006.json"]
    for file in files:
        table = load_table(file.read_text(encoding="utf-8"))
        assert len(table.players) == 3 and check(table) == []


def test_simulate_with_expansion_families_needs_a_card_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--families", "trees", "animals", "kites", "umbrellas"]) == 2
    err = capsys.readouterr().err
    assert "--cards FILE" in err and "does not invent" in err


def test_simulate_with_a_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(expansion_document(fixture_expansion_cards())), encoding="utf-8")
    assert main(["simulate", "--games", "2", "--players", "2", "--cards", str(cards),
                 "--families", "trees", "animals", "kites", "umbrellas"]) == 0
    assert "kites-7" in capsys.readouterr().out


def test_a_bad_card_file_names_the_place(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = expansion_document(fixture_expansion_cards())
    document[4]["print"] = {**document[4]["print"], "kites": ["purple"]}  # type: ignore[dict-item]
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(document), encoding="utf-8")
    assert main(["simulate", "--games", "1", "--cards", str(cards),
                 "--families", "trees", "animals", "kites", "umbrellas"]) == 2
    assert "cards[4].print.kites[0]" in capsys.readouterr().err


def test_expansion_cards_are_checked() -> None:
    good = expansion_document(fixture_expansion_cards())
    assert len(load_expansion_cards(json.dumps(good))) == 54
    no_paint = [dict(c) for c in good]
    no_paint[0] = {"print": {k: v for k, v in good[0]["print"].items() if k != "paint"},  # type: ignore[union-attr]
                   "studio": good[0]["studio"]}
    with pytest.raises(TableError, match=r"cards\[0\]\.print\.paint"):
        load_expansion_cards(json.dumps(no_paint))
    with pytest.raises(TableError, match="exactly the keys"):
        load_expansion_cards(json.dumps([{"print": {}}]))
    with pytest.raises(TableError, match="not JSON"):
        load_expansion_cards("[")
    with pytest.raises(TableError, match="18 cards supplied"):
        build_deck(("trees", "animals", "kites", "umbrellas"), fixture_expansion_cards()[:10])
    with pytest.raises(TableError, match="2 base and 2 expansion"):
        build_deck(("trees", "kites", "lanterns", "umbrellas"), fixture_expansion_cards())
