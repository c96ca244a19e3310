"""Whatever bytes arrive, the one reader gives a table or a TableError naming the place, and a table it gives is
scored, checked and written back without any other error: a bounded corpus that puts each hostile value (huge
numbers, lone surrogates, deep nesting, long lists, wrong types) at every place of every sample table."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from support.paths import SAMPLES
from support.samples import sample_document

from marquoir import TableError, check, load_table, score
from marquoir.document import table_to_document

#: What an attacker or a broken client may put anywhere in a document.
HOSTILE: list[Any] = [
    10**40, -(10**40), 2**63, 1.5, float("nan"), True, None, "", "\ud800", "x" * 5000, "é" * 41, [], {},
    [0] * 5000, ["trees-3"] * 2000, {"a": {"b": {"c": [[[[]]]]}}}, [[[[[[[[[[1]]]]]]]]]],
]


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place of a JSON value, as the keys and indexes leading to it."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):  # the first items stand for the rest
            yield from places(item, (*path, index))


def replaced(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    changed = copy.deepcopy(doc)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def corpus() -> Iterator[tuple[str, Any]]:
    for sample in sorted(p.stem for p in SAMPLES.glob("*.json")):
        doc = sample_document(sample)
        for path in places(doc):
            if path:
                for value in HOSTILE:
                    yield f"{sample}:{'.'.join(map(str, path))}", replaced(doc, path, value)


def test_the_corpus_is_large_and_every_document_reads_or_names_the_place() -> None:
    read = refused = 0
    for where, doc in corpus():
        try:
            text = json.dumps(doc, ensure_ascii=True)
        except ValueError:
            continue  # NaN with allow_nan off, etc.: not a document a client can send as JSON
        try:
            table = load_table(text)
        except TableError as error:
            assert error.path, where
            refused += 1
            continue
        read += 1
        report = score(table)
        json.dumps(report.to_json(), ensure_ascii=False).encode("utf-8")
        assert [i.to_json() for i in check(table)] == report.to_json()["issues"], where
        assert load_table(json.dumps(table_to_document(table))) == table, where
    assert refused > 5000 and read > 100, (refused, read)  # (measured: 6,402 refused, 177 read)


@pytest.mark.parametrize("depth", [100, 10_000, 100_000])
def test_deep_nesting_is_refused_whole(depth: int) -> None:
    with pytest.raises(TableError):
        load_table("[" * depth + "]" * depth)
    with pytest.raises(TableError):
        load_table('{"game": "kanagawa", "players": ' + "[" * depth + "]" * depth + "}")


#: What a caller of the Python API may put in a mapping that JSON text cannot carry: whole numbers past Python's
#: own limit on reading digits, an int subclass, a float that is whole, bytes, a tuple, a set.
HOSTILE_MAPPINGS: list[Any] = [10**5000, -(10**5000), 10**40, 2.0, float("inf"), b"trees", (1, 2), {1, 2}, 1j]


def test_the_python_api_s_mappings_read_or_name_the_place_and_every_report_is_json() -> None:
    read = refused = 0
    for sample in sorted(p.stem for p in SAMPLES.glob("*.json")):
        doc = sample_document(sample)
        for path in places(doc):
            if not path:
                continue
            for value in HOSTILE_MAPPINGS:
                where = f"{sample}:{'.'.join(map(str, path))}={type(value).__name__}"
                try:
                    table = load_table(replaced(doc, path, value))
                except TableError as error:
                    assert error.path, where
                    refused += 1
                    continue
                read += 1
                report = score(table)
                json.dumps(report.to_json(), ensure_ascii=False)  # a report is always JSON
                assert load_table(json.dumps(table_to_document(table))) == table, where
    assert refused > 1000 and read > 10, (refused, read)
