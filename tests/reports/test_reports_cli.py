"""``marquoir sheet`` and ``marquoir export``: files written, errors in one line with exit status 2."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from support.paths import SAMPLES
from support.samples import sample_table

from marquoir import score
from marquoir.cli import main
from marquoir.storage import open_database, save_game, sqlite_url


@pytest.mark.slow
def test_sheet_writes_a_blank_pdf(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["sheet", "--players", "4", "--yokai", "-o", str(out)]) == 0
    reader = PdfReader(out)
    text = " ".join(page.extract_text() or "" for page in reader.pages)
    assert "Player 4" in text and "Yokai" in text
    assert round(float(reader.pages[0].mediabox.height)) == 842


def test_sheet_of_a_table_writes_the_filled_pdf_or_html(tmp_path: Path) -> None:
    pdf, html = tmp_path / "result.pdf", tmp_path / "result.html"
    assert main(["sheet", str(SAMPLES / "base-2p.json"), "--paper", "letter", "-o", str(pdf)]) == 0
    reader = PdfReader(pdf)
    assert round(float(reader.pages[0].mediabox.width)) == 612
    assert "Winner: Ben" in " ".join((page.extract_text() or "") for page in reader.pages)
    assert main(["sheet", str(SAMPLES / "base-2p.json"), "-o", str(html)]) == 0
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "Aiko" in page and "size: A4" not in page


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["sheet", "-o", "x.pdf"], "give a TABLE document"),
        (["sheet", "missing.json", "-o", "x.pdf"], "missing.json: no such file"),
        (["sheet", "{table}", "--players", "3", "-o", "x.pdf"], "--players and --yokai are for a blank sheet"),
        (["sheet", "--players", "2", "-o", "{tmp}/no/such/folder/x.pdf"], "No such file or directory"),
        (["export", "--csv", "x.csv", "--database", "{tmp}/nothing.sqlite3"], "--database: no such file"),
    ],
)
def test_sheet_and_export_errors_are_one_line(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = [a.format(tmp=tmp_path, table=SAMPLES / "base-2p.json") for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("marquoir: ") and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_bad_options_are_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["sheet", "--players", "5", "-o", "x.pdf"], ["sheet", "--players", "2", "--lang", "de", "-o", "x"]):
        with pytest.raises(SystemExit) as caught:
            main(argv)
        assert caught.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_export_writes_every_saved_game_as_csv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games.sqlite3"
    engine = open_database(sqlite_url(db))
    save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")))
    save_game(engine, sample_table("yokai-3p"), score(sample_table("yokai-3p")))
    engine.dispose()
    out = tmp_path / "games.csv"
    assert main(["export", "--csv", str(out), "--database", str(db)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [(r["game_id"], r["player"]) for r in rows] == [
        ("1", "Aiko"), ("1", "Ben"), ("2", "Hana"), ("2", "Ichiro"), ("2", "Jun")
    ]  # fmt: skip
    monkeypatch.setenv("DATABASE_URL", sqlite_url(db))
    assert main(["export", "--csv", str(tmp_path / "again.csv")]) == 0
    assert (tmp_path / "again.csv").read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


def test_export_without_a_database_says_where_it_looked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["export", "--csv", "out.csv"]) == 2
    assert f"no database at {tmp_path.resolve() / 'instance' / 'marquoir.sqlite3'}" in capsys.readouterr().err
    assert not (tmp_path / "instance").exists() and not (tmp_path / "out.csv").exists()
