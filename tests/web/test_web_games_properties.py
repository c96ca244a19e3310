"""Properties of saved games through the web app, over generated games: whatever was saved comes back whole (its
read-only page, its document, the CSV), and the games list finds it by any of its players' names."""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from markupsafe import escape
from support.examples import examples
from support.saved_games import games_app, share_token_in, sheet_game, sheet_player

from marquoir import load_table, parse_table, score, table_to_document
from marquoir.storage import name_key

NAME = st.text(
    alphabet=st.characters(categories=["L", "N", "P", "S"], exclude_characters="\u2028\u2029"),
    min_size=1,
    max_size=40,
).filter(lambda n: n.strip() == n and bool(name_key(n)))

PLAYER = st.tuples(st.integers(1, 20), st.integers(0, 12), st.integers(-5, 9), st.booleans())


def cell_name(cell: str) -> str:
    """A name as written in the CSV: a leading apostrophe keeps a spreadsheet from running ``=…`` as a formula."""
    return cell[1:] if cell[:1] == "'" and cell[1:2] in ("=", "+", "-", "@") else cell


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    yield games_app(Path(tmp_path_factory.mktemp("properties")))


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@examples(30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(NAME, min_size=2, max_size=4, unique_by=name_key), data=st.data())
def test_a_saved_game_comes_back_whole(client: FlaskClient, names: list[str], data: st.DataObject) -> None:
    figures = data.draw(st.lists(PLAYER, min_size=len(names), max_size=len(names)))
    holder = data.draw(st.integers(-1, len(names) - 1))
    players = [
        sheet_player(name, cards, min(chain, cards), harmony, grand_master=i == holder)
        for i, (name, (cards, chain, harmony, _unused)) in enumerate(zip(names, figures, strict=True))
    ]
    table = sheet_game(*players)
    response = client.post("/games/save", data={"table": table})
    assert response.status_code == 303, response.data[:300]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    share = share_token_in(page)
    report = score(load_table(table))
    shown = client.get(f"/s/{share}").get_data(as_text=True)
    # A name comes back composed (NFC), as every name is read: "豈" (U+F900) is U+8C48, the same character.
    composed = [unicodedata.normalize("NFC", n) for n in names]
    for index, (name, player) in enumerate(zip(composed, report.players, strict=True)):
        assert str(escape(name)) in shown
        assert f'data-total="{index}">{player.total}<' in shown
    document = json.loads(client.get(f"/s/{share}/table.json").data)
    assert table_to_document(parse_table(document)) == table_to_document(load_table(table))
    for name in names:
        typed = name.upper() if name_key(name.upper()) == name_key(name) else name  # capitals do not matter
        found = client.get("/games", query_string={"player": typed}).get_data(as_text=True)
        assert f"/s/{share}" in found, name
    rows = list(csv.DictReader(io.StringIO(client.get("/games/export.csv").get_data(as_text=True))))
    mine = [r for r in rows if cell_name(r["player"]) in composed and int(r["players"]) == len(names)]
    totals = {cell_name(r["player"]): int(r["total"]) for r in mine}  # the newest game's row comes last
    assert {n: totals.get(n) for n in composed} == {p.name: p.total for p in report.players}


def test_a_name_typed_in_a_compatibility_form_comes_back_composed(client: FlaskClient) -> None:
    """"豈" typed as U+F900 (a CJK compatibility ideograph) is read composed, U+8C48, as every name is (NFC):
    the saved game shows it, lists it and exports it as one player."""
    table = sheet_game(sheet_player("\uf900", 5, 3), sheet_player("Ben", 4, 2))
    response = client.post("/games/save", data={"table": table})
    assert response.status_code == 303
    share = share_token_in(client.get(response.headers["Location"]).get_data(as_text=True))
    shown = client.get(f"/s/{share}").get_data(as_text=True)
    assert "\u8c48" in shown and "\uf900" not in shown
    assert f"/s/{share}" in client.get("/games", query_string={"player": "\uf900"}).get_data(as_text=True)
