"""The blank sheet of each game from the print page: Bonsai for 1 to 4 players, Kanagawa for 2 to 4, each wrong
option named beside its field."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_the_print_page_offers_each_game(client: FlaskClient) -> None:
    page = client.get("/print").get_data(as_text=True)
    assert 'name="game" value="kanagawa"' in page and 'name="game" value="bonsai"' in page
    assert "1 to 4 players" in page and "2 to 4 players" in page


def test_a_blank_bonsai_sheet_for_one_player(client: FlaskClient) -> None:
    response = client.get("/print/blank?game=bonsai&players=1&format=html")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<h1>Bonsai score sheet</h1>" in page and "small brown goal" in page


def test_a_bonsai_pdf_is_named_after_its_game(client: FlaskClient) -> None:
    response = client.get("/print/blank?game=bonsai&players=3&format=pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert 'filename="bonsai-sheet-3p-en.pdf"' in response.headers["Content-Disposition"]


def test_wrong_options_are_named_for_the_game(client: FlaskClient) -> None:
    kanagawa = client.get("/print/blank?game=kanagawa&players=1")
    assert kanagawa.status_code == 422
    assert "A Kanagawa sheet is for 2 to 4 players." in kanagawa.get_data(as_text=True)
    unknown = client.get("/print/blank?game=chess&players=2")
    assert unknown.status_code == 422 and "Choose a game." in unknown.get_data(as_text=True)
