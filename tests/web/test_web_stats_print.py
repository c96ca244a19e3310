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


def cells_of(row: str) -> list[str]:
    """A row's cells as they read: the wins with the win rate under them (``2 (1 shared) · 67%``)."""
    found = []
    for cell in re.findall(r"<td>(.*?)</td>", row, re.S):
        rate = re.search(r'class="win-rate"><span class="visually-hidden">[^<]*</span>([^<]*)</small>', cell)
        text = re.sub(r"<[^>]+>.*", "", cell, flags=re.S)
        found.append(f"{text} · {rate.group(1)}" if rate else text)
    return found


def pdf_text(data: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(data))
    return reader, " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def test_statistics_per_player_with_shared_wins(client: FlaskClient) -> None:
    save(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 10, 3)))  # 13–13: a shared win
    save(client, sheet_game(sheet_player("Ann", 12, 5, 2), sheet_player("Bob", 9, 2)))  # 19–11
    save(client, sheet_game(sheet_player("Bob", 14, 6), sheet_player("Cleo", 8, 2), sheet_player("ann", 7, 1)))
    page = client.get("/stats").get_data(as_text=True)
    rows = dict(re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th>\s*(<td>.*?)</tr>', page, re.S))
    cells = {name: cells_of(row) for name, row in rows.items()}
    # "ann" and "Ann" are one player (the name as last written); games, wins, win rate, average, best.
    assert cells["ann"] == ["3", "2 (1 shared) · 67%", "13.3", "19"]  # (13 + 19 + 8) / 3
    assert cells["Bob"] == ["3", "2 (1 shared) · 67%", "14.7", "20"]  # (13 + 11 + 20) / 3
    assert cells["Cleo"] == ["1", "0 · 0%", "10.0", "10"]
    assert '<svg' in page and page.count('class="player-line"') == 3  # totals over time, one line per player
    player = client.get("/stats?player=ANN").get_data(as_text=True)
    assert "<h1>ann</h1>" in player and "2 (1 shared)" in player
    averages = dict(re.findall(r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td></tr>', player))
    assert (averages["Print cards"], averages["Season chain"], averages["Harmony symbols"]) == ("9.7", "3.0", "0.7")
    assert player.count('class="player-line"') == 1 and "shared win" in player
    missing = client.get("/stats?player=Zed")
    assert missing.status_code == 404 and "No saved game has a player called Zed." in missing.get_data(as_text=True)


def save_on(client: FlaskClient, table: str, day: str) -> str:
    response = client.post("/games/save", data={"table": table, "played_on": day, "played_time": "20:00"})
    assert response.status_code == 303, response.data[:400]
    return token_of(response.headers["Location"])


def yokai_game(*players: dict[str, object]) -> str:
    import json

    return json.dumps({"game": "kanagawa", "families": ["trees", "animals", "kites", "lanterns"],
                       "players": list(players)})  # fmt: skip


def stats_rows(page: str) -> dict[str, list[str]]:
    rows = dict(re.findall(r'<th scope="row"><a [^>]*>([^<]+)</a></th>\s*(<td>.*?)</tr>', page, re.S))
    return {name: cells_of(row) for name, row in rows.items()}


def test_statistics_filtered_by_players_edition_and_period(client: FlaskClient) -> None:
    save_on(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 9, 3)), "2026-01-05")
    save_on(client, sheet_game(sheet_player("Ann", 7, 3), sheet_player("Bob", 9, 3), sheet_player("Cleo", 8, 3)),
            "2026-02-05")  # fmt: skip
    save_on(client, yokai_game(sheet_player("Ann", 12, 3), sheet_player("Bob", 9, 3)), "2026-03-05")
    assert stats_rows(client.get("/stats").get_data(as_text=True))["Ann"][:2] == ["3", "2 · 67%"]
    two = stats_rows(client.get("/stats?players=2").get_data(as_text=True))
    assert two["Ann"][:2] == ["2", "2 · 100%"] and "Cleo" not in two
    base = stats_rows(client.get("/stats?edition=base").get_data(as_text=True))
    assert base["Ann"][:2] == ["2", "1 · 50%"] and base["Cleo"][:1] == ["1"]
    yokai = client.get("/stats?edition=yokai").get_data(as_text=True)
    assert stats_rows(yokai)["Ann"][:2] == ["1", "1 · 100%"] and 'id="stats-bonsai"' not in yokai
    period = client.get("/stats?from=2026-02-01&to=2026-03-05").get_data(as_text=True)
    assert stats_rows(period)["Ann"][:2] == ["2", "1 · 50%"] and "2 games in this period." in period
    assert 'value="2026-02-01"' in period and 'value="2026-03-05"' in period  # the form shows them again
    narrow = client.get("/stats?from=2026-02-01&to=2026-02-28&players=3").get_data(as_text=True)
    assert stats_rows(narrow)["Bob"][:2] == ["1", "1 · 100%"] and stats_rows(narrow)["Cleo"][:2] == ["1", "0 · 0%"]
    assert "No saved game matches these filters." in client.get("/stats?from=2025-01-01&to=2025-12-31").get_data(
        as_text=True)  # fmt: skip
    player = client.get("/stats?player=Ann&edition=yokai").get_data(as_text=True)
    assert re.search(r"<dt>Games</dt><dd>1</dd>", player) and "100%" in player
    ann = client.get("/stats?player=Ann").get_data(as_text=True)
    header = ann.split('id="category-averages"')[1].split("</thead>")[0]
    assert "Base game" in header and "With the Yokai expansion" in header  # each category's average per edition
    averages = re.findall(r'<tr><th scope="row">Print cards</th><td>([^<]+)</td><td>([^<]+)</td></tr>', ann)
    assert averages == [("8.5", "12.0")]


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("from=yesterday", "from", "Enter a date as year-month-day"),
        ("to=2026-02-31", "to", "Enter a date as year-month-day"),
        ("from=2026-03-01&to=2026-02-01", "to", "The end of the period comes before its start."),
        ("players=9", "players", "Choose a number of players from the list."),
        ("edition=deluxe", "edition", "Choose an edition from the list."),
        ("game=chess", "game", "Choose a game from the list."),
    ],
)
def test_a_filter_that_cannot_be_read_is_said_beside_its_field(client: FlaskClient, query: str, field: str,
                                                               words: str) -> None:
    save(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 9, 3)))
    response = client.get(f"/stats?{query}")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert words in page and 'class="field has-error"' in page and "Ann" in page  # the others still apply


def test_the_head_to_head_of_two_players(client: FlaskClient) -> None:
    save(client, sheet_game(sheet_player("Ann", 10, 3), sheet_player("Bob", 9, 3)))  # Ann ahead
    save(client, sheet_game(sheet_player("Ann", 7, 3), sheet_player("Bob", 9, 3), sheet_player("Cleo", 12, 3)))
    save(client, sheet_game(sheet_player("Ann", 9, 3), sheet_player("Bob", 9, 3)))  # the same place: both win
    save(client, sheet_game(sheet_player("Ann", 9, 3), sheet_player("Cleo", 9, 2)))
    page = client.get("/stats?player=Ann&vs=bob").get_data(as_text=True)
    assert "Ann and Bob played 3 games together." in page
    versus = page.split('id="versus"')[1].split("</table>")[0]
    assert re.findall(r'<th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+)</td>', versus) == [
        ("Wins", "2", "1"), ("Ahead of the other", "1", "1")]  # fmt: skip
    assert "Same place once." in page and "They shared the win once." in page
    assert '<option value="Bob">' in page and '<option value="Ann">' not in page  # the others offered
    one = client.get("/stats?player=Ann&vs=Bob&players=3").get_data(as_text=True)
    assert "Ann and Bob played 1 game together." in one and "Never at the same place." in one
    none = client.get("/stats?player=Bob&vs=Cleo&players=2").get_data(as_text=True)
    assert "Bob and Cleo have played no game together (with these filters)." in none
    assert "No other player is called Zed here." in client.get("/stats?player=Ann&vs=Zed").get_data(as_text=True)


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


@pytest.mark.slow  # WeasyPrint renders PDFs: seconds each
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


@pytest.mark.slow  # WeasyPrint renders PDFs: seconds each
def test_the_filled_sheet_of_a_saved_game_as_page_and_pdf(client: FlaskClient) -> None:
    share = save(client, sample_text("base-4p.json"))
    page = client.get(f"/s/{share}/sheet").get_data(as_text=True)
    assert "Kanagawa result" in page and "How each figure was counted" in page
    assert re.search(r'<p class="meta">[0-9]{1,2} [A-Z][a-z]+ 20[0-9]{2} · Families:', page)  # when it was played
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
    results = client.post("/results", follow_redirects=True,
                          data={"table": sample_text("base-2p.json")}).get_data(as_text=True)
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
