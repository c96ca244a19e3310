"""One test per Bonsai issue code (``marquoir/data/table-format.md``, "The Bonsai table document"), each from a
legal table broken one way: the code, the player and the field path are asserted, and nothing else is found."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from bonsai_builders import SMALL, F, L, R, W, player, seed, table, tiles

from marquoir import check, load_table
from marquoir.games.bonsai.game import BONSAI
from marquoir.i18n import language

Doc = dict[str, Any]


def found(doc: Doc) -> list[tuple[str, str | None, str]]:
    return [(i.code, i.player, i.field) for i in check(load_table(doc))]


def broken(name: str, change: Callable[[Doc], object]) -> Doc:
    doc = seed(name)
    assert found(doc) == []  # legal before
    change(doc)
    return doc


def add_tile(index: int, x: int, y: int, kind: str) -> Callable[[Doc], object]:
    return lambda d: d["players"][index]["tiles"].extend(tiles((x, y, kind)))


def test_the_seeds_and_the_small_bonsai_are_legal() -> None:
    assert found(seed("bonsai-2p.json")) == []
    assert found(seed("bonsai-4p.json")) == []
    assert found(table(player("Ana", SMALL))) == []


# PLAYER_COUNT


def test_player_count_five_players() -> None:
    doc = table(*(player(n) for n in ("Ana", "Ben", "Cleo", "Dev", "Eve")))
    assert found(doc) == [("PLAYER_COUNT", None, "players")]
    assert check(load_table(doc))[0].message == "5 players: Bonsai is played by 1 to 4"


def test_player_count_no_player() -> None:
    assert found(table()) == [("PLAYER_COUNT", None, "players")]


# TILE_PLACE


def test_tile_place_on_the_pot() -> None:
    doc = broken("bonsai-2p.json", add_tile(0, 1, -1, L))
    assert found(doc) == [("TILE_PLACE", "Ana", "players[0].tiles[25]")]
    assert check(load_table(doc))[0].message == ("a leaf tile (half a cell right of the trunk, 1 row down) lies on "
        "the pot")


def test_tile_place_on_the_trunk() -> None:
    doc = broken("bonsai-2p.json", add_tile(0, 0, 0, W))
    assert found(doc) == [("TILE_PLACE", "Ana", "players[0].tiles[25]")]
    assert check(load_table(doc))[0].message == "a wood tile lies on the trunk"


def test_tile_place_in_a_flipped_pot_the_cell_0_0_is_pot() -> None:
    # Ben's pot is flipped: his trunk is at [1, 0] and [0, 0] is part of the pot.
    doc = broken("bonsai-2p.json", add_tile(1, 0, 0, L))
    assert found(doc) == [("TILE_PLACE", "Ben", "players[1].tiles[28]")]


def test_tile_place_two_tiles_on_one_cell() -> None:
    doc = broken("bonsai-2p.json", add_tile(0, 0, 2, F))  # [0, 2] is Ana's second wood tile
    assert found(doc) == [("TILE_PLACE", "Ana", "players[0].tiles[25]")]
    assert check(load_table(doc))[0].message == ("a flower tile (2 rows above the trunk) lies on a cell where a wood "
        "tile already is")


# TILE_UNSUPPORTED


@pytest.mark.parametrize(
    ("tile", "message"),
    [
        # [-2, 2] touches the leaf [-1, 1] and no wood.
        ((-2, 2, W), ("the wood tile (2 cells left of the trunk, 2 rows up) is not joined to the trunk through wood "
            "tiles")),
        # [2, 2] touches the fruit [1, 2] and no wood.
        ((2, 2, L), "the leaf tile (2 cells right of the trunk, 2 rows up) touches no wood tile"),
        # [2, 3] touches the fruit [1, 2] and no leaf.
        ((2, 3, F), "the flower tile (1½ cells right of the trunk, 3 rows up) touches no leaf tile"),
        # [-1, 2] touches the leaves [0, 2] and [-1, 1], which do not touch each other.
        ((-1, 2, R), ("the fruit tile (1 cell left of the trunk, 2 rows up) does not touch two leaf tiles that touch "
            "each other")),
    ],
)
def test_tile_unsupported(tile: tuple[int, int, str], message: str) -> None:
    doc = table(player("Ana", (*SMALL, tile)))
    assert found(doc) == [("TILE_UNSUPPORTED", "Ana", "players[0].tiles[6]")]
    assert check(load_table(doc))[0].message == message


def test_tile_unsupported_wood_cut_off_from_the_trunk() -> None:
    # Ana's wood [2, 5] joins the wood [1, 6] to the rest; without it [1, 6] touches only leaves and a fruit (its
    # leaves still touch it, a wood tile, and stay supported).
    def cut(doc: Doc) -> None:
        del doc["players"][0]["tiles"][4]  # the wood [2, 5], which joins [1, 6] to the trunk
        doc["players"][0]["goals"].remove("brown-large")  # 12 wood tiles exactly: one fewer misses it

    doc = broken("bonsai-2p.json", cut)
    assert found(doc) == [("TILE_UNSUPPORTED", "Ana", "players[0].tiles[4]")]
    assert check(load_table(doc))[0].message == ("the wood tile (1 cell right of the trunk, 6 rows up) is not joined "
        "to the trunk through wood tiles")


# FRUIT_TOUCHES_FRUIT


def test_fruit_touches_fruit() -> None:
    # Wood [0, 1], [0, 2], [1, 1]; leaves [1, 2], [1, 3], [2, 1], each on a wood. The fruit [2, 3] sits between the
    # leaves [1, 2] and [1, 3]; the fruit [2, 2] between [2, 1] and [1, 2]: both supported, but side by side.
    grown = [(0, 1, W), (0, 2, W), (1, 1, W), (1, 2, L), (1, 3, L), (2, 1, L), (2, 3, R)]
    assert found(table(player("Ana", grown))) == []
    doc = table(player("Ana", [*grown, (2, 2, R)]))
    assert found(doc) == [("FRUIT_TOUCHES_FRUIT", "Ana", "players[0].tiles[7]")]
    assert check(load_table(doc))[0].message == ("the fruit tile (2 cells right of the trunk, 2 rows up) touches the "
        "fruit tile (1½ cells right of the trunk, 3 rows up)")


# GOAL_UNKNOWN


def test_goal_unknown_no_such_tile() -> None:
    doc = broken("bonsai-2p.json", lambda d: d["players"][1]["goals"].append("pink-huge"))
    assert found(doc) == [("GOAL_UNKNOWN", "Ben", "players[1].goals[3]")]
    assert check(load_table(doc))[0].message == "the document's goal 'pink-huge' is no goal tile of the game"


def test_goal_unknown_colour_not_drawn() -> None:
    doc = broken("bonsai-2p.json", lambda d: d["players"][0]["goals"].append("pink-small"))
    assert found(doc) == [("GOAL_UNKNOWN", "Ana", "players[0].goals[3]")]
    assert check(load_table(doc))[0].message == (
        "the small pink goal (3 flowers sticking out past the pot on one side) is not in play: its colour was not drawn"
    )


def test_goal_unknown_medium_tile_with_two_players() -> None:
    doc = broken("bonsai-2p.json", lambda d: d["players"][1]["goals"].__setitem__(0, "brown-medium"))
    assert found(doc) == [("GOAL_UNKNOWN", "Ben", "players[1].goals[0]")]


def test_goal_unknown_on_a_sheet() -> None:
    doc = broken("bonsai-4p.json", lambda d: d["players"][2]["sheet"]["goals"].append("cyan-small"))
    assert found(doc) == [("GOAL_UNKNOWN", "Chloé", "players[2].sheet.goals[2]")]


@pytest.mark.parametrize(
    "colours", [["brown", "green"], ["brown", "brown", "cyan"], ["brown", "green", "cyan", "pink"]]
)
def test_goal_unknown_table_colours(colours: list[str]) -> None:
    doc = broken("bonsai-2p.json", lambda d: d.update(goals=colours))
    assert ("GOAL_UNKNOWN", None, "goals") in found(doc)


def test_goal_unknown_in_a_game_without_goal_tiles() -> None:
    # Played without goal tiles: an official option with 2 to 4 players (decision 17).
    assert found(table(player("Ana", SMALL), player("Ben", SMALL), goals=[])) == []
    doc = table(player("Ana", SMALL, goals=["green-small"]), player("Ben", SMALL), goals=[])
    assert found(doc) == [("GOAL_UNKNOWN", "Ana", "players[0].goals[0]")]


# GOAL_DUPLICATE


def test_goal_duplicate_held_by_two_players() -> None:
    # Ben's flipped pot has its gold crack on the left, where two of his tiles stick out: he meets the small cyan
    # goal, but Ana holds that tile.
    doc = broken("bonsai-2p.json", lambda d: d["players"][1]["goals"].__setitem__(2, "cyan-small"))
    assert found(doc) == [("GOAL_DUPLICATE", "Ben", "players[1].goals[2]")]
    assert check(load_table(doc))[0].message == (
        "the small cyan goal (a tile sticking out past the pot on the side of its gold crack) is held by Ana too: "
        "each goal tile exists once"
    )


def test_goal_duplicate_listed_twice() -> None:
    doc = broken("bonsai-2p.json", lambda d: d["players"][0]["goals"].append("cyan-small"))
    assert found(doc) == [("GOAL_DUPLICATE", "Ana", "players[0].goals[3]")]


# GOAL_SAME_COLOUR


def test_goal_same_colour() -> None:
    # Bruno holds the large pink goal; the medium one is free and met (5 flowers stick out on his left) but pink too.
    doc = broken("bonsai-4p.json", lambda d: d["players"][1]["goals"].append("pink-medium"))
    assert found(doc) == [("GOAL_SAME_COLOUR", "Bruno", "players[1].goals[2]")]


# GOAL_UNMET


def test_goal_unmet() -> None:
    doc = table(player("Ana", SMALL, goals=["brown-small"]))
    assert found(doc) == [("GOAL_UNMET", "Ana", "players[0].goals[0]")]
    assert check(load_table(doc))[0].message == (
        "the small brown goal (8 wood tiles; the trunk counts) is not met: 2 wood tiles (the trunk included); "
        "wood tiles never leave a bonsai, so no game ends this way"
    )


def test_goal_unmet_after_a_fruit_is_taken_away() -> None:
    # Aiko claims the medium orange goal (4 fruits); take her fruit [2, 4] away and 3 are left.
    def take(doc: Doc) -> None:
        doc["players"][0]["tiles"] = [t for t in doc["players"][0]["tiles"] if t["at"] != [2, 4]]

    doc = broken("bonsai-4p.json", take)
    assert found(doc) == [("GOAL_UNMET", "Aiko", "players[0].goals[1]")]
    # Not brown: a removal of leaves (decision 14) is the one thing that could explain it.
    assert check(load_table(doc))[0].message.endswith(
        "only leaves removed when no wood tile could be placed (each with the flowers and fruits it carried) could "
        "explain it"
    )


def test_goal_unmet_on_a_sheet() -> None:
    doc = broken("bonsai-4p.json", lambda d: d["players"][2]["sheet"].update(fruits=2))
    assert found(doc) == [("GOAL_UNMET", "Chloé", "players[2].sheet.goals[0]")]
    assert "the sheet has 2 fruits" in check(load_table(doc))[0].message


# CARD_COUNT


@pytest.mark.parametrize(
    ("change", "where"),
    [
        # Ben played both fruit Growth cards of the 2-player deck.
        (lambda d: d["players"][0]["cards"]["growth"].append("fruit"), (None, "players")),
        # 1 + 2 Tool cards already: the 2-player deck has 3.
        (lambda d: d["players"][0]["cards"].update(tool=2), (None, "players")),
        # 4 + 3 Master cards already: the 2-player deck has 7 (a Helper fewer keeps the card total within 30).
        (lambda d: d["players"][0]["cards"].update(master=5, helper=3), (None, "players")),
        # 4 + 2 Helper cards already: the deck has 7 (a Master fewer keeps the card total within 30).
        (lambda d: d["players"][0]["cards"].update(helper=6, master=3), (None, "players")),
        (lambda d: d["players"][0]["cards"].update(tool=-1), ("Ana", "players[0].cards.tool")),
        # One Parchment of each kind: Ana holds the one per leaf tile.
        (lambda d: d["players"][1]["cards"]["parchments"].append("leaf"), ("Ben", "players[1].cards.parchments[3]")),
        (lambda d: d["players"][0]["cards"]["parchments"].append("leaf"), ("Ana", "players[0].cards.parchments[2]")),
    ],
)
def test_card_count(change: Callable[[Doc], object], where: tuple[str | None, str]) -> None:
    assert found(broken("bonsai-2p.json", change)) == [("CARD_COUNT", *where)]


def test_card_count_depends_on_the_number_of_players() -> None:
    # 5 Tool cards: too many for the 2-player deck (3), not for the 3-player one (5).
    cards = {"tool": 5}
    assert found(table(player("Ana", cards=cards), player("Ben"))) == [("CARD_COUNT", None, "players")]
    assert found(table(player("Ana", cards=cards), player("Ben"), player("Cleo"))) == []


def test_card_count_message() -> None:
    doc = broken("bonsai-2p.json", lambda d: d["players"][0]["cards"]["growth"].append("fruit"))
    assert check(load_table(doc))[0].message == (
        "3 fruit Growth cards on the table; the deck holds 2 for this number of players"
    )


# SHEET


@pytest.mark.parametrize(
    ("figures", "field"),
    [
        ({"leaves": 5, "parchments": -2}, "parchments"),
        ({"leaves": 0, "flowers": 3}, "flowers"),  # a flower grows next to a leaf
        ({"leaves": 1, "fruits": 1}, "fruits"),  # a fruit grows next to two leaves
        ({"leaves": 2, "fruits": 6}, "fruits"),  # 2 leaves touch at most 10 tiles besides their wood: 5 fruits
        ({"leaves": 1, "flowers": 26}, "flowers"),  # 1 leaf: at most 5 flowers of 5 points
        ({"leaves": 5, "goals": 4}, "goals"),  # no tile or sum of tiles of brown, green, cyan makes 4
    ],
)
def test_sheet(figures: dict[str, int], field: str) -> None:
    sheet = {"leaves": 0, "flowers": 0, "fruits": 0, "parchments": 0, **figures}
    assert found(table({"name": "Ben", "sheet": sheet})) == [("SHEET", "Ben", f"players[0].sheet.{field}")]


def test_sheet_in_the_seed() -> None:
    doc = broken("bonsai-4p.json", lambda d: d["players"][2]["sheet"].update(flowers=400))
    assert found(doc) == [("SHEET", "Chloé", "players[2].sheet.flowers")]
    assert check(load_table(doc))[0].message == ("400 flower points: 13 leaves and 3 fruits leave room for at most 295")


def test_sheet_goal_points_that_can_be_made_are_legal() -> None:
    # 5 + 12 + 14 = 31: small brown, large green, large cyan.
    sheet = {"leaves": 9, "flowers": 0, "fruits": 0, "parchments": 0, "goals": 31}
    assert found(table({"name": "Ben", "sheet": sheet})) == []


def test_every_code_is_listed_by_the_game() -> None:
    assert BONSAI.codes == (
        "PLAYER_COUNT",
        "TILE_PLACE",
        "TILE_UNSUPPORTED",
        "FRUIT_TOUCHES_FRUIT",
        "GOAL_UNKNOWN",
        "GOAL_DUPLICATE",
        "GOAL_SAME_COLOUR",
        "GOAL_UNMET",
        "CARD_COUNT",
        "SHEET",
        "CARD_TOTAL",
        "SOLO",
        "UNREACHABLE",
    )


def test_messages_follow_the_language() -> None:
    doc = table(player("Ana", SMALL, goals=["brown-small"]))
    with language("fr"):
        (issue,) = check(load_table(doc))
    assert issue.message == (
        "petit objectif marron (8 tuiles Bois\u00a0; le tronc compte)\u00a0: non atteint, 2 tuiles Bois (tronc compris)"
        "\u00a0; les tuiles Bois ne quittent jamais un bonsaï, aucune partie ne finit ainsi"
    )


# CARD_TOTAL (decision 16; play facts 46-50)


def _cards(tool: int = 0, master: int = 0, helper: int = 0, growth: tuple[str, ...] = (), **more: Any) -> Doc:
    return {"tool": tool, "master": master, "helper": helper, "growth": list(growth), **more}


# The 3-player deck: 5 Tools, 12 Growth cards, 12 Masters, 7 Helpers, 7 Parchments (43 cards); here 38 of them.
THREE_P = [
    _cards(tool=5, master=4, helper=3, growth=("wood", "wood", "wood")),
    _cards(master=4, helper=2, growth=("leaf", "leaf", "leaf", "leaf", "flower")),
    _cards(master=4, helper=2, growth=("flower", "flower", "fruit", "fruit"), parchments=["wood", "leaf"]),
]


def _three(cards: list[Doc]) -> Doc:
    return table(*(player(name, SMALL, cards=c) for name, c in zip(("Ana", "Ben", "Chloé"), cards, strict=True)))


def test_three_players_hold_at_most_42_cards() -> None:
    # 38 cards: legal; 4 more Parchments make 42, still legal; the last one makes all 43, one too many: the game
    # ends once the pile is empty, with 4 cards on the market and each player's one more turn.
    assert found(_three(THREE_P)) == []
    cards = [dict(c) for c in THREE_P]
    cards[0]["parchments"] = ["flower", "fruit", "growth", "helper"]
    assert found(_three(cards)) == []
    cards[1]["parchments"] = ["master"]
    assert found(_three(cards)) == [("CARD_TOTAL", None, "players")]
    assert check(load_table(_three(cards)))[0].message == (
        "43 cards in all: the game ends once 42 at most have been taken with this number of players"
    )


def test_one_player_holds_at_most_the_deck_less_3() -> None:
    # Two players: 29 cards for one at most (the 2-player deck of 32, less the 3 still on the market).
    ana = _cards(tool=3, master=7, helper=7, growth=("wood", "wood", "leaf", "leaf", "flower", "flower", "fruit",
                                                     "fruit"), parchments=["wood", "leaf", "flower", "fruit"])
    doc = table(player("Ana", SMALL, cards=ana), player("Ben", SMALL))
    assert found(doc) == []
    ana["parchments"].append("growth")
    assert found(doc) == [("CARD_TOTAL", "Ana", "players[0].cards")]


def test_a_solo_player_holds_at_most_15_cards() -> None:
    doc = table(player("Ana", SMALL, cards=_cards(tool=3, master=5, helper=7)))
    assert found(doc) == []
    doc["players"][0]["cards"]["growth"] = ["wood"]
    assert found(doc) == [("CARD_TOTAL", "Ana", "players[0].cards")]


def test_complete_card_lists_hold_at_least_the_deck_less_4() -> None:
    # Two players whose lists are complete hold 28 cards at least; with one list not said complete, nothing is known.
    doc = table(
        player("Ana", SMALL, cards=_cards(tool=1, complete=True)), player("Ben", SMALL, cards={"complete": True})
    )
    assert found(doc) == [("CARD_TOTAL", None, "players")]
    assert "the game ends only once 28 have been taken" in check(load_table(doc))[0].message
    doc["players"][1]["cards"] = {}
    assert found(doc) == []


# SOLO (decision 17)


def test_a_solo_table_always_has_goal_tiles() -> None:
    assert found(table(player("Ana", SMALL), goals=[])) == [("SOLO", None, "goals")]
    assert found(table(player("Ana", SMALL))) == []
    assert BONSAI.issue_category("SOLO", None) == "goals"
