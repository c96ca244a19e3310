"""Diploma requirements one by one (Kanagawa French rules section 3, Yokai rules "Explanation of the Diploma Tiles",
games/kanagawa/data/SOURCES.md decisions 8–11), and the dispute checker's figures and cards."""

from __future__ import annotations

from typing import Any

import pytest
from support.samples import sample_document

from marquoir import load_table
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.diplomas import check_diploma, diploma_report
from marquoir.games.kanagawa.table import DetailedPlayer, Rules
from marquoir.games.kanagawa.tableau import Tableau

CAT = catalogue()
YOKAI_FAMILIES = ("trees", "animals", "kites", "umbrellas")


def tableau(print_: list[Any] = (), studio: list[Any] = (), **extra: Any) -> Tableau:  # type: ignore[assignment]
    families = extra.pop("families", YOKAI_FAMILIES)
    doc = {
        "game": "kanagawa",
        "families": list(families),
        "players": [
            {"name": "A", "start": extra.pop("start", "S1"), "print": list(print_), "studio": list(studio), **extra}
        ],
    }
    player = load_table(doc).players[0]
    assert isinstance(player, DetailedPlayer)
    return Tableau.of(player, CAT)


OFFICIAL = Rules()


def met(diploma_id: str, t: Tableau, rules: Rules = OFFICIAL) -> bool | None:
    return check_diploma(CAT.diplomas[diploma_id], t, rules).met


def kites(*colours: str) -> dict[str, Any]:
    return {"family": "kites", "season": "spring", "kites": list(colours)}


def lanterns(n: int) -> dict[str, Any]:
    return {"family": "lanterns", "season": "spring", "lanterns": n}


def umbrellas(n: int) -> dict[str, Any]:
    return {"family": "umbrellas", "season": "spring", "umbrellas": n}


PLAIN = {"family": "umbrellas", "season": "summer"}  # a card with no umbrella breaks a run


# --- Yokai Diplomas (Yokai rules), one by one -----------------------------------------------------------------------


def test_one_card_with_two_umbrellas_meets_the_smallest_umbrella_diploma() -> None:
    # Seed 003: "a single card with two Umbrellas would be sufficient to earn the smallest of the Umbrella Diplomas".
    t = tableau([umbrellas(2)])
    assert met("umbrellas-2", t) is True
    assert met("umbrellas-3", t) is False


def test_umbrellas_count_along_neighbouring_cards_only() -> None:
    assert met("umbrellas-3", tableau([umbrellas(1), umbrellas(2)])) is True
    assert met("umbrellas-3", tableau([umbrellas(1), PLAIN, umbrellas(2)])) is False
    t = tableau([umbrellas(2), umbrellas(1), umbrellas(1), PLAIN, umbrellas(3)])
    assert met("umbrellas-4", t) is True
    verdict = check_diploma(CAT.diplomas["umbrellas-4"], t, Rules())
    # The run's three cards by what they show (the season once), not the fourth one after the gap.
    assert verdict.figure == 4 and verdict.cards == ("spring: 2 umbrellas, 1 umbrella, 1 umbrella",)


def test_kites_by_colour_and_in_all() -> None:
    t = tableau([kites("blue", "blue"), kites("blue", "red"), kites("yellow")])
    assert met("kites-blue-3", t) is True
    assert met("kites-red-2", t) is False
    assert met("kites-yellow-3", t) is False
    assert met("kites-7", t) is False
    t2 = tableau([kites("blue", "blue"), kites("red", "red"), kites("yellow", "yellow", "yellow")])
    assert met("kites-red-2", t2) is True
    assert met("kites-yellow-3", t2) is True
    assert met("kites-7", t2) is True
    assert check_diploma(CAT.diplomas["kites-7"], t2, Rules()).figure == 7


def test_lanterns_count_cards_with_exactly_that_many() -> None:
    fam = ("trees", "animals", "lanterns", "umbrellas")
    assert met("lanterns-2x2", tableau([lanterns(2), lanterns(2)], families=fam)) is True
    # A card with 3 lanterns is not a card with 2 lanterns (games/kanagawa/data/SOURCES.md decision 11).
    assert met("lanterns-2x2", tableau([lanterns(2), lanterns(3)], families=fam)) is False
    assert met("lanterns-1x3", tableau([lanterns(1), lanterns(1), lanterns(1)], families=fam)) is True
    assert met("lanterns-1x3", tableau([lanterns(1), lanterns(1), lanterns(2)], families=fam)) is False
    assert met("lanterns-1-2-3", tableau([lanterns(3), lanterns(1), lanterns(2)], families=fam)) is True
    assert met("lanterns-1-2-3", tableau([lanterns(1), lanterns(2), lanterns(2)], families=fam)) is False


def test_yokai_diploma_cannot_be_disproved_by_the_final_table() -> None:
    # Seed 003: kept even if the 3 Yokai are lost later, so holding fewer now proves nothing.
    assert met("yokai-3", tableau(yokai=3)) is True
    assert met("yokai-3", tableau(yokai=0)) is None


# --- base Diplomas (Kanagawa French rules, section 3)
# -------------------------------------------------------------------------


def test_trees_sum_the_tree_icons() -> None:
    # 55: 3 trees, 56: 1 tree, 68: 2 trees.
    t = tableau([55, 56, 68], families=("trees", "characters", "buildings", "animals"))
    assert [met(d, t) for d in ("trees-3", "trees-4", "trees-5")] == [True, True, True]
    verdict = check_diploma(CAT.diplomas["trees-5"], t, Rules())
    assert verdict.figure == 6 and verdict.cards == ("summer: 3 trees, 1 tree; spring, 2 trees",)
    assert verdict.describe() == (
        "Trees Diploma (5 trees), 7 points: met — trees: 6 of 5 needed — summer: 3 trees, 1 tree; spring, 2 trees"
    )


def test_buildings_and_characters_different_and_identical() -> None:
    base = ("trees", "characters", "buildings", "animals")
    # 37 thatch, 39 thatch, 38 tower, 41 palace.
    t = tableau([37, 39, 38, 41], families=base)
    assert [met(d, t) for d in ("buildings-2", "buildings-3", "buildings-4")] == [True, True, False]
    # 22, 23, 24 are three peasants; 25 a monk.
    t = tableau([22, 23, 24, 25], families=base)
    assert met("characters-3-identical", t) is True
    assert met("characters-2-different", t) is True
    assert met("characters-3-different", t) is False


def test_animals_pairs_and_triple() -> None:
    base = ("trees", "characters", "buildings", "animals")
    # 1 boar, 10 deer, 13 butterfly, 14 crane.
    assert met("animals-boar-deer", tableau([1, 10], families=base)) is True
    assert met("animals-crane-butterfly", tableau([13, 1], families=base)) is False
    assert met("animals-crane-butterfly", tableau([13, 14], families=base)) is True
    assert met("animals-boar-deer-butterfly", tableau([1, 10, 13], families=base)) is True
    assert met("animals-boar-deer-butterfly", tableau([1, 10, 14], families=base)) is False


def test_brushes_count_start_icons_and_brush_bonuses() -> None:
    # 2 to start + card 4 (brush icon) = 3; + the animals-boar-deer bonus brush = 4 (decision 8).
    assert met("brushes-3", tableau(studio=[4])) is True
    assert met("brushes-4", tableau(studio=[4])) is False
    assert met("brushes-4", tableau(studio=[4], diplomas=["animals-boar-deer"])) is True


def test_arrows_count_the_starting_tile() -> None:
    # Starting tile arrow + card 8 (arrow) = 2 (decision 9).
    assert met("arrows-2", tableau(studio=[8])) is True
    assert met("arrows-3", tableau(studio=[8])) is False
    assert met("arrows-3", tableau(studio=[8, 31])) is True


def test_identical_landscapes_with_and_without_jokers() -> None:
    # S1 is water; 7 and 14 are water; 9 is a joker.
    t = tableau(studio=[7, 9])
    assert met("landscapes-3", t) is True
    assert met("landscapes-3", t, Rules(joker_counts_for_identical_landscapes=False)) is False
    assert met("landscapes-3", tableau(studio=[7, 14]), Rules(joker_counts_for_identical_landscapes=False)) is True


def test_dispute_checker_lists_every_diploma_of_the_game() -> None:
    table = load_table(sample_document("base-4p.json"))
    emi = table.players[2]
    assert isinstance(emi, DetailedPlayer)
    checks = diploma_report(Tableau.of(emi, CAT), table.families, table.rules, CAT)
    assert len(checks) == 19
    by_id = {c.diploma.id: c for c in checks}
    assert by_id["trees-5"].met is True and by_id["trees-5"].cards == ("spring: 2 trees, 3 trees",)
    assert by_id["buildings-3"].met is True  # thatch 50, tower 47, palace 42
    assert by_id["buildings-4"].met is False and by_id["buildings-4"].figure == 3


@pytest.mark.parametrize("diploma_id", sorted(CAT.diplomas))
def test_every_diploma_has_a_requirement(diploma_id: str) -> None:
    verdict = check_diploma(CAT.diplomas[diploma_id], tableau(), Rules())
    assert verdict.met in (False, None)
    assert verdict.needed >= 2


def test_unmet_agrees_with_meets_on_every_diploma() -> None:
    from marquoir.games.kanagawa.diplomas import meets, unmet

    for name in ("base-2p.json", "base-4p.json", "yokai-3p.json"):
        table = load_table(sample_document(name))
        in_play = CAT.diploma_ids_in_play(table.families)
        for player in table.players:
            assert isinstance(player, DetailedPlayer)
            t = Tableau.of(player, CAT)
            every = [d.id for d in CAT.diplomas_in_play(table.families)]
            expected = [i for i, d in enumerate(every) if meets(CAT.diplomas[d], t, table.rules) is False]
            assert unmet(every, t, table.rules, in_play) == expected
            assert unmet([*every, "nope-1"], t, table.rules, in_play) == expected
