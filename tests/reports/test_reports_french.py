"""The sheets in French: a complete catalogue in the game's own words, compiled by the build or in memory."""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader
from support.paths import ARTIFACTS
from support.reports import render_png
from support.samples import sample_table

from marquoir.i18n import DOMAINS, catalogue_entries
from marquoir.messages import sheets_messages as extract_messages
from marquoir.reports.charts import game_bars_svg
from marquoir.reports.i18n import LOCALE_DIR, compile_catalogues, gettext_for
from marquoir.reports.sheets import blank_sheet_pdf, render_blank_sheet, render_filled_sheet
from marquoir.reports.stats import PlayerStats, wins_text

PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / "sheets.po"


def french_catalogue() -> dict[str, str]:
    """msgid → its French (a counted message by its singular msgid → its plural form; every form is checked by
    tests/test_typography.py)."""
    return {key: forms[-1] for key, forms in catalogue_entries("fr", "sheets").items()}


def test_the_french_catalogue_translates_every_string_and_nothing_stale() -> None:
    french = french_catalogue()
    shown = extract_messages()
    assert shown - set(french) == set(), "strings without a French translation"
    assert set(french) - shown == set(), "translations of strings no longer shown"
    for source, target in french.items():
        assert target.strip(), source
        assert sorted(re.findall(r"%\(\w+\)\w", source)) == sorted(re.findall(r"%\(\w+\)\w", target)), source


def test_the_french_blank_sheet_uses_the_game_s_own_words() -> None:
    html = render_blank_sheet(4, yokai=True, lang="fr")
    assert '<html lang="fr">' in html
    for words in (
        "Feuille de score de Kanagawa",
        "Cartes de l’Estampe",
        "Plus longue suite de Saison",
        "Symboles Harmonie",
        "Diplômes",
        "Grand Maître ×2",
        "Yokai",
        "Tuiles Diplôme",
        "le pion Assistant",
        "un jeton Orage",
        "un Pinceau",
        "Paysages identiques",
        "Atelier",
        "Joueur 4",
        "au moins 3 cerfs-volants bleus",
    ):
        assert words in html, words
    visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", html, flags=re.S)
    for english in ("Print cards", "Diploma tiles", "Player", "at least", "Harmony", "Brush", "Storm"):
        assert english not in visible, english


def test_the_french_filled_sheet(tmp_path: Path) -> None:
    html = render_filled_sheet(sample_table("base-4p"), lang="fr", played_at=datetime(2026, 3, 14, tzinfo=UTC))
    assert "14 mars 2026" in html and "Vainqueur\u00a0:" in html
    assert "Familles\u00a0: Arbres, Personnages, Bâtiments, Animaux" in html
    rank_row = re.search(r'<tr class="rank">(.*?)</tr>', html, re.S)
    assert rank_row and re.findall(r"<td>([^<]+)</td>", rank_row.group(1)) == ["1er", "2e", "3e", "4e"]
    # A legal table says so under the winners; the legality heading is only for a table with issues.
    assert "Grand Maître" in html and "Aucun problème" in html and "Vérification de la table" not in html
    # The first of the month is « 1er » (marquoir/dates.py).
    first = render_filled_sheet(sample_table("base-4p"), lang="fr", played_at=datetime(2026, 12, 1, tzinfo=UTC))
    assert "1er décembre 2026" in first


@pytest.mark.slow
def test_the_french_pdf_reads_in_french() -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "blank-4p-fr.pdf"
    path.write_bytes(blank_sheet_pdf(4, lang="fr"))
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)
    assert "Feuille de score de Kanagawa" in text and "Grand Maître ×2" in text and "Estampe" in text
    assert render_png(path, "blank-4p-fr")


def test_charts_and_statistics_speak_french() -> None:
    svg = game_bars_svg({"players": [], "winners": []}, lang="fr")
    assert "Points par catégorie" in svg
    stats = PlayerStats("kanagawa", "Aiko", "aiko", 3, 2, 1, 30, 25.0, {}, datetime(2026, 1, 1, tzinfo=UTC))
    assert wins_text(stats, gettext_for("fr")) == "2 (dont 1 partagées)"


def test_the_catalogue_compiles_once_and_the_po_alone_is_enough(tmp_path: Path) -> None:
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy, ignore=shutil.ignore_patterns("*.mo"))
    # Every domain of marquoir.i18n has its French catalogue (core, sheets, and the web pages').
    assert compile_catalogues(copy) == [copy / "fr" / "LC_MESSAGES" / f"{domain}.mo" for domain in DOMAINS]
    assert compile_catalogues(copy) == []  # up to date: nothing written
    assert (copy / "fr" / "LC_MESSAGES" / "sheets.mo").stat().st_size > 1000
