"""``marquoir export --json`` and ``marquoir import``: a backup restores every game with its history and links,
table documents are scored and saved, every refused file is named with why, and the exit status says how it went."""

from __future__ import annotations

import io
import json
import shutil
import stat
from pathlib import Path

import pytest
from support.paths import SAMPLES
from support.samples import sample_table

from marquoir import score
from marquoir.cli import main
from marquoir.progress import Progress
from marquoir.storage import all_games, correct_game, game_history, open_database, save_game, sqlite_url

NAMES = ("base-2p", "yokai-3p", "bonsai-2p")


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    """A database with three games, one of them corrected (two versions)."""
    path = tmp_path / "games.sqlite3"
    engine = open_database(sqlite_url(path))
    games = [save_game(engine, sample_table(n), score(sample_table(n))) for n in NAMES]
    correct_game(engine, games[0].edit_token, sample_table("base-4p"), score(sample_table("base-4p")))
    engine.dispose()
    return path


def games_of(path: Path) -> list[tuple[object, ...]]:
    engine = open_database(sqlite_url(path))
    try:
        return [
            (g.share_token, g.edit_token, g.played_at, g.created_at, g.document, g.report,
             [(v.version, v.saved_at, v.document) for v in game_history(engine, g.id)])
            for g in all_games(engine)
        ]  # fmt: skip
    finally:
        engine.dispose()


def test_a_backup_restores_every_game_with_its_history_and_links(
    filled: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup, copy = tmp_path / "backup.json", tmp_path / "copy.sqlite3"
    assert main(["export", "--json", str(backup), "--database", str(filled)]) == 0
    assert capsys.readouterr().out.startswith(f"{backup}: 3 games (backup")
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600  # it holds the edit links
    assert json.loads(backup.read_text(encoding="utf-8"))["count"] == 3
    assert main(["import", str(backup), "--database", str(copy)]) == 0
    out = capsys.readouterr()
    assert out.out == f"{copy}: 0 table documents saved, 3 games restored with their history (0 there already)\n"
    assert out.err == ""
    assert games_of(copy) == games_of(filled)
    assert main(["import", str(backup), "--database", str(copy)]) == 0  # again: nothing twice
    assert "0 games restored with their history (3 there already)" in capsys.readouterr().out
    assert len(games_of(copy)) == 3
    indented = tmp_path / "indented.json"
    indented.write_text(json.dumps(json.loads(backup.read_text(encoding="utf-8")), indent=2), encoding="utf-8")
    other = tmp_path / "other.sqlite3"
    assert main(["import", str(indented), "--database", str(other)]) == 0
    assert games_of(other) == games_of(filled)


def test_table_documents_are_scored_and_saved_and_each_refused_file_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    for name in NAMES:
        shutil.copy(SAMPLES / f"{name}.json", folder / f"{name}.json")
    (folder / "broken.json").write_text('{"game": "kanagawa", "players": [{"name": "Aiko"}]}', encoding="utf-8")
    (folder / "notes.json").write_text("not JSON at all", encoding="utf-8")
    (folder / "readme.txt").write_text("not a .json file: left alone", encoding="utf-8")
    db = tmp_path / "new.sqlite3"
    assert main(["import", str(folder), str(tmp_path / "missing.json"), "--database", str(db)]) == 1
    out = capsys.readouterr()
    assert out.err.splitlines() == [
        f"refused {folder / 'broken.json'}: players[0].start: missing",
        f"refused {folder / 'notes.json'}: document: not JSON: Expecting value (line 1, column 1)",
        f"refused {tmp_path / 'missing.json'}: no such file",
    ]
    assert out.out == f"{db}: 3 table documents saved, 3 refused\n"
    engine = open_database(sqlite_url(db))
    saved = all_games(engine)
    engine.dispose()
    assert [g.table for g in saved] == [sample_table(n) for n in sorted(NAMES)]  # a folder's files in name order
    assert [g.report for g in saved] == [score(sample_table(n)).to_json() for n in sorted(NAMES)]


def test_nothing_readable_is_exit_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    db = str(tmp_path / "db.sqlite3")
    assert main(["import", str(empty), "--database", db]) == 2
    assert capsys.readouterr().err == f"refused {empty}: no .json file in this folder\n"
    assert main(["import", str(tmp_path / "nothing.json"), "--database", db]) == 2
    assert main(["import", str(SAMPLES / "base-2p.json"), "--database", str(tmp_path / "no" / "db.sqlite3")]) == 2
    assert "--database: no such file" in capsys.readouterr().err


def test_a_backup_with_a_broken_game_restores_the_others(
    filled: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = tmp_path / "backup.json"
    assert main(["export", "--json", str(backup), "--database", str(filled)]) == 0
    lines = backup.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = lines[2].replace('"share_token":"', '"share_token":"!')
    backup.write_text("".join(lines), encoding="utf-8")
    copy = tmp_path / "copy.sqlite3"
    assert main(["import", str(backup), "--database", str(copy)]) == 1
    out = capsys.readouterr()
    assert out.err == f"refused {backup}: games[1].share_token: expected a token (16 to 64 letters, digits, - and _)\n"
    assert "2 games restored" in out.out and "1 refused" in out.out


def test_import_without_a_database_option_saves_into_the_instance_folder_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["import", str(SAMPLES / "bonsai-4p.json")]) == 0
    default = (tmp_path / "instance" / "marquoir.sqlite3").resolve()
    assert capsys.readouterr().out == f"{default}: 1 table document saved\n"
    assert main(["export", "--csv", "-"]) == 0
    assert capsys.readouterr().out.count("\r\n") == 1 + 4  # the header and the four players


def test_export_says_the_three_ways_to_find_a_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["export", "--json", "backup.json"]) == 2
    err = capsys.readouterr().err
    default = tmp_path.resolve() / "instance" / "marquoir.sqlite3"
    assert err.startswith(f"marquoir: export: no database at {default} (the web app's default)")
    assert "--database" in err and "DATABASE_URL" in err and "MARQUOIR_INSTANCE" in err
    assert "run it in the folder that holds" in err
    assert not (tmp_path / "instance").exists() and not (tmp_path / "backup.json").exists()
    monkeypatch.setenv("DATABASE_URL", str(tmp_path / "missing.sqlite3"))
    assert main(["export", "--json", "backup.json"]) == 2
    assert "DATABASE_URL: no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        main(["export", "--csv", "a.csv", "--json", "b.json"])
    assert caught.value.code == 2


def test_the_csv_export_to_a_file_and_to_standard_output_agree(
    filled: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games.csv"
    assert main(["export", "--csv", str(out), "--database", str(filled)]) == 0
    assert capsys.readouterr().out == f"{out}: 3 games (CSV, a row per player)\n"
    assert main(["export", "--csv", "-", "--database", str(filled)]) == 0
    assert capsys.readouterr().out == out.read_bytes().decode("utf-8")
    assert not list(tmp_path.glob(".*.tmp"))


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_on_a_terminal_only_and_keeps_notes_above_it() -> None:
    shown = Terminal()
    progress = Progress(4, stream=shown, unit="games")
    progress.update(1)
    assert shown.getvalue() == ""  # not in the first second
    progress.started -= 5
    progress.update(2)
    progress.note("refused x.json: no such file")
    progress.total += 2
    progress.update(6)
    progress.close()
    text = shown.getvalue()
    assert "\r[###############---------------] 2/4 games" in text
    assert "\r\x1b[Krefused x.json: no such file\n" in text and text.endswith("6/6 games, 1/s\n")
    piped = io.StringIO()
    quiet = Progress(3, stream=piped)
    quiet.started -= 5
    quiet.update(3)
    quiet.note("a line")
    quiet.close()
    assert piped.getvalue() == "a line\n"
