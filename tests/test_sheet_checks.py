"""A sheet player's own figures against each other and against the rest of the table (SHEET, sheet_checks.py):
Diploma points as tiles that exist, are free and fit the Print; Harmony given the Print count; Print cards given
the brushes that player can own. Each refusal stands at the figure it is about and says why in players' words."""

from __future__ import annotations

from typing import Any

import pytest

from marquoir import Issue, check, load_table
from marquoir.games.kanagawa.bounds import harmony_range, least_painted, tile_choices
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.game import KANAGAWA
from marquoir.games.kanagawa.table import DetailedPlayer, SheetPlayer, Table

CAT = catalogue()
BOARS = [k for k, card in CAT.cards.items() if card.print.animal == "boar"]
BRUSH_ICONS = [k for k, card in CAT.cards.items() if card.studio.icon == "brush"]


def sheet(**figures: Any) -> SheetPlayer:
    base: dict[str, Any] = {"name": "Sam", "print_cards": 8, "season_chain": 3, "harmony": 2, "diplomas": ()}
    base.update(figures)
    return SheetPlayer(**base)


def other() -> SheetPlayer:
    return SheetPlayer(name="Ann", print_cards=9, season_chain=4, harmony=3, grand_master=True)


def sheet_issues(table: Table) -> list[Issue]:
    return [i for i in check(table) if i.code == "SHEET"]


def test_points_that_need_more_painted_cards_than_the_print_holds() -> None:
    """With only the Starting tile, Diplomas come from the Studio alone: 3 + 3 + 5 = 11 at most; 12 needs a Print
    Diploma and so a painted card."""
    assert sheet_issues(Table(players=(other(), sheet(print_cards=1, season_chain=1, diplomas=11, harmony=0)))) == []
    (issue,) = sheet_issues(Table(players=(other(), sheet(print_cards=1, season_chain=1, diplomas=12, harmony=0))))
    assert issue.field == "players[1].sheet.diplomas"
    assert "12 Diploma points need at least 1 painted card (" in issue.message, issue.message
    assert "beyond the Starting tile" in issue.message
    assert KANAGAWA.issue_category("SHEET", issue.field.split(".", 1)[1]) == "diplomas"


def test_four_different_buildings_need_four_painted_cards() -> None:
    assert least_painted("buildings-4", [c.print for c in CAT.cards.values() if c.family == "buildings"]) == 4
    table = Table(players=(other(), sheet(print_cards=4, diplomas=("buildings-4",))))
    (issue,) = sheet_issues(table)
    assert issue.field == "players[1].sheet.diplomas" and "need at least 4 painted cards" in issue.message
    assert "Buildings Diploma (4 different buildings)" in issue.message
    assert sheet_issues(Table(players=(other(), sheet(print_cards=5, diplomas=("buildings-4",))))) == []


def test_a_tile_whose_cards_lie_on_another_players_table() -> None:
    """Every boar is in Ben's Studio: nobody else can paint a boar, so the boar-and-deer Diploma is out of reach."""
    ben = DetailedPlayer(name="Ben", start="S1", studio=tuple(BOARS), grand_master=True)
    (issue,) = sheet_issues(Table(players=(ben, sheet(diplomas=("animals-boar-deer",)))))
    assert issue.field == "players[1].sheet.diplomas" and "cards the other players leave" in issue.message
    # Three boars away, one left: possible.
    ben3 = DetailedPlayer(name="Ben", start="S1", studio=tuple(BOARS[:3]), grand_master=True)
    assert sheet_issues(Table(players=(ben3, sheet(diplomas=("animals-boar-deer",))))) == []


def test_points_only_tiles_held_elsewhere_could_make() -> None:
    """2 points are Landscapes 2, or Arrows 2 and Brushes 3: with Ann holding Landscapes 2 and Arrows 2 they
    cannot be made; with Ann holding only Landscapes 2, they can."""
    ann = SheetPlayer(name="Ann", print_cards=9, season_chain=4, harmony=3, grand_master=True,
                      diplomas=("landscapes-2", "arrows-2"))  # fmt: skip
    (issue,) = sheet_issues(Table(players=(ann, sheet(diplomas=2))))
    assert issue.field == "players[1].sheet.diplomas"
    assert "Landscapes Diploma (2 identical landscapes) (Ann)" in issue.message, issue.message
    ann1 = SheetPlayer(name="Ann", print_cards=9, season_chain=4, harmony=3, grand_master=True,
                       diplomas=("landscapes-2",))  # fmt: skip
    assert sheet_issues(Table(players=(ann1, sheet(diplomas=2)))) == []


@pytest.mark.parametrize(
    ("harmony", "words"),
    [(16, None), (17, "at most 16 Harmony symbols with 1 Print card"), (-8, None), (-9, "at least -8")],
)
def test_harmony_given_the_print_count(harmony: int, words: str | None) -> None:
    """Nothing painted: only Studio halves count, at most +16 (the game's bound is 33) and at least -8 with the
    base cards."""
    assert harmony_range(0, [(c.print, c.studio) for c in CAT.cards.values()]) == (-8, 16)
    table = Table(players=(other(), sheet(print_cards=1, season_chain=1, harmony=harmony)))
    issues = sheet_issues(table)
    assert [i.field for i in issues] == (["players[1].sheet.harmony"] if words else [])
    if words:
        assert words in issues[0].message, issues[0].message


def test_harmony_counts_only_the_cards_nobody_else_holds() -> None:
    """Ann holds every card whose Studio half shows symbols: with nothing painted Sam scores none."""
    symbols = tuple(k for k, card in CAT.cards.items() if card.studio.harmony > 0)
    ann = DetailedPlayer(name="Ann", start="S1", studio=symbols, grand_master=True)
    assert harmony_range(0, [(c.print, c.studio) for c in CAT.cards.values() if c.id not in symbols])[1] == 0
    (issue,) = sheet_issues(Table(players=(ann, sheet(print_cards=1, season_chain=1, harmony=1))))
    assert issue.field == "players[1].sheet.harmony" and "at most 0 Harmony symbols" in issue.message


def test_print_cards_beyond_the_players_own_brushes() -> None:
    """No brush Diploma: 2 brushes and the 4 brush icons, 6 paints in the last round, 17 Print cards at most (the
    game's bound is 18); two Diplomas with a brush make it 18."""
    assert sheet_issues(Table(players=(other(), sheet(print_cards=17)))) == []
    (issue,) = sheet_issues(Table(players=(other(), sheet(print_cards=18))))
    assert issue.field == "players[1].sheet.print_cards"
    assert "at most 17 Print cards for Sam" in issue.message and "owns at most 6" in issue.message, issue.message
    with_brushes = sheet(print_cards=18, diplomas=("animals-boar-deer", "landscapes-3"))
    assert sheet_issues(Table(players=(other(), with_brushes))) == []
    # Points that can only be made without a brush Diploma: 1 point is Brushes 3 or Arrows 2, no brush bonus.
    (issue,) = sheet_issues(Table(players=(other(), sheet(print_cards=18, diplomas=1))))
    assert issue.field == "players[1].sheet.print_cards"
    # 7 points can be Trees 5 (no brush) or Animals boar-deer (3, a brush) and Trees 4 (4): 7 paints, 18 cards.
    assert sheet_issues(Table(players=(other(), sheet(print_cards=18, diplomas=7)))) == []


def test_brush_icons_on_another_players_table_are_not_the_sheet_players() -> None:
    ben = DetailedPlayer(name="Ben", start="S1", print=tuple(BRUSH_ICONS[:2]), grand_master=True)
    (issue,) = sheet_issues(Table(players=(ben, sheet(print_cards=17))))
    assert "at most 15 Print cards for Sam" in issue.message and "2 brush icons the other players leave" in (
        issue.message
    ), issue.message


def test_tile_choices_keep_one_set_per_figures() -> None:
    choices = tile_choices([[("a", 3, 1, 0, 0), ("b", 4, 2, 1, 1)], [("c", 1, 0, 0, 0), ("d", 1, 0, 0, 1)]])
    assert sorted(c[:4] for c in choices) == [
        (0, 0, 0, 0), (1, 0, 0, 0), (1, 0, 0, 1), (3, 1, 0, 0), (4, 1, 0, 0), (4, 1, 0, 1), (4, 2, 1, 1),
        (5, 2, 1, 1), (5, 2, 1, 2),
    ]  # fmt: skip


def test_a_sheet_document_refused_names_the_figure() -> None:
    doc = {
        "game": "kanagawa",
        "players": [
            {"name": "Ann", "sheet": {"print_cards": 9, "season_chain": 4, "harmony": 3, "diplomas": [],
                                      "grand_master": True}},
            {"name": "Sam", "sheet": {"print_cards": 1, "season_chain": 1, "harmony": 30, "diplomas": []}},
        ],
    }  # fmt: skip
    (issue,) = [i for i in check(load_table(doc)) if i.code == "SHEET"]
    assert issue.field == "players[1].sheet.harmony" and "at most 16 Harmony symbols" in issue.message


def test_the_tile_sets_the_deep_check_reads_brushes_from() -> None:
    """1 point is Brushes 3 or Arrows 2 (no brush bonus); 6 points with 5 painted cards can be Animals boar-deer
    (3, a brush) and Landscapes 3 (3, a brush): 2; the tiles written down are their own one set."""
    from marquoir.games.kanagawa.sheet_checks import tile_sets

    def most(player: SheetPlayer) -> int:
        return max(s.brushes for s in tile_sets(player, 1, Table(players=(other(), player)), CAT))

    assert most(sheet(diplomas=1)) == 0
    assert most(sheet(print_cards=6, diplomas=6)) == 2
    assert most(sheet(print_cards=1, season_chain=1, diplomas=6)) == 1  # nothing painted: Landscapes 3 and Arrows 3
    written = sheet(diplomas=("landscapes-3", "trees-3"))
    [only] = tile_sets(written, 1, Table(players=(other(), written)), CAT)
    assert (only.points, only.brushes) == (6, 1)


def test_studio_tiles_need_the_cards_and_starting_tiles_nobody_else_holds() -> None:
    """Three arrows are the Starting tile's and two arrow cards: with three of the four arrow cards in Ben's Studio,
    Sam cannot have them; with two there, Sam can."""
    arrows = [k for k, card in CAT.cards.items() if card.studio.icon == "arrow"]
    ben = DetailedPlayer(name="Ben", start="S1", studio=tuple(arrows[:3]), grand_master=True)
    (issue,) = sheet_issues(Table(players=(ben, sheet(diplomas=("arrows-3",)))))
    assert issue.field == "players[1].sheet.diplomas", issue
    ben2 = DetailedPlayer(name="Ben", start="S1", studio=tuple(arrows[:2]), grand_master=True)
    assert sheet_issues(Table(players=(ben2, sheet(diplomas=("arrows-3",))))) == []
    # 3 points with nothing painted: Arrows 3, Brushes 4 or Landscapes 3; Ben holding three arrow cards leaves two.
    assert sheet_issues(Table(players=(ben, sheet(print_cards=1, season_chain=1, harmony=0, diplomas=3)))) == []


def test_identical_landscapes_count_the_starting_tiles_and_jokers_left() -> None:
    """Identical landscapes count a Starting tile of that landscape, the Studio cards showing it and, by the rule
    option, the jokers: out of two plain cards and the plain Starting tile, three; with a joker four, unless jokers
    do not count."""
    from marquoir.games.kanagawa.bounds import studio_possible

    starts = list(CAT.start_tiles.values())
    halves = [c.studio for c in CAT.cards.values()]
    assert studio_possible("landscapes-4", halves, starts, jokers=True, known=True)
    plain_only = [h for h in halves if h.landscape == "plain"][:2]
    assert not studio_possible("landscapes-4", plain_only, starts, jokers=True, known=True)
    assert studio_possible("landscapes-3", plain_only, starts, jokers=True, known=True)  # the plain Starting tile
    no_plain_start = [s for s in starts if s.landscape != "plain"]
    assert not studio_possible("landscapes-3", plain_only, no_plain_start, jokers=True, known=True)
    jokers = [h for h in halves if h.landscape == "joker"][:1]
    assert studio_possible("landscapes-4", plain_only + jokers, starts, jokers=True, known=True)
    assert not studio_possible("landscapes-4", plain_only + jokers, starts, jokers=False, known=True)
    assert studio_possible("landscapes-4", [], [], jokers=True, known=False)  # expansion cards: anything
