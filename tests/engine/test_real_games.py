"""Real games (``support/real_games.py``: engine players of five kinds, base and Yokai, 2 to 4 players, rule options
drawn) and the tables derived from them, decided by the deep check: as played and turned into sheet figures they
are reachable, one impossible change never is. The issue's games (``marquoir simulate --players 3 --seed 1000``,
game 1041; ``--players 2 --seed 400``, game 448) among them. The tests judge the verdicts with a generous time
bound (:data:`BOUND`: the machine's other work must not make them flaky); how long the default bound's decisions
take, and how many stay undecided, ``bench/bench_deep.py`` measures.

With the default bound of 2 s, game 1041 took about 56 s to be found reachable before, and the sheet-figure table
of seed 13 12 s."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.real_games import CHANGES, ILLEGAL_CHANGES, as_sheet, derived_tables, real_game

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.engine.cards import build_deck
from marquoir.games.kanagawa.engine.players import PLAYER_KINDS, LeaningPlayer
from marquoir.games.kanagawa.engine.simulate import simulate_game
from marquoir.games.kanagawa.legality import check
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.table import DetailedPlayer, Table
from marquoir.games.kanagawa.tableau import Tableau
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES

#: Seconds each table may take in these tests.
BOUND = 30.0


def issue_game(players: int, seed: int) -> Table:
    """The game ``marquoir simulate --players P --seed S`` plays as game number ``seed`` (random players)."""
    return simulate_game(build_deck(BASE_FAMILIES, ()), BASE_FAMILIES, ["random"] * players, seed).table


@pytest.mark.parametrize(("players", "seed"), [(3, 1041), (2, 448)])
def test_the_issues_games_are_decided_reachable_with_any_player_from_the_sheet(players: int, seed: int) -> None:
    table = issue_game(players, seed)
    assert explain_reachability(table, time_bound=BOUND).verdict == "reachable"
    for seat in range(players):
        for points in (False, True):
            sheets = list(table.players)
            sheets[seat] = as_sheet(table, seat, points)
            derived = dataclasses.replace(table, players=tuple(sheets))
            assert check(derived) == [], (seat, points)
            report = explain_reachability(derived, time_bound=BOUND)
            assert report.verdict == "reachable", (seat, points, report.reason)


def test_a_sheet_player_takes_what_the_deck_leaves() -> None:
    """Seed 13's table with a sheet player beside two detailed ones: the deck ran out (nobody painted 11), so the
    sheet player took every card the others did not, nearly a column a round; the joint search rules out at once
    the rounds that leave it more than a column a round to take (it took 12 s to find a game before)."""
    [_played, sheets, _changed] = list(derived_tables(13))
    report = explain_reachability(sheets.table, time_bound=BOUND)
    assert report.verdict == "reachable", report.reason


def test_the_player_kinds_lean_as_they_say() -> None:
    """Over the same games, the share of a player's cards painted is highest for the Print-heavy players and lowest
    for the Studio-heavy ones, with the random players between; keep-heavy players lay more keep icons than random
    ones."""
    cards: dict[str, list[int]] = {}
    keeps: dict[str, list[int]] = {}
    for seed in range(20):
        game = real_game(seed)
        for kind, player in zip(game.kinds, game.table.players, strict=True):
            assert isinstance(player, DetailedPlayer)
            tally = cards.setdefault(kind, [0, 0])
            tally[0] += len(player.print)
            tally[1] += len(player.print) + len(player.studio)
            counted = keeps.setdefault(kind, [0, 0])
            counted[0] += Tableau.of(player, catalogue()).keep_icons
            counted[1] += 1
    share = {kind: painted / total for kind, (painted, total) in cards.items()}
    assert share["print"] > share["random"] > share["studio"], share
    per_player = {kind: held / players for kind, (held, players) in keeps.items()}
    assert per_player["keep"] > per_player["random"], per_player
    assert set(PLAYER_KINDS) == {"random", "greedy", "studio", "print", "keep"} == set(cards)
    assert isinstance(PLAYER_KINDS["keep"](), LeaningPlayer)


def test_every_impossible_change_is_refused() -> None:
    """Each change of the generator makes an impossible table from a possible one, whatever the game: the legality
    check refuses those it can see on their own, the deep check the one it cannot."""
    seen: set[str] = set()
    for seed in range(40):
        _played, sheets, _changed, *_more = derived_tables(seed)  # then the changes needing more (see the module)
        assert check(sheets.table) == []
        rng = random.Random(seed)
        for change in CHANGES:
            changed = change(sheets.table, rng)
            if changed is None:
                continue
            seen.add(change.__name__)
            if change in ILLEGAL_CHANGES:
                assert check(changed), (seed, change.__name__)
            else:
                report = explain_reachability(changed, time_bound=BOUND)
                assert report.verdict == "unreachable", (seed, change.__name__, report.reason)
    assert seen == {c.__name__ for c in CHANGES}


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_derived_tables_get_their_verdicts(seed: int) -> None:
    """The generator's property: a game as played and its sheet-figure table are reachable, its impossible change
    is never reachable (illegal or unreachable)."""
    for derived in derived_tables(seed):
        report = explain_reachability(derived.table, time_bound=BOUND)
        if derived.expected == "reachable":
            assert report.verdict == "reachable", (derived.name, report.reason)
        else:
            assert report.verdict == "unreachable", (derived.name, report.reason)


@pytest.mark.parametrize(("seed", "detailed", "sheet"), [(156, 1, 0), (191, 0, 1), (393, 1, 0)])
def test_the_assistant_a_sheet_players_diploma_gave(seed: int, detailed: int, sheet: int) -> None:
    """Two-player games in which the sheet player's Diplomas include one with the Assistant as bonus and the
    detailed player has no source of it (no Assistant icon, no such Diploma): once the sheet player took it, it
    never came back, so the Grand Master at the end is the sheet player's; moved to the other player, the table
    cannot have been built (it was called reachable before, the sheet player's Diplomas being left out)."""
    game = real_game(seed)
    assert len(game.table.players) == 2 and game.table.rules.grand_master_passes_at_end
    players = list(game.table.players)
    players[sheet] = as_sheet(game.table, sheet, points=False)
    assert players[sheet].grand_master
    played = dataclasses.replace(game.table, players=tuple(players))
    assert explain_reachability(played, time_bound=BOUND).verdict == "reachable"
    players[sheet] = dataclasses.replace(players[sheet], grand_master=False)
    players[detailed] = dataclasses.replace(players[detailed], grand_master=True)
    moved = dataclasses.replace(game.table, players=tuple(players))
    assert check(moved) == []
    report = explain_reachability(moved, time_bound=BOUND)
    assert report.verdict == "unreachable", report.reason
    assert "holds the Grand Master" in report.reason
