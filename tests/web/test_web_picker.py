"""The quick card picker (issue 10, item 5), without a browser: the search finds a card by what a player means
(words in any order, singular or plural, the page's language or English, its number; ``brush`` is the cards with a
brush icon, not every card), the picker comes before the Diplomas, a step asked by the page's script answers with
the parts it changed in at most 20 KB compressed, and the page without a script finds and adds the same cards."""

from __future__ import annotations

import gzip
import html
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from support.pages import hidden

from marquoir.web import create_app

HEADERS = {"en": {"Accept-Language": "en"}, "fr": {"Accept-Language": "fr-FR,fr;q=0.9"}}
NAMES = ["Alessandrina", "Bartholomews", "Christabelle", "Maximilienne"]
#: Compressed bytes one step of the picker may send (issue 10, item 5).
STEP_MOST = 20 * 1024


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "picker"}).test_client()


def new_game(client: FlaskClient, lang: str = "en") -> str:
    data = {"game": "base", "player_count": "4", "mode": "detailed"}
    data.update({f"names-{i}": name for i, name in enumerate(NAMES)})
    response = client.post("/new", follow_redirects=True, data=data, headers=HEADERS[lang])
    assert response.status_code == 200
    return response.get_data(as_text=True)


def found(client: FlaskClient, query: str, lang: str = "en") -> set[int]:
    """The cards the page without a script shows for a query (its Filter button)."""
    page = new_game(client, lang)
    data = {"table": hidden(page), "current": "0", "start": "S1", "target": "print", "filter_subject": query,
            "action": "filter"}
    response = client.post("/detailed", follow_redirects=True, data=data, headers=HEADERS[lang])
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    tags = {int(re.search(r'id="card-(\d+)"', tag).group(1)): tag for tag in re.findall(r'<li class="pick[^>]*>', text)}  # type: ignore[union-attr]
    assert len(tags) == 72
    return {card for card, tag in tags.items() if not re.search(r"\shidden(?:[\s>=])", tag)}


@pytest.mark.parametrize(
    ("lang", "query", "cards"),
    [
        ("en", "spring boar", {1, 2, 3}),
        ("en", "boar spring", {1, 2, 3}),
        ("en", "boars", {1, 2, 3, 4}),
        ("en", "tiled roof", {40, 44}),
        ("en", "Tiled-Roofs", {40, 44}),
        ("en", "12", {12}),
        ("en", "brush", {4, 32, 50, 68}),
        ("fr", "sanglier printemps", {1, 2, 3}),
        ("fr", "sangliers", {1, 2, 3, 4}),
        ("fr", "spring boar", {1, 2, 3}),
        ("fr", "tuiles", {40, 44}),
        ("fr", "pinceau", {4, 32, 50, 68}),
        ("fr", "12", {12}),
        ("en", "dragon", set()),
    ],
)
def test_the_search_finds_what_a_player_means(client: FlaskClient, lang: str, query: str, cards: set[int]) -> None:
    assert found(client, query, lang) == cards


def test_the_picker_comes_before_the_diplomas(client: FlaskClient) -> None:
    page = new_game(client)
    assert page.index('id="picker"') < page.index('id="diplomas-held"')
    assert page.index('id="strip"') < page.index('id="picker"')


def _step(client: FlaskClient, table: str, action: str, lang: str = "en") -> tuple[Any, int, int]:
    data = {"table": table, "current": "0", "start": "S1", "target": "print", "action": action}
    response = client.post("/detailed/live", data=data, headers=HEADERS[lang])
    return response, len(response.data), len(gzip.compress(response.data))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_step_sends_the_parts_it_changed_in_at_most_20_kb(client: FlaskClient, lang: str) -> None:
    table = hidden(new_game(client, lang))
    sizes = []
    for card in (1, 13, 7, 8, 19, 22, 25, 28, 38, 40, 46, 55):
        response, raw, packed = _step(client, table, f"add:{card}", lang)
        assert response.status_code == 200
        answer = response.get_json()
        assert not answer["refused"]
        assert {"tabs", "strip", "zones", "diplomas-held", "notices"} <= set(answer["parts"])
        table = answer["table"]
        sizes.append((raw, packed))
        assert packed <= STEP_MOST, (card, raw, packed)
    assert json.loads(table)["players"][0]["print"] == [1, 13, 7, 8, 19, 22, 25, 28, 38, 40, 46, 55]
    # Removing is a step too, as small.
    response, raw, packed = _step(client, table, "remove:print:0", lang)
    assert response.status_code == 200 and packed <= STEP_MOST
    assert json.loads(response.get_json()["table"])["players"][0]["print"][0] == 13
    # A whole page is several times what a step sends.
    page = new_game(client, lang).encode()
    assert len(gzip.compress(page)) > 2 * max(p for _r, p in sizes)


def test_a_refused_step_says_why_and_changes_nothing(client: FlaskClient) -> None:
    table = hidden(new_game(client))
    response, _raw, _packed = _step(client, table, "add:999")
    assert response.status_code == 422
    answer = response.get_json()
    assert answer["refused"] and "There is no such card." in answer["parts"]["notices"]
    assert json.loads(answer["table"])["players"][0]["print"] == []


def test_a_broken_document_is_a_clear_error_not_a_500(client: FlaskClient) -> None:
    response = client.post("/detailed/live", data={"table": "{not json", "action": "add:1"})
    assert response.status_code == 400
    assert response.get_json()["error"]


def _labels(page: str, pattern: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'<button[^>]*aria-label="(' + pattern + r'[^"]*)"', page)]


@pytest.mark.parametrize(("lang", "add", "example"), [("en", "Add ", "Add spring boar, on forest"),
                                                       ("fr", "Ajouter ", "Ajouter sanglier de printemps, sur forêt")])
def test_each_card_s_button_says_what_is_printed_on_it(client: FlaskClient, lang: str, add: str,
                                                        example: str) -> None:
    """A screen reader hears each card by its own words, never its number: 72 Add buttons, 72 names."""
    labels = _labels(new_game(client, lang), add)
    assert len(labels) == 72 and len(set(labels)) == 72
    assert example in labels
    assert not [label for label in labels if re.search(r"\d{2}|card \d|carte \d", label)]


def test_the_placed_cards_buttons_say_which_card(client: FlaskClient) -> None:
    """The moves and the removal of each placed card name it; one card entered twice is told apart by its place."""
    doc = json.loads(hidden(new_game(client)))
    doc["players"][0]["print"] = [1, 5, 1]
    doc["players"][0]["studio"] = [12, 16]  # both show a mountain landscape on their Studio half
    data = {"table": json.dumps(doc), "current": "0", "start": "S1", "target": "print", "action": "filter"}
    page = client.post("/detailed", data=data, follow_redirects=True, headers=HEADERS["en"]).get_data(as_text=True)
    removes = _labels(page, "Remove ")
    assert removes[:3] == ["Remove spring boar, on forest (position 1)", "Remove autumn card",
                           "Remove spring boar, on forest (position 3)"]
    # Two Studio halves that read the same: each with its Print half, which differs.
    assert removes[3:] == ["Remove autumn deer, on mountain / Studio (mountain)",
                           "Remove autumn deer, on plain / Studio (mountain)"]
    assert len(set(removes)) == len(removes) == 5
    assert _labels(page, "Move ")[:2] == ["Move spring boar, on forest (position 1) left",
                                          "Move spring boar, on forest (position 1) right"]
