"""Reading and writing the Bonsai table document (``marquoir/data/table-format.md``, "The Bonsai table document"):
strict, naming the place of every error, bounded, and written back to the same table."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bonsai_builders import SMALL, player, seed, table

from marquoir import dump_table, load_table, parse_table, table_to_document
from marquoir.errors import TableError
from marquoir.games.bonsai.document import load_table as load_bonsai
from marquoir.games.bonsai.table import Cards, DetailedPlayer, SheetPlayer, Table, Tile


def test_the_seeds_read_as_bonsai_tables() -> None:
    two = load_table(seed("bonsai-2p.json"))
    assert isinstance(two, Table) and two.game == "bonsai" and two.goals == ("brown", "green", "cyan")
    ana, ben = two.players
    assert isinstance(ana, DetailedPlayer) and isinstance(ben, DetailedPlayer)
    assert ana.tiles[0] == Tile((0, 1), "wood") and ben.flipped and not ana.flipped
    assert ana.cards == Cards(("wood", "leaf", "flower"), 1, 4, 4, ("leaf", "helper"), complete=True)
    four = load_table(seed("bonsai-4p.json"))
    assert isinstance(four, Table)
    assert four.players[2] == SheetPlayer("Chloé", 13, 17, 3, 21, ("orange-small", "green-large"))


@pytest.mark.parametrize("name", ["bonsai-2p.json", "bonsai-4p.json"])
def test_write_then_read_gives_the_same_table(name: str) -> None:
    table_ = load_table(seed(name))
    assert load_table(dump_table(table_)) == table_
    assert load_table(table_to_document(table_)) == table_


def test_defaults_are_left_out_and_read_back() -> None:
    doc = table(
        player("Ana", SMALL), {"name": "Ben", "sheet": {"leaves": 1, "flowers": 0, "fruits": 0, "parchments": 0}}
    )
    read = load_table(doc)
    ana, ben = read.players
    assert isinstance(ana, DetailedPlayer) and ana.cards == Cards() and ana.goals == () and not ana.flipped
    assert isinstance(ben, SheetPlayer) and ben.goals == ()
    written = table_to_document(read)
    assert "cards" not in written["players"][0] and "flipped" not in written["players"][0]
    assert load_table(written) == read


def test_sheet_goals_may_be_the_points_only() -> None:
    doc = table({"name": "Ben", "sheet": {"leaves": 13, "flowers": 19, "fruits": 2, "parchments": 23, "goals": 5}})
    read = load_table(doc)
    assert read.players[0] == SheetPlayer("Ben", 13, 19, 2, 23, 5)
    assert load_table(table_to_document(read)) == read


def test_a_game_without_goal_tiles_and_an_unknown_goal_id_are_readable() -> None:
    # An id naming no tile is read and left to the check (GOAL_UNKNOWN); an empty colour list is the official
    # option of playing without goals.
    read = load_bonsai(table(player("Ana", SMALL, goals=["pink-huge"]), goals=[]))
    assert read.goals == () and read.players[0].goals == ("pink-huge",)


def _error(doc: Any) -> TableError:
    with pytest.raises(TableError) as raised:
        load_table(doc)
    return raised.value


def _seed_with(change: Any) -> dict[str, Any]:
    doc = seed("bonsai-2p.json")
    change(doc)
    return doc


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(goal=["brown"]), "goal"),
        (lambda d: d["players"][0].update(tilez=[]), "players[0].tilez"),
        (lambda d: d["players"][0]["tiles"][3].update(colour="green"), "players[0].tiles[3].colour"),
        (lambda d: d["players"][0]["tiles"][3].update(kind="twig"), "players[0].tiles[3].kind"),
        (lambda d: d["players"][0]["tiles"][3].pop("kind"), "players[0].tiles[3].kind"),
        (lambda d: d["players"][0]["tiles"][3].update(at=[1]), "players[0].tiles[3].at"),
        (lambda d: d["players"][0]["tiles"][3].update(at=[1, 2, 3]), "players[0].tiles[3].at"),
        (lambda d: d["players"][0]["tiles"][3].update(at="1,2"), "players[0].tiles[3].at"),
        (lambda d: d["players"][0]["tiles"][3].update(at=[1.5, 2]), "players[0].tiles[3].at"),
        (lambda d: d["players"][0]["tiles"][3].update(at=[True, 2]), "players[0].tiles[3].at"),
        (lambda d: d["players"][0]["tiles"][3].update(at=[0, 10**40]), "players[0].tiles[3].at"),
        (lambda d: d["players"][0]["tiles"][3].update(at={"x": 1, "y": 2}), "players[0].tiles[3].at"),
        (lambda d: d.update(goals=["brown", "purple", "cyan"]), "goals[1]"),
        (lambda d: d.update(goals="brown"), "goals"),
        (lambda d: d.pop("goals"), "goals"),
        (lambda d: d.update(game="bonzai"), "game"),
        (lambda d: d["players"][1].update(flipped="yes"), "players[1].flipped"),
        (lambda d: d["players"][0]["cards"].update(growth=["wood", "branch"]), "players[0].cards.growth[1]"),
        (lambda d: d["players"][0]["cards"].update(parchments=["tool"]), "players[0].cards.parchments[0]"),
        (lambda d: d["players"][0]["cards"].update(tool=True), "players[0].cards.tool"),
        (lambda d: d["players"][0]["cards"].update(master=10**6), "players[0].cards.master"),
        (lambda d: d["players"][0]["cards"].update(seishi=1), "players[0].cards.seishi"),
        (lambda d: d["players"][0].update(goals=[3]), "players[0].goals[0]"),
        (lambda d: d["players"][1].update(name="Ana"), "players[1].name"),
        (lambda d: d["players"][1].update(name=""), "players[1].name"),
    ],
)
def test_an_unreadable_document_names_the_place(change: Any, path: str) -> None:
    assert _error(_seed_with(change)).path == path


@pytest.mark.parametrize(
    ("sheet", "path"),
    [
        ({"leaves": 1, "flowers": 0, "fruits": 0}, "players[0].sheet.parchments"),
        ({"leaves": "13", "flowers": 0, "fruits": 0, "parchments": 0}, "players[0].sheet.leaves"),
        ({"leaves": 1, "flowers": 0, "fruits": 0, "parchments": 0, "goals": "five"}, "players[0].sheet.goals"),
        ({"leaves": 1, "flowers": 0, "fruits": 0, "parchments": 0, "goals": [1]}, "players[0].sheet.goals[0]"),
        ({"leaves": 1, "flowers": 0, "fruits": 0, "parchments": 0, "wood": 9}, "players[0].sheet.wood"),
        ({"leaves": 1, "flowers": 10**5, "fruits": 0, "parchments": 0}, "players[0].sheet.flowers"),
    ],
)
def test_an_unreadable_sheet_names_the_place(sheet: dict[str, Any], path: str) -> None:
    assert _error(table({"name": "Ben", "sheet": sheet})).path == path


def test_a_sheet_player_has_no_tiles() -> None:
    doc = table({"name": "Ben", "tiles": [], "sheet": {"leaves": 1, "flowers": 0, "fruits": 0, "parchments": 0}})
    assert _error(doc).path == "players[0].tiles"


def test_resource_bounds_refuse_abuse_but_not_what_the_rules_forbid() -> None:
    many = [{"name": f"P{i}", "tiles": []} for i in range(17)]
    assert _error(table(*many)).path == "players"
    five = load_table(table(*many[:5]))  # 5 players: readable, a PLAYER_COUNT issue
    assert len(five.players) == 5
    huge = player("Ana", [(0, 1, "wood")] * 201)
    assert _error(table(huge)).path == "players[0].tiles"
    far = player("Ana", [(0, 201, "wood")])
    assert _error(table(far)).path == "players[0].tiles[0].at"
    assert load_table(table(player("Ana", [(0, 200, "wood")]))).players[0].tiles[0].at == (0, 200)
    negative = player("Ana", cards={"tool": -1})
    assert load_table(table(negative)).players[0].cards.tool == -1  # readable: a CARD_COUNT issue


def test_the_error_message_names_the_place_and_the_fault() -> None:
    doc = _seed_with(lambda d: d["players"][0]["tiles"][3].update(at=[1.5, 2]))
    assert (
        str(_error(doc))
        == "players[0].tiles[3].at: expected a cell [x, y] (two whole numbers); its x is a decimal number"
    )
    doc = _seed_with(lambda d: d["players"][0]["tiles"][3].update(kind="twig"))
    assert str(_error(doc)) == "players[0].tiles[3].kind: 'twig' is not one of wood, leaf, flower, fruit"


def test_the_facade_reads_bonsai_text_and_bytes() -> None:
    text = json.dumps(seed("bonsai-2p.json"))
    assert load_table(text) == load_table(text.encode("utf-8")) == parse_table(json.loads(text))


def test_a_number_of_5000_digits_in_the_text_is_a_table_error() -> None:
    text = '{"game": "bonsai", "goals": [], "players": [{"name": "A", "cards": {"tool": ' + "9" * 5000 + "}}]}"
    with pytest.raises(TableError):
        load_table(text)


def test_cards_may_say_they_are_complete() -> None:
    # decision 15: optional, false by default; written only when true; any other value names its place.
    doc = table(player("Ana", SMALL, cards={"tool": 1, "complete": True}), player("Ben", SMALL, cards={"tool": 1}))
    ana, ben = load_table(doc).players
    assert isinstance(ana, DetailedPlayer) and ana.cards.complete and ana.cards.total == 1
    assert isinstance(ben, DetailedPlayer) and not ben.cards.complete
    written = table_to_document(load_table(doc))
    assert written["players"][0]["cards"] == {"tool": 1, "complete": True}
    assert written["players"][1]["cards"] == {"tool": 1}
    only = table(player("Ana", SMALL, cards={"complete": True}))
    assert table_to_document(load_table(only))["players"][0]["cards"] == {"complete": True}
    doc["players"][0]["cards"]["complete"] = "yes"
    with pytest.raises(TableError) as error:
        load_table(doc)
    assert error.value.path == "players[0].cards.complete"
