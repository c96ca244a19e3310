"""Groups in the web app: made in one step, reached by their link alone (never cached), remembered by the browser;
one group's games never show in another's pages; games saved once however often they are sent, with their details;
players' names offered, renamed and merged; rematches; a correction saved again over a newer version; a server
that lists no games outside the groups."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from support.pages import hidden
from support.saved_games import games_app, share_token_in, sheet_game, sheet_player, token_of

from marquoir.cli import main as cli
from marquoir.storage import count_games, game_history, get_game_by_edit_token, list_games
from marquoir.web import db as web_db

GAME = sheet_game(sheet_player("Aiko", 10, 4, 3), sheet_player("Ben", 9, 5, -1), sheet_player("Chiyo", 11, 3))


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return games_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def engine_of(app: Flask) -> Any:
    return app.extensions[web_db.EXTENSION].engine


def new_group(client: FlaskClient, name: str = "Thursday club") -> str:
    """Make a group and open it (this browser remembers it); its token."""
    response = client.post("/groups", data={"name": name})
    assert response.status_code == 303, response.data[:300]
    token = token_of(response.headers["Location"], "g")
    assert client.get(f"/g/{token}").status_code == 200
    return token


def save(client: FlaskClient, table: str = GAME, **fields: str) -> str:
    """Save a game from its results page (with the save form's key and ``fields``); the edit token."""
    results = client.post("/results", follow_redirects=True, data={"table": table}).get_data(as_text=True)
    data = {"table": hidden(results), "save_key": hidden(results, "save_key"), **fields}
    response = client.post("/games/save", data=data)
    assert response.status_code == 303, response.data[:500]
    return token_of(response.headers["Location"])


def first_game(page: str) -> str:
    """The read-only token of the first game of a list."""
    match = re.search(r'class="when" href="/s/([A-Za-z0-9_-]+)"', page)
    assert match, "no game in the list"
    return match.group(1)


def game(*players: tuple[str, int]) -> str:
    return sheet_game(*(sheet_player(name, cards) for name, cards in players))


def test_a_group_is_made_in_one_step_and_reached_by_its_link_alone(app: Flask, client: FlaskClient) -> None:
    response = client.post("/groups", data={"name": "  Kanagawa   nights "})
    assert response.status_code == 303
    token = token_of(response.headers["Location"], "g")
    page = client.get(f"/g/{token}")
    assert page.headers["Cache-Control"] == "no-store"
    text = page.get_data(as_text=True)
    assert '<h1 id="group-name">Kanagawa nights</h1>' in text
    assert f'id="group-link">http://localhost/g/{token}<' in text and 'class="qr"' in text
    assert "No game is saved in this group yet" in text
    mine = client.get("/groups")
    assert mine.headers["Cache-Control"] == "no-store" and "Kanagawa nights" in mine.get_data(as_text=True)
    other = app.test_client()
    assert "Kanagawa nights" not in other.get("/groups").get_data(as_text=True)  # another browser: not until it opens
    assert other.get(f"/g/{token}").status_code == 200
    assert "Kanagawa nights" in other.get("/groups").get_data(as_text=True)
    wrong = token[:-2] + ("xy" if token[-2:] != "xy" else "yx")  # another token, however this one ends
    for path in (f"/g/{wrong}", "/g/short", f"/g/{token}x/stats", "/?group=nope", f"/g/{wrong}/players"):
        assert client.get(path).status_code == 404, path
    for name in ("", "   ", "x" * 81):
        refused = client.post("/groups", data={"name": name})
        assert refused.status_code == 422 and 'class="error"' in refused.get_data(as_text=True)


def test_one_group_s_games_never_show_in_another_s_pages(app: Flask, client: FlaskClient) -> None:
    thursday, sunday = new_group(client, "Thursday"), new_group(client, "Sunday")
    save(client, game(("Aiko", 10), ("Ben", 9)), group=thursday)
    save(client, game(("Aiko", 8), ("Zora", 12)), group=sunday)  # Zora plays only on Sundays
    save(client, game(("Aiko", 7), ("Yuri", 11)))  # Yuri only outside any group
    pages = {
        "list": f"/g/{thursday}",
        "search": f"/g/{thursday}?player=a",
        "stats": f"/g/{thursday}/stats",
        "stats search": f"/g/{thursday}/stats?player=r",
        "player": f"/g/{thursday}/stats?player=Aiko",
        "players": f"/g/{thursday}/players",
        "csv": f"/g/{thursday}/games.csv",
        "bgstats": f"/g/{thursday}/plays.bgsplay",
        "new game": f"/?group={thursday}",
    }
    for what, path in pages.items():
        text = client.get(path).get_data(as_text=True)
        assert "Zora" not in text and "Yuri" not in text, what
    assert "Ben" in client.get(f"/g/{thursday}/stats").get_data(as_text=True)
    versus = client.get(f"/g/{thursday}/stats?player=Aiko&vs=Zora").get_data(as_text=True)
    assert "No other player is called Zora here." in versus and "played" not in versus.split('id="head-to-head"')[1]
    for path in ("/games", "/games?player=a", "/stats", "/stats?player=Aiko", "/games/export.csv"):
        text = client.get(path).get_data(as_text=True)
        assert "Zora" not in text and "Ben" not in text and "Yuri" in text, path
    rows = list(csv.DictReader(io.StringIO(client.get(f"/g/{thursday}/games.csv").get_data(as_text=True))))
    assert sorted(r["player"] for r in rows) == ["Aiko", "Ben"]
    plays = json.loads(client.get(f"/g/{thursday}/plays.bgsplay").get_data(as_text=True))
    assert [p["name"] for p in plays["players"]] == ["Aiko", "Ben"] and len(plays["plays"]) == 1
    # A game's read-only link gives its group away to no one.
    share = first_game(client.get(f"/g/{thursday}").get_data(as_text=True))
    stranger = app.test_client().get(f"/s/{share}").get_data(as_text=True)
    assert thursday not in stranger and "Thursday" not in stranger


def test_pages_with_a_group_s_link_are_never_cached(client: FlaskClient) -> None:
    token = new_group(client)
    save(client, group=token)
    share = first_game(client.get(f"/g/{token}").get_data(as_text=True))
    for path in (f"/g/{token}", f"/g/{token}/stats", f"/g/{token}/stats?player=Aiko", f"/g/{token}/players",
                 "/groups", f"/?group={token}", f"/s/{share}", f"/?rematch={share}"):  # fmt: skip
        response = client.get(path)
        assert response.headers.get("Cache-Control") == "no-store", path
        assert token in response.get_data(as_text=True), path
    results = client.post("/results", follow_redirects=True, data={"table": GAME})  # its save form offers the group
    assert results.headers.get("Cache-Control") == "no-store" and token in results.get_data(as_text=True)


def test_a_double_tap_saves_one_game_and_the_second_answer_is_its_page(app: Flask, client: FlaskClient) -> None:
    results = client.post("/results", follow_redirects=True, data={"table": GAME}).get_data(as_text=True)
    key = hidden(results, "save_key")
    assert len(key) >= 32 and key != hidden(client.post("/results", follow_redirects=True,
                                                        data={"table": GAME}).get_data(as_text=True),
                                            "save_key")  # a fresh key each time the page is made  # fmt: skip
    data = {"table": hidden(results), "save_key": key}
    first, second = client.post("/games/save", data=data), client.post("/games/save", data=data)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert count_games(engine_of(app)) == 1
    page = client.get(second.headers["Location"]).get_data(as_text=True)
    assert "This game was saved already (it was sent twice): here it is, saved once." in page
    other = client.post("/games/save", data={"table": hidden(results), "save_key": "x" * 40})
    assert other.status_code == 303 and count_games(engine_of(app)) == 2  # another page's key: another game


def test_a_failed_save_shown_again_keeps_its_key(monkeypatch: pytest.MonkeyPatch, client: FlaskClient) -> None:
    from marquoir.storage import StorageError
    from marquoir.web import saved as web_saved

    def failing(*_args: Any, **_kwargs: Any) -> Any:
        raise StorageError("could not save the game: database is locked", "busy")

    monkeypatch.setattr(web_saved, "save_game", failing)
    response = client.post("/games/save", data={"table": GAME, "save_key": "k" * 32, "place": "Chez Aiko"})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert hidden(page, "save_key") == "k" * 32 and 'value="Chez Aiko"' in page  # a retry is the same save


def test_the_date_place_duration_and_notes_are_saved_shown_and_corrected(app: Flask, client: FlaskClient) -> None:
    token = save(client, played_on="2026-01-31", played_time="21:15", place="Chez Aiko", duration_min="45",
                 notes="Ben forgot\na Diploma")  # fmt: skip
    saved = get_game_by_edit_token(engine_of(app), token)
    assert saved is not None and saved.played_at.isoformat() == "2026-01-31T21:15:00+00:00"
    assert (saved.details.place, saved.details.duration_min, saved.details.notes) == (
        "Chez Aiko", 45, "Ben forgot\na Diploma")  # fmt: skip
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "31 January 2026 at 21:15" in page and "Chez Aiko" in page and "45 minutes" in page
    assert "Ben forgot\na Diploma" in page and 'value="2026-01-31"' in page
    changed = client.post(f"/e/{token}/details", data={"played_on": "2026-01-30", "played_time": "20:00",
                                                       "place": "Club house", "duration_min": "1", "notes": ""})
    assert changed.status_code == 303
    page = client.get(f"/e/{token}").get_data(as_text=True)
    assert "The details are saved (version 2)." in page and "1 minute<" in page and "Club house" in page
    history = game_history(engine_of(app), saved.id)
    assert [(v.version, v.details.place) for v in history] == [(2, "Club house"), (1, "Chez Aiko")]
    assert history[0].document == history[1].document  # the same table, a new version
    # Through the correction path: the save form of the correction carries the details as saved.
    entry = client.post("/edit", follow_redirects=True, data={"table": GAME, "edit": token, "version": "2"})
    results = client.post("/results", follow_redirects=True,
                          data={"table": GAME, "edit": token, "version": "2"}).get_data(as_text=True)
    assert entry.status_code == 200 and 'value="Club house"' in results and 'id="save-correction"' in results
    fixed = client.post("/games/correct", data={"table": GAME, "edit": token, "version": "2", "played_on": "2026-01-30",
                                                 "played_time": "20:00", "place": "Club house (upstairs)"})
    assert fixed.status_code == 303
    assert [v.details.place for v in game_history(engine_of(app), saved.id)][:2] == ["Club house (upstairs)",
                                                                                    "Club house"]  # fmt: skip
    assert "outside any group" not in client.post("/results", follow_redirects=True,
                                                  data={"table": GAME}).get_data(as_text=True)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"played_on": "31/01/2026"}, "Enter a date as year-month-day"),
        ({"played_on": "2026-02-30"}, "Enter a date as year-month-day"),
        ({"played_on": "2999-01-01"}, "cannot have been played in the future"),
        ({"played_on": "2026-01-31", "played_time": "25:00"}, "Enter a time as hours:minutes"),
        ({"duration_min": "0"}, "Between 1 and 1440 minutes."),
        ({"duration_min": "an hour"}, "Enter a whole number."),
        ({"place": "x" * 81}, "At most 80 characters."),
        ({"notes": "x" * 2001}, "At most 2000 characters."),
    ],
)
def test_details_that_cannot_be_kept_are_said_beside_their_field_and_nothing_is_saved(
    app: Flask, client: FlaskClient, fields: dict[str, str], words: str
) -> None:
    response = client.post("/games/save", data={"table": GAME, "save_key": "k" * 32, **fields})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert words in page and "The game is not saved" in page and 'id="save-game"' in page
    assert json.loads(hidden(page)) == json.loads(GAME) and count_games(engine_of(app)) == 0
    assert "<details class=\"save-details\" id=\"save-details\" open>" in page  # the fields shown, with the error


def test_a_game_is_saved_in_the_group_it_was_started_from(app: Flask, client: FlaskClient) -> None:
    token = new_group(client, "Club")
    other = new_group(client, "Other")
    home = client.get(f"/?group={token}").get_data(as_text=True)
    assert 'id="playing-in"' in home and hidden(home, "group") == token
    started = client.post("/new", follow_redirects=True,
                          data={"group": token, "game": "base", "player_count": "2", "names-0": "Aiko",
                                        "names-1": "Ben", "mode": "sheet"})  # fmt: skip
    assert started.status_code == 200
    results = client.post("/results", follow_redirects=True, data={"table": GAME}).get_data(as_text=True)
    chosen = re.search(r'<option value="([^"]*)" selected>', results)
    assert chosen and chosen.group(1) == token  # the group it was started from comes first
    assert "the group Other" in results and "outside any group" in results
    edit = save(client, group=token)
    saved = get_game_by_edit_token(engine_of(app), edit)
    assert saved is not None and [g.id for g in list_games(engine_of(app), group_id=saved.group_id)] == [saved.id]
    assert other != token and list_games(engine_of(app)) == []
    refused = client.post("/games/save", data={"table": GAME, "group": "no-such-group-token-here"})
    assert refused.status_code == 422 and "the group chosen no longer opens" in refused.get_data(as_text=True)
    assert client.post("/new", follow_redirects=True, data={"group": "no-such-group-token-here"}).status_code == 404
    assert 'id="save-group"' not in app.test_client().post("/results", follow_redirects=True,
                                                           data={"table": GAME}).get_data(as_text=True)


def test_the_group_s_players_are_offered_as_one_types(client: FlaskClient) -> None:
    token = new_group(client)
    save(client, game(("Aiko", 10), ("Ben", 9)), group=token)
    save(client, game(("aïko", 10), ("Chiyo", 9)), group=token)  # the same player: offered once
    home = client.get(f"/?group={token}").get_data(as_text=True)
    offered = home.split('<datalist id="player-names">')[1].split("</datalist>")[0]
    names = re.findall(r'<option value="([^"]+)">', offered)
    assert names == ["aïko", "Ben", "Chiyo"]  # most games first, as last written
    assert 'list="player-names"' in home
    assert "<datalist" not in client.get("/").get_data(as_text=True)  # outside a group: no names offered


def test_players_are_renamed_and_merged_the_games_keeping_their_names(app: Flask, client: FlaskClient) -> None:
    token = new_group(client)
    save(client, game(("Aiko", 10), ("Ben", 9)), group=token)
    save(client, game(("Aiko T.", 12), ("Ben", 9)), group=token)
    page = client.get(f"/g/{token}/players").get_data(as_text=True)
    assert re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th><td>(\d+)</td>', page) == [
        ("Ben", "2"), ("Aiko", "1"), ("Aiko T.", "1")]  # fmt: skip
    merged = client.post(f"/g/{token}/players/merge", data={"merged": "Aiko T.", "into": "aiko"})
    assert merged.status_code == 303
    page = client.get(f"/g/{token}/players").get_data(as_text=True)
    assert "The games of Aiko T. count as the games of aiko from now on." in page
    assert re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th><td>(\d+)</td>', page) == [
        ("Aiko T.", "2"), ("Ben", "2")]  # fmt: skip
    renamed = client.post(f"/g/{token}/players/rename", data={"player": "Aiko", "new_name": "Aiko Tanaka"})
    assert renamed.status_code == 303
    stats = client.get(f"/g/{token}/stats").get_data(as_text=True)
    assert "Aiko Tanaka" in stats and "Aiko T.<" not in stats
    names = [p.name for g in list_games(engine_of(app), group_id=1) for p in g.players]
    assert names == ["Aiko T.", "Ben", "Aiko", "Ben"]  # each game keeps the names as typed
    players, merge = f"/g/{token}/players/rename", f"/g/{token}/players/merge"
    refusals = [
        (client.post(merge, data={"merged": "Ben", "into": "Aiko Tanaka"}), "played a game together"),
        (client.post(players, data={"player": "Zed", "new_name": "Zoe"}), "No player of this group is called Zed."),
        (client.post(players, data={"player": "Ben", "new_name": "aiko"}), "merge the two instead"),
        (client.post(players, data={"player": "Ben", "new_name": "  "}), "Enter a name."),
    ]
    for response, words in refusals:
        assert response.status_code == 422 and words in response.get_data(as_text=True), words


def test_a_rematch_starts_the_same_players_game_and_families_in_the_same_group(app: Flask, client: FlaskClient) -> None:
    token = new_group(client)
    yokai = json.dumps({"game": "kanagawa", "families": ["trees", "animals", "kites", "umbrellas"],
                        "rules": {"storm_on_start_tile": False},
                        "players": [json.loads(game(("Aiko", 10)))["players"][0],
                                    json.loads(game(("Ben", 9)))["players"][0],
                                    json.loads(game(("Chiyo", 8)))["players"][0]]})  # fmt: skip
    edit = save(client, yokai, group=token)
    page = client.get(f"/e/{edit}").get_data(as_text=True)
    share = share_token_in(page)
    rematch = re.search(r'href="(/\?rematch=[^"]+)" class="rematch"', page)
    assert rematch and rematch.group(1) == f"/?rematch={share}"
    form = client.get(rematch.group(1)).get_data(as_text=True)
    for value in ("Aiko", "Ben", "Chiyo"):
        assert f'value="{value}"' in form
    assert re.search(r'<option selected value="3">|<option value="3" selected>', form)
    assert re.search(r'checked[^>]*value="yokai"|value="yokai"[^>]*checked', form)
    for family in ("trees", "animals", "kites", "umbrellas"):
        assert re.search(rf'checked[^>]*value="{family}"|value="{family}"[^>]*checked', form), family
    assert not re.search(r'id="storm_on_start_tile"[^>]*checked|checked[^>]*id="storm_on_start_tile"', form)
    assert hidden(form, "group") == token and 'id="playing-in"' in form
    stranger = app.test_client().get(rematch.group(1)).get_data(as_text=True)
    assert 'value="Aiko"' in stranger and token not in stranger  # the same game, but not the group's link
    bonsai = client.get(f"/e/{save(client, json.dumps(json.loads(open_sample('bonsai-2p'))))}").get_data(as_text=True)
    form = client.get(f"/?rematch={share_token_in(bonsai)}").get_data(as_text=True)
    assert re.search(r'checked[^>]*value="bonsai"|value="bonsai"[^>]*checked', form)
    for colour in ("brown", "green", "cyan"):
        assert re.search(rf'checked[^>]*value="{colour}"|value="{colour}"[^>]*checked', form), colour
    assert client.get("/?rematch=not-a-game-token-at-all").status_code == 404


def open_sample(name: str) -> str:
    from support.samples import sample_text

    return sample_text(name)


def test_a_correction_refused_as_stale_is_offered_again_over_the_newer_version(app: Flask, client: FlaskClient) -> None:
    token = save(client)
    first = game(("Aiko", 12), ("Ben", 9), ("Chiyo", 11))
    second = game(("Aiko", 10), ("Ben", 14), ("Chiyo", 11))
    assert client.post("/games/correct", data={"table": first, "edit": token, "version": "1"}).status_code == 303
    stale = client.post("/games/correct", data={"table": second, "edit": token, "version": "1", "place": "Club"})
    assert stale.status_code == 409 and stale.headers["Cache-Control"] == "no-store"
    page = stale.get_data(as_text=True)
    assert "(version 2) since you opened version 1: yours is not saved yet" in page
    assert 'id="save-correction"' in page and "Save my correction over it" in page and 'id="save-game"' not in page
    form = page.split('action="/games/correct"')[1].split("</form>")[0]
    assert hidden(form, "version") == "2" and hidden(form, "edit") == token and 'value="Club"' in form
    again = client.post("/games/correct", data={"table": hidden(form), "edit": token, "version": "2", "place": "Club"})
    assert again.status_code == 303
    saved = get_game_by_edit_token(engine_of(app), token)
    assert saved is not None and saved.version == 3 and saved.details.place == "Club"
    assert saved.report["players"][1]["breakdown"]["print_cards"] == 14
    assert [v.report["players"][0]["breakdown"]["print_cards"] for v in game_history(engine_of(app), saved.id)] == [
        10, 12, 10]  # the other correction stays in the history  # fmt: skip


def test_a_server_may_list_no_game_outside_the_groups(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from marquoir.web.security import deployment_config

    assert deployment_config({"MARQUOIR_PUBLIC_LIST": "off"}) == {"PUBLIC_LIST": False}
    assert deployment_config({"MARQUOIR_PUBLIC_LIST": "on"}) == {}
    app = games_app(tmp_path, PUBLIC_LIST=False)
    client = app.test_client()
    token = new_group(client)
    save(client, group=token)
    save(client, game(("Yuri", 11), ("Zora", 9)))
    for path in ("/games", "/stats", "/games/export.csv", "/stats?player=Yuri"):
        response = client.get(path)
        assert response.status_code == 404 and "This server lists no games" in response.get_data(as_text=True), path
    home = client.get("/").get_data(as_text=True)
    assert 'href="/games"' not in home and 'href="/groups"' in home
    assert client.get(f"/g/{token}").status_code == 200 and client.get(f"/g/{token}/stats").status_code == 200
    out = tmp_path / "everything.csv"
    monkeypatch.chdir(tmp_path)
    assert cli(["export", "--csv", str(out), "--database", str(tmp_path / "games.sqlite3")]) == 0
    assert {r["player"] for r in csv.DictReader(io.StringIO(out.read_text()))} == {"Aiko", "Ben", "Chiyo", "Yuri",
                                                                                  "Zora"}  # fmt: skip
    capsys.readouterr()


def test_a_correction_sent_without_the_details_keeps_them(app: Flask, client: FlaskClient) -> None:
    token = save(client, place="Chez Aiko", duration_min="30")
    corrected = game(("Aiko", 12), ("Ben", 9), ("Chiyo", 11))
    assert client.post("/games/correct", data={"table": corrected, "edit": token, "version": "1"}).status_code == 303
    saved = get_game_by_edit_token(engine_of(app), token)
    assert saved is not None and saved.version == 2
    assert (saved.details.place, saved.details.duration_min) == ("Chez Aiko", 30)
