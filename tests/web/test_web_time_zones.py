"""Times on the clocks people live by: a group's time zone (set on its players' page, an IANA name), else the
server's (``MARQUOIR_TIME_ZONE``, else UTC). A time typed is read on those clocks and kept in UTC; the game's page,
its correction form, the group's BG Stats file and the game's "Send to BG Stats" link say it on the same clocks;
a date typed without a time is that day's noon, never the clock of the moment of saving."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from support.saved_games import games_app
from test_web_groups import GAME, engine_of, new_group, save

from marquoir.storage import get_game_by_edit_token, get_group_by_token


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return games_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_a_group_s_time_zone_is_set_on_its_players_page_and_a_wrong_name_is_said(
    app: Flask, client: FlaskClient
) -> None:
    token = new_group(client, "Paris club")
    page = client.get(f"/g/{token}/players").get_data(as_text=True)
    assert 'id="time-zone"' in page and "the server’s, UTC" in page
    wrong = client.post(f"/g/{token}/time-zone", data={"time_zone": "Europe/Atlantis"})
    assert wrong.status_code == 422 and "Enter a time zone name such as Europe/Paris" in wrong.get_data(as_text=True)
    assert 'value="Europe/Atlantis"' in wrong.get_data(as_text=True)  # what was typed stays
    done = client.post(f"/g/{token}/time-zone", data={"time_zone": "Europe/Paris"})
    assert done.status_code == 303
    assert "on the clocks of Europe/Paris from now on" in client.get(done.headers["Location"]).get_data(as_text=True)
    group = get_group_by_token(engine_of(app), token)
    assert group is not None and group.time_zone == "Europe/Paris"
    assert client.post(f"/g/{token}/time-zone", data={"time_zone": ""}).status_code == 303
    assert get_group_by_token(engine_of(app), token).time_zone is None  # type: ignore[union-attr]


def test_a_time_typed_in_a_paris_group_is_kept_in_utc_and_said_on_paris_clocks(
    app: Flask, client: FlaskClient
) -> None:
    token = new_group(client, "Paris club")
    assert client.post(f"/g/{token}/time-zone", data={"time_zone": "Europe/Paris"}).status_code == 303
    edit = save(client, group=token, played_on="2026-01-31", played_time="20:15", place="Chez Aiko")
    saved = get_game_by_edit_token(engine_of(app), edit)
    assert saved is not None and saved.played_at.isoformat() == "2026-01-31T19:15:00+00:00"
    page = client.get(f"/e/{edit}").get_data(as_text=True)
    assert "31 January 2026 at 20:15" in page and 'value="20:15"' in page  # the page and its correction form
    link = page.split('id="bgstats-link"')[0].rsplit('href="', 1)[1].split('"')[0].replace("&amp;", "&")
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    pushed = json.loads(unquote(link.split("?data=", 1)[1]))
    assert pushed["playDate"] == "2026-01-31 20:15:00" and pushed["game"]["bggId"] == 200147
    assert [p["startPlayer"] for p in pushed["players"]] == [True, False, False]
    plays = json.loads(client.get(f"/g/{token}/plays.bgsplay").get_data(as_text=True))
    assert plays["plays"][0]["playDate"] == "2026-01-31 20:15:00"
    # A correction of the details typed on the same clocks.
    summer = {"played_on": "2026-07-14", "played_time": "22:00"}
    assert client.post(f"/e/{edit}/details", data=summer).status_code == 303
    assert get_game_by_edit_token(engine_of(app), edit).played_at.isoformat() == (  # type: ignore[union-attr]
        "2026-07-14T20:00:00+00:00")  # summer: UTC+2


def test_a_date_without_a_time_is_its_noon_and_a_game_outside_groups_has_the_server_s_zone(tmp_path: Path) -> None:
    app = games_app(tmp_path, TIME_ZONE="America/Montreal")
    client = app.test_client()
    edit = save(client, played_on="2026-01-31")
    saved = get_game_by_edit_token(engine_of(app), edit)
    assert saved is not None and saved.played_at.isoformat() == "2026-01-31T17:00:00+00:00"  # noon in Montreal
    page = client.get(f"/e/{edit}").get_data(as_text=True)
    assert "31 January 2026 at 12:00" in page


def test_players_are_sent_under_the_names_their_group_shows(app: Flask, client: FlaskClient) -> None:
    """Merged names are one player, renamed ones go under their new name: as the group's players' page lists
    them, in the file and in the push-play link."""
    token = new_group(client)
    edit = save(client, GAME, group=token, played_on="2026-01-10")
    save(client, GAME.replace('"Aiko"', '"Aiko T."').replace('"Ben"', '"Bea"'), group=token, played_on="2026-01-03")
    assert client.post(f"/g/{token}/players/merge", data={"merged": "Aiko T.", "into": "Aiko"}).status_code == 303
    renamed = {"player": "Chiyo", "new_name": "Chiyo M."}
    assert client.post(f"/g/{token}/players/rename", data=renamed).status_code == 303
    listed = client.get(f"/g/{token}/players").get_data(as_text=True)
    plays = json.loads(client.get(f"/g/{token}/plays.bgsplay").get_data(as_text=True))
    names = [p["name"] for p in plays["players"]]
    assert sorted(names) == ["Aiko", "Bea", "Ben", "Chiyo M."]
    assert all(f">{name}</a></th>" in listed for name in names)
    page = client.get(f"/e/{edit}").get_data(as_text=True)
    link = page.split('id="bgstats-link"')[0].rsplit('href="', 1)[1].split('"')[0]
    pushed = json.loads(unquote(link.split("?data=", 1)[1]))
    assert [p["name"] for p in pushed["players"]] == ["Aiko", "Ben", "Chiyo M."]
