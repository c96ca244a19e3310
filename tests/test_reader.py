"""The one reader is total: whatever a document holds, reading it gives a table or a TableError naming the place —
bounds on whole numbers, ids, lists and text that is not valid Unicode, for every game."""

from __future__ import annotations

import json

import pytest
from support.samples import sample_document

from marquoir import TableError, load_table
from marquoir.core.reader import MAX_LIST, MAX_NUMBER


def _refused(doc: object) -> TableError:
    with pytest.raises(TableError) as caught:
        load_table(json.dumps(doc) if not isinstance(doc, str) else doc)
    return caught.value


def test_a_lone_surrogate_in_a_name_is_refused_where_it_is() -> None:
    doc = sample_document("base-2p")
    text = json.dumps(doc).replace('"Aiko"', '"Ai\\ud800ko"')
    error = _refused(text)
    assert error.path == "players[0].name" and "lone surrogate" in error.message


def test_a_lone_surrogate_in_an_id_is_refused() -> None:
    doc = sample_document("base-2p")
    text = json.dumps(doc).replace('"trees-4"', '"trees-\\udfff"')
    assert _refused(text).path == "players[1].diplomas[0]"


def test_whole_numbers_beyond_the_bounds_are_refused_by_path() -> None:
    doc = sample_document("base-2p")
    doc["players"][0]["print"][0] = MAX_NUMBER + 1
    error = _refused(doc)
    assert error.path == "players[0].print[0]" and "1,000,000" in error.message
    doc = sample_document("base-2p")
    doc["players"][1]["yokai"] = -(10**50)
    assert _refused(doc).path == "players[1].yokai"


def test_a_number_of_a_few_digits_is_read_and_left_to_the_check() -> None:
    doc = sample_document("base-2p")
    doc["players"][0]["print"][0] = 999_999
    assert load_table(json.dumps(doc)).players[0].print[0] == 999_999


def test_lists_longer_than_any_game_allows_are_refused() -> None:
    doc = sample_document("base-2p")
    doc["players"][0]["diplomas"] = ["trees-3"] * (MAX_LIST + 1)
    error = _refused(doc)
    assert error.path == "players[0].diplomas" and f"at most {MAX_LIST} items" in error.message


def test_an_id_longer_than_any_id_is_refused() -> None:
    doc = sample_document("base-2p")
    doc["players"][0]["start"] = "S" * 65
    assert _refused(doc).path == "players[0].start"


def test_bonsai_documents_have_the_same_bounds() -> None:
    doc = sample_document("bonsai-2p")
    doc["players"][0]["goals"] = ["x" * 65]
    assert _refused(doc).path == "players[0].goals[0]"
    text = json.dumps(sample_document("bonsai-2p")).replace('"Ana"', '"\\ud83dAna"')
    assert _refused(text).path == "players[0].name"
