"""Drafts of games being entered: written and read back under their token, written again in place, gone once they
expire (and swept as drafts are written), forgotten on demand; and saves carrying a key save one game."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine
from support.samples import sample_document, sample_table

from marquoir import score
from marquoir.storage import all_games, delete_draft, get_draft, save_draft, save_game

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_a_draft_is_kept_under_its_token_and_written_again_in_place(engine: Engine) -> None:
    doc = sample_document("base-2p")
    draft = save_draft(engine, "kanagawa", {"table": doc, "page": "sheet"}, now=NOON)
    assert len(draft.token) >= 32
    again = get_draft(engine, draft.token, now=NOON + timedelta(hours=1))
    assert again is not None and again.document == {"table": doc, "page": "sheet"} and again.game == "kanagawa"
    doc["players"][0]["name"] = "Aya"
    later = save_draft(engine, "kanagawa", {"table": doc}, token=draft.token, now=NOON + timedelta(days=1))
    assert later.created_at == NOON and later.expires_at == NOON + timedelta(days=15)
    reread = get_draft(engine, draft.token, now=NOON + timedelta(days=2))
    assert reread is not None and reread.document["table"]["players"][0]["name"] == "Aya"


def test_an_expired_draft_is_gone_and_swept(engine: Engine) -> None:
    old = save_draft(engine, "bonsai", {"table": sample_document("bonsai-2p")}, now=NOON)
    assert get_draft(engine, old.token, now=NOON + timedelta(days=15)) is None
    save_draft(engine, "kanagawa", {"table": {}}, now=NOON + timedelta(days=15))  # sweeps the expired one
    assert get_draft(engine, old.token, now=NOON) is None


def test_a_draft_can_be_forgotten(engine: Engine) -> None:
    draft = save_draft(engine, "kanagawa", {"table": {}})
    delete_draft(engine, draft.token)
    assert get_draft(engine, draft.token) is None


def test_a_save_key_saves_one_game_however_often_it_is_sent(engine: Engine) -> None:
    table = sample_table("base-4p")
    first = save_game(engine, table, score(table), save_key="key-of-the-results-page-0001")
    again = save_game(engine, table, score(table), save_key="key-of-the-results-page-0001")
    assert again == first and len(all_games(engine)) == 1
    other = save_game(engine, table, score(table), save_key="key-of-another-results-page")
    assert other.id != first.id and len(all_games(engine)) == 2


def test_saves_with_one_key_at_once_save_one_game(engine: Engine) -> None:
    table = sample_table("base-2p")
    report = score(table)
    ids: list[int] = []

    def save() -> None:
        ids.append(save_game(engine, table, report, save_key="double-tapped-save-button-key").id)

    threads = [threading.Thread(target=save) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(ids)) == 1 and len(ids) == 6 and len(all_games(engine)) == 1
