"""One game, every phone (issue 22): the table link of a game being entered, each seat's part versioned on its
own and merged into the draft, shared tiles held once, the status polled with an ETag, the host's save, and the
bounds (seats of the game, links living with their draft)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from support.pages import hidden
from support.saved_games import games_app

from marquoir.storage import all_games, get_draft
from marquoir.storage.schema import drafts
from marquoir.web import db as web_db

KANAGAWA_4 = {"game": "base", "player_count": "4", "names-0": "Aiko", "names-1": "Ben", "names-2": "Chloé",
              "names-3": "Dai", "mode": "sheet"}
BONSAI_3 = {"game": "bonsai", "player_count": "3", "names-0": "Ema", "names-1": "Fumi", "names-2": "Gus",
            "mode": "sheet", "goal_colours": ["green", "brown", "pink"]}


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return games_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def engine_of(app: Flask) -> Any:
    return app.extensions[web_db.EXTENSION].engine


def new_table(client: FlaskClient, setup: dict[str, Any] = KANAGAWA_4) -> tuple[str, str]:
    """A new game's draft token and its table link."""
    made = client.post("/new", data=setup)
    assert made.status_code == 303, made.get_data(as_text=True)[:300]
    token = made.headers["Location"].split("/")[2]
    assert "table-offer" in client.get(made.headers["Location"]).get_data(as_text=True)
    opened = client.post(f"/d/{token}/table")
    assert opened.status_code == 303 and opened.headers["Location"] == f"/d/{token}/table"
    host = client.get(f"/d/{token}/table").get_data(as_text=True)
    match = re.search(r'id="table-link">[^<]*/t/([A-Za-z0-9_-]+)<', host)
    assert match, host[:500]
    assert "<svg" in host  # its QR code
    return token, match.group(1)


def kanagawa_part(version: int = 0, **values: Any) -> dict[str, Any]:
    part: dict[str, Any] = {"version": str(version), "print_cards": "9", "season_chain": "3", "harmony": "2"}
    part.update(values)
    return part


def table_doc(app: Flask, token: str) -> dict[str, Any]:
    draft = get_draft(engine_of(app), token)
    assert draft is not None
    return dict(draft.document["table"])


def test_each_seat_is_merged_into_the_draft_and_phones_on_different_seats_never_conflict(
    app: Flask, client: FlaskClient
) -> None:
    token, link = new_table(client)
    assert "Aiko" in client.get(f"/t/{link}").get_data(as_text=True)
    other = app.test_client()  # another phone, which read seat 1 at version 0 too
    first = client.post(f"/t/{link}/0", data=kanagawa_part(print_cards="12", diplomas=["trees-3"]))
    second = other.post(f"/t/{link}/1", data=kanagawa_part(print_cards="7", grand_master="y", action="done"))
    assert first.status_code == second.status_code == 303
    players = table_doc(app, token)["players"]
    assert players[0]["sheet"]["print_cards"] == 12 and players[0]["sheet"]["diplomas"] == ["trees-3"]
    assert players[1]["sheet"]["print_cards"] == 7 and players[1]["sheet"]["grand_master"] is True
    assert players[2]["sheet"]["print_cards"] == 1  # untouched
    page = client.get(f"/t/{link}/0").get_data(as_text=True)
    assert hidden(page, "version") == "1"
    assert 'value="12"' in page


def test_the_same_seat_twice_shows_both_versions_and_keeping_mine_wins(app: Flask, client: FlaskClient) -> None:
    token, link = new_table(client)
    assert client.post(f"/t/{link}/2", data=kanagawa_part(print_cards="10")).status_code == 303
    late = app.test_client().post(f"/t/{link}/2", data=kanagawa_part(print_cards="15"))  # read at version 0
    page = late.get_data(as_text=True)
    assert late.status_code == 409 and "seat-conflict" in page
    assert re.search(r"<td>15</td><td>10</td>", page)  # mine, and the one on the table
    assert table_doc(app, token)["players"][2]["sheet"]["print_cards"] == 10  # nothing overwritten yet
    mine = client.post(f"/t/{link}/2", data=kanagawa_part(version=int(hidden(page, "version")), print_cards="15"))
    assert mine.status_code == 303
    assert table_doc(app, token)["players"][2]["sheet"]["print_cards"] == 15


def test_a_shared_tile_has_one_holder_and_the_second_claimant_sees_who(app: Flask, client: FlaskClient) -> None:
    token, link = new_table(client)
    client.post(f"/t/{link}/0", data=kanagawa_part(diplomas=["trees-3"], grand_master="y"))
    refused = client.post(f"/t/{link}/3", data=kanagawa_part(diplomas=["trees-3", "buildings-2"]))
    text = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "Aiko holds it already" in text
    assert table_doc(app, token)["players"][3]["sheet"]["diplomas"] == []  # nothing of it was taken
    page = client.get(f"/t/{link}/3").get_data(as_text=True)
    assert "Aiko holds it" in page  # shown beside the tile as it is typed
    gm = client.post(f"/t/{link}/1", data=kanagawa_part(grand_master="y"))
    assert gm.status_code == 422 and "Aiko holds it already: Grand Master" in gm.get_data(as_text=True)


def test_a_number_out_of_bounds_is_named_and_kept_as_typed(app: Flask, client: FlaskClient) -> None:
    _token, link = new_table(client)
    answer = client.post(f"/t/{link}/0", data=kanagawa_part(season_chain="300"))
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "from 0 to 99" in text and 'value="300"' in text


def test_the_status_has_an_etag_and_answers_304_when_nothing_changed(app: Flask, client: FlaskClient) -> None:
    _token, link = new_table(client)
    first = client.get(f"/t/{link}/status")
    news = json.loads(first.get_data())
    assert [p["name"] for p in news["players"]] == ["Aiko", "Ben", "Chloé", "Dai"]
    assert {p["state"] for p in news["players"]} == {"waiting"} and not news["done"]
    same = client.get(f"/t/{link}/status", headers={"If-None-Match": first.headers["ETag"]})
    assert same.status_code == 304 and same.get_data() == b""
    head = sum(len(name) + len(value) + 4 for name, value in same.headers.to_wsgi_list())
    assert head + len("HTTP/1.1 304 Not Modified\r\n\r\n") <= 2048  # ≤ 2 KB when nothing changed
    client.post(f"/t/{link}/1", data=kanagawa_part(print_cards="8", action="done"))
    changed = client.get(f"/t/{link}/status", headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200
    ben = json.loads(changed.get_data())["players"][1]
    assert ben["state"] == "done" and ben["total"] > 0


def test_the_host_saves_once_and_the_other_phones_then_see_the_saved_game(app: Flask, client: FlaskClient) -> None:
    token, link = new_table(client)
    phone = app.test_client()
    for seat in range(4):
        phone.post(f"/t/{link}/{seat}", data=kanagawa_part(print_cards=str(5 + seat), action="done"))
    assert "Every player is done." in client.get(f"/d/{token}/table").get_data(as_text=True)
    review = client.post(f"/d/{token}/table/review")
    assert review.headers["Location"] == f"/d/{token}/results"
    results = client.get(review.headers["Location"]).get_data(as_text=True)
    data = {"table": hidden(results), "draft": token, "save_key": hidden(results, "save_key")}
    client.post("/games/save", data=data)
    client.post("/games/save", data=data)  # a double tap saves one game
    saved = all_games(engine_of(app))
    assert len(saved) == 1
    assert [p["sheet"]["print_cards"] for p in saved[0].document["players"]] == [5, 6, 7, 8]
    news = json.loads(phone.get(f"/t/{link}/status").get_data())
    assert news["saved"].endswith(saved[0].share_token)
    assert "see the saved game" in phone.get(f"/t/{link}/2").get_data(as_text=True)
    late = phone.post(f"/t/{link}/2", data=kanagawa_part(version=1, print_cards="30"))
    assert late.status_code == 303  # nothing changes once saved: the phone is shown the saved game
    assert all_games(engine_of(app))[0].document["players"][2]["sheet"]["print_cards"] == 7


def test_seats_are_the_games_players_and_the_link_expires_with_its_draft(app: Flask, client: FlaskClient) -> None:
    token, link = new_table(client, BONSAI_3)
    assert client.get(f"/t/{link}/3").status_code == 404
    assert client.post(f"/t/{link}/7", data={"version": "0"}).status_code == 404
    assert client.get("/t/not-a-table-link-at-all").status_code == 404
    assert client.get(f"/t/{link}/2").status_code == 200
    with engine_of(app).begin() as connection:
        connection.execute(drafts.update().values(expires_at=datetime.now(UTC) - timedelta(minutes=1)))
    assert client.get(f"/t/{link}").status_code == 404
    assert client.get(f"/t/{link}/2").status_code == 404
    assert client.post(f"/d/{token}/table").status_code == 404


def test_bonsai_goals_are_held_once_and_its_figures_merged(app: Flask, client: FlaskClient) -> None:
    token, link = new_table(client, BONSAI_3)
    page = client.get(f"/t/{link}/0").get_data(as_text=True)
    goals = re.findall(r'name="goals" value="([^"]+)"', page)
    assert goals
    part = {"version": "0", "leaves": "4", "flowers": "6", "fruits": "2", "parchments": "0", "goals": [goals[0]]}
    assert client.post(f"/t/{link}/0", data=part).status_code == 303
    assert table_doc(app, token)["players"][0]["sheet"]["goals"] == [goals[0]]
    refused = client.post(f"/t/{link}/1", data=part)
    assert refused.status_code == 422 and "Ema holds it already" in refused.get_data(as_text=True)


def test_table_links_whose_draft_is_gone_are_swept(app: Flask, client: FlaskClient) -> None:
    token, _link = new_table(client)
    with engine_of(app).begin() as connection:
        connection.execute(drafts.delete().where(drafts.c.token == token))
    new_table(client)  # opening another table sweeps the orphan
    with engine_of(app).connect() as connection:
        assert connection.execute(sa.text("SELECT count(*) FROM game_tables")).scalar() == 1


def test_a_phone_asking_for_json_is_answered_in_json(app: Flask, client: FlaskClient) -> None:
    _token, link = new_table(client)
    answer = client.post(f"/t/{link}/0", data=kanagawa_part(), headers={"Accept": "application/json"})
    assert answer.status_code == 200 and answer.get_json() == {"outcome": "written", "version": 1}
    again = client.post(f"/t/{link}/0", data=kanagawa_part(), headers={"Accept": "application/json"})
    assert again.status_code == 409 and again.get_json()["version"] == 1


def test_each_phone_has_its_own_language(app: Flask, client: FlaskClient) -> None:
    _token, link = new_table(client)
    french = app.test_client()
    french.set_cookie("marquoir_lang", "fr")
    page = french.get(f"/t/{link}/1").get_data(as_text=True)
    assert "Votre partie\u00a0: Ben" in page and "Pas commencé" in page
    assert "Your part: Ben" in client.get(f"/t/{link}/1").get_data(as_text=True)


def test_a_refused_merge_changes_nothing(app: Flask, client: FlaskClient) -> None:
    """The merge runs inside the seat's write transaction: when it refuses, neither the draft nor the seat's
    version moves."""
    from marquoir.storage.seats import get_table, write_seat

    token, link = new_table(client)
    before = table_doc(app, token)

    def refuse(document: Any) -> dict[str, Any]:
        raise ValueError("no")

    with pytest.raises(ValueError):
        write_seat(engine_of(app), link, 0, 0, refuse, done=True)
    found = get_table(engine_of(app), link)
    assert found is not None and found.version == 0 and found.seat(0).version == 0
    assert table_doc(app, token) == before


def bonsai_part(version: int = 0, player: str | None = None, **values: Any) -> dict[str, Any]:
    part: dict[str, Any] = {"version": str(version), "leaves": "4", "flowers": "6", "fruits": "2", "parchments": "0"}
    if player is not None:
        part["player"] = player
    part.update(values)
    return part


def test_the_first_player_is_a_shared_part_versioned_on_its_own(app: Flask, client: FlaskClient) -> None:
    """Bonsai's first player (the turn order breaks ties): set from any phone without touching a seat's version;
    the players turn around the table and each seat follows its player, so a phone that read its page before
    still writes its own player; two phones setting it at once see both and choose."""
    token, link = new_table(client, BONSAI_3)
    fumi = app.test_client()
    assert fumi.post(f"/t/{link}/1", data=bonsai_part(player="Fumi", leaves="7")).status_code == 303
    page = client.get(f"/t/{link}/0").get_data(as_text=True)
    assert re.search(r'<select name="value" id="shared-first_player">\s*<option selected>Ema</option>', page)
    version = re.search(r'data-shared="first_player">.*?name="version" value="(\d+)"', page, re.S)
    assert version and version.group(1) == "0"
    moved = client.post(f"/t/{link}/0/shared/first_player", data={"version": "0", "value": "Gus"})
    assert moved.status_code == 303 and moved.headers["Location"] == f"/t/{link}/1"  # Ema's phone follows her
    assert [p["name"] for p in table_doc(app, token)["players"]] == ["Gus", "Ema", "Fumi"]
    news = json.loads(client.get(f"/t/{link}/status").get_data())
    assert news["shared"] == {"first_player": "Gus"}
    assert [p["state"] for p in news["players"]] == ["waiting", "waiting", "entering"]  # Fumi's seat moved with her
    # Fumi's phone read seat 1 at version 1: its part lands on Fumi, now third, without a conflict.
    again = fumi.post(f"/t/{link}/1", data=bonsai_part(version=1, player="Fumi", leaves="9"))
    assert again.status_code == 303 and again.headers["Location"] == f"/t/{link}/2"
    players = table_doc(app, token)["players"]
    assert players[2]["name"] == "Fumi" and players[2]["sheet"]["leaves"] == 9
    assert players[1]["sheet"]["leaves"] == 0  # Ema, who now sits at 1, untouched
    # A phone that read the part at version 0 (before Gus) sets Fumi: both versions shown, nothing changed.
    late = fumi.post(f"/t/{link}/2/shared/first_player", data={"version": "0", "value": "Fumi"})
    text = late.get_data(as_text=True)
    assert late.status_code == 409 and 'id="shared-conflict"' in text
    assert "yours is Fumi, the one on the table now is Gus" in text
    assert table_doc(app, token)["players"][0]["name"] == "Gus"
    kept = re.search(r'data-shared="first_player">.*?name="version" value="(\d+)"', text, re.S)
    assert kept and kept.group(1) == "1"
    mine = fumi.post(f"/t/{link}/2/shared/first_player", data={"version": kept.group(1), "value": "Fumi"})
    assert mine.status_code == 303
    assert [p["name"] for p in table_doc(app, token)["players"]] == ["Fumi", "Gus", "Ema"]
    refused = fumi.post(f"/t/{link}/0/shared/first_player", data={"version": "2", "value": "Zoé"})
    assert refused.status_code == 422 and "Choose one of the players." in refused.get_data(as_text=True)
    assert client.post(f"/t/{link}/0/shared/no_such_part", data={"version": "0", "value": "Ema"}).status_code == 404
    # The host sets it too, from its own page.
    host = client.post(f"/d/{token}/table/shared/first_player", data={"version": "2", "value": "Ema"})
    assert host.status_code == 303 and host.headers["Location"] == f"/d/{token}/table"
    assert table_doc(app, token)["players"][0]["name"] == "Ema"


def test_the_storm_tokens_held_with_their_diplomas_are_read_on_every_phone(app: Flask, client: FlaskClient) -> None:
    _token, link = new_table(client)
    news = json.loads(client.get(f"/t/{link}/status").get_data())
    assert news["facts"] == [["Storm tokens", "3 left in the box"]]
    client.post(f"/t/{link}/1", data=kanagawa_part(diplomas=["trees-4", "buildings-3"]))
    client.post(f"/t/{link}/2", data=kanagawa_part(diplomas=["characters-2-different"]))
    news = json.loads(client.get(f"/t/{link}/status").get_data())
    (label, words), = news["facts"]
    assert label == "Storm tokens" and words.startswith("Ben: ") and words.endswith("; 1 left in the box")
    assert "Chloé" not in words  # her Diploma carries no Storm token
    page = app.test_client().get(f"/t/{link}/3").get_data(as_text=True)
    assert "<dt>Storm tokens</dt>" in page and "1 left in the box" in page


def test_a_seat_is_shown_its_players_issues_from_the_legality_pass_in_words(app: Flask, client: FlaskClient) -> None:
    """What the one-person entry checks, the seat checks, by the game's own legality pass: one Diploma per family
    and the sheet's bounds, each beside its figure, never an issue code."""
    from marquoir.scoring import score
    from marquoir.web.documents import dump, read_document

    token, link = new_table(client)
    client.post(f"/t/{link}/0", data=kanagawa_part(print_cards="3", season_chain="5",
                                                  diplomas=["trees-3", "trees-4"]))
    _doc, table = read_document(dump(table_doc(app, token)))
    mine = [i for i in score(table).issues if i.player == "Aiko"]
    assert {i.code for i in mine} >= {"DIPLOMA_SAME_FAMILY", "SHEET"}
    page = client.get(f"/t/{link}/0").get_data(as_text=True)
    beside = dict(re.findall(r'data-issue-for="([a-z_]*)"[^>]*>(.*?)</div>', page, re.S))
    assert "one Diploma per family" in beside["diplomas"]
    assert "a chain of 5 is longer than the Print (3 cards)" in beside["season_chain"]
    for issue in mine:
        assert issue.message in page.replace("&#39;", "'")
        assert issue.code not in page
    news = json.loads(client.get(f"/t/{link}/status").get_data())
    assert news["players"][0]["issues"]["season_chain"] == ["a chain of 5 is longer than the Print (3 cards)"]
    assert news["players"][1]["issues"] == {}
    french = app.test_client()
    french.set_cookie("marquoir_lang", "fr")
    # The status carries words: its ETag is the phone's language's, so a French phone never gets the English.
    assert json.loads(french.get(f"/t/{link}/status").get_data())["etag"] != news["etag"]


def test_a_game_started_from_a_group_is_saved_into_it_through_the_table_link(app: Flask, client: FlaskClient) -> None:
    """Point 4: the host's one save goes into the group the game was started from; the phones then show the
    saved game, whose link opens for them (they never opened the group)."""
    from marquoir.storage import get_game_by_edit_token, list_games

    made = client.post("/groups", data={"name": "Thursday club"})
    group = made.headers["Location"].split("/")[2]
    assert client.get(f"/g/{group}").status_code == 200
    token, link = new_table(client, {**KANAGAWA_4, "group": group})
    phone = app.test_client()
    for seat in range(4):
        phone.post(f"/t/{link}/{seat}", data=kanagawa_part(print_cards=str(6 + seat), action="done"))
    results = client.get(client.post(f"/d/{token}/table/review").headers["Location"]).get_data(as_text=True)
    chosen = re.search(r'<option value="([^"]*)" selected>', results)
    assert chosen and chosen.group(1) == group  # the group it was started from, chosen already
    saved = client.post("/games/save", data={"table": hidden(results), "draft": token, "group": group,
                                             "save_key": hidden(results, "save_key")})
    assert saved.status_code == 303
    edit = saved.headers["Location"].split("/")[2]
    game = get_game_by_edit_token(engine_of(app), edit)
    assert game is not None and game.group_id is not None
    assert [g.id for g in list_games(engine_of(app), group_id=game.group_id)] == [game.id]
    assert list_games(engine_of(app)) == []  # not outside the group
    news = json.loads(phone.get(f"/t/{link}/status").get_data())
    assert news["saved"] == f"/s/{game.share_token}"
    shown = phone.get(news["saved"])
    assert shown.status_code == 200 and "Dai" in shown.get_data(as_text=True)


def whole_sheet(page: str, token: str, figures: list[tuple[int, int, int]], grand_master: int) -> dict[str, str]:
    data = {"table": hidden(page), "draft": token, "grand_master": str(grand_master)}
    for i, (cards, chain, harmony) in enumerate(figures):
        data.update({f"players-{i}-print_cards": str(cards), f"players-{i}-season_chain": str(chain),
                     f"players-{i}-harmony": str(harmony)})
    return data


def test_the_hosts_whole_sheet_never_overwrites_a_seats_newer_part_in_silence(app: Flask, client: FlaskClient) -> None:
    """Point 4 while seats write: the host's whole sheet, typed from a page read before two phones sent their
    parts, is merged per player — the host's figures where no phone wrote, a phone's part where the host left
    it as it was, and where both changed it the phone's is kept and the host is shown their own version."""
    token, link = new_table(client)
    page = client.get(f"/d/{token}").get_data(as_text=True)  # the host's page, read before the phones wrote
    phone = app.test_client()
    assert phone.post(f"/t/{link}/1", data=kanagawa_part(print_cards="8")).status_code == 303
    assert phone.post(f"/t/{link}/2", data=kanagawa_part(print_cards="11")).status_code == 303
    base = [(p["sheet"].get("print_cards", 1), p["sheet"].get("season_chain", 0), p["sheet"].get("harmony", 0))
            for p in json.loads(hidden(page))["players"]]
    sent = client.post("/sheet", data=whole_sheet(page, token, [(10, 4, 3), base[1], (6, 2, 1), (5, 2, 0)], 0))
    assert sent.status_code == 303, sent.get_data(as_text=True)[:500]
    players = table_doc(app, token)["players"]
    assert [p["sheet"]["print_cards"] for p in players] == [10, 8, 11, 5]
    assert players[1]["sheet"]["season_chain"] == 3  # Ben's part as his phone sent it, whole
    results = client.get(sent.headers["Location"]).get_data(as_text=True)
    assert "Kept from the phones at the table, sent after this page was opened: Ben." in results
    assert "Chloé’s phone sent their part after this page was opened: theirs is kept" in results
    assert "Yours was: Print cards 6; Season chain 2; Harmony symbols 1" in results
    # A page read after the phones wrote is the host's whole: nothing is merged any more.
    page = client.get(f"/d/{token}").get_data(as_text=True)
    again = client.post("/sheet", data=whole_sheet(page, token, [(10, 4, 3), (9, 3, 2), (6, 2, 1), (5, 2, 0)], 0))
    assert [p["sheet"]["print_cards"] for p in table_doc(app, token)["players"]] == [10, 9, 6, 5]
    assert "Kept from the phones" not in client.get(again.headers["Location"]).get_data(as_text=True)


def test_the_hosts_whole_sheet_keeps_a_first_player_set_from_a_phone(app: Flask, client: FlaskClient) -> None:
    token, link = new_table(client, BONSAI_3)
    page = client.get(f"/d/{token}").get_data(as_text=True)
    assert client.post(f"/t/{link}/0/shared/first_player", data={"version": "0", "value": "Fumi"}).status_code == 303
    data = {"table": hidden(page), "draft": token}
    for i in range(3):
        data.update({f"players-{i}-leaves": str(i + 1), f"players-{i}-flowers": "0", f"players-{i}-fruits": "0",
                     f"players-{i}-parchments": "0"})
    sent = client.post("/bonsai/sheet", data=data)
    assert sent.status_code == 303, sent.get_data(as_text=True)[:500]
    players = table_doc(app, token)["players"]
    assert [p["name"] for p in players] == ["Fumi", "Gus", "Ema"]
    assert [p["sheet"]["leaves"] for p in players] == [2, 3, 1]  # each host's figure stayed with its player


def test_a_bonsai_entered_tile_by_tile_gives_each_phone_its_own_pot(app: Flask, client: FlaskClient) -> None:
    """Point 1's tiles: a seat of a game entered tile by tile taps its own pot, each tap one step of the tile page's
    own (one path), through the seat's version; the goal tiles held once as on the sheet."""
    token, link = new_table(client, {**BONSAI_3, "mode": "detailed"})
    page = client.get(f"/t/{link}/1").get_data(as_text=True)
    assert 'form="tiles-form" name="action" value="cycle:0:1"' in page and 'id="tiles-form"' in page
    phone = app.test_client()
    assert phone.post(f"/t/{link}/1", data={"version": "0", "player": "Fumi", "action": "cycle:0:1"}).status_code == 303
    again = phone.post(f"/t/{link}/1", data={"version": "1", "player": "Fumi", "action": "cycle:0:1"})
    assert again.status_code == 303 and again.headers["Location"] == f"/t/{link}/1"
    players = table_doc(app, token)["players"]
    assert players[1]["tiles"] == [{"at": [0, 1], "kind": "leaf"}]  # a wood tile, then a leaf: two taps
    assert players[0].get("tiles", []) == [] and players[2].get("tiles", []) == []
    # A phone that read the pot before those taps is shown both versions; nothing changed.
    stale = client.post(f"/t/{link}/1", data={"version": "0", "player": "Fumi", "action": "cycle:1:1"})
    assert stale.status_code == 409 and 'id="seat-conflict"' in stale.get_data(as_text=True)
    assert len(table_doc(app, token)["players"][1]["tiles"]) == 1
    # A button the pot does not offer, or another page's, is refused in words.
    far = phone.post(f"/t/{link}/1", data={"version": "2", "player": "Fumi", "action": "cycle:40:40"})
    assert far.status_code == 422 and "cannot be changed on this grid" in far.get_data(as_text=True)
    other = phone.post(f"/t/{link}/1", data={"version": "2", "player": "Fumi", "action": "player:0"})
    assert other.status_code == 422 and "this page has no such button" in other.get_data(as_text=True)
    shown = client.get(f"/t/{link}/1").get_data(as_text=True)
    assert "kind-leaf" in shown  # the leaf on the pot, drawn
    news = json.loads(client.get(f"/t/{link}/status").get_data())
    assert news["players"][1]["state"] == "entering" and news["players"][1]["total"] > 0
    goals = re.findall(r'name="goals" value="([^"]+)"', shown)
    assert goals
    assert phone.post(f"/t/{link}/1", data={"version": "2", "player": "Fumi", "goals": [goals[0]],
                                              "action": "done"}).status_code == 303
    refused = client.post(f"/t/{link}/2", data={"version": "0", "player": "Gus", "goals": [goals[0]]})
    assert refused.status_code == 422 and "Fumi holds it already" in refused.get_data(as_text=True)
    assert table_doc(app, token)["players"][1]["tiles"] == [{"at": [0, 1], "kind": "leaf"}]  # goals left tiles be
    # The cards' counters are steps of the tile page too: one more Tool card, one more leaf Growth card.
    counted = client.get(f"/t/{link}/1").get_data(as_text=True)
    assert 'value="inc:tool"' in counted and 'value="dec:growth_leaf"' in counted
    assert phone.post(f"/t/{link}/1", data={"version": "3", "player": "Fumi", "action": "inc:tool"}).status_code == 303
    assert phone.post(f"/t/{link}/1", data={"version": "4", "player": "Fumi",
                                              "action": "inc:growth_leaf"}).status_code == 303
    fumi = table_doc(app, token)["players"][1]
    assert fumi["cards"] == {"tool": 1, "growth": ["leaf"]} and fumi["goals"] == [goals[0]]
    assert '<output class="num" aria-labelledby="seat-count-tool">1</output>' in client.get(
        f"/t/{link}/1").get_data(as_text=True)
    # The Parchment cards: ticked on the seat's form, one card of each in the deck, so held once at the table.
    parchments = {"version": "5", "player": "Fumi", "goals": [goals[0]], "parchments": ["leaf", "master"]}
    assert phone.post(f"/t/{link}/1", data=parchments).status_code == 303
    fumi = table_doc(app, token)["players"][1]
    assert fumi["cards"] == {"tool": 1, "growth": ["leaf"], "parchments": ["leaf", "master"]}
    assert fumi["tiles"] == [{"at": [0, 1], "kind": "leaf"}]  # the form leaves the pot as it was
    taken = client.post(f"/t/{link}/2", data={"version": "0", "player": "Gus", "parchments": ["master"]})
    assert taken.status_code == 422 and "Fumi holds it already" in taken.get_data(as_text=True)
    assert "Parchment per Master card" in client.get(f"/t/{link}/1").get_data(as_text=True)
    news = json.loads(client.get(f"/t/{link}/status").get_data())
    assert news["players"][1]["total"] > 0


def test_the_hosts_own_steps_on_a_player_no_phone_wrote_are_the_hosts(app: Flask, client: FlaskClient) -> None:
    """A page whose script keeps the game in its form as it goes (the tile page) sends the host's steps in its
    ``table``: a player no phone wrote is the host's as sent, a player a phone wrote keeps the phone's part."""
    token, link = new_table(client, {**BONSAI_3, "mode": "detailed"})
    page = client.get(f"/d/{token}").get_data(as_text=True)
    tap = {"version": "0", "player": "Fumi", "action": "cycle:0:1"}
    assert client.post(f"/t/{link}/1", data=tap).status_code == 303
    live = json.loads(hidden(page))
    live["players"][0]["tiles"] = [{"at": [0, 1], "kind": "leaf"}]  # the host's own tap, kept by its page's script
    sent = client.post("/bonsai/tiles", data={"table": json.dumps(live), "draft": token, "action": "score"})
    assert sent.status_code == 303, sent.get_data(as_text=True)[:400]
    players = table_doc(app, token)["players"]
    assert players[0]["tiles"] == [{"at": [0, 1], "kind": "leaf"}]  # Ema: the host's
    assert players[1]["tiles"] == [{"at": [0, 1], "kind": "wood"}]  # Fumi: her phone's


def test_every_write_of_the_table_link_is_limited_per_client() -> None:
    from marquoir.web import create_app
    from marquoir.web.limits import LIMITS

    app = create_app({"SECRET_KEY": "x", "TESTING": True, "DATABASE_URL": "sqlite://"})
    writes = {r.endpoint for r in app.url_map.iter_rules()
              if r.endpoint.startswith("table.") and "POST" in (r.methods or set())}
    assert writes >= {"table.write", "table.seat_shared", "table.host_shared"}
    assert writes <= set(LIMITS)


def test_a_kanagawa_entered_card_by_card_gives_each_phone_its_own_cards(app: Flask, client: FlaskClient) -> None:
    """Point 1's cards: a seat of a game entered card by card adds, moves and removes its own cards by the card
    page's own step (one path), through the seat's version; a card another player has is refused naming them, a
    stale page gets both versions; the Diplomas and the Grand Master are ticked on the seat's form, held once."""
    token, link = new_table(client, {**KANAGAWA_4, "mode": "detailed"})
    page = client.get(f"/t/{link}/1").get_data(as_text=True)
    assert 'id="tiles-form"' in page and 'name="action" value="add:5"' in page and 'name="start"' in page
    phone = app.test_client()
    added = phone.post(f"/t/{link}/1", data={"version": "0", "player": "Ben", "target": "print", "start": "S3",
                                               "action": "add:5"})
    assert added.status_code == 303 and added.headers["Location"] == f"/t/{link}/1"
    studio = phone.post(f"/t/{link}/1", data={"version": "1", "player": "Ben", "target": "studio", "start": "S3",
                                                "action": "add:7"})
    assert studio.status_code == 303
    players = table_doc(app, token)["players"]
    assert players[1]["print"] == [5] and players[1]["studio"] == [7] and players[1]["start"] == "S3"
    assert all(not p.get("print") and not p.get("studio") for i, p in enumerate(players) if i != 1)
    shown = client.get(f"/t/{link}/1").get_data(as_text=True)
    assert 'value="remove:print:0"' in shown and 'value="remove:studio:0"' in shown  # drawn by the card page
    news = json.loads(client.get(f"/t/{link}/status").get_data())
    assert news["players"][1]["state"] == "entering"
    # A card Ben has is refused to Aiko, naming him; nothing changed.
    refused = client.post(f"/t/{link}/0", data={"version": "0", "player": "Aiko", "target": "print",
                                                  "start": "S1", "action": "add:5"})
    assert refused.status_code == 422 and "Ben has this card already" in refused.get_data(as_text=True)
    assert table_doc(app, token)["players"][0].get("print", []) == []
    # A phone that read Ben's cards before those steps is shown both versions; nothing changed.
    stale = client.post(f"/t/{link}/1", data={"version": "0", "player": "Ben", "target": "print", "start": "S3",
                                                "action": "add:9"})
    assert stale.status_code == 409 and 'id="seat-conflict"' in stale.get_data(as_text=True)
    assert table_doc(app, token)["players"][1]["print"] == [5]
    # Another page's button (another player's tab) is refused in words.
    other = phone.post(f"/t/{link}/1", data={"version": "2", "player": "Ben", "action": "player:0"})
    assert other.status_code == 422 and "this page has no such button" in other.get_data(as_text=True)
    # A step keeps the Diplomas and the Grand Master as the table has them; the seat's form ticks them, held once.
    assert phone.post(f"/t/{link}/1", data={"version": "2", "player": "Ben", "diplomas": ["trees-3"],
                                              "grand_master": "y"}).status_code == 303
    moved = phone.post(f"/t/{link}/1", data={"version": "3", "player": "Ben", "target": "print", "start": "S3",
                                               "action": "remove:studio:0"})
    assert moved.status_code == 303
    ben = table_doc(app, token)["players"][1]
    assert ben["studio"] == [] and ben["diplomas"] == ["trees-3"] and ben["grand_master"] is True
    taken = client.post(f"/t/{link}/2", data={"version": "0", "player": "Chloé", "diplomas": ["trees-3"]})
    assert taken.status_code == 422 and "Ben holds it already" in taken.get_data(as_text=True)


def test_a_seats_write_between_the_hosts_merge_and_its_write_is_merged_not_overwritten(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 4's window: a phone's write that lands after the host's merge read the seats and before its write is
    caught in the write's own transaction (the table's version), and the host's sheet is merged again with it."""
    from marquoir.storage import seats as storage_seats
    from marquoir.web import table_sheet

    token, link = new_table(client)
    page = client.get(f"/d/{token}").get_data(as_text=True)
    phone = app.test_client()
    assert phone.post(f"/t/{link}/1", data=kanagawa_part(print_cards="8")).status_code == 303
    reads: list[int] = []
    read_table = storage_seats.get_table

    def read_then_a_phone_writes(engine: Any, token_: str, **kwargs: Any) -> Any:
        found = read_table(engine, token_, **kwargs)
        reads.append(found.version if found else -1)
        if len(reads) == 1:  # Chloé's phone writes just after the host's merge read the table
            written = storage_seats.write_seat(
                engine, token_, 2, 0,
                lambda doc: {**doc, "table": {**doc["table"], "players": [
                    {**p, "sheet": {**p["sheet"], "print_cards": 13}} if i == 2 else p
                    for i, p in enumerate(doc["table"]["players"])]}},
                done=False)
            assert written.outcome == "written"
        return found

    monkeypatch.setattr(table_sheet, "get_table", read_then_a_phone_writes)
    base = [(p["sheet"].get("print_cards", 1), p["sheet"].get("season_chain", 0), p["sheet"].get("harmony", 0))
            for p in json.loads(hidden(page))["players"]]
    sent = client.post("/sheet", data=whole_sheet(page, token, [(10, 4, 3), base[1], base[2], (5, 2, 0)], 0))
    assert sent.status_code == 303, sent.get_data(as_text=True)[:500]
    assert len(reads) == 2 and reads[1] == reads[0] + 1  # refused once in the write's transaction, merged again
    assert [p["sheet"]["print_cards"] for p in table_doc(app, token)["players"]] == [10, 8, 13, 5]


def test_the_hosts_card_page_keeps_the_cards_a_phone_added_meanwhile(app: Flask, client: FlaskClient) -> None:
    """Point 4 card by card: the host's card page, read before Ben's phone added a card, adds one to Aiko; Ben's
    card stays (his whole part is a phone's, merged back), Aiko's is the host's."""
    token, link = new_table(client, {**KANAGAWA_4, "mode": "detailed"})
    page = client.get(f"/d/{token}").get_data(as_text=True)
    assert app.test_client().post(f"/t/{link}/1", data={"version": "0", "player": "Ben", "target": "print",
                                                         "start": "S3", "action": "add:5"}).status_code == 303
    sent = client.post("/detailed", data={"table": hidden(page), "draft": token, "current": "0", "start": "S1",
                                          "target": "print", "grand_master": "", "action": "add:9"})
    assert sent.status_code == 303, sent.get_data(as_text=True)[:500]
    players = table_doc(app, token)["players"]
    assert players[0]["print"] == [9] and players[1]["print"] == [5] and players[1]["start"] == "S3"


def test_a_yokai_seat_adds_an_expansion_card_by_what_is_printed_on_it(app: Flask, client: FlaskClient) -> None:
    """The card page's expansion card at a seat: the same step (``add-custom``), its fields sent with it; a card's
    field in error is refused in words and nothing changes."""
    setup = {**KANAGAWA_4, "mode": "detailed", "game": "yokai", "base_families": ["trees", "animals"],
             "expansion_families": ["kites", "umbrellas"]}
    token, link = new_table(client, setup)
    page = client.get(f"/t/{link}/2").get_data(as_text=True)
    assert 'value="add-custom"' in page and 'name="yokai_tokens"' in page
    card = {"version": "0", "player": "Chloé", "target": "print", "start": "S1", "c_half": "print",
            "c_family": "kites", "c_season": "autumn", "c_kites_blue": "1", "c_harmony": "1", "action": "add-custom"}
    bad = client.post(f"/t/{link}/2", data={**card, "c_lanterns": "7"})
    assert bad.status_code == 422 and "Correct the card" in bad.get_data(as_text=True)
    assert client.post(f"/t/{link}/2", data=card).status_code == 303
    chloe = table_doc(app, token)["players"][2]
    assert chloe["print"] == [{"family": "kites", "season": "autumn", "harmony": 1, "kites": ["blue"]}]
