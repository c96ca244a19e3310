"""Properties of Bonsai's scoring, check and document over many random tables (hypothesis): the total is the sum of
the breakdown, ranks follow totals then turn order, a bonsai grown by the rules of « Cultiver » is always placed and
supported legally, documents round-trip, and a mangled document only ever raises ``TableError``."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

from bonsai_builders import F, L, R, W, grow, player, seed, table
from hypothesis import given
from hypothesis import strategies as st
from support.examples import examples

from marquoir import check, dump_table, load_table, score
from marquoir.errors import TableError
from marquoir.games.bonsai.catalogue import catalogue
from marquoir.games.bonsai.vocabulary import GOAL_COLOURS, PARCHMENTS, TILE_KINDS

GOAL_IDS = sorted(catalogue().goals)
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve")

growth = st.lists(st.tuples(st.sampled_from((W, W, L, L, F, R)), st.integers(0, 10_000)), max_size=45)
cards = st.fixed_dictionaries(
    {},
    optional={
        "growth": st.lists(st.sampled_from(TILE_KINDS), max_size=6),
        "tool": st.integers(-1, 7),
        "master": st.integers(-1, 14),
        "helper": st.integers(-1, 8),
        "parchments": st.lists(st.sampled_from(PARCHMENTS), max_size=4),
    },
)
goal_ids = st.lists(st.one_of(st.sampled_from(GOAL_IDS), st.just("pink-huge")), max_size=4)


@st.composite
def grown_player(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """A detailed player whose bonsai was grown by the placement rules, with random cards and goals."""
    flipped = draw(st.booleans())
    doc = player(name, grow(draw(growth), flipped), cards=draw(cards), goals=draw(goal_ids))
    if flipped:
        doc["flipped"] = True
    return doc


@st.composite
def noisy_player(draw: st.DrawFn, name: str) -> dict[str, Any]:
    """A detailed player with tiles anywhere near the pot: on it, on the trunk, unsupported, on top of each other."""
    spec = draw(st.lists(st.tuples(st.integers(-4, 5), st.integers(-3, 5), st.sampled_from(TILE_KINDS)), max_size=25))
    return player(name, spec, flipped=draw(st.booleans()), cards=draw(cards), goals=draw(goal_ids))


@st.composite
def sheet_player(draw: st.DrawFn, name: str) -> dict[str, Any]:
    figures = {key: draw(st.integers(-1, 30)) for key in ("leaves", "flowers", "fruits", "parchments")}
    figures["goals"] = draw(st.one_of(st.integers(0, 45), goal_ids))
    return {"name": name, "sheet": figures}


@st.composite
def tables(draw: st.DrawFn, kinds: tuple[str, ...] = ("grown", "noisy", "sheet")) -> dict[str, Any]:
    count = draw(st.integers(1, 5))
    makers = {"grown": grown_player, "noisy": noisy_player, "sheet": sheet_player}
    players = [draw(makers[draw(st.sampled_from(kinds))](name)) for name in NAMES[:count]]
    colours = draw(st.one_of(st.just([]), st.lists(st.sampled_from(GOAL_COLOURS), min_size=2, max_size=4)))
    return table(*players, goals=colours)


@examples(150, deadline=None)
@given(tables())
def test_total_is_the_sum_of_the_breakdown_and_ranks_follow_totals_then_turn_order(doc: dict[str, Any]) -> None:
    report = score(load_table(doc))
    players = report.players
    for p in players:
        assert p.total == sum(p.breakdown.values())
        assert set(p.breakdown) == {"leaves", "flowers", "fruits", "parchments", "goals"}
        assert set(p.explanations) == set(p.breakdown)
    assert sorted(p.rank for p in players) == list(range(1, len(players) + 1))
    by_rank = sorted(range(len(players)), key=lambda seat: players[seat].rank)
    assert by_rank == sorted(range(len(players)), key=lambda seat: (-players[seat].total, -seat))
    shared = Counter(p.total for p in players)
    assert [p.extra["tie_break"] for p in players] == [shared[p.total] > 1 for p in players]
    if len(players) > 1:
        assert report.winners == (players[by_rank[0]].name,)
    else:
        assert ("solo_levels" in report.to_json()) and (report.winners != ()) == bool(report.extra["solo_levels"])
    json.dumps(report.to_json())
    assert len(report.notes) == sum(n - 1 for n in shared.values()) + (len(players) == 1)


@examples(150, deadline=None)
@given(
    st.lists(st.sampled_from(NAMES[:4]), min_size=1, max_size=4, unique=True).flatmap(
        lambda names: st.tuples(*(grown_player(n) for n in names))
    )
)
def test_a_bonsai_grown_by_the_rules_is_placed_and_supported_legally(players: tuple[dict[str, Any], ...]) -> None:
    doc = table(*players)
    codes = {i.code for i in check(load_table(doc))}
    assert not codes & {"TILE_PLACE", "TILE_UNSUPPORTED", "FRUIT_TOUCHES_FRUIT"}
    report = score(load_table(doc))
    for p in report.players:
        sides = [f.free for f in p.detail.flowers]
        assert all(0 <= free <= 5 for free in sides)  # a flower always touches its leaf
        assert p.breakdown["flowers"] == sum(sides)


@examples(100, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_reordering_players_changes_ranks_not_totals(doc: dict[str, Any], rng: Any) -> None:
    before = {p.name: p.total for p in score(load_table(doc)).players}
    shuffled = copy.deepcopy(doc)
    rng.shuffle(shuffled["players"])
    report = score(load_table(shuffled))
    assert {p.name: p.total for p in report.players} == before
    order = sorted(range(len(report.players)), key=lambda s: (-report.players[s].total, -s))
    assert [report.players[s].rank for s in order] == list(range(1, len(order) + 1))


@examples(100, deadline=None)
@given(tables())
def test_documents_round_trip(doc: dict[str, Any]) -> None:
    read = load_table(doc)
    assert load_table(dump_table(read)) == read
    assert load_table(json.loads(dump_table(read, indent=None))) == read


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.floats(allow_nan=True),
        st.text(max_size=5),
        st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1, max_size=3),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=8,
)


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a document, the document itself included."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _places(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _places(child, (*path, index))
    return found


@st.composite
def mangled(draw: st.DrawFn) -> Any:
    """A seed document with one place replaced, removed or added to, or plain random JSON."""
    if draw(st.integers(0, 9)) == 0:
        return draw(json_values)
    doc = seed(draw(st.sampled_from(["bonsai-2p.json", "bonsai-4p.json"])))
    path = draw(st.sampled_from(_places(doc)))
    junk = draw(st.one_of(json_values, st.just(_nested(200)), st.just(10**400), st.just("\ud800")))
    if not path:
        return junk
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if action == "replace":
        parent[path[-1]] = junk
    elif action == "remove":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = junk
    else:
        parent.append(junk)
    return doc


@examples(200, deadline=None)
@given(mangled())
def test_mangled_documents_raise_only_table_errors(doc: Any) -> None:
    try:
        table_ = load_table(doc) if isinstance(doc, dict) else load_table(json.dumps(doc))
    except TableError:
        return
    report = score(table_)
    json.dumps(report.to_json())  # scored, checked and written without any other error
    assert report.issues == tuple(check(table_))


def test_deep_nesting_and_huge_numbers_in_text() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"game": "bonsai", "goals": [], "players": ' + "[" * 50_000):
        try:
            load_table(text)
        except TableError as error:
            assert error.path == "document"
        else:  # pragma: no cover - the text is not a table
            raise AssertionError(text[:20])
