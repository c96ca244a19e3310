"""Names on every form that takes one (a new game's players, a group, a rename, a merge): kept in Unicode's composed
form, refused with a clear message when nothing readable is left once cleaned (a name of combining accents alone
was a 500), never a 500 whatever the characters; and two seats of one game are two players in the statistics,
whatever their accents and capitals."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from support.examples import examples
from support.pages import hidden
from support.saved_games import games_app, sheet_game, sheet_player, token_of

from marquoir.storage import get_group_by_token, player_records
from marquoir.storage.rows import seat_keys
from marquoir.web import db as web_db

ACCENTS = "\u0301\u0300\u0308"
REFUSED = "A name needs a letter, a figure or a sign"
#: Every Unicode category, surrogates aside (a form's text is UTF-8: they cannot be sent).
CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf",
              "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cn")  # fmt: skip
names = st.text(st.characters(categories=CATEGORIES), max_size=50)  # type: ignore[arg-type]


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    return games_app(tmp_path).test_client()


def group_of(client: FlaskClient, name: str = "Club", *, with_game: bool = False) -> str:
    response = client.post("/groups", data={"name": name})
    assert response.status_code == 303
    token = token_of(response.headers["Location"], "g")
    if with_game:  # Aiko and Ben played in it: its players page has its forms
        table = sheet_game(sheet_player("Aiko", 5), sheet_player("Ben", 4))
        results = client.post("/results", follow_redirects=True, data={"table": table}).get_data(as_text=True)
        saved = client.post("/games/save", data={"table": hidden(results), "group": token})
        assert saved.status_code == 303
    return token


def new_game(client: FlaskClient, *players: str) -> int:
    data = {"player_count": str(len(players)), "game": "base", "mode": "sheet"}
    data.update({f"names-{i}": name for i, name in enumerate(players)})
    return client.post("/new", data=data).status_code


def test_a_name_of_accents_alone_is_refused_clearly_on_every_form(client: FlaskClient) -> None:
    accents = ACCENTS + " \u200d"
    response = client.post("/groups", data={"name": accents})
    assert response.status_code == 422 and REFUSED in response.get_data(as_text=True)
    data = {"player_count": "2", "game": "base", "mode": "sheet", "names-0": "Aiko", "names-1": accents}
    response = client.post("/new", data=data)
    assert response.status_code == 422 and REFUSED in response.get_data(as_text=True)
    token = group_of(client, with_game=True)
    for path, fields in (("rename", {"player": "Aiko", "new_name": accents}),
                         ("merge", {"merged": accents, "into": "Aiko"})):  # fmt: skip
        response = client.post(f"/g/{token}/players/{path}", data=fields)
        assert response.status_code == 422 and REFUSED in response.get_data(as_text=True), path


def test_names_are_kept_composed(client: FlaskClient) -> None:
    token = group_of(client, "E\u0301mile\u00a0 et\u200b  Zoe\u0308")
    engine = client.application.extensions[web_db.EXTENSION].engine
    group = get_group_by_token(engine, token)
    assert group is not None and group.name == "Émile et Zoë"


@examples(60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=names)
def test_no_name_on_any_form_is_a_500(client: FlaskClient, name: str) -> None:
    group = client.post("/groups", data={"name": name})
    assert group.status_code in (303, 422), group.status_code
    assert new_game(client, "Aiko", name) in (303, 422)
    token = group_of(client, with_game=True)
    for path, fields in (("rename", {"player": "Aiko", "new_name": name}),
                         ("merge", {"merged": name, "into": "Aiko"})):  # fmt: skip
        assert client.post(f"/g/{token}/players/{path}", data=fields).status_code in (303, 422)
    if group.status_code == 303:
        engine = client.application.extensions[web_db.EXTENSION].engine
        kept = get_group_by_token(engine, token_of(group.headers["Location"], "g"))
        assert kept is not None and kept.name == unicodedata.normalize("NFC", kept.name) and kept.name.strip()


def test_four_ways_of_writing_anna_at_one_table_are_four_players(tmp_path: Path) -> None:
    app = games_app(tmp_path)
    client = app.test_client()
    players = [sheet_player(name, 10 - n) for n, name in enumerate(("Anna", "anna", "ANNA", "Ánna"))]
    results = client.post("/results", follow_redirects=True, data={"table": sheet_game(*players)})
    assert client.post("/games/save", data={"table": hidden(results.get_data(as_text=True))}).status_code == 303
    engine = app.extensions[web_db.EXTENSION].engine
    records = player_records(engine, "kanagawa")
    assert sorted(r.name for r in records) == ["ANNA", "Anna", "anna", "Ánna"]
    assert all(r.games == 1 for r in records) and sum(r.wins for r in records) == 1
    # Another game with Anna alone counts as the first seat's player, as before.
    results = client.post("/results", follow_redirects=True,
                          data={"table": sheet_game(sheet_player("anna", 3), sheet_player("Ben", 2))})  # fmt: skip
    assert client.post("/games/save", data={"table": hidden(results.get_data(as_text=True))}).status_code == 303
    again = {r.key: r.games for r in player_records(engine, "kanagawa")}
    assert again["anna"] == 2 and len(again) == 5


def test_seat_keys_never_repeat_in_one_game() -> None:
    assert seat_keys(["Anna", "anna", "ANNA", "Ánna"]) == ["anna", "anna #2", "ANNA", "ánna"]
    assert seat_keys([ACCENTS, "Ben"]) == [unicodedata.normalize("NFC", ACCENTS), "ben"]
    assert len(set(seat_keys(["Ben", "Bob"], {"bob": "ben"}))) == 2  # a merge does not make two seats one
