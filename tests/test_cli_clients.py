"""The command line as a user and a script read it: ``--version``; the exit statuses and every environment variable
the code reads named in ``--help``; the sample tables installed with Marquoir (``seeds``, ``--seed``); ``-`` as
standard input or output everywhere (``sheet -o -``, ``export --json -``, ``import -``); a document imported twice
stored once, the summary saying so; the BG Stats export of every group on each group's clocks and names."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT, SAMPLES
from support.samples import sample_table, sample_text

from marquoir import score
from marquoir.cli import main
from marquoir.storage import (
    all_games,
    create_group,
    merge_players,
    open_database,
    save_game,
    set_time_zone,
    sqlite_url,
)
from marquoir.version import VERSION

MARQUOIR = [sys.executable, "-m", "marquoir"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0 and capsys.readouterr().out == f"marquoir {VERSION}\n"


def test_help_names_every_exit_status_and_environment_variable(capsys: pytest.CaptureFixture[str]) -> None:
    """Every variable the code reads (``os.environ`` / ``env.get`` / the zones' setting) is in ``--help`` and in
    the README; so is each exit status."""
    with pytest.raises(SystemExit):
        main(["--help"])
    shown = capsys.readouterr().out
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "marquoir").rglob("*.py"))
    read = set(re.findall(r'(?:environ(?:\.get)?|env\.get|getenv)\(\s*"([A-Z_]+)"', source))
    read |= set(re.findall(r'environ\["([A-Z_]+)"\]', source)) | {"MARQUOIR_TIME_ZONE"}
    assert {"DATABASE_URL", "MARQUOIR_SECRET_KEY", "MARQUOIR_TIME_ZONE"} <= read
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in read:
        assert name in shown, name
        assert name in readme, name
    for status in ("0 ", "1 ", "2 ", "3 ", "130 "):
        assert re.search(rf"^  {status}", shown, flags=re.M), status
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    assert "exit status:" in capsys.readouterr().out


def test_the_samples_are_there_without_a_checkout_s_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "seeds")
    assert code == 0
    assert [line.split("\t")[0] for line in out.splitlines()] == sorted(p.stem for p in SAMPLES.glob("*.json"))
    code, out, _ = run(capsys, "score", "--seed", "base-4p")
    assert code == 0 and "Winner: Chiyo" in out
    assert run(capsys, "check", "--seed", "bonsai-4p", "--json")[1].startswith("{")
    code, _, err = run(capsys, "score", "--seed", "base-9p")
    assert code == 2 and "no sample table 'base-9p' (there are: base-2p, base-4p" in err
    code, _, err = run(capsys, "score")
    assert code == 2 and "give a table document FILE (- for standard input) or --seed NAME" in err
    code, _, err = run(capsys, "score", str(SAMPLES / "base-2p.json"), "--seed", "base-4p")
    assert code == 2


@pytest.mark.slow
def test_sheet_writes_to_standard_output(tmp_path: Path) -> None:
    pdf = subprocess.run([*MARQUOIR, "sheet", "--players", "2", "-o", "-"], capture_output=True, timeout=180,
                         cwd=tmp_path, check=True)  # fmt: skip
    assert pdf.stdout.startswith(b"%PDF-") and b"<stdout>: the PDF of the sheet" in pdf.stderr
    assert not list(tmp_path.iterdir())  # no file called "-"
    table = sample_text("bonsai-2p").encode()
    html = subprocess.run([*MARQUOIR, "sheet", "-", "--format", "html", "-o", "-"], input=table,
                          capture_output=True, timeout=180, cwd=tmp_path, check=True)  # fmt: skip
    assert html.stdout.lstrip().lower().startswith(b"<!doctype html>") and b"Bonsai" in html.stdout
    named = tmp_path / "sheet.pdf"
    assert subprocess.run([*MARQUOIR, "sheet", "--players", "2", "--format", "html", "-o", str(named)],
                          capture_output=True, timeout=180, check=True).returncode == 0  # fmt: skip
    assert named.read_bytes().lstrip().lower().startswith(b"<!doctype html>")  # --format wins over the name


def test_import_reads_standard_input_and_a_document_twice_is_one_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    db = tmp_path / "games.sqlite3"
    monkeypatch.setattr(sys, "stdin", io.StringIO(sample_text("base-2p")))
    code, out, err = run(capsys, "import", "-", "--database", str(db))
    assert (code, out, err) == (0, f"{db}: 1 table document saved\n", "")
    monkeypatch.setattr(sys, "stdin", io.StringIO(sample_text("base-2p")))
    code, out, _ = run(capsys, "import", "-", str(SAMPLES / "base-2p.json"), str(SAMPLES / "yokai-3p.json"),
                       "--database", str(db))  # fmt: skip
    assert code == 0 and out == f"{db}: 1 table document saved (2 saved before, not saved again)\n"
    engine = open_database(sqlite_url(db))
    assert [g.table for g in all_games(engine)] == [sample_table("base-2p"), sample_table("yokai-3p")]
    engine.dispose()
    monkeypatch.setattr(sys, "stdin", io.StringIO("not JSON"))
    code, _, err = run(capsys, "import", "-", "--database", str(db))
    assert code == 2 and err.startswith("refused -: document: not JSON")


def test_export_json_to_standard_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.sqlite3"
    engine = open_database(sqlite_url(db))
    save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")))
    engine.dispose()
    code, out, _ = run(capsys, "export", "--json", "-", "--database", str(db))
    assert code == 0 and len(json.loads(out)["games"]) == 1


def test_export_bgstats_on_each_group_s_clocks_and_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from datetime import UTC, datetime

    from support.reports import sheet_table

    db = tmp_path / "games.sqlite3"
    engine = open_database(sqlite_url(db))
    paris = create_group(engine, "Paris")
    set_time_zone(engine, paris.id, "Europe/Paris")
    at = datetime(2026, 1, 10, 19, 15, tzinfo=UTC)
    for name, day in (("Aiko T.", 3), ("Aiko", 10)):
        table = sheet_table((name, 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 5, False, 0))
        save_game(engine, table, score(table), group_id=paris.id, played_at=at.replace(day=day))
    save_game(engine, sample_table("bonsai-2p"), score(sample_table("bonsai-2p")), played_at=at)
    merge_players(engine, paris.id, "Aiko T.", "Aiko")
    engine.dispose()
    monkeypatch.setenv("MARQUOIR_TIME_ZONE", "America/Montreal")
    code, out, _ = run(capsys, "export", "--bgstats", "-", "--database", str(db))
    assert code == 0
    data = json.loads(out)
    # the Paris group's games on Paris clocks, the game outside any group on MARQUOIR_TIME_ZONE's
    assert [p["playDate"] for p in data["plays"]] == ["2026-01-03 20:15:00", "2026-01-10 20:15:00",
                                                      "2026-01-10 14:15:00"]  # fmt: skip
    assert [p["name"] for p in data["players"]] == ["Aiko", "Ben", "Ana", "Ben"]
