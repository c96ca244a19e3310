"""Reading and writing the table document (marquoir/data/table-format.md): strict, with errors that name the place."""

from __future__ import annotations

import json

import pytest
from support.samples import SAMPLES, sample_document, two_players

from marquoir import TableError, dump_table, load_table, table_to_document
from marquoir.games.kanagawa.catalogue import Paint, PrintHalf, StudioHalf
from marquoir.games.kanagawa.table import DetailedPlayer, Rules, SheetPlayer, StormPlacement


def error_of(doc: object) -> TableError:
    with pytest.raises(TableError) as caught:
        load_table(doc if isinstance(doc, str) else json.dumps(doc))
    return caught.value


def test_reads_the_format_examples() -> None:
    doc = {
        "game": "kanagawa",
        "families": ["trees", "characters", "kites", "lanterns"],
        "rules": {"storm_on_start_tile": False},
        "players": [
            {
                "name": "Aiko",
                "start": "S1",
                "print": [56, 17, 12, {"family": "kites", "season": "autumn", "kites": ["blue"], "harmony": 1}],
                "studio": [4, 31, {"family": "lanterns", "landscape": "water", "icon": "arrow"}],
                "kept": [],
                "diplomas": ["trees-3", "arrows-2"],
                "storms": [{"at": 2, "season": "summer"}],
                "grand_master": True,
                "yokai": 0,
                "brushes": 3,
            },
            {
                "name": "Ben",
                "sheet": {
                    "print_cards": 9,
                    "season_chain": 5,
                    "harmony": 2,
                    "diplomas": ["buildings-3"],
                    "grand_master": False,
                    "yokai": 1,
                },
            },
        ],
    }
    table = load_table(doc)
    aiko, ben = table.players
    assert isinstance(aiko, DetailedPlayer) and isinstance(ben, SheetPlayer)
    assert aiko.print[3] == PrintHalf(family="kites", season="autumn", kites=("blue",), harmony=1)
    assert aiko.studio[2] == StudioHalf(family="lanterns", landscape="water", icon="arrow")
    assert aiko.storms == (StormPlacement(2, "summer"),)
    assert table.rules.storm_on_start_tile is False and table.rules.joker_counts_for_identical_landscapes is True
    assert table.is_yokai
    assert ben.diplomas == ("buildings-3",) and ben.yokai == 1


def test_defaults_for_optional_keys() -> None:
    table = load_table({"game": "kanagawa", "players": [{"name": "A", "start": "S1"}]})
    player = table.players[0]
    assert isinstance(player, DetailedPlayer)
    assert table.families == ("trees", "characters", "buildings", "animals")
    assert (player.print, player.studio, player.kept, player.diplomas) == ((), (), (), ())
    assert player.storms is None and player.brushes is None and player.yokai == 0 and not player.grand_master


def test_sheet_diplomas_may_be_points() -> None:
    doc = two_players()
    doc["players"][1] = {
        "name": "Ben",
        "sheet": {"print_cards": 9, "season_chain": 5, "harmony": 2, "diplomas": 11, "grand_master": False},
    }
    player = load_table(doc).players[1]
    assert isinstance(player, SheetPlayer) and player.diplomas == 11


@pytest.mark.parametrize(
    ("mutate", "path", "words"),
    [
        (lambda d: d["players"][0].update(diplomes=[]), "players[0].diplomes", "unknown key"),
        (lambda d: d.update(colour="red"), "colour", "unknown key"),
        (lambda d: d.update(game="chess"), "game", "'chess' is not one of kanagawa, bonsai"),
        (lambda d: d.update(families=["trees", "fish"]), "families[1]", "'fish' is not one of"),
        (
            lambda d: d["players"][0].update(print=[{"family": "trees", "season": "monsoon"}]),
            "players[0].print[0].season",
            "'monsoon'",
        ),
        (
            lambda d: d["players"][0].update(studio=[{"family": "trees", "landscape": "sea"}]),
            "players[0].studio[0].landscape",
            "'sea'",
        ),
        (
            lambda d: d["players"][0].update(studio=[{"family": "trees", "icon": "hammer"}]),
            "players[0].studio[0].icon",
            "'hammer'",
        ),
        (lambda d: d["players"][0].update(print=["12"]), "players[0].print[0]", "expected a whole number, got text"),
        (lambda d: d["players"][0].update(print=[True]), "players[0].print[0]", "got a boolean"),
        (lambda d: d["players"][0].update(print=[1.5]), "players[0].print[0]", "decimal"),
        (lambda d: d["players"][0].update(yokai="2"), "players[0].yokai", "expected a whole number"),
        (lambda d: d["players"][0].update(grand_master=1), "players[0].grand_master", "true or false"),
        (lambda d: d["players"][0].update(diplomas="trees-3"), "players[0].diplomas", "expected a list"),
        (lambda d: d["players"][0].update(diplomas=[3]), "players[0].diplomas[0]", "Diploma id as text"),
        (lambda d: d["players"][0].update(storms=[{"at": 1}]), "players[0].storms[0].season", "missing"),
        (
            lambda d: d["players"][0].update(storms=[{"at": 1, "season": "storm"}]),
            "players[0].storms[0].season",
            "'storm'",
        ),
        (lambda d: d["players"][0].pop("start"), "players[0].start", "missing"),
        (lambda d: d["players"][0].update(name=""), "players[0].name", "empty"),
        (lambda d: d["players"][0].update(name="x" * 41), "players[0].name", "at most 40"),
        (lambda d: d["players"][1].update(name="Aiko"), "players[1].name", "already the name of players[0]"),
        (
            lambda d: d["players"][0].update(print=[{"family": "kites", "season": "spring", "kites": ["mauve"]}]),
            "players[0].print[0].kites[0]",
            "'mauve'",
        ),
        (
            lambda d: d["players"][0].update(print=[{"family": "trees", "season": "spring", "building": "castle"}]),
            "players[0].print[0].building",
            "'castle'",
        ),
        (
            lambda d: d["players"][0].update(
                print=[{"family": "trees", "season": "spring", "paint": {"landscape": "joker", "brushes": 1}}]
            ),
            "players[0].print[0].paint.landscape",
            "'joker'",
        ),
        (lambda d: d.update(rules={"storms_on_start_tile": True}), "rules.storms_on_start_tile", "unknown key"),
        (lambda d: d.update(players={}), "players", "expected a list"),
        (lambda d: d["players"].append(7), "players[2]", "expected an object"),
        (
            lambda d: d["players"][1].update(sheet={"print_cards": 3, "diplomas": []}),
            "players[1].sheet.season_chain",
            "missing",
        ),
        (
            lambda d: d["players"][1].update(
                sheet={"print_cards": 3, "season_chain": 1, "harmony": 0, "diplomas": "x"}
            ),
            "players[1].sheet.diplomas",
            "list of Diploma ids or the points",
        ),
    ],
)
def test_unreadable_documents_name_the_place(mutate, path: str, words: str) -> None:  # type: ignore[no-untyped-def]
    doc = two_players()
    mutate(doc)
    error = error_of(doc)
    assert error.path == path
    assert words in str(error)


def test_not_json_and_not_an_object() -> None:
    assert "not JSON" in str(error_of("{"))
    assert "line 1" in str(error_of('{"game": }'))
    assert error_of("[1, 2]").path == "document"
    with pytest.raises(TableError, match="not UTF-8"):
        load_table(b"\xff\xfe{")
    with pytest.raises(TableError, match="too long"):
        load_table(" " * 300_000)


def test_nonexistent_things_are_read_and_left_to_the_check() -> None:
    table = load_table(two_players(start="S9", print=[99], diplomas=["trees-9"]))
    player = table.players[0]
    assert isinstance(player, DetailedPlayer)
    assert (player.start, player.print, player.diplomas) == ("S9", (99,), ("trees-9",))


def test_kept_objects_are_either_half() -> None:
    table = load_table(
        two_players(
            kept=[{"family": "kites", "season": "winter", "kites": ["green"]}, {"family": "lanterns", "icon": "keep"}]
        )
    )
    player = table.players[0]
    assert isinstance(player, DetailedPlayer)
    assert player.kept == (PrintHalf("kites", "winter", kites=("green",)), StudioHalf("lanterns", icon="keep"))


def test_every_seed_round_trips() -> None:
    for path in sorted(SAMPLES.glob("*.json")):
        table = load_table(path.read_text(encoding="utf-8"))
        assert load_table(dump_table(table)) == table, path.name
        assert load_table(table_to_document(table)) == table


def test_written_document_keeps_objects_and_options() -> None:
    doc = sample_document("yokai-3p.json")
    doc["rules"] = {"storm_on_start_tile": True}  # not the default (decision 16)
    written = table_to_document(load_table(doc))
    assert written["rules"] == {
        "storm_on_start_tile": True,
        "joker_counts_for_identical_landscapes": True,
        "grand_master_passes_at_end": True,
    }
    assert written["players"][0]["print"][1] == {
        "family": "kites",
        "season": "autumn",
        "harmony": 1,
        "kites": ["blue", "red"],
        "paint": {"landscape": "mountain", "brushes": 1},
    }
    hana = load_table(doc).players[0]
    assert isinstance(hana, DetailedPlayer)
    half = hana.print[1]
    assert isinstance(half, PrintHalf) and half.paint == Paint("mountain", 1)


def test_the_grand_master_option_reads_writes_and_defaults() -> None:
    """``rules.grand_master_passes_at_end`` (data/SOURCES.md, decision 14): absent, it passes (the default); written
    only with the other options when one differs from its default; every document without it stays valid."""
    doc = sample_document("base-2p.json")
    assert load_table(doc).rules == Rules()
    assert "rules" not in table_to_document(load_table(doc))
    doc["rules"] = {"grand_master_passes_at_end": False}
    table = load_table(doc)
    assert table.rules == Rules(grand_master_passes_at_end=False)
    written = table_to_document(table)
    assert written["rules"]["grand_master_passes_at_end"] is False
    assert load_table(written) == table
    doc["rules"] = {"grand_master_passes_at_end": "no"}
    with pytest.raises(TableError, match=r"rules\.grand_master_passes_at_end"):
        load_table(doc)
