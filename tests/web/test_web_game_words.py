"""No word of one game on another game's page or sheet (issue 18, item 8): every page of a game's entry (the paper
sheet's figures, card by card or tile by tile), its results, its Diploma checker, and its printed sheets, blank and
filled, in English and in French, are read as a person reads them (the page's main part, the whole sheet) and none
holds a word only the other game uses. The menu and the footer, shared by every page, name both games."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient
from support.words import visible_texts

from marquoir.web import create_app

HEADERS = {"en": {"Accept-Language": "en"}, "fr": {"Accept-Language": "fr-FR,fr;q=0.9"}}
#: Words only one game uses, as its pages say them (a name of the other game's pieces, scores or rules).
ONLY = {
    "kanagawa": {
        "en": ["Diploma", "Diplomas", "Studio", "Grand Master", "brush", "brushes", "Lesson", "Starting tile",
               "Harmony", "Yokai", "Kanagawa", "Print cards", "season chain"],
        "fr": ["Diplôme", "Diplômes", "Estampe", "Atelier", "Grand Maître", "Pinceau", "Pinceaux", "Leçon",
               "Tuile de départ", "Harmonie", "Yokai", "Kanagawa"],
    },
    "bonsai": {
        "en": ["bonsai", "Bonsai", "Parchment", "Parchments", "goal", "goals", "pot", "trunk", "leaf", "leaves",
               "flower", "flowers", "fruit", "fruits", "Growth", "Tool cards", "Helper"],
        "fr": ["bonsaï", "bonsaïs", "Bonsai", "Parchemin", "Parchemins", "Objectif", "Objectifs", "Pot", "tronc",
               "tuile Feuille", "tuiles Feuille", "Fleur", "Fleurs", "Fruit", "Fruits", "Croissance", "Apprenti"],
    },
}
SEEDS = {"kanagawa": ["base-2p.json", "base-4p.json", "yokai-3p.json"], "bonsai": ["bonsai-2p.json", "bonsai-4p.json"]}
OTHER = {"kanagawa": "bonsai", "bonsai": "kanagawa"}


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SECRET_KEY": "words"}).test_client()


def main_part(page: str) -> str:
    """What a page says of its game: its ``<main>`` (a printed sheet is all its own)."""
    match = re.search(r"<main\b.*?</main>", page, re.S)
    return match.group(0) if match else page


def pages_of(client: FlaskClient, game: str, lang: str) -> Iterator[tuple[str, str]]:
    """Every page and sheet of ``game``, each with what it is."""
    headers = HEADERS[lang]
    names = {"names-0": "Aiko", "names-1": "Ben", "player_count": "2"}
    keys = ["base", "yokai"] if game == "kanagawa" else ["bonsai"]
    for key in keys:
        for mode in ("sheet", "detailed"):
            data = {"game": key, "mode": mode, **names}
            if key == "bonsai":
                data["goal_colours"] = ["brown", "green", "cyan"]  # type: ignore[assignment]
            if key == "yokai":
                data["base_families"] = ["trees", "animals"]  # type: ignore[assignment]
                data["expansion_families"] = ["kites", "lanterns"]  # type: ignore[assignment]
            response = client.post("/new", data=data, headers=headers, follow_redirects=True)
            assert response.status_code == 200, (key, mode)
            yield f"new {key} game, {mode}", response.get_data(as_text=True)
    for seed in SEEDS[game]:
        table = (__import__("pathlib").Path(__file__).resolve().parents[2] / "seeds" / seed).read_text()
        response = client.post("/results", data={"table": table}, headers=headers, follow_redirects=True)
        assert response.status_code == 200, seed
        yield f"results of {seed}", response.get_data(as_text=True)
        response = client.post("/print/game", data={"table": table, "paper": "a4", "format": "html"}, headers=headers)
        assert response.status_code == 200, seed
        yield f"filled sheet of {seed}", response.get_data(as_text=True)
        if game == "kanagawa":
            response = client.post("/diplomas", data={"table": table, "player": "0"}, headers=headers,
                                   follow_redirects=True)
            assert response.status_code == 200, seed
            yield f"Diploma checker of {seed}", response.get_data(as_text=True)
    sheet_game = "kanagawa" if game == "kanagawa" else "bonsai"
    for players in (2, 4):
        query = f"/print/blank?game={sheet_game}&players={players}&paper=a4&format=html"
        for yokai in (("", "&yokai=1") if game == "kanagawa" else ("",)):
            response = client.get(query + yokai, headers=headers)
            assert response.status_code == 200, query
            yield f"blank sheet {players}p{yokai}", response.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["kanagawa", "bonsai"])
def test_no_word_of_the_other_game(client: FlaskClient, game: str, lang: str) -> None:
    words = ONLY[OTHER[game]][lang]
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w-])")
    seen = 0
    found = []
    for what, page in pages_of(client, game, lang):
        seen += 1
        for text in visible_texts(main_part(page)):
            found += [(what, hit.group(0), text[:120]) for hit in pattern.finditer(text)]
    assert seen >= (8 if game == "bonsai" else 17)
    assert found == [], "\n".join(map(str, found))
