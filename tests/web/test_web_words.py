"""No page or printed sheet shows an issue code, a Diploma, goal or Starting tile id, a catalogue number used as a
card's name, or a "(s)" plural, in English or in French (issue 10, "Words people use"): the results, the entry page,
the Diploma checker, the deep check, the filled sheet and the saved game's page of every sample table and of tables
broken to raise every issue code. Each language's typography and counted words are read there too (French: a
no-break space before ``:`` ``;`` ``!`` ``?``, « au printemps », « 1er décembre », the singular for 0 and 1;
English: no "1 points"). Documents (hidden inputs, ``<textarea>``, ``data-`` attributes, links) may hold ids: they
are not read (:func:`support.words.visible_texts`)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from support.pages import hidden
from support.saved_games import games_app, token_of
from support.words import every_document, internal_words, language_faults, unreachable_document, visible_texts

from marquoir import load_table
from marquoir.games.kanagawa.table import DetailedPlayer
from marquoir.reports.sheets import render_blank_sheet
from marquoir.web import create_app

HEADERS = {"en": {"Accept-Language": "en"}, "fr": {"Accept-Language": "fr-FR,fr;q=0.9"}}
DOCUMENTS = every_document()


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "words"}).test_client()


def _page(client: FlaskClient, path: str, lang: str, data: dict[str, Any]) -> str:
    response = client.post(path, data=data, headers=HEADERS[lang], follow_redirects=True)  # a draft's page too
    assert response.status_code == 200, (path, response.status_code)
    return response.get_data(as_text=True)


def _assert_people_words(page: str, where: str, lang: str) -> None:
    texts = visible_texts(page)
    found = internal_words(texts) + language_faults(texts, lang)
    assert found == [], f"{where}: " + "\n".join(f"{kind} {word!r} in {text!r}" for kind, word, text in found)


def _pages(client: FlaskClient, name: str, lang: str) -> dict[str, str]:
    """Every page a person reads of one table but the entry pages: the results, the printed filled sheet (HTML),
    and the Diploma checker of each player entered card by card."""
    text = json.dumps(DOCUMENTS[name])
    results = _page(client, "/import", lang, {"text": text})
    table = hidden(results)
    pages = {"results": results, "sheet": _page(client, "/print/game", lang, {"table": table, "format": "html"})}
    read = load_table(table)
    for index, player in enumerate(read.players):
        if read.game == "kanagawa" and isinstance(player, DetailedPlayer):
            pages[f"diplomas {player.name}"] = _page(client, "/diplomas", lang, {"table": table, "player": str(index)})
    return pages


def _entry_pages(client: FlaskClient, name: str, lang: str) -> dict[str, str]:
    """The entry page each player of a table goes back to with "Correct an entry"."""
    table = hidden(_page(client, "/import", lang, {"text": json.dumps(DOCUMENTS[name])}))
    read = load_table(table)
    return {
        f"entry {player.name}": _page(client, "/edit", lang, {"table": table, "player": str(index)})
        for index, player in enumerate(read.players)
    }


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_no_page_shows_an_id_a_code_or_a_catalogue_number(client: FlaskClient, name: str, lang: str) -> None:
    pages = _pages(client, name, lang)
    assert f'lang="{lang}"' in pages["results"]
    for where, page in pages.items():
        _assert_people_words(page, f"{name} {where} ({lang})", lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_no_entry_page_shows_an_id_a_code_or_a_catalogue_number(client: FlaskClient, name: str, lang: str) -> None:
    for where, page in _entry_pages(client, name, lang).items():
        _assert_people_words(page, f"{name} {where} ({lang})", lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["base-2p.json", "yokai-3p.json", "kanagawa-broken", "unreachable"])
def test_the_deep_check_page_names_cards_by_what_they_show(client: FlaskClient, name: str, lang: str) -> None:
    page = _page(client, "/reach", lang, {"table": json.dumps(DOCUMENTS[name])})
    if name.startswith("base"):
        # The witness is there, its cards by what they show.
        assert ("takes a column of" if lang == "en" else "prend une colonne de") in page
    if lang == "fr":  # the search runs in a worker process: its words are the page's language all the same
        assert "the table breaks the rules" not in page and "could have been built" not in page
    _assert_people_words(page, f"{name} deep check ({lang})", lang)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["base-4p.json", "yokai-broken", "bonsai-broken"])
def test_the_saved_game_pages_speak_words(tmp_path: Path, name: str, lang: str) -> None:
    """A saved game's page and the list of games: the game played on 1 December reads « 1er décembre » in French."""
    client = games_app(tmp_path).test_client()
    results = _page(client, "/import", lang, {"text": json.dumps(DOCUMENTS[name])})
    saved = client.post(
        "/games/save",
        data={"table": hidden(results), "save_key": hidden(results, "save_key"), "played_on": "2026-12-01",
              "played_time": "20:30"},
        headers=HEADERS[lang],
    )
    assert saved.status_code == 303, saved.get_data(as_text=True)[:300]
    token = token_of(saved.headers["Location"])
    pages = {"game": client.get(f"/e/{token}", headers=HEADERS[lang]).get_data(as_text=True),
             "list": client.get("/games", headers=HEADERS[lang]).get_data(as_text=True)}
    day = "1 December 2026" if lang == "en" else "1er décembre 2026"
    for where, page in pages.items():
        assert day in " ".join(visible_texts(page)), where
        _assert_people_words(page, f"{name} saved {where} ({lang})", lang)
    assert re.search(("1 December 2026 at 20:30" if lang == "en" else "1er décembre 2026 à 20:30"), pages["game"])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("game", "yokai"), [("kanagawa", False), ("kanagawa", True), ("bonsai", False)])
def test_the_blank_sheets_speak_words(game: str, yokai: bool, lang: str) -> None:
    page = render_blank_sheet(4, game=game, yokai=yokai, lang=lang)
    assert f'lang="{lang}"' in page
    _assert_people_words(page, f"blank {game} sheet ({lang})", lang)


def test_the_check_finds_what_it_looks_for() -> None:
    """The words it refuses are found where they are (the test would fail on the old words)."""
    old = [
        "7 summer cards in a row: 6, 57, 21, 39",
        "Harmony symbols: 2 — 41 +1, 59 +1",
        "Diplomas: 20 — trees-5 7, buildings-3 4",
        "characters-3-different: not met",
        "[GRAND_MASTER] nobody holds the Grand Master pawn",
        "Starting tile S1 is already Aiko's",
        "No. 12",
        "card 12 (summer, boar)",
        "Studio 9 -2",
        "Print #2 (kites) +1",
        "trees: 5/4 — 68 ×2, 65 ×3",
        "Starting tile + 11 painted card(s)",
        "pink-large",
    ]
    assert [bool(internal_words([text])) for text in old] == [True] * len(old)
    new = [
        "7 summer cards in a row: storm card, 1 tree, warrior, thatch, butterfly, 3 trees, monk",
        "Trees Diploma (5 trees), 7 points; Landscapes Diploma (4 identical landscapes), 5 points",
        "autumn, 1 tree +1; Studio (joker) -2",
        "flower (4 cells left of the trunk, 4 rows up): 5 free sides",
        "tokens held: 1 → −1, 2 → −4, 3 → −9",
        "Starting tile + 11 painted cards",
        "cards with 1, 2 and 3 lanterns",
    ]
    assert internal_words(new) == []
    page = '<input type="hidden" name="table" value="{&quot;start&quot;: &quot;S1&quot;}"><p data-id="trees-3">x</p>'
    assert visible_texts(page) == ["x"]
    # French typography and counted words, English counted words.
    french_faults = ["Vainqueur : Aiko", "3 jetons Orage posés, 1 gagnés par les Diplômes", "jeton Orage : moine en "
                     "printemps", "1 décembre 2026", "Diplôme Arbres, 1 points", "« sanglier d’été »"]
    assert [bool(language_faults([text], "fr")) for text in french_faults] == [True] * len(french_faults)
    assert language_faults(["Vainqueur\u00a0: Aiko", "moine au printemps", "1er décembre 2026 à 20:30",
                            "0 point", "« sanglier d’été »".replace("« ", "«\u00a0").replace(" »", "\u00a0»")],
                           "fr") == []
    assert [bool(language_faults([t], "en")) for t in ("1 points", "1 Yokai tokens", "1 point", "11 points")] == [
        True, True, False, False]
    assert visible_texts("<p>Vainqueur\u00a0:  Aiko</p>") == ["Vainqueur\u00a0: Aiko"]


def test_the_unreachable_table_is_legal_and_not_reachable() -> None:
    from marquoir import check
    from marquoir.games.kanagawa.reach import explain_reachability

    table = load_table(unreachable_document())
    assert check(table) == []
    assert explain_reachability(table).issues()[0].code == "UNREACHABLE"
