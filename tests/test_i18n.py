"""English and French: every core message has its French form with the same placeholders, and the language
is a context value that scoring, the check and the Diploma checker follow."""

from __future__ import annotations

import string

import pytest
from support.samples import sample_document

from marquoir import check, load_table, score
from marquoir.i18n import LanguageError, _, catalogue_entries, get_language, language
from marquoir.messages import core_messages


def french(domain: str) -> dict[str, str]:
    """Each entry's key (:func:`message_key`: the msgid, after its context) → its French, every plural form
    joined (so that an empty form shows as an empty part)."""
    return {key: "\x00".join(forms) for key, forms in catalogue_entries("fr", domain).items()}


def english(key: str) -> str:
    """The English of a key: the msgid without its context."""
    return key.split("\x04", 1)[-1]


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_core_message_is_translated_and_nothing_is_left_over() -> None:
    catalogue = french("core")
    messages = core_messages()
    assert messages - catalogue.keys() == set()
    assert catalogue.keys() - messages == set()
    assert all(all(form.strip() for form in catalogue[m].split("\x00")) for m in messages)


def test_translations_keep_the_placeholders() -> None:
    for message, translated in french("core").items():
        for form in translated.split("\x00"):
            assert fields(english(message)) == fields(form), message


def test_language_is_a_context_value() -> None:
    assert get_language() == "en"
    with language("fr"):
        assert _("spring") == "printemps"
        with language("en"):
            assert _("spring") == "spring"
        assert get_language() == "fr"
    assert _("spring") == "spring"
    with pytest.raises(LanguageError, match="'de'"), language("de"):
        pass


def test_explanations_and_issues_follow_the_language() -> None:
    report = score(load_table(sample_document("base-2p.json")))
    ben = report.players[1]
    english = ben.explanations["season_chain"]
    with language("fr"):
        # The cards by what they show, the season said once; a Storm token's season with its preposition.
        chain = ben.explanations["season_chain"]
        assert chain.startswith("8 cartes à la suite, Saison printemps\u00a0: sanglier, cerf")
        assert "jeton Orage\u00a0: 2 arbres au printemps (placé par le calculateur)" in chain
    assert ben.explanations["season_chain"] == english  # each language written once, none overwritten

    doc = sample_document("base-2p.json")
    doc["players"][1]["grand_master"] = True
    table = load_table(doc)
    with language("fr"):
        (issue,) = check(table)
    assert issue.message == "2 joueurs ont le pion Grand Maître (Aiko, Ben)\u00a0: il n’y en a qu’un"
    assert check(table)[0].message == "2 players hold the Grand Master pawn (Aiko, Ben): there is one"
