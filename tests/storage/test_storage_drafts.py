"""Drafts of games being entered: written and read back under their token, written again in place, gone once they
expire (and swept as drafts are written), forgotten on demand; and saves carrying a key save one game."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import Engine
from support.samples import sample_document, sample_table

from marquoir import score
from marquoir.storage import all_games, delete_draft, draft_version, get_draft, save_draft, save_draft_at, save_game

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


def test_a_write_goes_over_the_version_read_only_whatever_the_clocks(engine: Engine) -> None:
    """The autosave's rule (storage/drafts.py save_draft_at, issue 18): versions are the server's count of writes.
    A write over the version kept is done at the next one; a write over an older version (another phone wrote
    since) is refused and answers the copy kept, untouched; a form sent on purpose goes over any. No clock is
    read: a phone an hour behind or ahead (its writes' ``now`` here) is judged the same."""
    doc = sample_document("base-2p")
    draft = save_draft(engine, "kanagawa", {"table": doc, "version": 1}, now=NOON)
    behind = save_draft_at(engine, "kanagawa", {"table": doc, "form": [["a", "1"]]}, token=draft.token, seen=1,
                           now=NOON - timedelta(hours=1))
    assert behind.written and draft_version(behind.draft.document) == 2  # a phone whose clock is behind: written
    ahead = save_draft_at(engine, "kanagawa", {"table": doc, "form": [["a", "2"]]}, token=draft.token, seen=2,
                          now=NOON + timedelta(hours=1))
    assert ahead.written and draft_version(ahead.draft.document) == 3
    # The phone behind writes again over the version it read (2): another phone wrote since, nothing is written.
    stale = save_draft_at(engine, "kanagawa", {"table": doc, "form": [["a", "old"]]}, token=draft.token, seen=2,
                          now=NOON + timedelta(hours=2))
    assert not stale.written and stale.draft.document["form"] == [["a", "2"]]
    assert draft_version(stale.draft.document) == 3
    kept = get_draft(engine, draft.token, now=NOON)
    assert kept is not None and kept.document["form"] == [["a", "2"]]
    # A version never written (made up, or ahead of the server's) is refused as well.
    for made_up in (4, 10**15, -1, 0):
        assert not save_draft_at(engine, "kanagawa", {"table": doc}, token=draft.token, seen=made_up).written
    # Put together with the copy kept, it is sent over that copy's version: written.
    merged = save_draft_at(engine, "kanagawa", {"table": doc, "form": [["a", "2"], ["b", "x"]]}, token=draft.token,
                           seen=3)
    assert merged.written and draft_version(merged.draft.document) == 4
    forced = save_draft_at(engine, "kanagawa", {"table": doc}, token=draft.token, seen=0, force=True)
    assert forced.written and draft_version(forced.draft.document) == 5
    # No draft under the token (a made-up one): a new draft, under a new token, at version 1.
    new = save_draft_at(engine, "kanagawa", {"table": doc}, token="x" * 32, seen=7)
    assert new.written and new.draft.token != "x" * 32 and draft_version(new.draft.document) == 1
    assert get_draft(engine, "x" * 32) is None


def test_two_phones_writing_at_once_never_both_win(engine: Engine) -> None:
    """Two writes over the same version read at the same moment: one is written, the other refused (the read and
    the write are one transaction), whichever comes first."""
    doc = sample_document("base-2p")
    draft = save_draft(engine, "kanagawa", {"table": doc, "version": 1}, now=NOON)
    results: list[bool] = []

    def write(value: str) -> None:
        results.append(save_draft_at(engine, "kanagawa", {"table": doc, "form": [["a", value]]}, token=draft.token,
                                     seen=1).written)

    threads = [threading.Thread(target=write, args=(str(k),)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, False, False, True]
    kept = get_draft(engine, draft.token)
    assert kept is not None and kept.document["version"] == 2
