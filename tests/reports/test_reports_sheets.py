"""The score sheets as HTML: rows, columns, Diploma reminder, figures, ranks, issues, print stylesheet, errors."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime

import pytest
from support.reports import sheet_table
from support.samples import sample_table

from marquoir import MarquoirError, score
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.table import Table
from marquoir.reports.sheets import SheetError, ordinal, render_blank_sheet, render_filled_sheet


def row_labels(html: str) -> list[str]:
    return [re.sub(r"<.*", "", m) for m in re.findall(r'<th class="category" scope="row">([^<]*)', html)]


def test_the_blank_sheet_has_the_paper_sheet_rows_in_order() -> None:
    html = render_blank_sheet(3)
    assert row_labels(html) == [
        "Print cards",
        "Longest season chain",
        "Harmony symbols",
        "Diplomas",
        "Grand Master ×2",
        "Total",
    ]
    assert html.count('<td class="points"></td>') == 3 * 6
    assert "Player 3" in html and "Player 4" not in html


def test_the_yokai_rows_and_diplomas_appear_only_when_asked() -> None:
    plain, yokai = render_blank_sheet(2), render_blank_sheet(2, yokai=True)
    assert "Yokai" not in row_labels(plain) and "Yokai" in row_labels(yokai)
    assert row_labels(yokai)[-2:] == ["Yokai", "Total"]
    for diploma in catalogue().diplomas.values():
        assert (diploma.requirement in yokai) is True, diploma.id
        assert (diploma.requirement in plain) is (not diploma.is_expansion), diploma.id
    assert "with Yokai" in yokai and "with Yokai" not in plain


def test_the_diploma_reminder_gives_points_and_bonus() -> None:
    html = render_blank_sheet(4)
    assert re.search(
        r"at least 5 trees <span class=\"bonus\">\+ the Assistant pawn</span></td><td class=\"pts\">7", html
    )
    assert re.search(r"3 identical characters</td><td class=\"pts\">9", html)


def test_the_blank_sheet_can_carry_names_and_refuses_impossible_requests() -> None:
    html = render_blank_sheet(2, names=["Aiko", "<b>Ben</b>"])
    assert "Aiko" in html and "&lt;b&gt;Ben&lt;/b&gt;" in html and "<b>Ben</b>" not in html
    for players in (0, 1, 5):
        with pytest.raises(SheetError, match=f"players: .*not {players}"):
            render_blank_sheet(players)
    with pytest.raises(SheetError, match="names: 3 names for 2 players"):
        render_blank_sheet(2, names=["a", "b", "c"])
    with pytest.raises(SheetError, match="lang: 'de'"):
        render_blank_sheet(2, lang="de")
    with pytest.raises(SheetError, match="paper: 'a3'"):
        render_blank_sheet(2, paper="a3")
    assert issubclass(SheetError, MarquoirError)


def test_the_print_stylesheet_fits_both_papers_and_never_splits_a_block() -> None:
    free, a4, letter = render_blank_sheet(2), render_blank_sheet(2, paper="a4"), render_blank_sheet(2, paper="letter")
    assert "size: A4" in a4 and "size: letter" in letter
    assert "size: A4" not in free and "size: letter" not in free
    assert "max-width: 186mm" in free  # narrower than A4 and Letter once the margins are taken
    for block in ("table.scores tr", ".player", ".diploma-group"):
        rule = re.search(r"(?m)^" + re.escape(block) + r" \{[^}]*\}", free)
        assert rule and "break-inside: avoid" in rule.group(0), block
    assert '<meta name="viewport"' in free


def test_the_filled_sheet_shows_every_figure_total_rank_and_explanation(base4: Table) -> None:
    report = score(base4)
    html = render_filled_sheet(base4, report, played_at=datetime(2026, 3, 14, tzinfo=UTC), title="Friday game")
    assert "<h1>Friday game" in html and "14 March 2026" in html  # marquoir/dates.py: day, month, year
    assert row_labels(html) == [
        "Print cards",
        "Longest season chain",
        "Harmony symbols",
        "Diplomas",
        "Grand Master",
        "Total",
        "Rank",
    ]
    for player in report.players:
        assert f"{player.name} — {player.total} points, {ordinal(player.rank, 'en')}" in html
        for category, explanation in player.explanations.items():
            if category != "yokai":  # no Yokai row without the expansion
                assert explanation.replace("&", "&amp;") in html
    totals = re.search(r'<tr class="total">(.*?)</tr>', html, re.S)
    assert totals and re.findall(r">(\d+)</td>", totals.group(1)) == [str(p.total) for p in report.players]
    assert f"Winner:</strong> {report.winners[0]}" in html
    assert "No issue found" in html


def test_the_filled_sheet_reads_a_stored_report_as_well(base4: Table) -> None:
    assert render_filled_sheet(base4, score(base4).to_json()) == render_filled_sheet(base4, score(base4))
    assert render_filled_sheet(base4) == render_filled_sheet(base4, score(base4))
    with pytest.raises(SheetError, match="report"):
        render_filled_sheet(base4, score(sample_table("base-2p")))


def test_a_tie_is_a_shared_victory_with_shared_ranks() -> None:
    table = sheet_table(("Aiko", 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 7, False, 0), ("Chiyo", 9, 3, 1, 3, False, 0))
    html = render_filled_sheet(table)
    assert "Shared victory:</strong> Aiko, Ben" in html
    rank_row = re.search(r'<tr class="rank">(.*?)</tr>', html, re.S)
    assert rank_row and re.findall(r"<td>([^<]+)</td>", rank_row.group(1)) == ["1st", "1st", "3rd"]


def test_the_filled_sheet_lists_the_issues_and_yokai_penalties() -> None:
    table = sheet_table(
        ("Hana", 10, 4, 2, 7, True, 1),
        ("Ichiro", 9, 14, 1, 3, True, 2),
        families=("trees", "animals", "kites", "umbrellas"),
    )
    html = render_filled_sheet(table)
    assert "Yokai" in row_labels(html)
    assert re.search(r'<tr class="row-yokai">.*?<td class="points">-1</td><td class="points">-4</td>', html, re.S)
    assert "<h2>Legality</h2>" in html
    for issue in score(table).issues:  # each issue in words; no code or path is printed for people
        assert issue.message.replace("'", "&#39;") in html and issue.code not in html
    assert "No issue found" not in html


def test_names_are_escaped(base4: Table) -> None:
    players = list(base4.players)
    players[0] = dataclasses.replace(players[0], name="<img src=x onerror=alert(1)>")
    html = render_filled_sheet(dataclasses.replace(base4, players=tuple(players)))
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_every_word_goes_through_the_gettext_given(base4: Table) -> None:
    shout = str.upper
    blank = render_blank_sheet(2, gettext=shout)
    assert row_labels(blank)[:2] == ["PRINT CARDS", "LONGEST SEASON CHAIN"]
    assert "DIPLOMA TILES" in blank and "AT LEAST 3 TREES" in blank
    filled = render_filled_sheet(base4, gettext=shout)
    assert "HOW EACH FIGURE WAS COUNTED" in filled and "NO ISSUE FOUND" in filled
    visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", blank, flags=re.S)
    leftover = [w for w in re.findall(r"[A-Za-z]{3,}", visible) if not w.isupper()]
    assert leftover == []


def test_ordinals() -> None:
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st"
    ]  # fmt: skip
    assert [ordinal(n, "fr") for n in (1, 2, 3)] == ["1er", "2e", "3e"]
