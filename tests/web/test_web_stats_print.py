"""Statistics pages and printed sheets in the web app: records per player (shared wins shown as shared), the SVG
charts, the blank sheet and the filled sheets as print-ready pages and as PDF."""

from __future__ import annotations

import base64
import hashlib
import importlib
import io
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader
from support.pages import hidden
from support.samples import sample_text
from support.saved_games import games_app, share_token_in, sheet_game, sheet_player, token_of

from marquoir.web.printing import sheet_policy

web_stats = importlib.import_module("marquoir.web.stats")  # (the package's attribute ``stats`` is the blueprint)


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return games_app(tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def save(client: FlaskClient, table: str) -> str:
    response = client.post("/games/save", data={"table": table})
    assert response.status_code == 303
    return share_token_in(client.get(response.headers["Location"]).get_data(as_text=True))


def pdf_text(data: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(data))
    return reader, " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def test_statistics_per_player_with_shared_wins(client: FlaskClient) -> None:
    save(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 10, 3)))  # 13–13: a shared win
    save(client, sheet_game(sheet_player("Ann", 12, 5, 2), sheet_player("Bob", 9, 2)))  # 19–11
    save(client, sheet_game(sheet_player("Bob", 14, 6), sheet_player("Cleo", 8, 2), sheet_player("ann", 7, 1)))
    page = client.get("/stats").get_data(as_text=True)
    rows = dict(re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th>\s*(<td>.*?)</tr>', page, re.S))
    cells = {name: re.findall(r"<td>([^<]*)</td>", row) for name, row in rows.items()}
    # "ann" and "Ann" are one player (the name as last written); games, wins, average, best.
    assert cells["ann"] == ["3", "2 (1 shared)", "13.3", "19"]  # (13 + 19 + 8) / 3
    assert cells["Bob"] == ["3", "2 (1 shared)", "14.7", "20"]  # (13 + 11 + 20) / 3
    assert cells["Cleo"] == ["1", "0", "10.0", "10"]
    assert '<svg' in page and page.count('class="player-line"') == 3  # totals over time, one line per player
    player = client.get("/stats?player=ANN").get_data(as_text=True)
    assert "<h1>ann</h1>" in player and "2 (1 shared)" in player
    averages = dict(re.findall(r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td></tr>', player))
    assert (averages["Print cards"], averages["Season chain"], averages["Harmony symbols"]) == ("9.7", "3.0", "0.7")
    assert player.count('class="player-line"') == 1 and "shared win" in player
    missing = client.get("/stats?player=Zed")
    assert missing.status_code == 404 and "No saved game has a player called Zed." in missing.get_data(as_text=True)


def test_statistics_with_no_game_yet(client: FlaskClient) -> None:
    page = client.get("/stats").get_data(as_text=True)
    assert "No game is saved yet" in page and "<table" not in page


def test_french_figures_are_written_the_french_way(client: FlaskClient) -> None:
    save(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 10, 4)))
    save(client, sheet_game(sheet_player("Ann", 11, 3), sheet_player("Bob", 10, 3)))
    page = client.get("/stats?player=Ann", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "13,5" in page and "Total moyen" in page and "Cartes de l’Estampe" in page


def test_the_overview_lists_the_players_with_most_games_and_finds_the_others(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_stats, "LISTED_PLAYERS", 2)
    save(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 9, 3), sheet_player("Cleo", 8, 2)))
    save(client, sheet_game(sheet_player("Ann", 11, 3), sheet_player("Bob", 10, 3)))
    page = client.get("/stats").get_data(as_text=True)
    assert re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th>', page) == ["Ann", "Bob"]  # most games first
    assert "The 2 players with the most games (of 3): search for the others." in page
    found = client.get("/stats?player=LE")
    assert found.status_code == 200
    listed = found.get_data(as_text=True)
    assert re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th>', listed) == ["Cleo"]
    assert "Players whose name contains “LE”." in listed and "search for the others" not in listed
    french = client.get("/stats", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Les 2 joueurs qui ont le plus de parties (sur 3)\u00a0: cherchez les autres." in french


def test_the_charts_draw_the_last_games_and_say_so(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_stats, "OVERVIEW_CHART_GAMES", 2)
    monkeypatch.setattr(web_stats, "PLAYER_CHART_GAMES", 2)
    for cards in (8, 9, 10):
        save(client, sheet_game(sheet_player("Ann", cards, 3), sheet_player("Bob", 9, 3)))
    page = client.get("/stats").get_data(as_text=True)
    assert "The chart shows the last 2 games." in page
    assert [len(p.split()) for p in re.findall(r'<polyline points="([^"]+)"', page)] == [2, 2]
    player = client.get("/stats?player=Ann").get_data(as_text=True)
    assert "<dd>3</dd>" in player and "The chart shows the last 2 games." in player  # the record counts all three
    assert [len(p.split()) for p in re.findall(r'<polyline points="([^"]+)"', player)] == [2]
    assert player.count('<li><a href="/s/') == 3  # the latest games listed
    monkeypatch.setattr(web_stats, "PLAYER_CHART_GAMES", 3)
    assert "The chart shows the last" not in client.get("/stats?player=Ann").get_data(as_text=True)


def test_the_csv_download_is_streamed(client: FlaskClient) -> None:
    save(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 9, 3)))
    response = client.get("/games/export.csv")
    assert response.is_streamed and response.status_code == 200
    assert response.get_data(as_text=True).splitlines()[1].startswith("1,")


def test_a_blank_sheet_as_a_page_with_only_its_own_stylesheet_allowed(client: FlaskClient) -> None:
    response = client.get("/print/blank?players=2&format=html")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "Kanagawa score sheet" in page and page.count('<td class="points">') == 2 * 6  # 5 rows + total
    assert "row-yokai" not in page
    css = re.search(r"<style>(.*?)</style>", page, re.S)
    assert css
    digest = base64.b64encode(hashlib.sha256(css.group(1).encode()).digest()).decode()
    policy = response.headers["Content-Security-Policy"]
    assert f"style-src 'self' 'sha256-{digest}';" in policy and "unsafe-inline" not in policy
    assert "script-src 'self';" in policy
    yokai = client.get("/print/blank?players=4&yokai=1").get_data(as_text=True)
    assert "row-yokai" in yokai and yokai.count('<td class="points">') == 4 * 7


def test_the_policy_of_a_sheet_allows_no_other_style() -> None:
    policy = sheet_policy("<style>a{}</style><p>x</p>")
    assert policy.count("sha256-") == 1 and "default-src 'self'" in policy


def test_a_blank_sheet_as_pdf_on_a4_and_letter(client: FlaskClient) -> None:
    a4 = client.get("/print/blank?players=4&yokai=1&format=pdf&paper=a4")
    assert a4.status_code == 200 and a4.mimetype == "application/pdf"
    reader, text = pdf_text(a4.data)
    assert "Kanagawa score sheet" in text and "Player 4" in text and "Yokai" in text
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    letter = client.get("/print/blank?players=2&format=pdf&paper=letter")
    box = PdfReader(io.BytesIO(letter.data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [("players=5", "players", "A Kanagawa sheet is for 2 to 4 players."), ("players=two", "players", "2 to 4 players"),
     ("players=3&paper=a3", "paper", "Choose A4 or Letter."), ("players=3&format=docx", "format", "Choose a page")],
)
def test_wrong_sheet_options_are_named_beside_their_field(client: FlaskClient, query: str, field: str,
                                                          message: str) -> None:
    response = client.get(f"/print/blank?{query}")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f'id="{field}-error">' in page and message in page


def test_the_filled_sheet_of_a_saved_game_as_page_and_pdf(client: FlaskClient) -> None:
    share = save(client, sample_text("base-4p.json"))
    page = client.get(f"/s/{share}/sheet").get_data(as_text=True)
    assert "Kanagawa result" in page and "How each figure was counted" in page
    assert re.search(r'<p class="meta">[A-Z][a-z]+ [0-9]{1,2}, 20[0-9]{2} · Families:', page)  # when it was played
    pdf = client.get(f"/s/{share}/sheet?format=pdf&paper=a4")
    assert pdf.mimetype == "application/pdf"
    _reader, text = pdf_text(pdf.data)
    for name in ("Chiyo", "Daisuke", "Emi", "Fumiko"):
        assert name in text
    french = client.get(f"/s/{share}/sheet?format=pdf", headers={"Accept-Language": "fr"})
    _reader, text = pdf_text(french.data)
    assert "Résultat de Kanagawa" in text and "Cartes de l’Estampe" in text and "Familles" in text
    assert client.get(f"/s/{share}/sheet?paper=a5").status_code == 400


def test_the_filled_sheet_of_the_game_on_the_results_page(client: FlaskClient) -> None:
    results = client.post("/results", data={"table": sample_text("base-2p.json")}).get_data(as_text=True)
    form = results[results.index('action="/print/game"'):]
    assert 'name="paper"' in form and 'name="format"' in form
    page = client.post("/print/game", data={"table": hidden(results), "paper": "a4", "format": "html"})
    assert page.status_code == 200 and "Kanagawa result" in page.get_data(as_text=True)
    pdf = client.post("/print/game", data={"table": hidden(results), "paper": "letter", "format": "pdf"})
    assert pdf.mimetype == "application/pdf" and "Aiko" in pdf_text(pdf.data)[1]


def test_a_saved_game_s_edit_token_prints_nothing_by_the_read_only_route(client: FlaskClient) -> None:
    response = client.post("/games/save", data={"table": sample_text("base-2p.json")})
    edit = token_of(response.headers["Location"])
    assert client.get(f"/s/{edit}/sheet").status_code == 404
