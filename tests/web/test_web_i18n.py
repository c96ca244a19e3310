"""The web app in two languages: a complete French catalogue for the pages, the language chosen by the browser or
the switch, and every page — forms, errors, the core's explanations and issues, the sheets — in French."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from support.pages import hidden
from support.samples import sample_text
from support.saved_games import games_app, sheet_game, sheet_player

from marquoir.i18n import LOCALE_DIR, catalogue_entries
from marquoir.web.i18n import COOKIE, web_messages

PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / "web.po"
FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
PLACEHOLDER = re.compile(r"%\(\w+\)\w")


def french_catalogue() -> dict[str, str]:
    """msgid → its French (a counted message by its singular msgid → its plural form; every form is checked by
    tests/test_typography.py)."""
    return {key: forms[-1] for key, forms in catalogue_entries("fr", "web").items()}


def visible(page: str) -> str:
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return games_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_the_french_catalogue_translates_every_string_of_the_pages_and_nothing_stale() -> None:
    french = french_catalogue()
    shown = web_messages()
    assert len(shown) > 300  # the extraction found the pages' strings (Python modules and templates)
    assert "Save this game" in shown and "Rules applied" in shown and "Enter a whole number." in shown
    assert set(shown) - set(french) == set(), "strings without a French translation"
    assert set(french) - set(shown) == set(), "translations of strings no longer shown"
    for source, target in french.items():
        assert target.strip(), source
        assert sorted(PLACEHOLDER.findall(source)) == sorted(PLACEHOLDER.findall(target)), source


def test_the_french_uses_the_game_s_own_words() -> None:
    french = french_catalogue()
    assert french["Print"] == "Estampe" and french["Studio"] == "Atelier" and french["Starting tile"] == "Tuile Départ"
    assert french["Grand Master"] == "Grand Maître" and french["brush"] == "Pinceau"
    # A rule option's label is the game's (marquoir/games/kanagawa/game.py): the core catalogue holds it.
    core = {key: forms[-1] for key, forms in catalogue_entries("fr", "core").items()}
    assert "jeton Orage" in core["A Storm token may go on the Starting tile"]
    assert "Diplômes" in french["Diplomas held"] and "Paysage" in french["Landscape"]


@pytest.mark.parametrize(
    ("accept", "lang"),
    [("fr-FR,fr;q=0.9,en;q=0.5", "fr"), ("fr-CA", "fr"), ("en-GB,en;q=0.8,fr;q=0.5", "en"), ("de-DE,de", "en"),
     ("", "en"), ("de;q=0.9,fr;q=0.8", "fr")],
)
def test_the_language_follows_the_browser(client: FlaskClient, accept: str, lang: str) -> None:
    response = client.get("/", headers={"Accept-Language": accept} if accept else {})
    page = response.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    assert response.headers["Content-Language"] == lang
    assert "Accept-Language" in response.headers["Vary"]
    assert ("Nouvelle partie" in page) == (lang == "fr")
    assert ("Score a game of Kanagawa" in page) == (lang == "en")


def test_the_switch_sets_a_cookie_that_wins_over_the_browser(client: FlaskClient) -> None:
    page = client.get("/games?player=Ann").get_data(as_text=True)
    assert 'name="next" value="/games?player=Ann"' in page and 'value="fr"' in page
    response = client.post("/language", data={"lang": "fr", "next": "/games?player=Ann"})
    assert response.status_code == 303 and response.headers["Location"] == "/games?player=Ann"
    cookie = response.headers["Set-Cookie"]
    assert f"{COOKIE}=fr" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Compter une partie de Kanagawa" in page
    client.post("/language", data={"lang": "en", "next": "/"})
    assert '<html lang="en">' in client.get("/", headers=FR).get_data(as_text=True)


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example", "", "javascript:x"])
def test_the_switch_never_sends_elsewhere(client: FlaskClient, target: str) -> None:
    response = client.post("/language", data={"lang": "fr", "next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client: FlaskClient) -> None:
    response = client.post("/language", data={"lang": "xx", "next": "/"})
    assert f"{COOKIE}=en" in response.headers["Set-Cookie"]


def test_switching_on_the_results_keeps_the_game_and_writes_the_core_s_words_in_french(client: FlaskClient) -> None:
    """The results are a draft's page (GET): the switch comes back to it, in French, with the game kept."""
    table = sample_text("base-2p.json")
    sent = client.post("/results", data={"table": table})
    assert sent.status_code == 303 and sent.headers["Location"].endswith("/results")
    results = client.get(sent.headers["Location"]).get_data(as_text=True)
    switch = results[results.index('class="language-switch"'):]
    switch = switch[: switch.index("</form>")]
    assert hidden(switch, "next") == sent.headers["Location"] and 'form="' not in switch
    response = client.post("/language", data={"lang": "fr", "next": hidden(switch, "next")})
    assert response.status_code == 303 and response.headers["Location"] == sent.headers["Location"]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Résultats" in page and "Vainqueur" in page
    assert "tuile Départ + 9 cartes peintes" in page  # the core's explanation, in French
    assert "Cartes de l’Estampe" in page and "2e" in page and "1er" in page
    assert json.loads(hidden(page)) == json.loads(table)


def test_switching_on_an_entry_page_keeps_the_correction_going(client: FlaskClient) -> None:
    """On an entry page the language buttons send the entry form itself (HTML's form attribute): the correction's
    edit token and version go with it, and come back in the draft's page."""
    game = sheet_game(sheet_player("Aiko", 10), sheet_player("Ben", 9))
    token = "A" * 32
    sheet = client.post("/edit", follow_redirects=True,
                        data={"table": game, "edit": token, "version": "3"}).get_data(as_text=True)
    switch = sheet[sheet.index('class="language-switch"'):]
    switch = switch[: switch.index("</form>")]
    assert 'form="sheet-form" formaction="/language"' in switch
    assert hidden(sheet, "edit") == token and hidden(sheet, "version") == "3"
    data = {"lang": "fr", "table": hidden(sheet), "draft": hidden(sheet, "draft"), "edit": token, "version": "3"}
    page = client.post("/language", follow_redirects=True, data=data).get_data(as_text=True)
    assert "Feuille de score" in page and "Saisissez les chiffres" in page
    assert hidden(page, "edit") == token and hidden(page, "version") == "3"


def test_issues_form_labels_and_errors_in_french(client: FlaskClient) -> None:
    illegal = sheet_game(sheet_player("Aiko", 10, 12), sheet_player("Ben", 9))  # a chain longer than the Print
    page = client.post("/results", follow_redirects=True, data={"table": illegal}, headers=FR).get_data(as_text=True)
    assert "Cette table n’est pas possible telle que saisie" in page and "Impossible\u00a0:" in page
    issue = re.search(r'<p class="issue" role="note"><strong>[^<]*</strong> ([^<]*)</p>', page)
    assert issue and "suite" in issue.group(1).lower(), issue  # the core's message, in French
    data = {"player_count": "3", "names-0": "Aiko", "names-1": "", "names-2": "Aiko", "game": "yokai", "mode": "sheet"}
    page = client.post("/new", follow_redirects=True, data=data, headers=FR).get_data(as_text=True)
    for words in ("Nombre de joueurs", "Saisissez un nom pour le joueur 2.", "Deux joueurs ne peuvent pas avoir",
                  "Choisissez exactement 2 familles de base.", "Comme la feuille papier", "Cerfs-volants"):
        assert words in page, words
    sheet = client.post("/new", follow_redirects=True,
                        data={**data, "names-1": "Ben", "names-2": "Chiyo", "game": "base"}, headers=FR)
    wrong = {"table": hidden(sheet.get_data(as_text=True)), "players-0-print_cards": "dix"}
    page = client.post("/sheet", follow_redirects=True, data=wrong, headers=FR).get_data(as_text=True)
    assert "Saisissez un nombre entier." in page and "Saisissez les cartes de l’Estampe." in page
    assert "Au moins 3 Arbres" in page or "au moins 3 Arbres" in page  # a Diploma's requirement, from the core
    assert client.get("/nowhere", headers=FR).get_data(as_text=True).count("Il n’y a pas de page ici.") == 1


def test_the_picker_filters_by_french_words(client: FlaskClient) -> None:
    game = sample_text("base-2p.json")
    data = {"table": game, "current": "0", "action": "filter", "filter_subject": "sanglier", "start": "S1",
            "grand_master": "0", "target": "print"}
    page = client.post("/detailed", follow_redirects=True, data=data, headers=FR).get_data(as_text=True)
    tags = re.findall(r'<li class="pick[^>]*>', page)
    shown = [re.search(r'data-print="([^"]*)"', tag).group(1) for tag in tags  # type: ignore[union-attr]
             if not re.search(r"\shidden(?:[\s>=])", tag)]
    assert shown and len(shown) < len(tags) and all("sanglier" in text.split() for text in shown)
    assert "dos bleu" in page and "1 Pinceau sur forêt" in page


FRENCH_PAGES = ["/", "/rules", "/games", "/stats", "/print", "/diplomas", "/nowhere"]


@pytest.mark.parametrize("path", FRENCH_PAGES)
def test_no_english_sentence_is_left_on_a_french_page(client: FlaskClient, path: str) -> None:
    french = french_catalogue()
    english = [m for m, t in french.items() if len(m) > 12 and m != t and "%(" not in m]
    text = visible(client.get(path, headers=FR).get_data(as_text=True))
    assert [m for m in english if m in text] == []


def test_no_english_sentence_is_left_on_a_saved_game_in_french(client: FlaskClient) -> None:
    french = french_catalogue()
    english = [m for m, t in french.items() if len(m) > 12 and m != t and "%(" not in m]
    response = client.post("/games/save", data={"table": sample_text("yokai-3p.json")})
    page = client.get(response.headers["Location"], headers=FR).get_data(as_text=True)
    text = visible(page)
    assert [m for m in english if m in text] == []
    assert "Partie du" in text and "Partager à la table" in text and "Historique" in text
    assert "Points par catégorie" in page  # the chart's title, from the sheets' catalogue


def test_the_sheets_print_in_the_page_s_language(client: FlaskClient) -> None:
    page = client.get("/print/blank?players=4&yokai=1&format=html", headers=FR).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Feuille de score de Kanagawa" in page and "Grand Maître ×2" in page
    pdf = client.get("/print/blank?players=3&format=pdf&paper=letter", headers=FR)
    assert pdf.mimetype == "application/pdf"
    reader = PdfReader(__import__("io").BytesIO(pdf.data))
    text = " ".join((p.extract_text() or "") for p in reader.pages)
    assert "Feuille de score de Kanagawa" in " ".join(text.split())
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # US Letter in points
