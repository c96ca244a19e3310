"""Bad input never gives a 500, on the routes :mod:`test_web_fuzz` leaves out: Bonsai's pages (the sheet, the tile
by tile entry and its live JSON), the language switch, printing, the deep check's page, saving and correcting, and
the query strings of every page that reads one (hypothesis)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from support.examples import examples
from support.samples import sample_text
from support.saved_games import games_app, token_of
from test_web_fuzz import WORDS, assert_answered, field_text, json_values, paths

pytestmark = pytest.mark.slow

APP = games_app(Path(tempfile.mkdtemp(prefix="marquoir-fuzz-")), SECRET_KEY="fuzz-routes")
SETTINGS = examples(60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BONSAI_DOCS = [json.loads(sample_text(name)) for name in ("bonsai-2p.json", "bonsai-4p.json")]
KANAGAWA_DOCS = [json.loads(sample_text(name)) for name in ("base-2p.json", "yokai-3p.json")]
BONSAI_WORDS = st.sampled_from(
    ["cycle:0,0", "cycle:0,-1", "cycle:99,99", "cycle:a,b", "clear:0,1", "clear:", "flip", "inc:tool", "dec:tool",
     "inc:nothing", "dec:master", "remove-goal:0", "remove-goal:99", "remove-goal:x", "player:0", "player:5",
     "player:-1", "score", "growth_leaf", "on", "wood", "leaf", "flower", "fruit", "brown-1", "pink-3"]
)
bonsai_text = BONSAI_WORDS | field_text


@st.composite
def mangled(draw: st.DrawFn, docs: list[dict[str, Any]]) -> Any:
    """One of ``docs`` with one place changed: a value replaced, a key removed or an unknown key added."""
    doc = json.loads(json.dumps(draw(st.sampled_from(docs))))
    path = draw(st.sampled_from(paths(doc)[1:]))
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = draw(st.sampled_from(["replace", "delete", "add"]))
    if how == "replace":
        parent[last] = draw(json_values | WORDS | BONSAI_WORDS)
    elif how == "delete":
        del parent[last]
    elif isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
    else:
        parent.append(draw(json_values))
    return doc


def bonsai_fields(players: int = 4) -> list[str]:
    names = ["leaves", "flowers", "fruits", "parchments", "goal_points", "g_brown_1", "g_pink_3"]
    return [f"players-{i}-{name}" for i in range(players + 1) for name in names]


TILE_FIELDS = ["current", "action", "parchments", "goals_held", "growth_wood", "growth_leaf", "growth_flower",
               "growth_fruit", "tool", "master", "helper"]
bonsai_docs = st.one_of(st.sampled_from(BONSAI_DOCS), mangled(BONSAI_DOCS))


@SETTINGS
@given(doc=bonsai_docs, fields=st.dictionaries(st.sampled_from(bonsai_fields()), bonsai_text, max_size=16))
def test_bonsai_sheet_fuzz(doc: Any, fields: dict[str, str]) -> None:
    assert_answered(APP.test_client().post("/bonsai/sheet", follow_redirects=True,
                                           data={"table": json.dumps(doc), **fields}))


@SETTINGS
@given(doc=bonsai_docs, fields=st.dictionaries(st.sampled_from(TILE_FIELDS), bonsai_text, max_size=10))
def test_bonsai_tiles_fuzz(doc: Any, fields: dict[str, str]) -> None:
    client = APP.test_client()
    assert_answered(client.post("/bonsai/tiles", follow_redirects=True, data={"table": json.dumps(doc), **fields}))
    live = client.post("/bonsai/tiles/live", data={"table": json.dumps(doc), **fields})
    assert live.status_code in (200, 400) and live.is_json, live.get_data(as_text=True)[-800:]
    if live.status_code == 400:
        assert live.json is not None and live.json["error"] and isinstance(live.json["path"], str)


@SETTINGS
@given(
    doc=st.one_of(st.sampled_from([*KANAGAWA_DOCS, *BONSAI_DOCS]), mangled([*KANAGAWA_DOCS, *BONSAI_DOCS])),
    lang=field_text | st.sampled_from(["en", "fr"]),
    back=st.sampled_from(["", "results", "sheet", "x"]),
    next_url=st.sampled_from(["/", "/rules", "//evil.example/", "https://evil.example/", "javascript:alert(1)", ""]),
    with_table=st.booleans(),
)
def test_language_switch_fuzz(doc: Any, lang: str, back: str, next_url: str, with_table: bool) -> None:
    data = {"lang": lang, "back": back, "next": next_url}
    if with_table:
        data["table"] = json.dumps(doc)
    response = APP.test_client().post("/language", follow_redirects=True, data=data)
    assert_answered(response)
    if response.status_code in (302, 303):  # never away from the site
        location = response.headers["Location"]
        assert location.startswith("/") and not location.startswith("//"), location


PRINT_KEYS = ["game", "players", "yokai", "paper", "lang", "format", "names", "x"]


@SETTINGS
@given(
    doc=st.one_of(st.sampled_from([*KANAGAWA_DOCS, *BONSAI_DOCS]), mangled([*KANAGAWA_DOCS, *BONSAI_DOCS])),
    query=st.dictionaries(st.sampled_from(PRINT_KEYS), field_text | st.sampled_from(["pdf", "html", "a4", "letter",
                                                                                      "bonsai", "kanagawa", "4"])),
)
def test_printing_fuzz(doc: Any, query: dict[str, str]) -> None:
    client = APP.test_client()
    # HTML only: a PDF is a worker's job, bounded, and tested in test_web_workers.
    query = {key: value for key, value in query.items() if key != "format"}
    assert_answered(client.get("/print/blank", query_string=query))
    assert_answered(client.post("/print/game", data={"table": json.dumps(doc), **query}))


@SETTINGS
@given(doc=st.one_of(st.sampled_from(BONSAI_DOCS), mangled([*KANAGAWA_DOCS, *BONSAI_DOCS])))
def test_deep_check_page_fuzz(doc: Any) -> None:
    assert_answered(APP.test_client().post("/reach", data={"table": json.dumps(doc)}))


@SETTINGS
@given(
    doc=st.one_of(st.sampled_from([*KANAGAWA_DOCS, *BONSAI_DOCS]), mangled([*KANAGAWA_DOCS, *BONSAI_DOCS])),
    extra=st.dictionaries(st.sampled_from(["edit", "version", "save_key", "x"]), field_text, max_size=3),
)
def test_save_and_correct_fuzz(doc: Any, extra: dict[str, str]) -> None:
    client = APP.test_client()
    saved = client.post("/games/save", data={"table": json.dumps(doc), **extra})
    assert_answered(saved)
    assert_answered(client.post("/games/correct", data={"table": json.dumps(doc), **extra}))
    if saved.status_code == 303:
        token = token_of(saved.headers["Location"])
        assert_answered(client.post("/games/correct", data={"table": json.dumps(doc), "edit": token, **extra}))


QUERY_PAGES = ["/games", "/stats", "/print", "/print/blank", "/rules", "/", "/diplomas", "/groups"]
QUERY_KEYS = ["player", "page", "q", "game", "edition", "players", "from", "to", "vs", "version", "lang", "sort"]


@SETTINGS
@given(
    page=st.sampled_from(QUERY_PAGES),
    query=st.dictionaries(st.sampled_from(QUERY_KEYS), field_text | st.sampled_from(["-1", "0", "99999999999999",
                                                                                      "2026-02-30", "kanagawa"])),
)
def test_query_strings_fuzz(page: str, query: dict[str, str]) -> None:
    assert_answered(APP.test_client().get(page, query_string=query))


def test_a_saved_game_s_pages_take_any_query() -> None:
    client = APP.test_client()
    token = token_of(client.post("/games/save", data={"table": sample_text("bonsai-2p.json")}).headers["Location"])
    for query in ({"version": "x"}, {"version": "-1"}, {"version": "999"}, {"version": "1" * 40}, {"lang": "\x00"}):
        assert_answered(client.get(f"/e/{token}", query_string=query))
        assert_answered(client.get(f"/e/{token}/delete", query_string=query))
