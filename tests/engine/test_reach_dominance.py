"""The dominance the player's search rests on (``reach/search.py``, module docstring): fewer brushes placed is never
worse. Of two ends of a round with the same cards laid and held, the one with its brushes on a subset of the other's
icons finishes the cards in the rounds left whenever the other does. Checked on the rounds of real games' players
(``tests/support/real_games.py``)."""

from __future__ import annotations

import time

from support.real_games import real_game

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.reach.player import PreparedPlayer, prepare_player
from marquoir.games.kanagawa.reach.search import Search, Start
from marquoir.games.kanagawa.table import DetailedPlayer

ORIGIN: Start = (0, 0, 0, 0, 0, 0)
BOUND = 60.0


def _players(seeds: range) -> list[PreparedPlayer]:
    found = []
    for seed in seeds:
        table = real_game(seed).table
        for index, player in enumerate(table.players):
            assert isinstance(player, DetailedPlayer)
            prepared = prepare_player(player, index, table, catalogue(), time.perf_counter() + BOUND)
            assert isinstance(prepared, PreparedPlayer)
            found.append(prepared)
    return found


def test_an_end_with_fewer_brushes_placed_finishes_whenever_one_with_more_does() -> None:
    """For the players of 10 real games, every two ends of a round the search met with the same cards, ``A``'s
    brushes on a subset of ``B``'s icons (start masks are canonical: the first icons of each landscape group
    marked), and 1 to 3 rounds left: ``B`` finishes the cards only if ``A`` does. Some ``A`` finishes where its
    ``B`` cannot, so the brushes' places matter here and the test could catch the reverse."""
    compared = only_fewer = 0
    for p in _players(range(32, 42)):
        search = Search(p, False, time.perf_counter() + BOUND, reduced=False)
        for rounds in range(3, 11):
            search.solve(ORIGIN, rounds)
        pairs = sorted({
            (a, b)
            for ends in search.ends_cache.values()
            for a, _ in ends
            for b, _ in ends
            if a != b and a[:5] == b[:5] and a[5] & ~b[5] == 0
        })  # fmt: skip
        for a, b in pairs[:150]:
            for left in (1, 2, 3):
                fewer, more = search.solve(a, left), search.solve(b, left)
                assert fewer or not more, (p.index, a, b, left)
                compared += 1
                only_fewer += fewer and not more
    assert compared > 1000 and only_fewer > 0, (compared, only_fewer)
