"""A game being entered is never lost (issue 10, item 1): every form of the entry pages writes the game into its
draft and answers 303 to a GET page under the draft's token, which shows what was typed; the language switch, an
expired form, another phone and a draft gone all keep or say so. And one save per game from a draft's results
(item 2), and the import's error where the eye is (item 6)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from support.pages import hidden
from support.samples import sample_document, sample_text
from support.saved_games import games_app, sheet_game, sheet_player

from marquoir.storage import all_games, get_draft, save_draft
from marquoir.web import create_app
from marquoir.web import db as web_db

DRAFT_PAGE = re.compile(r"^/d/([A-Za-z0-9_-]{32,})(/results)?$")
NEW_SHEET = {"game": "base", "player_count": "2", "names-0": "Aiko", "names-1": "Ben", "mode": "sheet"}
NEW_CARDS = {**NEW_SHEET, "mode": "detailed"}


@pytest.fixture
def games(tmp_path: Path) -> Flask:
    return games_app(tmp_path)


@pytest.fixture
def client(games: Flask) -> FlaskClient:
    return games.test_client()


def engine_of(app: Flask) -> Any:
    return app.extensions[web_db.EXTENSION].engine


def follow(client: FlaskClient, response: Any, results: bool = False) -> tuple[str, str]:
    """The draft page a 303 sends to (its token), fetched with GET; the page."""
    assert response.status_code == 303, response.get_data(as_text=True)[:400]
    location = response.headers["Location"]
    match = DRAFT_PAGE.match(location)
    assert match and bool(match.group(2)) == results, location
    page = client.get(location)
    assert page.status_code in (200, 422)
    assert page.headers["Cache-Control"] == "no-store"  # the page holds the draft's link
    return match.group(1), page.get_data(as_text=True)


def figures(page: str, **overrides: str) -> dict[str, str]:
    """The sheet form of a two-player base game, filled, with its table and draft."""
    data = {
        "table": hidden(page),
        "players-0-print_cards": "10", "players-0-season_chain": "4", "players-0-harmony": "3",
        "players-0-d_trees_4": "y",
        "players-1-print_cards": "9", "players-1-season_chain": "5", "players-1-harmony": "-1",
        "grand_master": "1",
    }
    if 'name="draft"' in page:
        data["draft"] = hidden(page, "draft")
    data.update(overrides)
    return data


def value_of(page: str, field_id: str) -> str | None:
    tag = re.search(rf'<input[^>]*id="{re.escape(field_id)}"[^>]*>', page)
    assert tag, field_id
    value = re.search(r'value="([^"]*)"', tag.group(0))
    return value.group(1) if value else None


def checked(page: str, field_id: str) -> bool:
    tag = re.search(rf'<input[^>]*id="{re.escape(field_id)}"[^>]*>', page)
    assert tag, field_id
    return " checked" in tag.group(0)


# ---------------------------------------------------------------- every entry form: 303, then GET shows it


def test_a_new_game_is_a_draft_whose_page_reloads_as_it_was(client: FlaskClient) -> None:
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    assert 'id="sheet-form"' in page and hidden(page, "draft") == token
    assert client.get(f"/d/{token}").get_data(as_text=True).count('id="sheet-form"') == 1  # a reload: the same


def test_the_sheet_sent_goes_to_its_results_and_back_shows_the_figures(client: FlaskClient) -> None:
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    again, results = follow(client, client.post("/sheet", data=figures(page)), results=True)
    assert again == token and "Results" in results and hidden(results, "draft") == token
    back = client.get(f"/d/{token}").get_data(as_text=True)  # Back from the results: a GET of the entry page
    assert value_of(back, "players-0-print_cards") == "10" and value_of(back, "players-1-harmony") == "-1"
    assert checked(back, "players-0-d_trees_4") and not checked(back, "players-1-d_trees_4")
    assert re.search(r'<input[^>]*checked[^>]*value="1"|<input[^>]*value="1"[^>]*checked', back)  # Grand Master


def test_a_sheet_refused_comes_back_with_every_figure_and_its_errors(client: FlaskClient) -> None:
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    sent = client.post("/sheet", data=figures(page, **{"players-0-print_cards": "nine", "players-1-harmony": "500"}))
    assert sent.headers["Location"] == f"/d/{token}"
    shown = client.get(f"/d/{token}")
    assert shown.status_code == 422
    text = shown.get_data(as_text=True)
    assert 'value="nine"' in text and 'value="500"' in text and "Enter a whole number." in text
    assert "From -99 to 99." in text and checked(text, "players-0-d_trees_4")
    assert "CSRF" not in text


def test_a_card_added_is_kept_in_the_draft(client: FlaskClient) -> None:
    token, page = follow(client, client.post("/new", data=NEW_CARDS))
    data = {"table": hidden(page), "draft": token, "current": "0", "start": "S3", "grand_master": "1",
            "d_trees_3": "y", "yokai_tokens": "0", "action": "add:5"}
    again, shown = follow(client, client.post("/detailed", data=data))
    assert again == token
    doc = json.loads(hidden(shown))
    assert doc["players"][0]["print"] == [5] and doc["players"][0]["start"] == "S3"
    assert doc["players"][0]["diplomas"] == ["trees-3"] and doc["players"][1]["grand_master"] is True
    # the step the page's script does in place writes the draft too: a reload shows it
    # (over the version of the draft the page read; the answer says it was written, and the version after)
    version = int(hidden(shown, "draft_version"))
    live = client.post("/detailed/live", data={**data, "table": hidden(shown), "action": "add:7",
                                               "draft_version": str(version)})
    assert live.status_code == 200 and live.json is not None and "parts" in live.json
    assert live.json["draft"] == {"saved": True, "version": version + 1}
    reloaded = json.loads(hidden(client.get(f"/d/{token}").get_data(as_text=True)))
    assert reloaded["players"][0]["print"] == [5, 7]
    # A step from a page that read an older version (another phone wrote since) is not written over it: the
    # answer says so, and the page puts both together (marquoir.js).
    stale = client.post("/detailed/live", data={**data, "table": hidden(shown), "action": "add:9",
                                                "draft_version": str(version)})
    assert stale.json is not None and stale.json["draft"] == {"saved": False, "version": version + 1,
                                                              "conflict": True}
    reloaded = json.loads(hidden(client.get(f"/d/{token}").get_data(as_text=True)))
    assert reloaded["players"][0]["print"] == [5, 7]


def test_a_bonsai_step_and_its_results_are_draft_pages(client: FlaskClient) -> None:
    new = {"game": "bonsai", "player_count": "2", "names-0": "Aiko", "names-1": "Ben", "mode": "detailed",
           "goal_colours": ["green", "brown", "pink"]}
    token, page = follow(client, client.post("/new", data=new))
    assert 'id="tiles-form"' in page
    step = {"table": hidden(page), "draft": token, "current": "0", "action": "cycle:0:1"}
    _again, shown = follow(client, client.post("/bonsai/tiles", data=step))
    assert json.loads(hidden(shown))["players"][0]["tiles"] != []  # the cell tapped holds a tile now
    _token, results = follow(client, client.post("/bonsai/tiles", data={**step, "table": hidden(shown),
                                                                         "action": "score"}), results=True)
    assert "Results" in results


def test_correct_an_entry_results_and_import_are_draft_pages(client: FlaskClient) -> None:
    table = sample_text("base-2p.json")
    _token, results = follow(client, client.post("/import", data={"text": table}), results=True)
    assert json.loads(hidden(results)) == json.loads(table)
    token, results = follow(client, client.post("/results", data={"table": table}), results=True)
    again, entry = follow(client, client.post("/edit", data={"table": hidden(results), "draft": token}))
    assert again == token and "Cards on the table" in entry


# ---------------------------------------------------------------- the language switch, another phone, gone


def test_the_language_switch_keeps_the_figures_typed_and_not_sent(client: FlaskClient) -> None:
    """The switch's buttons send the sheet form itself (form="sheet-form"): the figures typed come back in French,
    not sent as a score yet (no error shown)."""
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    assert 'form="sheet-form" formaction="/language"' in page
    typed = figures(page, **{"players-1-print_cards": "", "lang": "fr"})
    sent = client.post("/language", data=typed)
    assert sent.headers["Location"] == f"/d/{token}" and "lang=fr" in sent.headers["Set-Cookie"]
    french = client.get(f"/d/{token}")
    text = french.get_data(as_text=True)
    assert french.status_code == 200 and '<html lang="fr">' in text
    assert value_of(text, "players-0-print_cards") == "10" and value_of(text, "players-1-print_cards") in ("", None)
    assert checked(text, "players-0-d_trees_4") and 'class="error"' not in text


def test_the_language_switch_keeps_the_card_entry_s_ticks_grand_master_and_start(client: FlaskClient) -> None:
    token, page = follow(client, client.post("/new", data=NEW_CARDS))
    assert 'form="detailed-form" formaction="/language"' in page
    data = {"table": hidden(page), "draft": token, "current": "0", "start": "S4", "grand_master": "0",
            "d_trees_3": "y", "yokai_tokens": "0", "lang": "fr"}
    french = client.post("/language", follow_redirects=True, data=data).get_data(as_text=True)
    assert '<html lang="fr">' in french and checked(french, "d_trees_3")
    start = french[french.index('name="start"'):]
    assert re.search(r'<option selected value="S4">|<option value="S4" selected>', start[: start.index("</select>")])
    grand_master = french[french.index('name="grand_master"'):]
    assert re.search(r'<option selected value="0">|<option value="0" selected>',
                     grand_master[: grand_master.index("</select>")])


def test_a_draft_opens_on_another_phone_and_writes_go_to_the_same_draft(games: Flask, client: FlaskClient) -> None:
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    follow(client, client.post("/sheet", data=figures(page)), results=True)
    other = games.test_client()  # another phone: no cookie, only the link
    shown = other.get(f"/d/{token}").get_data(as_text=True)
    assert value_of(shown, "players-0-print_cards") == "10"
    again, _page = follow(other, other.post("/sheet", data=figures(shown, **{"players-0-print_cards": "12"})),
                          results=True)
    assert again == token
    draft = get_draft(engine_of(games), token)
    assert draft is not None and draft.document["table"]["players"][0]["sheet"]["print_cards"] == 12


def test_an_unknown_or_expired_draft_is_a_404_page_that_says_so(games: Flask, client: FlaskClient) -> None:
    old = save_draft(engine_of(games), "kanagawa", {"table": sample_document("base-2p")},
                     now=datetime.now(UTC) - timedelta(days=15))
    for path in (f"/d/{old.token}", f"/d/{old.token}/results", "/d/" + "x" * 40, "/d/short", "/d/..%2F"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "no longer kept" in response.get_data(as_text=True) or "There is no page here" in \
            response.get_data(as_text=True)
    text = client.get(f"/d/{old.token}").get_data(as_text=True)
    assert "Game no longer kept" in text and "14 days" in text


def test_a_draft_is_read_like_any_document(games: Flask, client: FlaskClient) -> None:
    """A stored draft goes through the reader of every document: a broken one is a 400 naming the place."""
    broken = sample_document("base-2p")
    broken["players"][0]["print"] = "ten"
    draft = save_draft(engine_of(games), "kanagawa", {"table": broken, "form": [["x", 1]]})
    response = client.get(f"/d/{draft.token}")
    assert response.status_code == 400 and "players[0].print" in response.get_data(as_text=True)


# ---------------------------------------------------------------- an expired form, the limits, the database


def test_an_expired_form_shows_the_sheet_again_with_the_figures_and_a_message(tmp_path: Path) -> None:
    app = games_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    home = client.get("/").get_data(as_text=True)
    token, page = follow(client, client.post("/new", data={**NEW_SHEET, "csrf_token": hidden(home, "csrf_token")}))
    stale = client.post("/sheet", data={**figures(page), "csrf_token": "stale"})
    assert stale.status_code == 400
    text = stale.get_data(as_text=True)
    assert "open too long" in text and value_of(text, "players-0-print_cards") == "10"
    assert checked(text, "players-0-d_trees_4") and hidden(text, "draft") == token
    fresh = hidden(text, "csrf_token")
    assert fresh != "stale"
    follow(client, client.post("/sheet", data={**figures(text), "csrf_token": fresh}), results=True)


def test_draft_writes_are_limited_and_the_refusal_keeps_what_was_sent(tmp_path: Path) -> None:
    app = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"drafts.write": "3/minute"})
    client = app.test_client()
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    follow(client, client.post("/sheet", data=figures(page)), results=True)
    follow(client, client.post("/sheet", data=figures(page)), results=True)
    refused = client.post("/sheet", data=figures(page, **{"players-0-print_cards": "13"}))
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    text = refused.get_data(as_text=True)
    assert 'name="players-0-print_cards" value="13"' in text and 'action="/sheet"' in text
    assert client.get(f"/d/{token}").status_code == 200  # reading a draft is not limited


def test_new_drafts_have_a_limit_of_their_own(tmp_path: Path) -> None:
    app = games_app(tmp_path, RATE_LIMITS_ENABLED=True, RATE_LIMITS={"drafts.new": "2/minute"})
    client = app.test_client()
    for _ in range(2):
        follow(client, client.post("/new", data=NEW_SHEET))
    assert client.post("/new", data=NEW_SHEET).status_code == 429


def test_without_a_database_the_sheet_still_scores(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "t",
                      "DATABASE_URL": f"sqlite:///{tmp_path}/no/such/folder/games.sqlite3"})
    client = app.test_client()
    page = client.post("/new", data=NEW_SHEET)
    assert page.status_code == 200 and "cannot be reached" in page.get_data(as_text=True)
    assert 'name="draft"' not in page.get_data(as_text=True)  # no draft: the page itself holds the game
    results = client.post("/sheet", data=figures(page.get_data(as_text=True)))
    assert results.status_code == 200 and "Results" in results.get_data(as_text=True)


# ---------------------------------------------------------------- one save per game (item 2)


def test_saving_a_draft_s_results_twice_or_after_back_saves_one_game(games: Flask, client: FlaskClient) -> None:
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    _token, results = follow(client, client.post("/sheet", data=figures(page)), results=True)
    data = {"table": hidden(results), "draft": token, "save_key": hidden(results, "save_key")}
    first, second = client.post("/games/save", data=data), client.post("/games/save", data=data)  # a double tap
    assert first.status_code == second.status_code == 303 and first.headers["Location"] == second.headers["Location"]
    back = client.get(f"/d/{token}/results").get_data(as_text=True)  # Back after saving: a GET, no resubmission
    assert hidden(back, "save_key") == data["save_key"]
    third = client.post("/games/save", data={**data, "save_key": hidden(back, "save_key")})
    assert third.headers["Location"] == first.headers["Location"]
    assert len(all_games(engine_of(games))) == 1
    # the game changed after it: another save key (the results of another game)
    follow(client, client.post("/sheet", data=figures(page, **{"players-0-print_cards": "12"})), results=True)
    assert hidden(client.get(f"/d/{token}/results").get_data(as_text=True), "save_key") != data["save_key"]


# ---------------------------------------------------------------- the import's error where the eye is (item 6)


def test_a_bad_import_shows_its_error_at_the_form_with_the_text_kept(client: FlaskClient) -> None:
    pasted = '{"game": "kanagawa", "families": ["trees"], "players": []} <&>'
    response = client.post("/import", data={"text": pasted})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    form = page[page.index('id="import"'):]
    form = form[: form.index("</form>")]
    assert 'action="/import"' in page
    error = form.index('class="error"')
    area = form.index("<textarea")
    assert form.index('id="import-message"') < error < area  # the message and the error above the text
    assert "autofocus" in form[area: form.index(">", area)]
    assert "&lt;&amp;&gt;" in form[area:]  # the text pasted, kept (escaped)


def test_a_file_that_is_not_text_focuses_the_file_field(client: FlaskClient) -> None:
    import io

    response = client.post("/import", data={"document": (io.BytesIO(b"\xff\xfe\x00"), "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    tag = re.search(r'<input[^>]*type="file"[^>]*>', page)
    assert tag and "autofocus" in tag.group(0) and "not UTF-8" in page


def test_the_draft_s_editing_travels_with_its_pages(client: FlaskClient) -> None:
    game = sheet_game(sheet_player("Aiko", 10), sheet_player("Ben", 9))
    edit = "E" * 32
    token, page = follow(client, client.post("/edit", data={"table": game, "edit": edit, "version": "4"}))
    assert hidden(page, "edit") == edit and hidden(page, "version") == "4"
    _again, results = follow(client, client.post("/sheet", data={**figures(page), "edit": edit, "version": "4"}),
                             results=True)
    assert hidden(results, "edit") == edit and "Save the correction" in results
    assert hidden(client.get(f"/d/{token}").get_data(as_text=True), "version") == "4"


def test_what_is_typed_is_kept_and_an_older_copy_never_overwrites_a_newer(games: Flask, client: FlaskClient) -> None:
    """The autosave of an entry page (issue 18, item 1): figures typed and not sent are in the draft, shown as
    typed on a reload and on another phone, without errors. Each copy is sent over the version the page read (the
    server's count of writes, never a clock): a copy over an older version (another phone wrote since) is refused,
    answered as a conflict that carries the copy kept (its version, fields and table), and changes nothing; sent
    again over that version it is written; a form sent on purpose is written whatever the version kept."""
    token, page = follow(client, client.post("/new", data=NEW_SHEET))
    assert value_of(page, "players-0-print_cards") in (None, "")
    start = int(hidden(page, "draft_version"))  # the draft's count of writes: the page read this one
    assert start == 1
    typed = figures(page, draft_version=str(start))
    response = client.post(f"/d/{token}/autosave", data=typed)
    assert response.status_code == 200 and response.get_json() == {"saved": True, "version": start + 1}
    again = games.test_client().get(f"/d/{token}").get_data(as_text=True)  # another phone, the same link
    assert value_of(again, "players-0-print_cards") == "10" and value_of(again, "players-1-harmony") == "-1"
    assert checked(again, "players-0-d_trees_4") and hidden(again, "draft_version") == str(start + 1)
    assert 'class="error"' not in again  # typed, not sent: no error shown
    # The first page, still at the version it read, sends another copy: refused, the copy kept answered.
    older = client.post(f"/d/{token}/autosave", data=figures(page, draft_version=str(start), **{
        "players-0-print_cards": "2"}))
    answer = older.get_json()
    assert older.status_code == 200 and answer["saved"] is False and answer["conflict"] is True
    assert answer["version"] == start + 1 and ["players-0-print_cards", "10"] in answer["fields"]
    assert json.loads(answer["table"])["players"][0]["name"] == json.loads(hidden(page))["players"][0]["name"]
    assert value_of(client.get(f"/d/{token}").get_data(as_text=True), "players-0-print_cards") == "10"
    # A version ahead of the server's (a made-up one, or a phone's clock) is refused the same.
    ahead = client.post(f"/d/{token}/autosave", data=figures(page, draft_version="99999999999999"))
    assert ahead.status_code == 200 and ahead.get_json()["conflict"] is True
    newer = client.post(f"/d/{token}/autosave", data=figures(page, draft_version=str(start + 1), **{
        "players-0-print_cards": "12"}))
    assert newer.status_code == 200 and newer.get_json() == {"saved": True, "version": start + 2}
    assert value_of(client.get(f"/d/{token}").get_data(as_text=True), "players-0-print_cards") == "12"
    assert get_draft(engine_of(games), token).document["version"] == start + 2  # type: ignore[union-attr]
    # Sent on purpose with an old version (a page left open): written, one version past the one kept.
    _again, _results = follow(client, client.post("/sheet", data=figures(page, draft_version="0")), results=True)
    assert get_draft(engine_of(games), token).document["version"] == start + 3  # type: ignore[union-attr]
    # A document that cannot be read is refused, naming where; an unknown draft link is refused.
    bad = client.post(f"/d/{token}/autosave", data={**typed, "table": "{", "draft_version": str(start + 3)})
    assert bad.status_code == 400 and bad.get_json()["saved"] is False
