"""A property of the deep check over engine-finished tables (base and Yokai, 2 to 4 players): every one is
reachable (the engine played it: a verdict other than *reachable* would be wrong), and each broken in a way the
rules forbid is unreachable or illegal, never *undecided*:

* a Print card whose only serving Studio card is moved into the hand, so it comes before that card forever;
* a Print longer than its rounds allow: more painted cards than 10 before the last round, a column and the cards
  the keep icons hold in it (Kanagawa rules, "End of the Game"; "Continue your work");
* a column of three beside a player who always took one: a player with more than 22 cards beside one who paints
  one card a round for 11 rounds, with the one icon of its Starting tile (so takes one card a round, and the game
  lasts 11): a column of three needs another player taking two or more that round (Kanagawa rules, "New Lesson";
  the note of step 2).

Each break is built so that the rules forbid it whatever the game: the check must prove it, in its time bound.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter

import pytest
from support.engine import YOKAI_FAMILIES, YOKAI_FAMILIES_2, finished_game

from marquoir import check
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.engine import final_table
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, END_PRINT_CARDS

pytestmark = pytest.mark.slow

TABLES = 510
#: Each table's time bound: generous, since any undecided verdict fails the property.
BOUND = 20.0


def engine_table(seed: int) -> Table:
    families = (BASE_FAMILIES, YOKAI_FAMILIES, BASE_FAMILIES, YOKAI_FAMILIES_2)[seed % 4]
    return final_table(finished_game(seed, 2 + seed % 3, families, greedy=seed % 5 == 0))


def used_ids(table: Table) -> set[int]:
    found: set[int] = set()
    for player in table.players:
        if isinstance(player, DetailedPlayer):
            for ref in (*player.print, *player.studio, *player.kept):
                if isinstance(ref, int):
                    found.add(ref)
    return found


def free_cards(table: Table) -> list[int]:
    """Base catalogue cards of the families in play that no player has, in id order."""
    used = used_ids(table)
    return [c.id for c in sorted(catalogue().cards.values(), key=lambda c: c.id)
            if c.family in table.families and c.id not in used]


def studio_card_made_it_paintable(table: Table) -> Table | None:
    """A Print card needing one brush on a landscape that only one Studio card serves, that Studio card moved into
    the hand: the Print card would be painted before it, which no round allows."""
    cat = catalogue()
    for index, player in enumerate(table.players):
        if not isinstance(player, DetailedPlayer) or not player.print:
            continue
        tableau = Tableau.of(player, cat)
        for half in tableau.print:
            if half is None or half.paint is None or half.paint.brushes != 1:
                continue
            landscape = half.paint.landscape
            serving = [k for k, s in enumerate(tableau.studio) if s is not None and s.landscape in (landscape, "joker")]
            start = tableau.start
            if len(serving) != 1 or start is None or start.landscape in (landscape, "joker"):
                continue
            (k,) = serving
            studio = player.studio[:k] + player.studio[k + 1 :]
            broken = dataclasses.replace(player, studio=studio, kept=(*player.kept, player.studio[k]))
            return dataclasses.replace(table, players=(*table.players[:index], broken, *table.players[index + 1 :]))
    return None


def print_too_long(table: Table) -> Table | None:
    """A player's Print grown, with cards its final Studio can paint, past what its rounds allow."""
    cat = catalogue()
    free = free_cards(table)
    for index, player in enumerate(table.players):
        if not isinstance(player, DetailedPlayer):
            continue
        tableau = Tableau.of(player, cat)
        most = END_PRINT_CARDS - 1 + 3 + tableau.keep_icons
        wanted = most + 1 - len(player.print)
        paintable = [
            c for c in free
            if (need := cat.cards[c].print.paint) is not None
            and tableau.icons_serving(need.landscape) >= need.brushes <= tableau.brushes_explained
        ]
        if wanted <= 0 or len(paintable) < wanted:
            continue
        broken = dataclasses.replace(player, print=(*player.print, *paintable[:wanted]))
        return dataclasses.replace(table, players=(*table.players[:index], broken, *table.players[index + 1 :]))
    return None


def three_beside_one(table: Table) -> Table | None:
    """The player with the most cards (more than 22) beside one who paints one card a round with the one icon of
    a Starting tile the first does not use, 11 cards: that player takes one card a round and the game lasts 11."""
    cat = catalogue()
    detailed = [p for p in table.players if isinstance(p, DetailedPlayer)]
    biggest = max(detailed, key=lambda p: len(p.print) + len(p.studio) + len(p.kept))
    if len(biggest.print) + len(biggest.studio) + len(biggest.kept) <= 22:
        return None
    mine = used_ids(Table(players=(biggest,), families=table.families))
    for tile in sorted(cat.start_tiles.values(), key=lambda t: t.id):
        if tile.id == biggest.start:
            continue
        cards = [
            c.id for c in sorted(cat.cards.values(), key=lambda c: c.id)
            if c.family in table.families and c.id not in mine and c.print.paint is not None
            and c.print.paint.landscape == tile.landscape and c.print.paint.brushes == 1
        ]
        if len(cards) >= END_PRINT_CARDS:
            one = DetailedPlayer(name="One-a-round", start=tile.id, print=tuple(cards[:END_PRINT_CARDS]))
            return Table(players=(dataclasses.replace(biggest, grand_master=True), one), families=table.families,
                         rules=table.rules)
    return None


BREAKS = {
    "studio card into the hand": studio_card_made_it_paintable,
    "print too long": print_too_long,
    "three beside one": three_beside_one,
}


def test_engine_tables_are_reachable_and_their_breaks_are_not() -> None:
    began = time.perf_counter()
    verdicts: Counter[str] = Counter()
    broken: Counter[str] = Counter()
    slowest = 0.0
    for seed in range(TABLES):
        table = engine_table(seed)
        report = explain_reachability(table, time_bound=BOUND)
        assert report.verdict == "reachable", (seed, report.render())
        verdicts[report.verdict] += 1
        slowest = max(slowest, report.seconds)
        for name, breaking in BREAKS.items():
            bad = breaking(table)
            if bad is None:
                continue
            report = explain_reachability(bad, time_bound=BOUND)
            assert report.verdict == "unreachable" and report.reachable is False, (seed, name, report.render())
            assert report.illegal == bool(check(bad)), (seed, name)
            broken[name] += 1
    assert verdicts["reachable"] == TABLES
    # Each kind of break was made often enough to say something.
    assert all(broken[name] >= 20 for name in BREAKS), broken
    assert time.perf_counter() - began < 300, "the property should take about a minute"
