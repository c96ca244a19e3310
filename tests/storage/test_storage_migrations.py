"""The schema is created and upgraded at open by the project's Alembic migrations: no manual step, once only."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.engine import Engine
from support.reports import sheet_table
from support.samples import sample_table

from marquoir import score, table_to_document
from marquoir.games.kanagawa.table import Rules
from marquoir.reports.stats import records_of
from marquoir.storage import (
    Kind,
    all_games,
    count_games,
    create_group,
    current_revision,
    game_history,
    get_game,
    get_game_by_share_token,
    get_group,
    head_revision,
    list_games,
    name_key,
    open_database,
    player_records,
    records_of_player,
    save_game,
    set_time_zone,
    sqlite_url,
    upgrade,
)
from marquoir.storage.database import alembic_config
from marquoir.storage.schema import VERSION_TABLE, game_players, metadata


def test_a_new_database_is_created_at_the_newest_schema(tmp_path: Path) -> None:
    path = tmp_path / "new" / "games.sqlite3"
    path.parent.mkdir()
    engine = open_database(sqlite_url(path))
    assert path.exists()
    assert current_revision(engine) == head_revision()
    assert set(sa.inspect(engine).get_table_names()) == {
        "games",
        "game_players",
        "game_versions",
        "player_stats",
        "drafts",
        "groups",
        "group_players",
        "game_counts",
        "rate_limits",
        "game_tables",
        "table_seats",
        VERSION_TABLE,
    }


def test_the_migrations_build_exactly_the_schema_the_queries_use(tmp_path: Path) -> None:
    engine = open_database(sqlite_url(tmp_path / "db.sqlite3"))
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        differences = compare_metadata(context, metadata)
    assert differences == []


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    engine = open_database(sqlite_url(tmp_path / "db.sqlite3"), busy_timeout=7)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 7000
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL


def test_a_database_at_an_older_schema_is_upgraded_at_open(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "db.sqlite3")
    engine = open_database(url)
    saved = save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")))
    engine.dispose()
    with open_database(url, migrate=False).begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    reopened = open_database(url)
    assert current_revision(reopened) == head_revision()
    assert get_game(reopened, saved.id) is None  # the downgrade dropped the tables; the upgrade made them anew
    again = save_game(reopened, sample_table("base-2p"), score(sample_table("base-2p")))
    assert get_game(reopened, again.id) == again


def test_games_saved_before_there_were_several_games_open_as_kanagawa_games(tmp_path: Path) -> None:
    # A database as Marquoir left it before saved games said which game they are (revision 0001).
    url = sqlite_url(tmp_path / "old.sqlite3")
    old = open_database(url, migrate=False)
    upgrade(old, "0001")
    table = sample_table("base-4p")
    document, report = table_to_document(table), score(table).to_json()
    with old.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO games (id, share_token, edit_token, played_at, created_at, updated_at, version, document,"
                " report) VALUES (7, 'share-token-of-the-old-game', 'edit-token-of-the-old-game',"
                " '2026-01-05 20:00:00', '2026-01-05 20:00:00', '2026-01-05 20:00:00', 1, :document, :report)"
            ),
            {"document": json.dumps(document), "report": json.dumps(report)},
        )
        connection.execute(
            sa.text(
                "INSERT INTO game_players (game_id, seat, name, name_key, total, rank, winner)"
                " VALUES (7, 0, 'Chiyo', 'chiyo', 41, 1, 1)"
            )
        )
    old.dispose()
    reopened = open_database(url)
    assert current_revision(reopened) == head_revision()
    game = get_game_by_share_token(reopened, "share-token-of-the-old-game")
    assert game is not None and game.game == "kanagawa"
    # A document of then that left the Storm option out meant it on (revision 0008; data/SOURCES.md decision 16).
    assert game.table == dataclasses.replace(table, rules=Rules(storm_on_start_tile=True)) and game.report == report
    assert [summary.game for summary in list_games(reopened)] == ["kanagawa"]


OPEN = """
import sys
from marquoir.storage import open_database, sqlite_url, current_revision
engine = open_database(sqlite_url(sys.argv[1]))
print(current_revision(engine))
"""


@pytest.mark.slow
def test_processes_opening_a_new_database_together_migrate_it_once(tmp_path: Path) -> None:
    path = tmp_path / "together.sqlite3"
    children = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(6)
    ]
    outputs = [child.communicate(timeout=60) for child in children]
    assert [child.returncode for child in children] == [0] * 6, outputs
    assert {out.strip() for out, _ in outputs} == {head_revision()}
    engine = open_database(sqlite_url(path))
    with engine.connect() as connection:
        assert connection.execute(sa.text(f"SELECT count(*) FROM {VERSION_TABLE}")).scalar() == 1


def database_at_0002(url: str) -> list[int]:
    """A database as Marquoir left it at revision 0002 (several games, players without their points), holding a
    Kanagawa tie, a Yokai game, a Bonsai game and a name written two ways; returns the games' ids."""
    old = open_database(url, migrate=False)
    upgrade(old, "0002")
    tie = sheet_table(("Émile", 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 7, False, 0), ("Chiyo", 9, 3, 1, 3, False, 0))
    tables = [sample_table("base-4p"), tie, sample_table("yokai-3p"), sample_table("bonsai-2p")]
    renamed = (dataclasses.replace(tie.players[0], name="emile"), *tie.players[1:])
    tables.append(dataclasses.replace(tie, players=renamed))
    ids = []
    with old.begin() as connection:
        for n, table in enumerate(tables, start=1):
            report = score(table).to_json()
            connection.execute(
                sa.text(
                    "INSERT INTO games (id, game, share_token, edit_token, played_at, created_at, updated_at, version,"
                    " document, report) VALUES (:id, :game, :share, :edit, :when, :when, :when, 1, :document, :report)"
                ),
                {"id": n, "game": table.game, "share": f"share-token-of-old-game-{n}", "edit": f"edit-token-{n}",
                 "when": datetime(2026, 1, n, 20, 0), "document": json.dumps(table_to_document(table)),
                 "report": json.dumps(report)},
            )  # fmt: skip
            connection.execute(
                sa.text(
                    "INSERT INTO game_versions (game_id, version, saved_at, document, report)"
                    " VALUES (:id, 1, :when, :document, :report)"
                ),
                {"id": n, "when": datetime(2026, 1, n, 20, 0), "document": json.dumps(table_to_document(table)),
                 "report": json.dumps(report)},
            )  # fmt: skip
            winners = set(report["winners"])
            for seat, player in enumerate(report["players"]):
                connection.execute(
                    sa.text(
                        "INSERT INTO game_players (game_id, seat, name, name_key, total, rank, winner)"
                        " VALUES (:id, :seat, :name, :key, :total, :rank, :winner)"
                    ),
                    {"id": n, "seat": seat, "name": player["name"], "key": name_key(player["name"]),
                     "total": player["total"], "rank": player["rank"], "winner": player["name"] in winners},
                )  # fmt: skip
            ids.append(n)
    old.dispose()
    return ids


def check_upgraded(engine: Engine, ids: list[int]) -> None:
    """Every game opens as it was saved, its players carry their figures, and the records are the games'."""
    assert current_revision(engine) == head_revision()
    saved = all_games(engine)
    assert [g.id for g in saved] == ids
    for game in saved:
        assert game.table is not None and get_game_by_share_token(engine, game.share_token) == game
        [summary] = [s for s in list_games(engine) if s.id == game.id]
        assert [(p.name, p.total, p.rank, p.winner) for p in summary.players] == [
            (p["name"], p["total"], p["rank"], p["name"] in game.report["winners"]) for p in game.report["players"]
        ]
    with engine.connect() as connection:
        rows = connection.execute(sa.select(game_players).order_by(game_players.c.game_id, game_players.c.seat))
        players = [(r.game_id, r.game, r.shared_win, r.points) for r in rows]
    assert players == [
        (g.id, g.game, p["name"] in g.report["winners"] and len(g.report["winners"]) > 1, p["breakdown"])
        for g in saved
        for p in g.report["players"]
    ]
    stored = [r for game in ("kanagawa", "bonsai") for r in player_records(engine, game, limit=500)]
    assert sorted(stored, key=lambda r: (r.game, r.key)) == sorted(records_of(saved), key=lambda r: (r.game, r.key))
    [emile] = records_of_player(engine, "EMILE")
    assert (emile.name, emile.games, emile.wins, emile.shared_wins) == ("emile", 2, 2, 2)
    assert count_games(engine, player="emil") == 2


def test_games_saved_before_the_players_records_are_upgraded_in_place(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "at-0002.sqlite3")
    ids = database_at_0002(url)
    engine = open_database(url)
    check_upgraded(engine, ids)
    save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")))  # and it goes on saving
    assert len(records_of_player(engine, "Aiko")) == 1


def test_the_records_revision_goes_down_and_up_again_keeping_every_game(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "db.sqlite3")
    ids = database_at_0002(url)
    engine = open_database(url)
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0002")
    assert current_revision(engine) == "0002" and "player_stats" not in sa.inspect(engine).get_table_names()
    engine.dispose()
    check_upgraded(open_database(url), ids)


def test_upgrading_from_the_first_revision_keeps_every_game_its_players_and_its_history(tmp_path: Path) -> None:
    """No revision copies a table that others point at (on SQLite, dropping the old copy would delete, with foreign
    keys on, every row pointing at it): a database at 0001 with a corrected game keeps all its rows."""
    url = sqlite_url(tmp_path / "at-0001.sqlite3")
    old = open_database(url, migrate=False)
    upgrade(old, "0001")
    table = sample_table("base-2p")
    document, report = json.dumps(table_to_document(table)), json.dumps(score(table).to_json())
    with old.begin() as connection:
        connection.execute(
            sa.text(
                "INSERT INTO games (id, share_token, edit_token, played_at, created_at, updated_at, version, document,"
                " report) VALUES (1, 'share-token-of-a-first-game', 'edit-token-of-a-first-game', '2026-01-05 20:00',"
                " '2026-01-05 20:00', '2026-01-06 20:00', 2, :document, :report)"
            ),
            {"document": document, "report": report},
        )
        for version in (1, 2):
            connection.execute(
                sa.text(
                    "INSERT INTO game_versions (game_id, version, saved_at, document, report)"
                    " VALUES (1, :version, '2026-01-05 20:00', :document, :report)"
                ),
                {"version": version, "document": document, "report": report},
            )
        for seat, name in enumerate(("Aiko", "Ben")):
            connection.execute(
                sa.text(
                    "INSERT INTO game_players (game_id, seat, name, name_key, total, rank, winner)"
                    " VALUES (1, :seat, :name, :key, 35, 1, 0)"
                ),
                {"seat": seat, "name": name, "key": name.lower()},
            )
    old.dispose()
    engine = open_database(url)
    assert current_revision(engine) == head_revision()
    with engine.connect() as connection:
        counts = {
            name: connection.execute(sa.text(f"SELECT count(*) FROM {name}")).scalar_one()
            for name in ("games", "game_versions", "game_players")
        }
    assert counts == {"games": 1, "game_versions": 2, "game_players": 2}
    game = get_game_by_share_token(engine, "share-token-of-a-first-game")
    assert game is not None and game.game == "kanagawa" and game.version == 2


def test_a_database_at_0004_keeps_every_game_player_and_version_and_gains_groups(tmp_path: Path) -> None:
    """Today's database (revision 0004, with games, players, records and history, one game corrected) upgrades in
    place: every row is kept, the games stay outside any group, and the players' rows learn their edition and
    number of players."""
    url = sqlite_url(tmp_path / "at-0004.sqlite3")
    ids = database_at_0002(url)
    old = open_database(url, migrate=False)
    upgrade(old, "0004")
    with old.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO game_versions (game_id, version, saved_at, document, report) SELECT game_id, 2, saved_at,"
            " document, report FROM game_versions WHERE game_id = 1"))  # fmt: skip
        connection.execute(sa.text("UPDATE games SET version = 2 WHERE id = 1"))

    def rows(connection: sa.Connection) -> dict[str, list[tuple[object, ...]]]:
        return {
            "games": list(connection.execute(sa.text(
                "SELECT id, game, share_token, edit_token, version, document, report FROM games ORDER BY id"))),
            "game_versions": list(connection.execute(sa.text(
                "SELECT game_id, version, saved_at, document, report FROM game_versions ORDER BY game_id, version"))),
            "game_players": list(connection.execute(sa.text(
                "SELECT game_id, seat, name, name_key, total, rank, winner, shared_win FROM game_players"
                " ORDER BY game_id, seat"))),
        }  # fmt: skip

    with old.connect() as connection:
        before = rows(connection)
    old.dispose()
    engine = open_database(url)
    with engine.connect() as connection:
        assert rows(connection) == storm_option_written(before)
        query = sa.text("SELECT game_id, edition || '/' || players FROM game_players")
        editions = dict(connection.execute(query).all())
    assert editions == {1: "base/4", 2: "base/3", 3: "yokai/3", 4: "/2", 5: "base/3"}
    check_upgraded(engine, ids)
    saved = all_games(engine)
    assert {g.group_id for g in saved} == {None} and [len(game_history(engine, g.id)) for g in saved] == [2, 1, 1, 1, 1]
    for kind in (Kind("base", 0), Kind("yokai", 0), Kind("*", 3), Kind("base", 3)):
        stored = [r for game in ("kanagawa", "bonsai") for r in player_records(engine, game, kind=kind, limit=500)]
        assert sorted(stored, key=lambda r: (r.game, r.key)) == sorted(records_of(saved, kind),
                                                                       key=lambda r: (r.game, r.key))  # fmt: skip
    group = create_group(engine, "Club")  # and it goes on, groups and all
    save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")), group_id=group.id)
    assert count_games(engine) == 5 and count_games(engine, group_id=group.id) == 1


def test_the_schema_does_not_go_back_before_groups_while_a_group_holds_games(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "db.sqlite3")
    engine = open_database(url)
    group = create_group(engine, "Club")
    save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")), group_id=group.id)
    with pytest.raises(RuntimeError, match="belong to groups"), engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0004")
    assert current_revision(engine) == head_revision() and count_games(engine, group_id=group.id) == 1


def test_a_database_at_0005_gains_the_shared_rate_limits_keeping_its_games(tmp_path: Path) -> None:
    engine = open_database(sqlite_url(tmp_path / "games.sqlite3"), migrate=False)
    upgrade(engine, "0005")
    table = sample_table("base-2p")
    saved = save_game(engine, table, score(table))
    upgrade(engine)
    assert current_revision(engine) == head_revision() and "rate_limits" in sa.inspect(engine).get_table_names()
    assert get_game(engine, saved.id) is not None and count_games(engine) == 1
def test_a_database_at_0005_keeps_its_groups_and_games_and_gains_their_time_zones(tmp_path: Path) -> None:
    """Revision 0007 adds each group's time zone in place: the groups and their games are kept, with no time
    zone (the deployment's default) until one is set; an unknown name is refused; the revision goes down again."""
    url = sqlite_url(tmp_path / "at-0005.sqlite3")
    old = open_database(url, migrate=False)
    upgrade(old, "0005")
    with old.begin() as connection:
        connection.execute(sa.text("INSERT INTO groups (id, token, name, created_at) VALUES "
                                   "(7, 'tok-7', 'Club', '2026-01-01 10:00:00')"))  # fmt: skip
        connection.execute(sa.text("INSERT INTO game_counts (group_id, games) VALUES (7, 0)"))
    old.dispose()
    engine = open_database(url)
    assert current_revision(engine) == head_revision()
    club = get_group(engine, 7)
    assert club is not None and (club.name, club.time_zone) == ("Club", None)
    save_game(engine, sample_table("base-2p"), score(sample_table("base-2p")), group_id=7)
    assert set_time_zone(engine, 7, " Europe/Paris ") == "Europe/Paris"
    assert get_group(engine, 7).time_zone == "Europe/Paris"  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not a time zone"):
        set_time_zone(engine, 7, "Europe/Atlantis")
    assert set_time_zone(engine, 7, "") is None and get_group(engine, 7).time_zone is None  # type: ignore[union-attr]
    with engine.begin() as connection:
        command.downgrade(alembic_config(connection), "0006")
        assert "time_zone" not in {c["name"] for c in sa.inspect(connection).get_columns("groups")}
    assert count_games(engine, group_id=7) == 1


def storm_option_written(rows: dict[str, list[tuple[object, ...]]]) -> dict[str, list[tuple[object, ...]]]:
    """``rows`` (games and game_versions: id first, the document at 5 and 3) as revision 0008 leaves them: each
    Kanagawa document that left ``storm_on_start_tile`` out says ``true``, every other row as it was."""
    kanagawa = {row[0] for row in rows["games"] if row[1] == "kanagawa"}

    def written(document: object) -> str:
        doc = json.loads(str(document))
        rules = doc.setdefault("rules", {})
        rules.setdefault("storm_on_start_tile", True)
        return json.dumps(doc)

    out = dict(rows)
    out["games"] = [(*r[:5], written(r[5]), *r[6:]) if r[0] in kanagawa else r for r in rows["games"]]
    out["game_versions"] = [(*r[:3], written(r[3]), *r[4:]) if r[0] in kanagawa else r for r in rows["game_versions"]]
    return out


def test_games_saved_before_the_storm_default_changed_keep_the_rules_they_were_scored_under(tmp_path: Path) -> None:
    """Revision 0008 (data/SOURCES.md decision 16): a Kanagawa document saved without ``storm_on_start_tile`` was
    scored with the option on, so it says so after the upgrade, in the game, its history and a draft; a document
    that said false keeps false; a Bonsai game is left alone; going down gives the old code the same meanings."""
    url = sqlite_url(tmp_path / "at-0007.sqlite3")
    old = open_database(url, migrate=False)
    upgrade(old, "0007")
    base = table_to_document(sample_table("base-2p"))
    assert "rules" not in base  # the default, left out
    said_false = {**base, "rules": {"storm_on_start_tile": False, "joker_counts_for_identical_landscapes": False}}
    bonsai = table_to_document(sample_table("bonsai-2p"))
    when = datetime(2026, 1, 5, 20, 0)
    with old.begin() as connection:
        for n, (game, doc) in enumerate((("kanagawa", base), ("kanagawa", said_false), ("bonsai", bonsai)), start=1):
            values = {"id": n, "game": game, "share": f"share-{n}", "edit": f"edit-{n}", "when": when,
                      "document": json.dumps(doc), "report": json.dumps({})}  # fmt: skip
            connection.execute(sa.text(
                "INSERT INTO games (id, game, share_token, edit_token, played_at, created_at, updated_at, version,"
                " document, report) VALUES (:id, :game, :share, :edit, :when, :when, :when, 1, :document, :report)"),
                values)  # fmt: skip
            connection.execute(sa.text(
                "INSERT INTO game_versions (game_id, version, saved_at, document, report)"
                " VALUES (:id, 1, :when, :document, :report)"), values)  # fmt: skip
        connection.execute(sa.text(
            "INSERT INTO drafts (token, game, document, created_at, updated_at, expires_at)"
            " VALUES ('draft-token', 'kanagawa', :document, :when, :when, :when)"),
            {"document": json.dumps({"table": base, "player": 0}), "when": when})  # fmt: skip

    def stored(engine: Engine) -> tuple[list[object], list[object], object]:
        with engine.connect() as connection:
            games = [json.loads(r[0]) for r in connection.execute(sa.text("SELECT document FROM games ORDER BY id"))]
            versions = [json.loads(r[0]) for r in connection.execute(
                sa.text("SELECT document FROM game_versions ORDER BY game_id"))]  # fmt: skip
            draft = json.loads(connection.execute(sa.text("SELECT document FROM drafts")).scalar_one())
        return games, versions, draft

    upgrade(old, "0008")
    games, versions, draft = stored(old)
    on = {**base, "rules": {"storm_on_start_tile": True}}
    assert games == versions == [on, said_false, bonsai]
    assert draft == {"table": on, "player": 0}
    assert get_game_by_share_token(old, "share-1").table.rules.storm_on_start_tile is True  # type: ignore[union-attr]
    assert get_game_by_share_token(old, "share-2").table.rules.storm_on_start_tile is False  # type: ignore[union-attr]
    with old.begin() as connection:
        command.downgrade(alembic_config(connection), "0007")
    games, versions, draft = stored(old)
    assert games == versions == [{**base, "rules": {}}, said_false, bonsai]
    assert draft == {"table": {**base, "rules": {}}, "player": 0}
    old.dispose()


def test_a_database_at_0008_keeps_its_drafts_and_gains_the_table_links(tmp_path: Path) -> None:
    """Revision 0009 (issue 22) only adds ``game_tables`` and ``table_seats``: a draft kept before is kept, and
    going down drops only those two."""
    from marquoir.storage import get_draft, save_draft
    from marquoir.storage.seats import open_table

    url = sqlite_url(tmp_path / "db.sqlite3")
    engine = open_database(url)
    engine.dispose()
    with open_database(url, migrate=False).begin() as connection:
        command.downgrade(alembic_config(connection), "0008")
    old = open_database(url, migrate=False)
    assert "game_tables" not in sa.inspect(old).get_table_names()
    draft = save_draft(old, "kanagawa", {"table": {"game": "kanagawa"}})
    old.dispose()
    engine = open_database(url)
    assert current_revision(engine) == head_revision()
    assert get_draft(engine, draft.token) is not None
    table = open_table(engine, draft.token)
    assert table is not None and table.version == 0
