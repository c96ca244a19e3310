"""The pot and the grid, one test per fact of the geometry (``marquoir/games/bonsai/data/SOURCES.md``, "The pot
and the grid", facts 1–5, as both digital implementations draw it)."""

from __future__ import annotations

import pytest
from bonsai_builders import SMALL, WORKED_EXAMPLE, F, L, R, W, mirrored, player, seed, table

from marquoir import check, load_table, score
from marquoir.games.bonsai.geometry import (
    TRUNK,
    crack_side,
    is_low,
    is_pot,
    mirror,
    neighbours,
    pot_cells,
    sticks_out,
    touches,
    trunk,
)


def test_neighbours_of_an_odd_row_cell() -> None:
    # Fact 1, odd rows: [x, y+1] [x+1, y] [x, y-1] [x-1, y-1] [x-1, y] [x-1, y+1].
    assert neighbours((2, 3)) == ((2, 4), (3, 3), (2, 2), (1, 2), (1, 3), (1, 4))
    assert neighbours((0, -1)) == ((0, 0), (1, -1), (0, -2), (-1, -2), (-1, -1), (-1, 0))  # -1 is odd too


def test_neighbours_of_an_even_row_cell() -> None:
    # Fact 1, even rows: [x+1, y+1] [x+1, y] [x+1, y-1] [x, y-1] [x-1, y] [x, y+1].
    assert neighbours((2, 2)) == ((3, 3), (3, 2), (3, 1), (2, 1), (1, 2), (2, 3))
    assert neighbours((0, -2)) == ((1, -1), (1, -2), (1, -3), (0, -3), (-1, -2), (0, -1))


def test_touching_is_mutual_and_consecutive_neighbours_touch() -> None:
    for cell in [(x, y) for x in range(-3, 4) for y in range(-3, 4)]:
        ring = neighbours(cell)
        assert len(set(ring)) == 6 and cell not in ring
        for i, n in enumerate(ring):
            assert touches(n, cell)
            assert touches(n, ring[i - 1])  # the list goes round the cell: a fruit's two leaves are neighbours


def test_the_trunk_stands_at_0_0_or_at_1_0_in_a_flipped_pot() -> None:
    # Fact 2.
    assert trunk(False) == TRUNK == (0, 0)
    assert trunk(True) == (1, 0)


def test_the_pot_covers_three_rows_besides_the_trunk() -> None:
    # Fact 3: row 0 from -2 to 3, row -1 from -1 to 3, row -2 from -1 to 2; the trunk's cell is not pot.
    expected = {(x, 0) for x in range(-2, 4)} | {(x, -1) for x in range(-1, 4)} | {(x, -2) for x in range(-1, 3)}
    assert pot_cells(False) == expected - {(0, 0)}
    assert pot_cells(True) == expected - {(1, 0)}
    assert is_pot((1, 0), False) and not is_pot((0, 0), False)
    assert is_pot((0, 0), True) and not is_pot((1, 0), True)


def test_the_feet_beside_the_pot_are_not_pot() -> None:
    # Fact 3: [-2, -2] and [3, -2], beside the pot's bottom, can hold a tile.
    assert not is_pot((-2, -2), False) and not is_pot((3, -2), False)
    assert not is_pot((-2, -1), False) and not is_pot((4, -1), False) and not is_pot((-3, 0), False)


def test_a_bonsai_grown_down_to_a_foot_of_the_pot_is_legal() -> None:
    # Wood round the pot's right side: [1, 1] touches the trunk, then [2, 1], [3, 1], [4, 1], down to [4, 0]
    # (row 0 of the pot ends at 3) and [4, -1] (row -1 ends at 3), and a leaf on the foot [3, -2].
    tree = [(1, 1, W), (2, 1, W), (3, 1, W), (4, 1, W), (4, 0, W), (4, -1, W), (3, -2, L)]
    assert check(load_table(table(player("Ana", tree)))) == []


def test_sticking_out_right_left_and_low() -> None:
    # Fact 4: right when x >= 3 on an even row or x >= 4 on an odd row; left when x <= -2; low when y <= -2.
    assert sticks_out((3, 2)) == "right" and sticks_out((2, 2)) is None
    assert sticks_out((4, 1)) == "right" and sticks_out((3, 1)) is None
    assert sticks_out((-2, 1)) == "left" and sticks_out((-2, 2)) == "left" and sticks_out((-1, 1)) is None
    assert is_low((3, -2)) and is_low((0, -5)) and not is_low((4, -1))


def test_the_mirror_maps_the_pot_onto_itself_and_the_trunk_onto_the_flipped_trunk() -> None:
    # Fact 2: the mirror of [x, y] is [1 - x, y] on even rows and [2 - x, y] on odd rows.
    assert mirror((0, 0)) == (1, 0) and mirror((0, 1)) == (2, 1) and mirror((-2, -2)) == (3, -2)
    assert {mirror(c) for c in pot_cells(False)} == pot_cells(True)
    cells = [(x, y) for x in range(-4, 6) for y in range(-3, 4)]
    for cell in cells:
        assert mirror(mirror(cell)) == cell
        assert {mirror(n) for n in neighbours(cell)} == set(neighbours(mirror(cell)))
        side = sticks_out(cell)
        assert sticks_out(mirror(cell)) == {"left": "right", "right": "left", None: None}[side]


def test_the_gold_crack_is_on_the_right_and_on_the_left_in_a_flipped_pot() -> None:
    # Fact 5, seen through the small cyan goal: a tile sticking out on the crack's side.
    assert crack_side(False) == "right" and crack_side(True) == "left"
    right_branch = [(1, 1, W), (2, 1, W), (3, 1, W), (3, 2, L)]  # the leaf [3, 2] sticks out on the right
    doc = table(player("Ana", right_branch, goals=["cyan-small"]))
    assert check(load_table(doc)) == []
    doc["players"][0]["flipped"] = True  # trunk at [1, 0]: [1, 1] still touches it, but the crack is on the left
    (issue,) = check(load_table(doc))
    assert (issue.code, issue.field) == ("GOAL_UNMET", "players[0].goals[0]")


def test_a_flower_beside_the_pot_counts_the_pot_side_as_free() -> None:
    # The flower [-2, 1] touches the leaf [-1, 1] and the pot's corner [-2, 0]; its other four sides are empty.
    # The pot is not a tile: 5 free sides, not 4.
    report = score(load_table(table(player("Ana", SMALL))))
    assert report.players[0].breakdown["flowers"] == 5
    assert report.players[0].explanations["flowers"] == "flower (2½ cells left of the trunk, 1 row up): 5 free sides"


def test_the_trunk_is_a_tile_for_a_flower_beside_it() -> None:
    # The leaf [0, 1] grows on the trunk; the flower [1, 1] touches the trunk [0, 0], the leaf [0, 1] and the pot
    # [1, 0]: free sides [1, 2], [2, 1], [0, 2] and the pot's side — 4.
    report = score(load_table(table(player("Ana", [(0, 1, L), (1, 1, F)]))))
    assert report.players[0].breakdown["flowers"] == 4
    assert report.legal


@pytest.mark.parametrize("name", ["bonsai-2p.json", "bonsai-4p.json"])
def test_a_mirrored_bonsai_in_a_flipped_pot_scores_the_same(name: str) -> None:
    doc = seed(name)
    before = score(load_table(doc))
    doc["players"] = [p if "sheet" in p else mirrored(p) for p in doc["players"]]
    after = score(load_table(doc))
    assert [p.breakdown for p in after.players] == [p.breakdown for p in before.players]
    assert after.legal and before.legal


def test_the_worked_example_mirrored_keeps_its_100_points_and_its_goal() -> None:
    doc = table(player("Ana", WORKED_EXAMPLE, cards={"parchments": ["flower", "leaf"]}, goals=["brown-small"]))
    doc["players"][0] = mirrored(doc["players"][0])
    report = score(load_table(doc))
    assert report.players[0].total == 100 and report.legal


def test_mirroring_moves_a_fruit_pair_with_its_leaves() -> None:
    # The fruit [1, 2] sits between the leaves [1, 1] and [0, 2]; mirrored, between [1, 1] and [1, 2] around [0, 2].
    mirrored_doc = mirrored(player("Ana", SMALL))
    assert {tuple(t["at"]): t["kind"] for t in mirrored_doc["tiles"]}[(0, 2)] == R
    assert check(load_table(table(mirrored_doc))) == []
