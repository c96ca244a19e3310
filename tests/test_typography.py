"""French typography and counted words in every catalogue entry and in the words the games write (issue 10, "Words
people use"): a no-break space before ``:`` ``;`` ``!`` ``?`` and inside guillemets, « au printemps » but « en
été », the first of the month « 1er » (Imprimerie nationale, *Lexique des règles typographiques*); counted messages
through ``ngettext`` with the French singular for 0 and 1; no "(s)" plural in any language; and the terminal's
words, which name no issue code or id either."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from pathlib import Path

import pytest
from support.words import every_document, internal_words, language_faults, text_lines

from marquoir import load_table, score
from marquoir.cli import main
from marquoir.dates import format_date, format_datetime
from marquoir.games.kanagawa.naming import STORM_SEASONS, count_text, points_text, storm_text
from marquoir.i18n import N_, catalogue_entries, language
from marquoir.messages import plural_messages

DOMAINS = ("core", "web", "sheets")


def _entries(domain: str) -> list[tuple[str, str]]:
    """(English key, one French form) of every entry of a French catalogue."""
    return [(key, form) for key, forms in catalogue_entries("fr", domain).items() for form in forms]


def _placeholders_out(text: str) -> str:
    """The text without its placeholders (``{card}``, ``%(name)s``), which a person never reads as such."""
    return re.sub(r"\{[^{}]*\}|%\([^)]*\)[sd]|%[sd]", "x", text)


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_french_entry_follows_french_typography(domain: str) -> None:
    faults = [
        (key, kind, found)
        for key, form in _entries(domain)
        for kind, found, _text in language_faults([_placeholders_out(form)], "fr")
    ]
    assert faults == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_message_counts_with_a_bracketed_plural(domain: str) -> None:
    bracketed = re.compile(r"\w\((?:s|x|es)\)")
    found = [(key, form) for key, form in _entries(domain) if bracketed.search(key) or bracketed.search(form)]
    assert found == []


def test_the_typography_check_finds_what_it_looks_for() -> None:
    assert language_faults(["Vainqueur : Aiko"], "fr")  # a plain space
    assert language_faults(["Vainqueur: Aiko"], "fr")  # none
    assert language_faults(["moine en printemps"], "fr")
    assert language_faults(["le 1 décembre"], "fr")
    assert language_faults(["1 points"], "en") and language_faults(["0 points"], "fr")
    assert language_faults(["Vainqueur\u00a0: Aiko ; x", "à 20:30"], "fr") == [
        ("no no-break space before the punctuation", ";", "Vainqueur\u00a0: Aiko ; x")
    ]


@pytest.mark.parametrize("domain", ["core", "sheets"])
def test_counted_messages_have_every_french_form(domain: str) -> None:
    """Each counted message has a singular (0 and 1 in French) and a plural, both written."""
    entries = catalogue_entries("fr", domain)
    counted = plural_messages(domain)
    assert counted, domain
    for key in counted:
        assert len(entries[key]) == 2 and all(entries[key]), key


def test_points_and_counts_take_the_right_form() -> None:
    one, many = N_("{count} tree"), N_("{count} trees")
    with language("en"):
        assert [points_text(n) for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
        assert count_text(1, one, many) == "1 tree" and count_text(0, one, many) == "0 trees"
    with language("fr"):
        assert [points_text(n) for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
        assert count_text(0, one, many) == "0 arbre" and count_text(3, one, many) == "3 arbres"


def test_a_storm_token_gives_its_season_with_the_right_preposition() -> None:
    with language("fr"):
        assert [storm_text("moine", season) for season in STORM_SEASONS] == [
            "moine au printemps", "moine en été", "moine en automne", "moine en hiver"]
    with language("en"):
        assert storm_text("monk", "spring") == "monk as spring"


def test_dates_are_written_as_people_write_them() -> None:
    first, second = date(2026, 12, 1), date(2026, 12, 2)
    assert format_date(first, "fr") == "1er décembre 2026" and format_date(second, "fr") == "2 décembre 2026"
    assert format_date(first, "en") == "1 December 2026"
    assert format_date(first, "fr", "day-month") == "1er décembre"
    assert format_datetime(datetime(2026, 12, 1, 20, 30), "fr") == "1er décembre 2026 à 20:30"
    assert format_datetime(datetime(2026, 12, 1, 20, 30), "en") == "1 December 2026 at 20:30"
    with pytest.raises(ValueError, match="length"):
        format_date(first, "fr", "medium")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(every_document()))
def test_explanations_and_issues_are_well_written(name: str, lang: str) -> None:
    """Every explanation and issue of the sample tables and of the tables broken in every way
    (:func:`support.words.broken_documents`), in both languages; a base game says nothing of Yokai tokens."""
    table = load_table(every_document()[name])
    with language(lang):
        report = score(table)
        texts = [text for p in report.players for text in p.explanations.values()]
        texts += [issue.message for issue in report.issues]
    assert language_faults(texts, lang) == []
    assert not any(re.search(r"\w\((?:s|x|es)\)", text) for text in texts)
    if name.startswith("base") or name == "unreachable":
        assert all(not p.explanations.get("yokai") for p in report.players)


@pytest.mark.parametrize("name", sorted(every_document()))
def test_the_terminal_names_no_code_and_no_id(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``marquoir check`` and ``score --explain`` say what is wrong in words: the document's paths stay (the terminal
    is for whoever edits the document), but no issue code, Diploma, goal or Starting tile id, or card number."""
    path = tmp_path / "table.json"
    path.write_text(json.dumps(every_document()[name]), encoding="utf-8")
    main(["check", str(path)])
    main(["score", "--explain", str(path)])
    lines = text_lines(capsys.readouterr().out)
    assert lines and internal_words(lines) == [] and language_faults(lines, "en") == []
