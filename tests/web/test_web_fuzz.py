"""Bad input never gives a 500: random and mangled values through the forms and the API (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from support.examples import examples
from support.pages import hidden
from support.samples import sample_text

from marquoir.web import create_app

pytestmark = pytest.mark.slow

APP = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "fuzz"})
SETTINGS = examples(80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)
SEED_DOCS = [json.loads(sample_text(name)) for name in ("base-2p.json", "base-4p.json", "yokai-3p.json")]
WORDS = st.sampled_from(
    ["", "0", "1", "-1", "3", "99", "1e3", "x", "−2", " 4 ", "S1", "S9", "trees-3", "print", "studio", "kept",
     "add:1", "add:999", "add:-1", "up:print:0", "down:print:99", "remove:kept:0", "remove:diplomas:0", "player:1",
     "player:9", "score", "diplomas", "add-custom", "filter", "save", "kites", "storm", "joker", "arrow", "y",
     "<script>alert(1)</script>", "\x00", "9" * 50]
)
field_text = WORDS | st.text(max_size=30)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += paths(child, (*prefix, i))
    return found


@st.composite
def mangled_documents(draw: st.DrawFn) -> Any:
    """A sample table with one place changed: a value replaced, a key removed or an unknown key added."""
    doc = json.loads(json.dumps(draw(st.sampled_from(SEED_DOCS))))
    path = draw(st.sampled_from(paths(doc)[1:]))
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = draw(st.sampled_from(["replace", "delete", "add"]))
    if how == "replace":
        parent[last] = draw(json_values | WORDS)
    elif how == "delete":
        del parent[last]
    elif isinstance(parent, dict):
        parent[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
    else:
        parent.append(draw(json_values))
    return doc


def assert_answered(response: Any) -> None:
    """A result, or a 4xx that says what is wrong; never a 500."""
    assert response.status_code < 500, response.get_data(as_text=True)[-1500:]
    if response.status_code >= 400:
        if response.is_json:
            assert response.json["error"]
        else:
            text = response.get_data(as_text=True)
            assert 'class="message"' in text or 'class="error"' in text, text[-1500:]
            if response.status_code == 422 and "need correcting" in text:
                assert 'class="error"' in text, "a form error that names no field"


@SETTINGS
@given(body=st.one_of(mangled_documents().map(json.dumps), json_values.map(json.dumps), st.binary(max_size=200)))
def test_api_fuzz(body: str | bytes) -> None:
    client = APP.test_client()
    for endpoint in ("/api/score", "/api/check"):
        response = client.post(endpoint, data=body, content_type="application/json")
        assert response.status_code in (200, 400)
        assert response.json is not None
        if response.status_code == 400:
            assert response.json["error"] and isinstance(response.json["path"], str)
        else:
            assert "issues" in response.json


@SETTINGS
@given(fields=st.dictionaries(
    st.sampled_from(["player_count", "names-0", "names-1", "names-2", "names-3", "names-9", "game", "mode",
                     "base_families", "expansion_families", "storm_on_start_tile", "joker_counts"]),
    field_text, max_size=12))
def test_new_game_fuzz(fields: dict[str, str]) -> None:
    assert_answered(APP.test_client().post("/new", follow_redirects=True, data=fields))


SHEET_FIELDS = [f"players-{i}-{name}" for i in range(5) for name in
                ("print_cards", "season_chain", "harmony", "yokai_tokens", "diploma_points", "d_trees_3", "d_kites_7")]


@SETTINGS
@given(
    doc=st.one_of(mangled_documents(), st.sampled_from(SEED_DOCS)),
    fields=st.dictionaries(st.sampled_from([*SHEET_FIELDS, "grand_master"]), field_text, max_size=20),
)
def test_sheet_fuzz(doc: Any, fields: dict[str, str]) -> None:
    client = APP.test_client()
    response = client.post("/sheet", follow_redirects=True, data={"table": json.dumps(doc), **fields})
    assert_answered(response)
    edit = client.post("/edit", follow_redirects=True, data={"table": json.dumps(doc)})
    assert_answered(edit)


DETAILED_FIELDS = ["current", "start", "yokai_tokens", "brushes", "grand_master", "target", "filter_family",
                   "filter_season", "filter_subject", "c_half", "c_family", "c_season", "c_lanterns", "c_umbrellas",
                   "c_harmony", "c_paint", "c_brushes", "c_landscape", "c_icon", "c_yokai", "c_kites_blue",
                   "d_trees_3", "action"]


@SETTINGS
@given(
    doc=st.one_of(st.sampled_from(SEED_DOCS), mangled_documents()),
    fields=st.dictionaries(st.sampled_from(DETAILED_FIELDS), field_text, max_size=12),
)
def test_detailed_fuzz(doc: Any, fields: dict[str, str]) -> None:
    client = APP.test_client()
    response = client.post("/detailed", follow_redirects=True, data={"table": json.dumps(doc), **fields})
    assert_answered(response)
    if response.status_code == 200 and 'name="current"' in response.get_data(as_text=True):
        # The page it answers holds a readable game to go on from.
        again = client.post("/detailed", follow_redirects=True,
                            data={"table": hidden(response.get_data(as_text=True)), "action": "save"})
        assert_answered(again)


@SETTINGS
@given(
    doc=st.one_of(st.sampled_from(SEED_DOCS), mangled_documents()),
    player=field_text,
    path=st.sampled_from(["/diplomas", "/export", "/results", "/edit", "/import"]),
)
def test_other_forms_fuzz(doc: Any, player: str, path: str) -> None:
    client = APP.test_client()
    data = {"text": json.dumps(doc)} if path == "/import" else {"table": json.dumps(doc), "player": player}
    assert_answered(client.post(path, data=data))
