"""The sheet players' Diplomas in the deep check, jointly with the rest of the table (issue 17, point 1): each tile
and each card exists once, so two sheet players cannot both paint the one boar the detailed players leave
(:func:`~marquoir.games.kanagawa.sheet_checks.sheets_together`); and the Assistant a sheet player's Diploma gave
comes in a round by which it has taken the cards that Diploma needs (:attr:`.seats.SheetSeat.assist_cards`).

The tables are real games (``support/real_games.py``) with every player but one entered from the sheet, two of
them given tiles that the cards left cannot both meet (:func:`support.real_games.sheets_share_cards`, counted on
its own by :func:`support.real_games.two_sheets_one_card`). Each sheet alone passes the legality check; before,
the deep check called these tables reachable."""

from __future__ import annotations

import random

import pytest
from support.real_games import (
    derived_tables,
    free_print_halves,
    real_game,
    sheets_share_cards,
    tiles_table,
    two_sheets_one_card,
)

from marquoir.games.kanagawa.bounds import TileChoice
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.legality import check
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.reach.seats import SHEET_ASSISTED, Seat, SheetSeat, paid
from marquoir.games.kanagawa.sheet_checks import assistant_cards, sheets_together, tile_sets
from marquoir.games.kanagawa.table import SheetPlayer, Table

BOUND = 30.0

#: (seed, the seat left detailed): real games whose change passes the legality check (found by a scan).
LEGAL_CHANGES = [(0, 1), (1, 2), (47, 2), (54, 0)]


def _changed(seed: int, keep: int) -> tuple[Table, Table]:
    table = tiles_table(real_game(seed).table, keep)
    changed = sheets_share_cards(table, random.Random(seed))
    assert changed is not None
    return table, changed


@pytest.mark.parametrize(("seed", "keep"), LEGAL_CHANGES)
def test_two_sheets_cannot_paint_the_same_card(seed: int, keep: int) -> None:
    table, changed = _changed(seed, keep)
    assert explain_reachability(table, time_bound=BOUND).verdict == "reachable"
    cat = catalogue()
    # The change as the generator counts it: two sheets whose tiles of one family the free cards cannot both meet.
    moved = [
        (s, d)
        for s, (before, after) in enumerate(zip(table.players, changed.players, strict=True))
        if before != after
        for d in after.diplomas  # type: ignore[union-attr]
        if d not in before.diplomas  # type: ignore[operator]
    ]
    assert len({s for s, _d in moved}) == 2
    family = cat.diplomas[moved[0][1]].family
    assert two_sheets_one_card((moved[0][1], moved[1][1]), free_print_halves(changed, family))
    assert check(changed) == []
    report = explain_reachability(changed, time_bound=BOUND)
    assert report.verdict == "unreachable"
    assert "cannot all be had together" in report.reason


def test_the_generators_shared_cards_are_never_reachable() -> None:
    """Every ``sheets_share_cards`` table the generator derives from the first games is refused (illegal or
    unreachable), and the same table before the change is reachable (the joint count refuses no real game)."""
    seen = 0
    for seed in range(120):
        for derived in derived_tables(seed):
            if derived.name.endswith("sheets_share_cards"):
                seen += 1
                assert explain_reachability(derived.table, time_bound=BOUND).verdict == "unreachable", derived.name
    assert seen >= 3


def test_real_games_from_the_sheet_pass_the_joint_count() -> None:
    """Sheet tables of real games (all but one player from the sheet, tiles written) are never refused by
    :func:`sheets_together`: each tile and each card is once on the table there."""
    cat = catalogue()
    for seed in range(60):
        game = real_game(seed)
        for keep in range(len(game.table.players)):
            table = tiles_table(game.table, keep)
            sets = {
                s: tile_sets(p, s, table, cat) for s, p in enumerate(table.players) if isinstance(p, SheetPlayer)
            }
            assert sheets_together(table, cat, sets) is None, (seed, keep)


def test_tiles_once_across_sheet_players() -> None:
    """Two sheet players whose figures can each only be one same tile cannot both hold it."""
    table, _changed_table = _changed(0, 1)
    cat = catalogue()
    only = TileChoice(7, 5, 0, 1, ("trees-5",))
    assert sheets_together(table, cat, {0: [only], 2: [only]}) is not None
    other = TileChoice(3, 3, 0, 0, ("trees-3",))
    assert sheets_together(table, cat, {0: [only], 2: [only, other]}) is None


def test_the_assistant_diploma_pays_once_its_cards_are_taken() -> None:
    """A sheet player owing the Assistant through a Diploma needing 5 painted cards (the Trees Diploma with 5 trees
    at best of 5 cards) has not paid it by taking it with 3 cards taken; with 5 it has. A detailed seat pays at
    once."""
    table, _changed_table = _changed(0, 1)
    cat = catalogue()
    sets = [TileChoice(7, 5, 0, 1, ("trees-5",))]
    cards = assistant_cards(sets, table, cat)
    assert 2 <= cards <= 5  # the fewest tree cards the free cards need for 5 trees
    sheet = SheetSeat(0, 10, 10, True, 5)
    seats: list[Seat | SheetSeat] = [sheet, SheetSeat(1, 5, 5)]
    assert paid(0b01, (True, False), seats, (3, 0)) == 0b01
    assert paid(0b01, (True, False), seats, (5 | SHEET_ASSISTED, 0)) == 0
    assert paid(0b01, (False, True), seats, (9, 1)) == 0b01
    # A set without an Assistant Diploma asks for nothing.
    assert assistant_cards([*sets, TileChoice(3, 3, 0, 0, ("trees-3",))], table, cat) == 0
