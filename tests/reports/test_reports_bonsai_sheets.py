"""Bonsai's printed sheets: the blank sheet for 1 to 4 players with its goal tiles and Parchments, the filled sheet
with the tie broken by turn order in words, in English and French, as a page and as a PDF."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from support.samples import sample_table

from marquoir.reports.sheets import SheetError, blank_sheet_pdf, render_blank_sheet, render_filled_sheet


def test_the_blank_bonsai_sheet_has_its_rows_goals_and_parchments() -> None:
    page = render_blank_sheet(1, game="bonsai")
    assert "<h1>Bonsai score sheet</h1>" in page
    for row in ("Leaves", "Flowers", "Fruits", "Parchments", "Goals"):
        assert f"{row}<span class=\"hint\">" in page
    assert "3 per leaf tile" in page and "7 per fruit tile" in page
    assert page.count('class="points"') == 6  # one player: 5 rows and the total
    assert "small brown goal (8 wood tiles; the trunk counts)" in page and "Parchment per Master card" in page
    assert "a tie goes to the player farthest from the first player" in page
    assert "Diploma tiles" not in page and "Kanagawa" not in page


def test_a_bonsai_sheet_is_for_1_to_4_players_and_has_no_yokai() -> None:
    with pytest.raises(SheetError, match="1 to 4 players, not 5"):
        render_blank_sheet(5, game="bonsai")
    with pytest.raises(SheetError, match="game: 'chess'"):
        render_blank_sheet(2, game="chess")
    assert "Yokai" not in render_blank_sheet(4, game="bonsai", yokai=True)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_blank_bonsai_sheet_fits_one_page(paper: str) -> None:
    assert len(PdfReader(io.BytesIO(blank_sheet_pdf(4, game="bonsai", paper=paper))).pages) == 1


def test_the_filled_sheet_says_who_wins_the_tie_and_the_goals_held() -> None:
    page = render_filled_sheet(sample_table("bonsai-4p"))
    assert "<h1>Bonsai result</h1>" in page
    assert "Goals in play: green, orange, pink" in page
    assert "Dario wins the tie with Chloé: farther from the first player" in page
    assert "Winner:</strong> Dario" in page
    assert "Goal tiles claimed" in page and "small green goal" in page


def test_the_filled_sheet_in_french() -> None:
    page = render_filled_sheet(sample_table("bonsai-4p"), lang="fr")
    assert "<h1>Résultat de Bonsai</h1>" in page and "Objectifs en jeu\u00a0:" in page
    assert "Feuilles" in page and "Parchemins" in page and "Tuiles Objectif réclamées" in page
