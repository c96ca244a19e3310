"""Saved games through the web app: save, list and search, open, correct (and a stale correction), delete, the
read-only link that changes nothing, downloads, and storage failures that keep everything typed."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from support.pages import hidden, input_tag
from support.samples import sample_text
from support.saved_games import games_app, share_token_in, sheet_game, sheet_player, token_of

from marquoir import load_table, parse_table, score, table_to_document
from marquoir.storage import StorageError, count_games, game_history, get_game_by_edit_token, list_games
from marquoir.web import db as web_db
from marquoir.web import saved as web_saved

GAME = sheet_game(sheet_player("Aiko", 10, 4, 3), sheet_player("Ben", 9, 5, -1), sheet_player("Chiyo", 11, 3))


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return games_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def engine_of(app: Flask) -> Any:
    return app.extensions[web_db.EXTENSION].engine


def save(client: FlaskClient, table: str = GAME) -> str:
    """Save a game from its results page; the edit token."""
    results = client.post("/results", follow_redirects=True, data={"table": table}).get_data(as_text=True)
    assert 'id="save-game"' in results
    response = client.post("/games/save", data={"table": hidden(results)})
    assert response.status_code == 303, response.data[:300]
    return token_of(response.headers["Location"])


def test_the_database_is_created_and_migrated_in_the_instance_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)  # nothing configured: the instance folder is the default
    app = games_app(tmp_path, DATABASE_URL=None, INSTANCE_PATH=str(tmp_path / "instance"))
    assert app.instance_path == str(tmp_path / "instance")
    assert (tmp_path / "instance" / "marquoir.sqlite3").is_file()
    app.instance_path = str(tmp_path / "elsewhere")
    web_db.init_app(app)
    state = app.extensions[web_db.EXTENSION]
    assert state.error is None and (tmp_path / "elsewhere" / "marquoir.sqlite3").is_file()


def test_save_from_the_results_opens_the_game_with_its_links_and_qr_code(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "The game is saved." in page
    share = share_token_in(page)
    assert share != token
    assert f'id="edit-link">http://localhost/e/{token}<' in page
    assert "<svg" in page and 'class="qr"' in page and "QR code of the read-only link" in page
    assert 'id="bars"' in page and 'data-category="print_cards"' in page  # the stacked bars
    saved = get_game_by_edit_token(engine_of(app), token)
    assert saved is not None and saved.share_token == share
    assert [p["total"] for p in saved.report["players"]] == [p.total for p in score(load_table(GAME)).players]
    assert saved.document == table_to_document(load_table(GAME))


def test_the_games_list_newest_first_search_and_pages(app: Flask, client: FlaskClient) -> None:
    for i in range(23):
        save(client, sheet_game(sheet_player(f"Émile {i}", 5 + i), sheet_player("Ben", 6)))
    first = client.get("/games").get_data(as_text=True)
    assert "23 games saved." in first and "Page 1 of 2" in first
    assert first.index("Émile 22") < first.index("Émile 21")  # newest first
    assert first.count('class="game-line"') == 20
    second = client.get("/games?page=2").get_data(as_text=True)
    assert second.count('class="game-line"') == 3 and "Émile 0 " in second and "Newer games" in second
    found = client.get("/games?player=EMILE 1").get_data(as_text=True)  # accents and capitals ignored
    assert "11 games with a player called" in found  # Émile 1, 10..19
    assert client.get("/games?page=99").status_code == 200
    assert client.get("/games?page=-1").status_code == 200
    # This browser saved them: each line offers the correction; another browser sees only the read-only links.
    assert first.count("saved here: correct") == 20
    other = app.test_client().get("/games").get_data(as_text=True)
    assert "saved here: correct" not in other and "/e/" not in other


def test_each_line_of_the_list_names_its_game(client: FlaskClient) -> None:
    """A night of Kanagawa, Kanagawa with the Yokai and Bonsai reads apart on the list (issue 18, item 4)."""
    seeds = Path(__file__).resolve().parents[2] / "seeds"
    for seed in ("base-2p.json", "yokai-3p.json", "bonsai-2p.json"):
        save(client, (seeds / seed).read_text())
    for lang, words in (("en", ["Bonsai", "Kanagawa (With the Yokai expansion)", "Kanagawa"]),
                        ("fr", ["Bonsai", "Kanagawa (Avec l’extension Yokai)", "Kanagawa"])):
        page = client.get("/games", headers={"Accept-Language": lang}).get_data(as_text=True)
        shown = re.findall(r'<strong class="which-game">([^<]*)</strong>', page)
        assert sorted(html.unescape(w) for w in shown) == sorted(words), (lang, shown)


def test_the_read_only_page_shows_no_edit_token_and_no_way_to_change(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    share = share_token_in(client.get(f"/e/{token}").get_data(as_text=True))
    page = app.test_client().get(f"/s/{share}").get_data(as_text=True)
    assert token not in page
    assert 'id="correct"' not in page and 'id="delete"' not in page and "Edit link" not in page
    assert 'id="share-link"' in page and 'class="qr"' in page and "Winner:" in page


def test_a_read_only_link_cannot_change_anything(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    share = share_token_in(client.get(f"/e/{token}").get_data(as_text=True))
    other = app.test_client()
    corrected = sheet_game(sheet_player("Aiko", 1), sheet_player("Ben", 2), sheet_player("Chiyo", 3))
    attempts = [
        other.get(f"/e/{share}"),
        other.get(f"/e/{share}/delete"),
        other.post(f"/e/{share}/delete"),
        other.post("/games/correct", data={"table": corrected, "edit": share, "version": "1"}),
        other.post("/games/correct", data={"table": corrected, "edit": share, "version": "2"}),
        other.put(f"/s/{share}"),
        other.post(f"/s/{share}"),
        other.delete(f"/s/{share}"),
        other.post(f"/s/{share}/table.json"),
    ]
    assert [r.status_code for r in attempts] == [404, 404, 404, 404, 404, 405, 405, 405, 405]
    saved = get_game_by_edit_token(engine_of(app), token)
    assert saved is not None and saved.version == 1
    assert saved.document == table_to_document(load_table(GAME))
    assert len(game_history(engine_of(app), saved.id)) == 1


def test_correct_an_entry_through_the_sheet_and_save_the_correction(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert 'id="correct"' in page
    entry = client.post("/edit", follow_redirects=True, data={"table": hidden(page), "edit": token, "version": "1"})
    assert entry.status_code == 200
    sheet = entry.get_data(as_text=True)
    assert hidden(sheet, "edit") == token and hidden(sheet, "version") == "1"
    assert 'value="9"' in input_tag(sheet, "players-1-print_cards")
    data = {
        "table": hidden(sheet),
        "edit": token,
        "version": "1",
        "players-0-print_cards": "10",
        "players-0-season_chain": "4",
        "players-0-harmony": "3",
        "players-1-print_cards": "15",
        "players-1-season_chain": "5",
        "players-1-harmony": "-1",
        "players-2-print_cards": "11",
        "players-2-season_chain": "3",
        "players-2-harmony": "0",
    }
    results = client.post("/sheet", follow_redirects=True, data=data).get_data(as_text=True)
    assert 'id="save-correction"' in results and 'id="save-game"' not in results
    assert hidden(results, "edit") == token
    # Every form of the results page keeps the correction going (here: back to the sheet once more).
    again = client.post("/edit", follow_redirects=True, data={"table": hidden(results), "edit": token, "version": "1"})
    assert hidden(again.get_data(as_text=True), "edit") == token
    response = client.post("/games/correct", data={"table": hidden(results), "edit": token, "version": "1"})
    assert response.status_code == 303 and token_of(response.headers["Location"]) == token
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "The correction is saved (version 2)." in page
    saved = get_game_by_edit_token(engine_of(app), token)
    assert saved is not None and saved.version == 2
    assert saved.report["players"][1]["breakdown"]["print_cards"] == 15
    history = game_history(engine_of(app), saved.id)
    assert [v.version for v in history] == [2, 1]
    assert history[1].report["players"][1]["breakdown"]["print_cards"] == 9
    old = client.get(f"/e/{token}?version=1").get_data(as_text=True)
    assert "This is version 1 of the game" in old and 'id="correct"' not in old
    assert re.search(r'data-player="1" data-category="print_cards">\s*<details[^>]*><summary><span class="figure">9<',
                     old)  # fmt: skip
    assert client.get(f"/e/{token}?version=7").status_code == 404


def test_a_stale_correction_is_refused_and_kept(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    first = sheet_game(sheet_player("Aiko", 12), sheet_player("Ben", 9), sheet_player("Chiyo", 11))
    second = sheet_game(sheet_player("Aiko", 10), sheet_player("Ben", 14), sheet_player("Chiyo", 11))
    assert client.post("/games/correct", data={"table": first, "edit": token, "version": "1"}).status_code == 303
    stale = client.post("/games/correct", data={"table": second, "edit": token, "version": "1"})
    assert stale.status_code == 409
    page = stale.get_data(as_text=True)
    assert "(version 2) since you opened version 1: yours is not saved yet" in page
    assert json.loads(hidden(page)) == json.loads(second)  # what was typed is offered back
    # The correction again, over the version saved now (not a copy as a new game), or a look at that version.
    assert 'id="save-correction"' in page and 'id="save-game"' not in page and f"/e/{token}" in page
    saved = get_game_by_edit_token(engine_of(app), token)
    assert saved is not None and saved.version == 2
    assert saved.report["players"][0]["breakdown"]["print_cards"] == 12


def test_delete_asks_first_then_deletes_everything(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    share = share_token_in(client.get(f"/e/{token}").get_data(as_text=True))
    confirm = client.get(f"/e/{token}/delete")
    assert confirm.status_code == 200 and "Delete this game?" in confirm.get_data(as_text=True)
    assert count_games(engine_of(app)) == 1  # asking deletes nothing
    response = client.post(f"/e/{token}/delete")
    assert response.status_code == 303 and response.headers["Location"].endswith("/games")
    assert "The game is deleted, with its history." in client.get("/games").get_data(as_text=True)
    assert count_games(engine_of(app)) == 0
    assert client.get(f"/s/{share}").status_code == 404 and client.get(f"/e/{token}").status_code == 404
    assert client.post(f"/e/{token}/delete").status_code == 404


def test_a_correction_of_a_deleted_game_is_kept(client: FlaskClient) -> None:
    token = save(client)
    client.post(f"/e/{token}/delete")
    response = client.post("/games/correct", data={"table": GAME, "edit": token, "version": "1"})
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "it was deleted" in page and json.loads(hidden(page)) == json.loads(GAME) and 'id="save-game"' in page


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        ("busy", "The database is busy"),
        ("full", "The disk or the database is full"),
        ("unavailable", "cannot be reached"),
        ("error", "The database refused the save"),
    ],
)
def test_a_storage_failure_on_save_keeps_everything_typed(
    monkeypatch: pytest.MonkeyPatch, app: Flask, client: FlaskClient, reason: str, words: str
) -> None:
    def failing(*_args: Any, **_kwargs: Any) -> Any:
        raise StorageError("could not save the game: database is locked", reason)

    monkeypatch.setattr(web_saved, "save_game", failing)
    response = client.post("/games/save", data={"table": GAME})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert words in page and 'id="storage-message"' in page and 'role="alert"' in page
    assert json.loads(hidden(page)) == json.loads(GAME)
    assert 'id="save-game"' in page  # the same button, to try again
    assert count_games(engine_of(app)) == 0


def test_a_storage_failure_on_a_correction_keeps_it(monkeypatch: pytest.MonkeyPatch, client: FlaskClient) -> None:
    token = save(client)

    def failing(*_args: Any, **_kwargs: Any) -> Any:
        raise StorageError("could not save the correction: disk full", "full")

    monkeypatch.setattr(web_saved, "correct_game", failing)
    corrected = sheet_game(sheet_player("Aiko", 1), sheet_player("Ben", 2), sheet_player("Chiyo", 3))
    response = client.post("/games/correct", data={"table": corrected, "edit": token, "version": "1"})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "The disk or the database is full" in page and json.loads(hidden(page)) == json.loads(corrected)
    assert hidden(page, "edit") == token and hidden(page, "version") == "1"  # try the same correction again


def test_a_real_locked_database_is_a_clear_message(tmp_path: Path) -> None:
    """Another process holds SQLite's write lock: the save waits its (short) busy timeout, then says so."""
    import sqlite3

    from marquoir.storage import open_database, sqlite_url

    app = games_app(tmp_path)
    app.extensions[web_db.EXTENSION].engine = open_database(sqlite_url(tmp_path / "games.sqlite3"), busy_timeout=0.2)
    holder = sqlite3.connect(tmp_path / "games.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        response = app.test_client().post("/games/save", data={"table": GAME})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "The database is busy" in page and json.loads(hidden(page)) == json.loads(GAME)


def test_an_unreachable_database_still_scores_and_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app = games_app(tmp_path, DATABASE_URL=f"sqlite:///{blocker}/games.sqlite3")
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert client.post("/results", follow_redirects=True, data={"table": GAME}).status_code == 200
    for path in ("/games", "/stats", "/games/export.csv"):
        response = client.get(path)
        assert response.status_code == 503 and "cannot be reached" in response.get_data(as_text=True), path
    response = client.post("/games/save", data={"table": GAME})
    assert response.status_code == 503 and json.loads(hidden(response.get_data(as_text=True))) == json.loads(GAME)


def test_downloads_csv_of_every_game_and_one_game_s_document(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    save(client, sample_text("base-4p.json"))
    response = client.get("/games/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert len(rows) == 3 + 4
    aiko = next(r for r in rows if r["player"] == "Aiko" and r["players"] == "3")
    assert (aiko["print_cards"], aiko["season_chain"], aiko["harmony"]) == ("10", "4", "3")
    share = share_token_in(client.get(f"/e/{token}").get_data(as_text=True))
    document = client.get(f"/s/{share}/table.json")
    assert document.mimetype == "application/json" and "attachment" in document.headers["Content-Disposition"]
    assert table_to_document(parse_table(json.loads(document.data))) == table_to_document(load_table(GAME))


def test_saving_needs_the_csrf_token(tmp_path: Path) -> None:
    client = games_app(tmp_path, WTF_CSRF_ENABLED=True).test_client()
    response = client.post("/games/save", data={"table": GAME})
    assert response.status_code == 400 and "Send again" in response.get_data(as_text=True)
    app = games_app(tmp_path)
    assert list_games(engine_of(app)) == []


def test_a_tampered_or_missing_game_is_a_400(client: FlaskClient) -> None:
    assert client.post("/games/save", data={}).status_code == 400
    response = client.post("/games/save", data={"table": '{"game": "kanagawa", "families": 3}'})
    assert response.status_code == 400 and "families" in response.get_data(as_text=True)
    assert client.post("/games/correct", data={"table": GAME}).status_code == 404  # no edit token
    assert client.get("/s/short").status_code == 404 and client.get("/s/" + "x" * 40).status_code == 404


def test_the_qr_code_holds_the_read_only_link_and_not_the_edit_link(client: FlaskClient) -> None:
    import re

    import segno

    token = save(client)
    page = client.get(f"/e/{token}").get_data(as_text=True)
    share = share_token_in(page)
    drawn = re.search(r'<svg[^>]*class="qr"[^>]*>.*?</svg>', page, re.S)
    assert drawn, "no QR code on the page"

    def modules(svg: str) -> list[str]:
        """The drawn paths (the dark modules; a light background too)."""
        return re.findall(r' d="([^"]+)"', svg)

    def code_of(text: str) -> list[str]:
        return modules(segno.make(text, error="m").svg_inline(scale=4, border=2, light="#fff"))

    assert modules(drawn.group(0)) == code_of(f"http://localhost/s/{share}")
    assert modules(drawn.group(0)) != code_of(f"http://localhost/e/{token}")
    read_only = client.get(f"/s/{share}").get_data(as_text=True)
    assert modules(drawn.group(0)) == modules(re.search(r'<svg[^>]*class="qr".*?</svg>', read_only, re.S).group(0))


def test_a_client_that_never_opens_the_saved_games_pages_keeps_a_bounded_session(client: FlaskClient) -> None:
    results = client.post("/results", follow_redirects=True, data={"table": GAME}).get_data(as_text=True)
    tokens = []
    for _ in range(web_saved.PENDING_MESSAGES + 4):  # a script: each save's 303 is not followed
        response = client.post("/games/save", data={"table": hidden(results)})
        assert response.status_code == 303
        tokens.append(token_of(response.headers["Location"]))
    with client.session_transaction() as session:
        assert len(session["_flashes"]) == web_saved.PENDING_MESSAGES
    page = client.get(f"/e/{tokens[-1]}").get_data(as_text=True)
    assert page.count("The game is saved.") == web_saved.PENDING_MESSAGES  # the newest ones, shown once
    with client.session_transaction() as session:
        assert not session.get("_flashes")
