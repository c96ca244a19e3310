"""Properties of the core over random tables (hypothesis)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from support.examples import examples

from marquoir import TableError, dump_table, load_table, score, table_to_document
from marquoir.games.kanagawa.legality import CODES, check
from marquoir.games.kanagawa.scoring import longest_chain
from marquoir.games.kanagawa.table import StormPlacement
from marquoir.games.kanagawa.vocabulary import (
    ANIMALS,
    BUILDINGS,
    CARD_FAMILIES,
    CHARACTERS,
    ICONS,
    KITE_COLOURS,
    LANDSCAPES,
    PRINT_SEASONS,
    SEASONS,
    STUDIO_LANDSCAPES,
)

DIPLOMA_IDS = [
    "trees-3", "trees-4", "trees-5", "buildings-2", "buildings-3", "buildings-4", "characters-2-different",
    "characters-3-different", "characters-3-identical", "animals-boar-deer", "animals-crane-butterfly",
    "brushes-3", "brushes-4", "arrows-2", "arrows-3", "landscapes-2", "landscapes-3", "landscapes-4", "yokai-3",
    "kites-7", "kites-blue-3", "lanterns-2x2", "umbrellas-2", "umbrellas-4", "nope-1",
]  # fmt: skip

seasons = st.sampled_from(PRINT_SEASONS)

print_object = st.fixed_dictionaries(
    {"family": st.sampled_from(CARD_FAMILIES), "season": seasons},
    optional={
        "harmony": st.integers(-2, 2),
        "trees": st.integers(0, 4),
        "building": st.sampled_from(BUILDINGS),
        "character": st.sampled_from(CHARACTERS),
        "animal": st.sampled_from(ANIMALS),
        "kites": st.lists(st.sampled_from(KITE_COLOURS), max_size=3),
        "lanterns": st.integers(0, 3),
        "umbrellas": st.integers(0, 3),
        "yokai_arrival": st.booleans(),
        "paint": st.fixed_dictionaries({"landscape": st.sampled_from(LANDSCAPES), "brushes": st.integers(1, 2)}),
    },
)
studio_object = st.fixed_dictionaries(
    {"family": st.sampled_from(CARD_FAMILIES)},
    optional={
        "landscape": st.sampled_from(STUDIO_LANDSCAPES),
        "icon": st.sampled_from(ICONS),
        "harmony": st.integers(-2, 2),
        "yokai_move": st.booleans(),
    },
)
card_id = st.integers(0, 75)


@st.composite
def detailed_player(draw: st.DrawFn, name: str) -> dict[str, Any]:
    player: dict[str, Any] = {
        "name": name,
        "start": draw(st.sampled_from(["S1", "S2", "S3", "S4", "S5"])),
        "print": draw(st.lists(st.one_of(card_id, print_object), max_size=14)),
        "studio": draw(st.lists(st.one_of(card_id, studio_object), max_size=8)),
        "kept": draw(st.lists(card_id, max_size=2)),
        "diplomas": draw(st.lists(st.sampled_from(DIPLOMA_IDS), max_size=5)),
        "grand_master": draw(st.booleans()),
        "yokai": draw(st.integers(-1, 4)),
    }
    if draw(st.booleans()):
        player["storms"] = draw(
            st.lists(st.fixed_dictionaries({"at": st.integers(-1, 15), "season": st.sampled_from(SEASONS)}), max_size=3)
        )
    if draw(st.booleans()):
        player["brushes"] = draw(st.integers(0, 8))
    return player


@st.composite
def sheet_player(draw: st.DrawFn, name: str) -> dict[str, Any]:
    return {
        "name": name,
        "sheet": {
            "print_cards": draw(st.integers(-1, 16)),
            "season_chain": draw(st.integers(-1, 16)),
            "harmony": draw(st.integers(-5, 10)),
            "diplomas": draw(st.one_of(st.integers(0, 40), st.lists(st.sampled_from(DIPLOMA_IDS), max_size=4))),
            "grand_master": draw(st.booleans()),
            "yokai": draw(st.integers(0, 3)),
        },
    }


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(1, 5))
    names = [f"P{i}" for i in range(count)]
    players = [draw(st.one_of(detailed_player(n), sheet_player(n))) for n in names]
    doc: dict[str, Any] = {"game": "kanagawa", "players": players}
    if draw(st.booleans()):
        doc["families"] = draw(st.lists(st.sampled_from(CARD_FAMILIES), min_size=3, max_size=5))
    if draw(st.booleans()):
        doc["rules"] = {
            "storm_on_start_tile": draw(st.booleans()),
            "joker_counts_for_identical_landscapes": draw(st.booleans()),
        }
    return doc


@examples(150, deadline=None)
@given(tables())
def test_total_is_the_sum_of_the_breakdown_and_ranks_are_consistent(doc: dict[str, Any]) -> None:
    report = score(load_table(doc))
    for player in report.players:
        assert player.total == sum(player.breakdown.values())
        assert player.rank == 1 + sum(1 for other in report.players if other.total > player.total)
    best = max(p.total for p in report.players)
    assert set(report.winners) == {p.name for p in report.players if p.total == best}
    assert all(issue.code in CODES for issue in report.issues)


@examples(150, deadline=None)
@given(tables())
def test_chain_never_exceeds_the_print(doc: dict[str, Any]) -> None:
    report = score(load_table(doc))
    for player in report.players:
        if player.chain is not None:
            assert 0 <= player.breakdown["season_chain"] <= player.breakdown["print_cards"]


@examples(300, deadline=None)
@given(
    st.lists(st.one_of(st.none(), seasons), min_size=1, max_size=16),
    st.integers(0, 3),
    st.booleans(),
)
def test_one_more_storm_token_never_shortens_the_chain(places: list[str | None], tokens: int, start_ok: bool) -> None:
    shorter = longest_chain(places, tokens, start_may_take_storm=start_ok)
    longer = longest_chain(places, tokens + 1, start_may_take_storm=start_ok)
    assert longer.length >= shorter.length
    assert shorter.length <= len(places)
    assert len(shorter.chosen) <= tokens
    # The reported placements really give the chain: apply them and check every place in it matches.
    applied = list(places)
    for storm in shorter.storms:
        applied[storm.at] = storm.season
    run = applied[shorter.first : shorter.last + 1]
    assert all(s in (shorter.season, "storm") for s in run)


@examples(200, deadline=None)
@given(st.lists(st.one_of(st.none(), seasons), min_size=1, max_size=10), st.integers(0, 2))
def test_chain_matches_brute_force(places: list[str | None], tokens: int) -> None:
    best = 0
    for season in SEASONS:
        for first in range(len(places)):
            for last in range(first, len(places)):
                needed = sum(1 for s in places[first : last + 1] if s not in (season, "storm"))
                if needed <= tokens:
                    best = max(best, last - first + 1)
    assert longest_chain(places, tokens).length == best


@examples(100, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_reordering_players_changes_no_ones_score(doc: dict[str, Any], rnd: Any) -> None:
    before = {p.name: (p.total, p.breakdown) for p in score(load_table(doc)).players}
    shuffled = dict(doc, players=list(doc["players"]))
    rnd.shuffle(shuffled["players"])
    after = {p.name: (p.total, p.breakdown) for p in score(load_table(shuffled)).players}
    assert before == after


@examples(150, deadline=None)
@given(tables())
def test_documents_round_trip(doc: dict[str, Any]) -> None:
    table = load_table(doc)
    assert load_table(dump_table(table)) == table
    assert load_table(json.loads(json.dumps(table_to_document(table)))) == table


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@st.composite
def mangled(draw: st.DrawFn) -> Any:
    """A valid document with one value somewhere replaced by random JSON, or a key added."""
    doc = draw(tables())
    node: Any = doc
    while True:
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            if draw(st.integers(0, 3)) == 0 or not isinstance(node[key], dict | list) or not node[key]:
                if draw(st.booleans()):
                    node[key] = draw(json_values)
                else:
                    node[draw(st.text(min_size=1, max_size=6))] = draw(json_values)
                return doc
            node = node[key]
        elif isinstance(node, list) and node:
            index = draw(st.integers(0, len(node) - 1))
            if draw(st.integers(0, 3)) == 0 or not isinstance(node[index], dict | list) or not node[index]:
                node[index] = draw(json_values)
                return doc
            node = node[index]
        else:
            return doc


@examples(300, deadline=None)
@given(st.one_of(mangled(), json_values))
def test_random_and_mangled_documents_raise_only_table_error(doc: Any) -> None:
    try:
        table = load_table(doc if isinstance(doc, dict) else json.dumps(doc))
    except TableError as error:
        assert str(error)
        return
    check(table)
    score(table)


@examples(200, deadline=None)
@given(st.text(max_size=60) | st.binary(max_size=60))
def test_random_text_raises_only_table_error(text: str | bytes) -> None:
    with contextlib.suppress(TableError):
        load_table(text)


def test_storm_placement_on_every_place_is_reported_back() -> None:
    chain = longest_chain(["spring", "winter", "spring"], 1)
    assert chain.storms == (StormPlacement(1, "spring"),)


@examples(300, deadline=None)
@given(st.lists(st.one_of(st.none(), seasons), min_size=1, max_size=16))
def test_the_one_pass_chain_is_the_sliding_window_with_no_token(places: list[str | None]) -> None:
    from marquoir.games.kanagawa.scoring import _chain_with_tokens, _plain_chain

    length, season, first = _plain_chain(places)
    # With no token to place, a window of at most 0 conversions is the plain run; the same earliest run is chosen.
    wide = _chain_with_tokens(places, 1, {i: "" for i in range(len(places))}, True)
    assert length == wide[0]
    if length:
        assert first == wide[2]
        run = places[first : first + length]
        assert all(s in (season, "storm") for s in run)
