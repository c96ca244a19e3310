"""The printed sheets on paper: no page holds only the end of a sheet (the credit sits in the page margin, a legal
table says so under the winners), a blank Kanagawa sheet with the Yokai rows fits one page of either paper, and the
page to print has a Print button and a way back that are never printed."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from support.samples import sample_table

from marquoir.reports.sheets import blank_sheet_pdf, filled_sheet_pdf, render_blank_sheet, render_filled_sheet


def _pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_blank_yokai_sheet_fits_one_page(paper: str, lang: str, players: int) -> None:
    assert len(_pages(blank_sheet_pdf(players, yokai=True, paper=paper, lang=lang))) == 1


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", ["base-2p", "base-4p", "yokai-3p", "bonsai-2p", "bonsai-4p"])
def test_no_page_of_a_filled_sheet_holds_only_its_end(paper: str, name: str) -> None:
    pages = _pages(filled_sheet_pdf(sample_table(name), paper=paper))
    for text in pages[1:]:
        assert " points, " in text, text[:200]  # every later page carries a player's explanations
    assert "No issue found" in pages[0]


def test_the_page_to_print_has_a_print_button_and_a_way_back_that_are_not_printed() -> None:
    page = render_blank_sheet(2, back="/print", script="/static/sheet.js")
    assert '<button type="button" id="print-sheet" hidden>Print this sheet</button>' in page
    assert '<a href="/print">Back</a>' in page and '<script src="/static/sheet.js" defer></script>' in page
    assert "@media print { .screen-only { display: none !important; } }" in page
    filled = render_filled_sheet(sample_table("base-2p"), back="/s/x", script="/static/sheet.js")
    assert '<a href="/s/x">Back</a>' in filled


def test_a_sheet_for_paper_or_the_terminal_has_no_buttons() -> None:
    assert "print-sheet" not in render_blank_sheet(2) and "<script" not in render_blank_sheet(2, paper="a4")
