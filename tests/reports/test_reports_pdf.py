"""The sheets as PDF (WeasyPrint): pages, paper size, text, nothing split across pages; each page is also left as
a PNG in test-artifacts/ (pdftoppm) to be looked at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from support.paths import ARTIFACTS
from support.reports import render_png
from support.samples import sample_table

from marquoir import score
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.reports.sheets import blank_sheet_pdf, filled_sheet_pdf

pytestmark = pytest.mark.slow

A4 = (595, 842)  # points
LETTER = (612, 792)


def write(name: str, data: bytes) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    path.write_bytes(data)
    return path


def pages_text(path: Path) -> list[str]:
    return [" ".join((page.extract_text() or "").split()) for page in PdfReader(path).pages]


def page_size(path: Path) -> tuple[int, int]:
    box = PdfReader(path).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.fixture(scope="module")
def blank4() -> Path:
    return write("blank-4p-a4.pdf", blank_sheet_pdf(4))


@pytest.fixture(scope="module")
def blank3_yokai_letter() -> Path:
    return write("blank-3p-yokai-letter.pdf", blank_sheet_pdf(3, yokai=True, paper="letter"))


@pytest.fixture(scope="module")
def filled4() -> Path:
    return write("filled-base-4p-a4.pdf", filled_sheet_pdf(sample_table("base-4p")))


@pytest.fixture(scope="module")
def filled3_letter() -> Path:
    return write("filled-yokai-3p-letter.pdf", filled_sheet_pdf(sample_table("yokai-3p"), paper="letter"))


def test_the_blank_sheet_is_one_a4_page_with_every_row(blank4: Path) -> None:
    assert blank4.read_bytes().startswith(b"%PDF-")
    assert page_size(blank4) == A4
    texts = pages_text(blank4)
    assert len(texts) == 1
    for word in ("Kanagawa score sheet", "Print cards", "Longest season", "Harmony symbols", "Grand Master ×2"):
        assert word in texts[0], word
    assert "Total" in texts[0] and "Player 4" in texts[0] and "Yokai" not in texts[0]
    assert len(render_png(blank4, "blank-4p-a4")) == 1


@pytest.mark.parametrize(("players", "paper", "size"), [(2, "letter", LETTER), (4, "letter", LETTER), (2, "a4", A4)])
def test_the_base_blank_sheet_fits_one_page_of_either_paper(players: int, paper: str, size: tuple[int, int]) -> None:
    path = write(f"blank-{players}p-{paper}.pdf", blank_sheet_pdf(players, paper=paper))
    assert page_size(path) == size
    texts = pages_text(path)
    assert len(texts) == 1 and f"Player {players}" in texts[0] and f"Player {players + 1}" not in texts[0]
    assert len(render_png(path, f"blank-{players}p-{paper}")) == 1


def test_the_yokai_blank_sheet_on_letter_keeps_each_diploma_group_on_one_page(blank3_yokai_letter: Path) -> None:
    assert page_size(blank3_yokai_letter) == LETTER
    texts = pages_text(blank3_yokai_letter)
    assert 1 <= len(texts) <= 2
    assert "tokens held" in texts[0] and "Total" in texts[0]
    for family, tiles in catalogue().diplomas_by_family.items():
        holders = {i for i, text in enumerate(texts) for t in tiles if t.requirement[:25] in text}
        assert len(holders) == 1, f"the {family} Diplomas are split across pages {holders}"
    assert len(render_png(blank3_yokai_letter, "blank-3p-yokai-letter")) == len(texts)


def test_the_filled_sheet_has_every_player_whole_on_one_page(filled4: Path) -> None:
    report = score(sample_table("base-4p"))
    texts = pages_text(filled4)
    assert page_size(filled4) == A4
    assert 1 <= len(texts) <= 3
    whole = " ".join(texts)
    assert re.search(r"Total 41 34 32 28 Rank 1st 2nd 3rd 4th", whole), whole[:600]
    assert "Winner: Chiyo" in whole
    for player in report.players:
        heading = f"{player.name} — {player.total} points"
        pages = [i for i, text in enumerate(texts) if heading in text]
        assert len(pages) == 1, heading
        block = texts[pages[0]].split(heading, 1)[1]
        assert "does not hold the Grand Master pawn" in block or "holds the Grand Master pawn" in block
        assert player.explanations["diplomas"].split(",")[0] in block
    assert "No issue found" in texts[0]  # under the winners, so that no page holds it alone
    assert len(render_png(filled4, "filled-base-4p-a4")) == len(texts)


def test_the_filled_yokai_sheet_on_letter_shows_the_penalties(filled3_letter: Path) -> None:
    texts = pages_text(filled3_letter)
    assert page_size(filled3_letter) == LETTER
    whole = " ".join(texts)
    assert "with Yokai" in whole and "Families: Trees, Animals, Kites, Umbrellas" in whole
    assert re.search(r"Yokai -1 0 -4 Total 42 37 29", whole), whole[:600]
    assert len(render_png(filled3_letter, "filled-yokai-3p-letter")) == len(texts)
