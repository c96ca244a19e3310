"""Many games at once: streams that read in batches and give their connection back, batch saves, and the backup
file written and read a game at a time, restored with its tokens, dates and history."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from support.samples import sample_document, sample_table

from marquoir import load_table, score, table_to_document
from marquoir.errors import TableError
from marquoir.reports.stats import player_statistics, statistics
from marquoir.storage import (
    BackupGame,
    NewGame,
    StorageError,
    all_games,
    correct_game,
    game_history,
    open_database,
    player_records,
    restore_games,
    save_game,
    save_games,
    sqlite_url,
    stream_backup,
    stream_reports,
)
from marquoir.storage.backup import backup_chunks, game_json, read_backup, read_backup_lines
from marquoir.storage.bulk import MAX_BATCH

DAY = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
SAMPLES = ("base-2p", "yokai-3p", "bonsai-2p", "base-4p", "bonsai-4p")


def fill(engine: Engine) -> None:
    for n, name in enumerate(SAMPLES):
        save_game(engine, sample_table(name), score(sample_table(name)), played_at=DAY - timedelta(days=n))
    first = all_games(engine)[-1]  # the newest played: the first saved
    correct_game(engine, first.edit_token, sample_table("base-4p"), score(sample_table("base-4p")))


def backup_text(engine: Engine) -> str:
    with stream_backup(engine, batch=2) as games:
        return "".join(backup_chunks(games, games.total, DAY))


def test_a_stream_reads_every_game_in_batches_and_gives_its_connection_back(engine: Engine) -> None:
    fill(engine)
    with stream_reports(engine, batch=2) as reports:
        assert reports.total == len(SAMPLES)
        assert engine.pool.checkedout() == 1  # type: ignore[attr-defined]
        found = [(r.id, r.game, r.played_at, r.version, r.report) for r in reports]
    assert found == [(g.id, g.game, g.played_at, g.version, g.report) for g in all_games(engine)]
    assert engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    reports = stream_reports(engine, batch=1)
    next(reports)
    reports.close()  # a download stopped half way
    assert engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    assert list(reports) == []


def test_a_stream_of_a_database_that_cannot_be_reached_fails_before_the_first_row(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    unreachable = sa.create_engine(f"sqlite:///{blocker}/games.sqlite3")
    with pytest.raises(StorageError) as caught:
        stream_reports(unreachable)
    assert caught.value.reason == "unavailable"
    assert unreachable.pool.checkedout() == 0  # type: ignore[attr-defined]


def test_games_saved_in_a_batch_are_saved_as_one_by_one(engine: Engine) -> None:
    entries = [
        NewGame(sample_table(n), score(sample_table(n)), DAY + timedelta(hours=i)) for i, n in enumerate(SAMPLES)
    ]
    saved = save_games(engine, [*entries, NewGame(sample_table("base-2p"), score(sample_table("base-2p")))])
    assert [g.id for g in saved] == list(range(1, len(SAMPLES) + 2))
    assert [g.played_at for g in saved[:-1]] == [e.played_at for e in entries]
    assert all_games(engine)[: len(SAMPLES)] == saved[:-1]
    assert len({g.share_token for g in saved} | {g.edit_token for g in saved}) == 2 * len(saved)
    assert statistics(player_records(engine, "kanagawa")) == [
        s for s in player_statistics(all_games(engine)) if s.game == "kanagawa"
    ]
    assert save_games(engine, []) == []
    with pytest.raises(ValueError, match="at most"):
        save_games(engine, entries * (MAX_BATCH // len(entries) + 1))
    with pytest.raises(ValueError, match="not this table's"):
        save_games(engine, [NewGame(sample_table("base-2p"), score(sample_table("base-4p")))])
    assert len(all_games(engine)) == len(SAMPLES) + 1  # nothing of the refused batches


def test_a_backup_restores_every_game_with_its_tokens_dates_and_history(engine: Engine, tmp_path: Path) -> None:
    fill(engine)
    text = backup_text(engine)
    assert json.loads(text)["count"] == len(SAMPLES)  # one JSON value, whatever reads it
    count, read = read_backup_lines(iter(text.splitlines(keepends=True)))
    backups = list(read)
    assert count == len(SAMPLES) and all(isinstance(b, BackupGame) for b in backups)
    copy = open_database(sqlite_url(tmp_path / "copy.sqlite3"))
    assert restore_games(copy, backups) == [True] * len(SAMPLES)  # type: ignore[arg-type]
    originals = {g.share_token: g for g in all_games(engine)}
    for game in all_games(copy):
        original = originals[game.share_token]
        assert (game.edit_token, game.game, game.played_at, game.created_at, game.updated_at, game.version) == (
            original.edit_token, original.game, original.played_at, original.created_at, original.updated_at,
            original.version,
        )  # fmt: skip
        assert (game.document, game.report) == (original.document, original.report)
        mine, theirs = game_history(copy, game.id), game_history(engine, original.id)
        assert [(v.version, v.saved_at, v.document, v.report) for v in mine] == [
            (v.version, v.saved_at, v.document, v.report) for v in theirs
        ]
    assert player_statistics(all_games(copy)) == player_statistics(all_games(engine))
    assert statistics(player_records(copy, "bonsai")) == statistics(player_records(engine, "bonsai"))
    assert restore_games(copy, backups) == [False] * len(SAMPLES)  # type: ignore[arg-type]  # already there
    assert len(all_games(copy)) == len(SAMPLES)
    assert backup_text(copy).splitlines()[1:] == text.splitlines()[1:]  # the same games, in the same order


def test_a_re_indented_backup_reads_the_same(engine: Engine) -> None:
    fill(engine)
    text = backup_text(engine)
    _count, lines = read_backup_lines(iter(text.splitlines(keepends=True)))
    count, whole = read_backup(json.loads(json.dumps(json.loads(text), indent=2)))
    assert count == len(SAMPLES) and list(whole) == list(lines)


def one_game_backup(**changes: object) -> str:
    table = sample_table("base-2p")
    game = {
        "game": "kanagawa", "share_token": "s" * 32, "edit_token": "e" * 32, "played_at": DAY.isoformat(),
        "created_at": DAY.isoformat(), "updated_at": DAY.isoformat(),
        "versions": [{"version": 1, "saved_at": DAY.isoformat(), "document": table_to_document(table),
                      "report": score(table).to_json()}],
    }  # fmt: skip
    game.update(changes)
    header = '{"format": "marquoir-backup", "version": 1, "exported_at": "2026-03-01T20:00:00+00:00", "count": 1'
    return f'{header}, "games": [\n{json.dumps(game)}\n]}}\n'


def errors_of(text: str) -> list[str]:
    _count, games = read_backup_lines(iter(text.splitlines(keepends=True)))
    return [str(g) for g in games if isinstance(g, TableError)]


def test_a_good_hand_made_backup_reads() -> None:
    assert errors_of(one_game_backup()) == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"share_token": "short"}, "games[0].share_token: expected a token"),
        ({"edit_token": "s" * 32}, "games[0].edit_token: the same as the share token"),
        ({"played_at": "2026-03-01T20:00:00"}, "games[0].played_at: the date must say its time zone"),
        ({"created_at": "yesterday"}, "games[0].created_at: not a date"),
        ({"versions": []}, "games[0].versions: expected a list of one version or more"),
        ({"colour": "red"}, "games[0].colour: unknown key"),
        ({"game": "bonsai"}, "games[0].versions[0].document.game: a kanagawa table in a bonsai game"),
    ],
)
def test_a_game_of_a_backup_that_cannot_be_restored_says_where(changes: dict[str, object], message: str) -> None:
    [error] = errors_of(one_game_backup(**changes))
    assert error.startswith(message)


def test_versions_documents_and_reports_are_checked() -> None:
    good = json.loads(one_game_backup().splitlines()[1])
    version = good["versions"][0]
    bad_document = {**version, "document": {**version["document"], "players": [{"name": "Aiko"}]}}
    [error] = errors_of(one_game_backup(versions=[bad_document]))
    assert error.startswith("games[0].versions[0].document.players")
    bad_report = {**version, "report": {**version["report"], "players": version["report"]["players"][:1]}}
    assert errors_of(one_game_backup(versions=[bad_report])) == [
        "games[0].versions[0].report.players: 1 players, the document has 2"
    ]
    bad_total = json.loads(json.dumps(version))
    bad_total["report"]["players"][1]["total"] = "many"
    assert errors_of(one_game_backup(versions=[bad_total])) == [
        "games[0].versions[0].report.players[1].total: expected a whole number, got text"
    ]
    assert errors_of(one_game_backup(versions=[{**version, "version": 2}])) == [
        "games[0].versions[0].version: expected version 1"
    ]


def test_a_backup_cut_short_or_broken_says_so() -> None:
    text = one_game_backup()
    lines = text.splitlines(keepends=True)
    assert errors_of("".join(lines[:2])) == ["games[1]: the backup ends too early (cut short?)"]
    [broken] = errors_of("".join([lines[0], lines[1][:50] + "\n", lines[2]]))
    assert broken.startswith("games[0]: not JSON")
    assert errors_of(text + "{}\n") == ["text after the end of the backup"]
    with pytest.raises(TableError, match="version: a backup of version 3"):
        read_backup_lines(iter([lines[0].replace('"version": 1', '"version": 3'), *lines[1:]]))
    with pytest.raises(TableError, match="not laid out one game per line"):
        read_backup_lines(iter(["{}\n"]))
    with pytest.raises(TableError, match="format: not a Marquoir backup"):
        read_backup({"format": "something else"})


def test_a_game_json_reads_back_as_itself(engine: Engine) -> None:
    fill(engine)
    with stream_backup(engine) as games:
        for game in games:
            read = read_backup({"format": "marquoir-backup", "version": 1, "games": [game_json(game)]})[1]
            assert list(read) == [game]


def test_a_backup_s_whole_numbers_are_bounded_when_read() -> None:
    """A report total of thousands of digits would be stored, and then fail every time it is written as JSON."""
    good = json.loads(one_game_backup().splitlines()[1])
    good["versions"][0]["report"]["players"][0]["total"] = 10**4000
    header = '{"format": "marquoir-backup", "version": 1, "exported_at": "2026-03-01T20:00:00+00:00", "count": 1'
    _count, games = read_backup({**json.loads(header + ', "games": []}'), "games": [good]})
    [error] = list(games)
    assert isinstance(error, TableError) and error.path == "games[0].versions[0].report.players[0].total"
    assert "whole number from" in str(error)
def test_a_document_imported_again_is_not_saved_twice(engine: Engine) -> None:
    """``once`` (the import): the same table document, in one batch or in two, is one game; another date, or the
    document changed in one figure, is another game; without ``once`` (a page's saves) nothing is skipped."""
    base = NewGame(sample_table("base-2p"), score(sample_table("base-2p")))
    first = save_games(engine, [base, base, NewGame(sample_table("yokai-3p"), score(sample_table("yokai-3p")))],
                       once=True)  # fmt: skip
    assert [g.game for g in first] == ["kanagawa", "kanagawa"] and len(all_games(engine)) == 2
    assert save_games(engine, [base], once=True) == []
    dated = NewGame(base.table, base.report, DAY)
    changed_doc = sample_document("base-2p")
    changed_doc["players"][0]["name"] = "Someone else"
    changed = load_table(changed_doc)
    assert len(save_games(engine, [dated, NewGame(changed, score(changed))], once=True)) == 2
    assert save_games(engine, [dated], once=True) == []
    assert len(save_games(engine, [base])) == 1  # a page's save is never skipped
    assert len(all_games(engine)) == 5
