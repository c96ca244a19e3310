"""Who holds the Assistant when, on real tables: each game's sheet-figure table with the Grand Master moved to another
player at random (:func:`support.real_games.master_elsewhere`, ``bench/bench_deep.py --moved``), whose verdict is
not known beforehand. The seeds below were left *undecided* at the default 2 s bound before the joint search's
relaxation (:mod:`marquoir.games.kanagawa.reach.board`) was shared by every joint search over the same players and
counted a starved last round: a detailed player left with fewer cards to take than rounds takes none in the last
round, so the deck runs out in its first row and every card left is taken, a card at most each in that round.

Verdicts only, never times: *unreachable* comes only from the exhaustive search, its reason the Grand Master's.
"""

from __future__ import annotations

import random
import time

import pytest
from support.real_games import master_elsewhere, real_game, sheet_table

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.legality import check
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.reach.board import Board
from marquoir.games.kanagawa.reach.joint import Joint
from marquoir.games.kanagawa.reach.player import prepare_player
from marquoir.games.kanagawa.reach.search import Search
from marquoir.games.kanagawa.reach.seats import Seat, SheetSeat, least_cards
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.vocabulary import DECK_CARDS, END_PRINT_CARDS

#: Seeds (bench game indexes) found unreachable at the default bound, undecided before.
UNREACHABLE = [61, 122]


def moved(seed: int) -> Table:
    """The bench's table for ``seed`` (``bench_deep.py --moved``: the sheet figures' table of the game, its Grand
    Master moved at random)."""
    table = master_elsewhere(sheet_table(real_game(seed).table, random.Random(seed)), random.Random(seed + 5))
    assert table is not None and check(table) == []
    return table


@pytest.mark.parametrize("seed", UNREACHABLE)
def test_a_moved_grand_master_no_order_of_the_assistant_allows_is_unreachable(seed: int) -> None:
    report = explain_reachability(moved(seed))
    assert report.verdict == "unreachable", report.reason
    assert not report.illegal and "holds the Grand Master" in report.reason, report.reason


def board_of(table: Table, rounds: int) -> Board:
    """The relaxation of ``table``'s joint search in ``rounds`` rounds, its players prepared as the deep check
    prepares them (the sheet players by their painted cards only)."""
    cat = catalogue()
    seats: list[Seat | SheetSeat] = []
    for index, player in enumerate(table.players):
        if isinstance(player, DetailedPlayer):
            p = prepare_player(player, index, table, cat, time.perf_counter() + 60)
            assert not isinstance(p, str)
            seats.append(Seat(p, Search(p, True, time.perf_counter() + 60), False))
        else:
            painted = player.print_cards - 1
            seats.append(SheetSeat(index, painted, least_cards(painted, False, 0)))
    master = next(k for k, p in enumerate(table.players) if p.grand_master)
    passes = table.rules.grand_master_passes_at_end
    eleven = any(isinstance(s, Seat) and s.p.n >= END_PRINT_CARDS for s in seats)
    return Board(seats, rounds, DECK_CARDS, master, passes, eleven, time.perf_counter() + 60)


def test_a_starved_last_round_is_counted() -> None:
    """Seed 122 in 12 rounds (its players: 11 cards, 18, the sheet player, 13): after 6 rounds in which they took 6,
    8, 12 or 13, and 6 cards, the first has 5 left for the 6 rounds left, so takes one a round and none in the last,
    which only a deck run out in that round's first row allows (a player reaches 11 painted cards, so nothing else
    asks the deck to run out): every card left is then taken, a card at most each in the last round. The sheet
    player would take the 17 or 18 cards the others leave, more than 3 a round for 5 rounds and 1 in the last."""
    board = board_of(moved(122), 12)
    assert board.eleven
    assert [s.p.total if isinstance(s, Seat) else None for s in board.seats] == [11, 18, None, 13]
    for sheet in (12, 13):
        assert not board.fits(6, (6, 8, sheet, 6), None)
    # With a card more for the sheet player before, the 16 left fit: 3 a round, then 1.
    assert board.fits(6, (6, 8, 14, 6), None)


def test_the_joint_searches_of_one_table_share_their_board() -> None:
    """A board serves every joint search over the same players (its number of rounds and Grand Master are the
    joint searches' own: a :class:`Joint` reads them from its board), not others."""
    table = moved(61)
    board = board_of(table, 8)
    assert board.serves(board.seats)
    joint = Joint(board.seats, board)
    assert (joint.board.rounds, joint.board.master) == (8, board.master)
    other = board_of(table, 8)  # the same table prepared again: other players, another board
    assert not board.serves(other.seats)
    with pytest.raises(AssertionError):
        Joint(other.seats, board)


def test_the_exhaustive_pass_after_the_budgeted_one_answers_as_a_fresh_one() -> None:
    """The budgeted pass over every start (:meth:`Joint.find`'s stage before the last) leaves its failed states to
    the exhaustive pass: on seed 6 in 9 rounds it runs over its budget having proved states failed, and the
    exhaustive pass after it answers as the exhaustive pass of a joint search that never ran it."""
    stages = Joint.PASSES
    board = board_of(moved(6), 9)
    joint = Joint(board.seats, board)
    assert joint.find(stages - 2) is None
    assert joint.budget is not None and joint.budget < 0 and joint.failed  # over budget, failures kept
    carried = joint.find()
    fresh_board = board_of(moved(6), 9)
    assert (carried is None) == (Joint(fresh_board.seats, fresh_board).find() is None)
