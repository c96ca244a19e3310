"""Drafts are a bounded store: a token nobody made creates nothing (and cannot dodge the limit on new drafts), a
draft over its size is not kept, the table holds at most its number of drafts, and expired drafts go (issue 19:
60 posts of 500 KB under made-up tokens grew the database by 32.5 MB, kept 14 days)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from support.pages import hidden
from support.saved_games import games_app

from marquoir.storage import drafts as stored_drafts
from marquoir.storage import get_draft, save_draft
from marquoir.storage.rows import new_token
from marquoir.web import db as web_db

NEW_SHEET = {"game": "base", "player_count": "2", "names-0": "Aiko", "names-1": "Ben", "mode": "sheet"}
DRAFT = re.compile(r"^/d/([A-Za-z0-9_-]+)")


def engine_of(app: Flask) -> Any:
    return app.extensions[web_db.EXTENSION].engine


def kept(app: Flask) -> int:
    with engine_of(app).connect() as connection:
        return int(connection.execute(sa.text("SELECT count(*) FROM drafts")).scalar_one())


def sheet(page: str, draft: str, **more: str) -> dict[str, str]:
    return {"table": hidden(page), "draft": draft, "players-0-print_cards": "10", "players-0-season_chain": "4",
            "players-0-harmony": "3", "players-1-print_cards": "9", "players-1-season_chain": "5",
            "players-1-harmony": "-1", **more}  # fmt: skip


def test_a_made_up_token_creates_nothing_and_counts_as_a_new_draft(tmp_path: Path) -> None:
    app = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"drafts.new": "2/minute"})
    client = app.test_client()
    first = client.post("/new", data=NEW_SHEET)
    match = DRAFT.match(first.headers["Location"])
    assert first.status_code == 303 and match
    page = client.get(first.headers["Location"]).get_data(as_text=True)
    made_up = new_token()
    answer = client.post("/sheet", data=sheet(page, made_up))
    assert answer.status_code == 303
    new = DRAFT.match(answer.headers["Location"])
    assert new and new.group(1) not in (made_up, match.group(1))  # a new draft, under a token of the server's
    assert get_draft(engine_of(app), made_up) is None and kept(app) == 2
    refused = client.post("/sheet", data=sheet(page, new_token()))
    assert refused.status_code == 429 and kept(app) == 2  # the limit on new drafts holds
    again = client.post("/sheet", data=sheet(page, match.group(1)))  # the real draft is written as before
    assert again.status_code == 303 and again.headers["Location"].startswith(f"/d/{match.group(1)}")


def test_a_draft_over_its_size_is_not_kept_and_the_page_keeps_everything(tmp_path: Path) -> None:
    app = games_app(tmp_path)
    client = app.test_client()
    first = client.post("/new", data=NEW_SHEET)
    token = DRAFT.match(first.headers["Location"]).group(1)  # type: ignore[union-attr]
    page = client.get(first.headers["Location"]).get_data(as_text=True)
    before = get_draft(engine_of(app), token)
    big = "x" * (stored_drafts.MAX_DRAFT_BYTES + 1)
    answer = client.post("/sheet", data=sheet(page, token, **{"players-0-print_cards": big}))
    assert answer.status_code in (200, 422)
    assert "too large for the server to keep" in answer.get_data(as_text=True)
    after = get_draft(engine_of(app), token)
    assert before is not None and after is not None and after.document == before.document and kept(app) == 1


def test_the_table_holds_at_most_its_number_of_drafts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored_drafts, "MAX_DRAFTS", 3)
    app = games_app(tmp_path)
    client = app.test_client()
    for _ in range(3):
        assert client.post("/new", data=NEW_SHEET).status_code == 303
    full = client.post("/new", data=NEW_SHEET)
    assert full.status_code in (200, 422) and "keeps too many already" in full.get_data(as_text=True)
    assert kept(app) == 3


def test_expired_drafts_make_room_and_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored_drafts, "MAX_DRAFTS", 3)
    engine = engine_of(games_app(tmp_path))
    long_ago = datetime.now(UTC) - timedelta(days=30)
    for _ in range(3):
        save_draft(engine, "kanagawa", {"table": {}}, now=long_ago)
    fresh = save_draft(engine, "kanagawa", {"table": {}})  # the expired ones are swept first
    with engine.connect() as connection:
        tokens = [r[0] for r in connection.execute(sa.text("SELECT token FROM drafts"))]
    assert tokens == [fresh.token]


def test_the_games_saved_into_one_group_are_bounded_whoever_saves_them(tmp_path: Path) -> None:
    from support.saved_games import sheet_game, sheet_player

    app = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"groups.saves": "2/minute"})
    group = app.test_client().post("/groups", data={"name": "Club"})
    token = group.headers["Location"].rsplit("/", 1)[1]
    statuses = []
    for n in range(3):  # three members, each from their own address
        client = app.test_client()
        table = sheet_game(sheet_player(f"Aiko {n}", 5), sheet_player("Ben", 4))
        results = client.post("/results", follow_redirects=True, data={"table": table}).get_data(as_text=True)
        saved = client.post("/games/save", data={"table": hidden(results), "group": token},
                            environ_base={"REMOTE_ADDR": f"10.0.0.{n}"})  # fmt: skip
        statuses.append(saved.status_code)
    assert statuses == [303, 303, 429]
