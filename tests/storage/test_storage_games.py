"""Saved games: save, open, list and search, correct with history, delete, and the two tokens."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from sqlalchemy.engine import Engine
from support.examples import examples

from marquoir import score, table_to_document
from marquoir.games.kanagawa.table import SheetPlayer, Table
from marquoir.storage import (
    EditConflict,
    GameNotFound,
    StorageError,
    all_games,
    correct_game,
    count_games,
    delete_game,
    game_history,
    get_game,
    get_game_by_edit_token,
    get_game_by_share_token,
    list_games,
    name_key,
    save_game,
)

DAY = datetime(2026, 3, 14, 20, 0, tzinfo=UTC)


def renamed(table: Table, index: int, name: str) -> Table:
    players = list(table.players)
    players[index] = dataclasses.replace(players[index], name=name)
    return dataclasses.replace(table, players=tuple(players))


def test_a_saved_game_reads_back_as_its_document_and_report(engine: Engine, base4: Table) -> None:
    saved = save_game(engine, base4, score(base4), played_at=DAY)
    opened = get_game(engine, saved.id)
    assert opened == saved
    assert opened.document == table_to_document(base4)
    assert opened.report == score(base4).to_json()
    assert opened.table == base4
    assert opened.version == 1 and opened.played_at == DAY
    assert opened.winners == score(base4).winners


def test_tokens_are_long_distinct_and_open_the_same_game(engine: Engine, base2: Table) -> None:
    first, second = save_game(engine, base2, score(base2)), save_game(engine, base2, score(base2))
    tokens = {first.share_token, first.edit_token, second.share_token, second.edit_token}
    assert len(tokens) == 4
    assert all(len(t) >= 32 and t.replace("-", "").replace("_", "").isalnum() for t in tokens)
    assert get_game_by_share_token(engine, first.share_token) == first
    assert get_game_by_edit_token(engine, second.edit_token) == second
    assert get_game_by_share_token(engine, first.edit_token) is None
    assert get_game_by_edit_token(engine, first.share_token) is None
    assert get_game_by_share_token(engine, "") is None


def test_a_share_token_cannot_correct_or_delete(engine: Engine, base2: Table) -> None:
    saved = save_game(engine, base2, score(base2))
    changed = renamed(base2, 0, "Intruder")
    with pytest.raises(GameNotFound):
        correct_game(engine, saved.share_token, changed, score(changed))
    with pytest.raises(GameNotFound):
        delete_game(engine, saved.share_token)
    assert get_game(engine, saved.id) == saved
    assert [v.version for v in game_history(engine, saved.id)] == [1]


def test_a_correction_rescores_and_keeps_the_previous_version(engine: Engine, base2: Table) -> None:
    saved = save_game(engine, base2, score(base2), played_at=DAY)
    sheet = Table(
        (
            SheetPlayer("Aiko", print_cards=10, season_chain=4, harmony=2, diplomas=9, grand_master=True),
            SheetPlayer("Ben", print_cards=12, season_chain=3, harmony=1, diplomas=3),
        )
    )
    later = DAY + timedelta(hours=1)
    corrected = correct_game(engine, saved.edit_token, sheet, score(sheet), expected_version=1, now=later)
    assert corrected.version == 2 and corrected.id == saved.id
    assert corrected.share_token == saved.share_token and corrected.edit_token == saved.edit_token
    assert corrected.report == score(sheet).to_json()
    assert corrected.report["winners"] == ["Aiko"]
    assert corrected.played_at == DAY and corrected.updated_at == later and corrected.created_at == saved.created_at
    assert get_game(engine, saved.id) == corrected
    history = game_history(engine, saved.id)
    assert [v.version for v in history] == [2, 1]
    assert history[1].document == saved.document and history[1].report == saved.report
    assert history[1].table == base2
    assert history[0].document == corrected.document
    summary = list_games(engine)[0]
    assert [(p.name, p.total, p.winner) for p in summary.players] == [("Aiko", 27, True), ("Ben", 19, False)]


def test_a_correction_of_an_old_version_is_refused_and_writes_nothing(engine: Engine, base2: Table) -> None:
    saved = save_game(engine, base2, score(base2))
    aya, ayumi = renamed(base2, 0, "Aya"), renamed(base2, 0, "Ayumi")
    correct_game(engine, saved.edit_token, aya, score(aya), expected_version=1)
    with pytest.raises(EditConflict) as caught:
        correct_game(engine, saved.edit_token, ayumi, score(ayumi), expected_version=1)
    assert caught.value.reason == "conflict" and "version 2" in str(caught.value)
    assert isinstance(caught.value, StorageError)
    assert get_game(engine, saved.id).report["players"][0]["name"] == "Aya"  # type: ignore[union-attr]
    assert len(game_history(engine, saved.id)) == 2


def test_delete_removes_the_game_and_its_history(engine: Engine, base2: Table, base4: Table) -> None:
    kept, gone = save_game(engine, base2, score(base2)), save_game(engine, base4, score(base4))
    correct_game(engine, gone.edit_token, base4, score(base4))
    assert delete_game(engine, gone.edit_token) == gone.id
    assert get_game(engine, gone.id) is None
    assert get_game_by_share_token(engine, gone.share_token) is None
    assert game_history(engine, gone.id) == []
    assert [g.id for g in list_games(engine)] == [kept.id]
    assert list_games(engine, player="Emi") == []
    with pytest.raises(GameNotFound):
        delete_game(engine, gone.edit_token)
    assert get_game(engine, kept.id) == kept


def test_the_list_is_newest_first_and_searches_player_names(
    engine: Engine, base2: Table, base4: Table, yokai3: Table
) -> None:
    older = save_game(engine, base4, score(base4), played_at=DAY - timedelta(days=7))
    newest = save_game(engine, renamed(base2, 0, "Émile"), score(renamed(base2, 0, "Émile")), played_at=DAY)
    middle = save_game(engine, yokai3, score(yokai3), played_at=DAY - timedelta(days=1))
    assert [g.id for g in list_games(engine)] == [newest.id, middle.id, older.id]
    assert [g.id for g in list_games(engine, limit=2, offset=1)] == [middle.id, older.id]
    assert [g.id for g in list_games(engine, player="emile")] == [newest.id]
    assert [g.id for g in list_games(engine, player="  ÉMI ")] == [newest.id, older.id]  # Émile, Emi
    assert count_games(engine) == 3 and count_games(engine, player="émile") == 1
    assert list_games(engine, player="nobody") == []
    assert count_games(engine, player="%") == 0 and count_games(engine, player="_") == 0
    summary = list_games(engine, player="emile")[0]
    assert summary.share_token == newest.share_token
    assert [p.name for p in summary.players] == ["Émile", "Ben"]
    assert summary.winners == newest.winners
    assert not hasattr(summary, "edit_token")
    assert [g.id for g in all_games(engine)] == [older.id, middle.id, newest.id]


def test_list_refuses_absurd_pages(engine: Engine) -> None:
    with pytest.raises(StorageError, match="limit"):
        list_games(engine, limit=0)
    with pytest.raises(StorageError, match="offset"):
        list_games(engine, offset=-1)


def test_dates_must_say_their_time_zone(engine: Engine, base2: Table) -> None:
    with pytest.raises(ValueError, match="timezone"):
        save_game(engine, base2, score(base2), played_at=datetime(2026, 1, 1))


names = st.text(
    alphabet=st.characters(categories=("L", "N", "Zs"), include_characters="-'%_\\"), min_size=1, max_size=20
).filter(lambda s: name_key(s) != "")


@examples(25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=names, data=st.data())
def test_every_piece_of_a_saved_name_finds_its_game(
    engine: Engine, base2: Table, name: str, data: st.DataObject
) -> None:
    other = "Zzyzx" if name_key(name) != name_key("Zzyzx") else "Quentin"
    table = renamed(renamed(base2, 0, name.strip() or "x"), 1, other)
    saved = save_game(engine, table, score(table))
    key = name_key(table.players[0].name)
    start = data.draw(st.integers(0, len(key) - 1))
    end = data.draw(st.integers(start + 1, len(key)))
    found = [g.id for g in list_games(engine, player=key[start:end], limit=500)]
    assert saved.id in found
    delete_game(engine, saved.edit_token)


def test_name_key_ignores_case_accents_and_spacing() -> None:
    assert name_key("  Émile ") == "emile"
    assert name_key("HÉLOÏSE  Dupré") == "heloise dupre"
    assert name_key("Straße") == "strasse"
    assert name_key("Ren") != name_key("Rin")


@given(st.text(max_size=30))
def test_name_key_is_stable(name: str) -> None:
    assert name_key(name) == name_key(name_key(name))
    assert name_key(name) == name_key(name.upper()) or name.upper().lower() != name.lower()


def test_threads_sharing_one_engine_save_without_error(engine: Engine, base2: Table) -> None:
    """The web server's threads share one engine: every save lands, none fails."""
    import threading

    ids: list[int] = []
    errors: list[Exception] = []

    def write() -> None:
        try:
            for _ in range(10):
                saved = save_game(engine, base2, score(base2))
                ids.append(correct_game(engine, saved.edit_token, base2, score(base2), expected_version=1).id)
        except Exception as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=write) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert len(ids) == 80 and count_games(engine) == 80
    assert sorted(g.id for g in all_games(engine)) == sorted(ids)
