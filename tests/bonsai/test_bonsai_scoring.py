"""Hand-scored Bonsai tables, the reasoning written beside each figure (rules, « Fin de la partie »; decisions of
``marquoir/games/bonsai/data/SOURCES.md``), the ranking with its tie-break, and the solo levels."""

from __future__ import annotations

from typing import Any

import pytest
from bonsai_builders import SMALL, WORKED_EXAMPLE, player, seed, table

from marquoir import load_table, score
from marquoir.games.bonsai.tree import Tree
from marquoir.i18n import language


def _sheet(name: str, **figures: Any) -> dict[str, Any]:
    return {"name": name, "sheet": {"leaves": 0, "flowers": 0, "fruits": 0, "parchments": 0, **figures}}


def test_the_small_bonsai_by_hand() -> None:
    # SMALL: wood [0, 1] 0; leaves [1, 1], [0, 2], [-1, 1]: 3 × 3 = 9; the fruit [1, 2]: 7; the flower [-2, 1]
    # touches only the leaf [-1, 1] (the pot's side below it is free): 5. Total 21.
    (ana,) = score(load_table(table(player("Ana", SMALL)))).players
    assert ana.breakdown == {"leaves": 9, "flowers": 5, "fruits": 7, "parchments": 0, "goals": 0}
    assert ana.total == 21
    assert ana.explanations == {
        "leaves": "3 leaves × 3",
        "flowers": "flower (2½ cells left of the trunk, 1 row up): 5 free sides",
        "fruits": "1 fruit × 7",
        "parchments": "no Parchment",
        "goals": "no goal",
    }


def test_the_official_worked_example_scores_100() -> None:
    # The official rules' example: 13 leaves = 39, flowers 3 + 3 + 3 + 5 + 5 = 19, 2 fruits = 14 (72 for the
    # tiles), Parchments 10 (2 per flower: 5 flowers) and 13 (1 per leaf: 13 leaves), the small brown goal 5
    # (8 wood tiles with the trunk: [0, 1] [-1, 2] [0, 3] [0, 2] [-1, 4] [-1, 5] [-2, 6] and the trunk) = 100.
    doc = table(player("Ana", WORKED_EXAMPLE, cards={"parchments": ["flower", "leaf"]}, goals=["brown-small"]))
    report = score(load_table(doc))
    (ana,) = report.players
    assert ana.breakdown == {"leaves": 39, "flowers": 19, "fruits": 14, "parchments": 23, "goals": 5}
    assert ana.total == 100
    assert report.legal
    assert sorted(f.free for f in ana.detail.flowers) == [3, 3, 3, 5, 5]
    assert ana.explanations["parchments"] == (
        "Parchment per flower tile: 5 flower tiles × 2; Parchment per leaf tile: 13 leaf tiles × 1"
    )
    assert ana.explanations["goals"] == (
        "small brown goal (8 wood tiles; the trunk counts): 5 — 8 wood tiles (the trunk included)"
    )


def test_the_worked_example_from_the_sheet_scores_100_too() -> None:
    doc = table(_sheet("Ben", leaves=13, flowers=19, fruits=2, parchments=23, goals=["brown-small"]))
    (ben,) = score(load_table(doc)).players
    assert ben.breakdown == {"leaves": 39, "flowers": 19, "fruits": 14, "parchments": 23, "goals": 5}
    assert ben.explanations["flowers"] == "19 flower points from the sheet"


def test_parchments_count_tiles_with_the_trunk_and_cards_played() -> None:
    # Growth 2 cards × 2 = 4; Helper 2 × 2 = 4; Master 3 × 2 = 6; wood: [0, 1] and the trunk, 2 × 1 = 2;
    # fruit: 1 × 2 = 2. Total 18.
    cards = {
        "growth": ["wood", "leaf"],
        "master": 3,
        "helper": 2,
        "parchments": ["growth", "helper", "master", "wood", "fruit"],
    }
    (ana,) = score(load_table(table(player("Ana", SMALL, cards=cards)))).players
    assert ana.breakdown["parchments"] == 18
    assert ana.explanations["parchments"] == (
        "Parchment per Growth card: 2 Growth cards × 2; Parchment per Helper card: 2 Helper cards × 2; "
        "Parchment per Master card: 3 Master cards × 2; "
        "Parchment per wood tile: 2 wood tiles (the trunk included) × 1; "
        "Parchment per fruit tile: 1 fruit tile × 2"
    )


def test_a_claimed_goal_scores_even_when_unmet() -> None:
    # The small brown goal asks 8 wood tiles; SMALL has 2 (the trunk and [0, 1]). It still scores 5 (decision 6).
    report = score(load_table(table(player("Ana", SMALL, goals=["brown-small"]))))
    assert report.players[0].breakdown["goals"] == 5
    assert report.players[0].explanations["goals"] == (
        "small brown goal (8 wood tiles; the trunk counts): 5 — 2 wood tiles (the trunk included); not met"
    )
    assert [i.code for i in report.issues] == ["GOAL_UNMET"]


def test_goals_that_are_not_tiles_of_this_game_score_nothing() -> None:
    # Pink is not among brown, green, cyan; the medium brown tile stays in the box with 2 players; no tile is
    # called pink-huge. None of them scores (decision 6).
    doc = table(player("Ana", SMALL, goals=["pink-large", "brown-medium", "pink-huge"]), player("Ben", SMALL))
    report = score(load_table(doc))
    assert report.players[0].breakdown["goals"] == 0
    assert report.players[0].explanations["goals"] == (
        "large pink goal (5 flowers sticking out past the pot on one side): 0 (not a goal tile of this game); "
        "medium brown goal (10 wood tiles; the trunk counts): 0 (not a goal tile of this game); "
        "'pink-huge': 0 (not a goal tile of this game)"
    )


def test_the_medium_goal_scores_with_three_players() -> None:
    # 10 wood tiles with the trunk: the medium brown goal is met and in play with 3 players: 10 points.
    wood = [(0, y, "wood") for y in range(1, 10)]
    doc = table(player("Ana", wood, goals=["brown-medium"]), player("Ben"), player("Cleo"))
    report = score(load_table(doc))
    assert report.players[0].breakdown["goals"] == 10 and report.legal


def test_the_green_goal_explains_the_largest_group() -> None:
    # Leaves [1, 1], [0, 2] touch each other and [-1, 1] stands apart: the largest group has 2 leaves.
    report = score(load_table(table(player("Ana", SMALL, goals=["green-small"]))))
    assert report.players[0].explanations["goals"] == (
        "small green goal (a group of 5 leaves touching one another): 6 — "
        "largest group of leaves: 2 — 2 rows above the trunk · half a cell right of the trunk, 1 row up; not met"
    )


def test_a_tie_goes_to_the_player_farther_from_the_first() -> None:
    # Ana and Ben both score 21; Ben sits later in turn order: Ben first, no shared place.
    report = score(load_table(table(player("Ana", SMALL), player("Ben", SMALL))))
    ana, ben = report.players
    assert (ana.total, ben.total) == (21, 21)
    assert (ben.rank, ana.rank) == (1, 2)
    assert report.winners == ("Ben",)
    assert ana.to_json()["tie_break"] is True and ben.to_json()["tie_break"] is True
    assert report.notes == ("Ben wins the tie with Ana: farther from the first player",)
    with language("fr"):
        assert report.notes == ("Ben l’emporte à égalité avec Ana\u00a0: plus éloigné du premier joueur",)


def test_ties_below_the_top_are_ordered_by_turn_order_too() -> None:
    # Ben 30 from the sheet; Ana, Cleo and Dev 21 each: Dev (4th seat) 2nd, Cleo 3rd, Ana 4th.
    doc = table(player("Ana", SMALL), _sheet("Ben", leaves=10), player("Cleo", SMALL), player("Dev", SMALL))
    report = score(load_table(doc))
    assert [(p.name, p.total, p.rank) for p in report.players] == [
        ("Ana", 21, 4),
        ("Ben", 30, 1),
        ("Cleo", 21, 3),
        ("Dev", 21, 2),
    ]
    assert [p.extra["tie_break"] for p in report.players] == [True, False, True, True]
    assert report.winners == ("Ben",)
    assert report.notes == (
        "Dev ranks ahead of Cleo, both on 21 points: farther from the first player",
        "Cleo ranks ahead of Ana, both on 21 points: farther from the first player",
    )
    assert "solo_levels" not in report.to_json()


def test_the_4_player_seed_has_a_tie_for_first_broken_by_turn_order() -> None:
    report = score(load_table(seed("bonsai-4p.json")))
    assert [(p.name, p.total, p.rank) for p in report.players] == [
        ("Aiko", 97, 4),
        ("Bruno", 104, 3),
        ("Chloé", 119, 2),
        ("Dario", 119, 1),
    ]
    assert report.winners == ("Dario",) and report.legal
    assert report.notes == ("Dario wins the tie with Chloé: farther from the first player",)
    players = report.to_json()["players"]
    assert [p["tie_break"] for p in players] == [False, False, True, True]


def test_solo_levels_need_three_goals() -> None:
    # 39 + 19 + 14 + 23 + goals 5 + 6 + 7 (small brown, green, cyan) = 113: levels 1 to 3 (60, 80, 100).
    doc = table(
        _sheet(
            "Ben", leaves=13, flowers=19, fruits=2, parchments=23, goals=["brown-small", "green-small", "cyan-small"]
        )
    )
    report = score(load_table(doc))
    assert report.players[0].total == 113
    assert report.to_json()["solo_levels"] == [1, 2, 3]
    assert report.winners == ("Ben",)
    assert report.notes == ("Ben wins the solo game up to level 3 (113 points, 3 goals)",)


def test_solo_with_two_goals_is_lost_whatever_the_points() -> None:
    doc = table(_sheet("Ben", leaves=40, parchments=23, goals=["brown-small", "green-small"]))
    report = score(load_table(doc))
    assert report.players[0].total == 154
    assert report.extra["solo_levels"] == [] and report.winners == ()
    assert report.notes == ("Ben does not win the solo game: 2 goals of the 3 needed",)


def test_solo_with_three_goals_and_too_few_points() -> None:
    doc = table(_sheet("Ben", leaves=10, goals=["brown-small", "green-small", "cyan-small"]))
    report = score(load_table(doc))
    assert report.players[0].total == 48 and report.extra["solo_levels"] == []
    assert report.notes == ("Ben does not win the solo game: 48 points, 60 needed for level 1",)


def test_solo_goal_points_count_as_the_fewest_tiles_that_make_them() -> None:
    # 18 = 5 + 6 + 7 needs the three small tiles; 19 = 5 + 14 is two tiles (small brown, large cyan).
    three = score(load_table(table(_sheet("Ben", leaves=20, goals=18))))
    assert three.extra["solo_levels"] == [1] and three.winners == ("Ben",)
    two = score(load_table(table(_sheet("Ben", leaves=20, goals=19))))
    assert two.extra["solo_levels"] == [] and two.winners == ()


def test_a_detailed_solo_player_counts_distinct_goals_of_this_game() -> None:
    # A goal listed twice or not in play does not count towards the 3 goals.
    doc = table(player("Ana", SMALL, goals=["brown-small", "brown-small", "pink-small"]))
    report = score(load_table(doc))
    assert report.extra["solo_levels"] == []
    assert report.notes == ("Ana does not win the solo game: 1 goal of the 3 needed",)


def test_the_two_player_seed() -> None:
    # Ana: 10 leaves 30, flowers 5 + 4 + 4 + 4 = 17 ([-4, 4] free but for its leaf; [4, 4], [4, 3] and [3, 7]
    # touching two tiles each), no fruit, Parchments 10 leaves × 1 + 4 Helpers × 2 = 18, goals 12 + 7 + 15 = 34:
    # 99. Ben: 12 leaves 36, flowers 22, 2 fruits 14, Parchments 10 wood + 5 Growth × 2 + 3 Masters × 2 = 26,
    # goals 5 + 6 + 14 = 25: 123.
    report = score(load_table(seed("bonsai-2p.json")))
    assert [(p.name, p.total, p.rank) for p in report.players] == [("Ana", 99, 2), ("Ben", 123, 1)]
    assert report.players[0].breakdown == {"leaves": 30, "flowers": 17, "fruits": 0, "parchments": 18, "goals": 34}
    assert report.players[1].breakdown == {"leaves": 36, "flowers": 22, "fruits": 14, "parchments": 26, "goals": 25}
    assert report.winners == ("Ben",) and report.legal and report.notes == ()


def test_explanations_follow_the_language() -> None:
    report = score(load_table(table(player("Ana", SMALL, cards={"master": 3, "parchments": ["master"]}))))
    (ana,) = report.players
    with language("fr"):
        assert ana.explanations["leaves"] == "3 Feuilles × 3"
        assert ana.explanations["flowers"] == ("Fleur (2 cases ½ à gauche du tronc, 1 rangée plus haut)\u00a0: 5 "
            "côtés libres")
        assert ana.explanations["parchments"] == "Parchemin par carte Maître\u00a0: 3 cartes Maître × 2"
    assert ana.explanations["leaves"] == "3 leaves × 3"


def test_the_scoring_hands_its_trees_to_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = Tree.of.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Tree], p: Any) -> Tree:
        made.append(p.name)
        tree: Tree = real(cls, p)
        return tree

    monkeypatch.setattr(Tree, "of", classmethod(counting))
    report = score(load_table(seed("bonsai-4p.json")))
    assert report.legal
    with language("fr"):
        assert report.issues == ()
    assert made == ["Aiko", "Bruno", "Dario"]  # once each, the sheet player has none
    assert all(isinstance(p.detail, Tree) for p in report.players if p.name != "Chloé")
