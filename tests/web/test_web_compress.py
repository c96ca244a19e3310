"""Gzip on the wire (issue 10, item 5: "at most 20 KB sent per step, compressed"; marquoir/web/compress.py): the
answers of the pages' scripts and the static files are gzipped when the client asks, decode to the same bytes and
say ``Vary: Accept-Encoding``; a page with a form (its CSRF token beside what was typed: BREACH) never is."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, g, jsonify
from flask.testing import FlaskClient
from support.pages import hidden
from support.samples import sample_document
from support.saved_games import games_app

from marquoir.web.compress import compressed

GZIP = {"Accept-Language": "en", "Accept-Encoding": "gzip, deflate, br"}
PLAIN = {"Accept-Language": "en"}
NAMES = ["Alessandrina", "Bartholomews", "Christabelle", "Maximilienne"]
PRINT = [1, 13, 7, 8, 19, 22, 25, 28, 38, 40, 46, 55]
#: What one step of the picker may send, compressed (issue 10, item 5).
STEP_MOST = 20 * 1024


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """The app with CSRF on, as it is served: the token must be in the forms and out of the live answers."""
    return games_app(tmp_path_factory.mktemp("compress"), WTF_CSRF_ENABLED=True)


def _token(page: str) -> str:
    return hidden(page, "csrf_token")


def _new_game(client: FlaskClient) -> str:
    """The detailed entry page of a new 4-player base game (as a person reaches it: the draft's page)."""
    home = client.get("/", headers=PLAIN).get_data(as_text=True)
    data = {"csrf_token": _token(home), "game": "base", "player_count": "4", "mode": "detailed"}
    data.update({f"names-{i}": name for i, name in enumerate(NAMES)})
    response = client.post("/new", data=data, headers=GZIP, follow_redirects=True)
    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers  # a page with a form
    return response.get_data(as_text=True)


def _step(client: FlaskClient, page: str, table: str, action: str, headers: dict[str, str]) -> Any:
    data = {"csrf_token": _token(page), "table": table, "current": "0", "start": "S1", "target": "print",
            "action": action}
    if 'name="draft"' in page:
        data["draft"] = hidden(page, "draft")
    return client.post("/detailed/live", data=data, headers=headers)


def test_each_step_of_a_12_card_print_is_gzipped_and_at_most_20_kb(app: Flask) -> None:
    client = app.test_client()
    page = _new_game(client)
    token = _token(page)
    table = hidden(page)
    sizes = []
    for card in PRINT:
        response = _step(client, page, table, f"add:{card}", GZIP)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        assert response.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response.headers["Vary"]
        wire = response.get_data()  # the test client does not decode: these are the bytes sent
        assert int(response.headers["Content-Length"]) == len(wire)
        body = gzip.decompress(wire)
        answer = json.loads(body)
        assert not answer["refused"]
        assert token.encode() not in body and b"csrf_token" not in body  # no secret beside the text sent
        sizes.append((len(body), len(wire)))
        assert len(wire) <= STEP_MOST, (card, len(body), len(wire))
        table = answer["table"]
    assert json.loads(table)["players"][0]["print"] == PRINT
    raw, packed = sizes[-1]
    assert raw > STEP_MOST > 2 * packed  # the 12th step is over 20 KB as text, well under once compressed
    # The same step without Accept-Encoding: the same JSON, not encoded.
    last = json.loads(table)
    last["players"][0]["print"] = PRINT[:-1]
    gzipped = _step(client, page, json.dumps(last), f"add:{PRINT[-1]}", GZIP)
    plain = _step(client, page, json.dumps(last), f"add:{PRINT[-1]}", PLAIN)
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    assert "Accept-Encoding" in plain.headers["Vary"]
    assert plain.get_json() == json.loads(gzip.decompress(gzipped.get_data()))


def test_the_bonsai_live_answer_is_gzipped_too(app: Flask) -> None:
    client = app.test_client()
    token = _token(client.get("/", headers=PLAIN).get_data(as_text=True))
    data = {"csrf_token": token, "table": json.dumps(sample_document("bonsai-4p.json")), "current": "0"}
    gzipped = client.post("/bonsai/tiles/live", data=data, headers=GZIP)
    plain = client.post("/bonsai/tiles/live", data=data, headers=PLAIN)
    assert gzipped.status_code == plain.status_code == 200
    assert gzipped.headers["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain.headers
    assert json.loads(gzip.decompress(gzipped.get_data())) == plain.get_json()
    assert token.encode() not in plain.get_data()


@pytest.mark.parametrize("name", ["marquoir.css", "marquoir.js"])
def test_static_files_are_gzipped_when_asked(app: Flask, name: str) -> None:
    client = app.test_client()
    gzipped = client.get(f"/static/{name}", headers=GZIP)
    plain = client.get(f"/static/{name}", headers=PLAIN)
    assert gzipped.status_code == plain.status_code == 200
    assert gzipped.headers["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain.headers
    assert "Accept-Encoding" in gzipped.headers["Vary"] and "Accept-Encoding" in plain.headers["Vary"]
    assert gzip.decompress(gzipped.get_data()) == plain.get_data()
    plain.close()  # a file sent as it is stays open until its answer is closed
    assert len(gzipped.get_data()) < len(plain.get_data()) / 2
    # Asked again with its (weak) ETag: not sent again.
    etag = gzipped.headers["ETag"]
    assert etag.startswith("W/")
    again = client.get(f"/static/{name}", headers={**GZIP, "If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    again.close()


@pytest.mark.parametrize("path", ["/", "/diplomas", "/games", "/stats"])
def test_pages_are_never_gzipped(app: Flask, path: str) -> None:
    response = app.test_client().get(path, headers=GZIP)
    assert response.status_code in (200, 302, 303)
    assert "Content-Encoding" not in response.headers


def test_the_entry_page_with_its_token_is_not_gzipped(app: Flask) -> None:
    client = app.test_client()
    page = _new_game(client)  # asked with Accept-Encoding: gzip
    assert re.search(r'name="csrf_token"[^>]*value="[^"]+"', page)
    # The page without a script posts the whole form: its answer is a page with a form again.
    data = {"csrf_token": _token(page), "table": hidden(page), "current": "0", "start": "S1", "target": "print",
            "action": "add:12"}
    if 'name="draft"' in page:
        data["draft"] = hidden(page, "draft")
    response = client.post("/detailed", data=data, headers=GZIP, follow_redirects=True)
    assert response.status_code == 200 and "Content-Encoding" not in response.headers
    assert 'name="csrf_token"' in response.get_data(as_text=True)


def test_a_body_holding_the_request_s_token_is_never_gzipped(app: Flask, tmp_path: Path) -> None:
    """The second guard: even on a compressed route, an answer that holds the request's CSRF token is left as it
    is."""
    with app.test_request_context("/detailed/live", method="POST", headers=GZIP):
        g.csrf_token = "a-secret-token-0123456789"
        response = compressed(jsonify({"parts": "x" * 2000, "token": g.csrf_token}))
        assert "Content-Encoding" not in response.headers and b"a-secret-token" in response.get_data()
        del g.csrf_token
        response = compressed(jsonify({"parts": "x" * 2000}))
        assert response.headers["Content-Encoding"] == "gzip"
