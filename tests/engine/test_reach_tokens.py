"""The Yokai tokens' travel in the deep check (marquoir/games/kanagawa/reach/tokens.py; Yokai rules, "Arrival of a
New Yokai", "Movement of a Yokai", "Explanation of the Diploma Tiles"; data/SOURCES.md decisions 6, 7 and 17).

First the rules of one round on token situations (tokens held by seat, then whether the Yokai Diploma's holder has
had all 3), then tables derived from real engine games: as played they stay reachable with a story of the tokens
that ends as the table does; with a token or the Yokai Diploma moved where no travel can bring it, refused (a count
per player, legality.py) in players' words, beside the figure."""

from __future__ import annotations

import dataclasses
import random

import pytest
from support.real_games import derived_tables, real_game, token_gains, yokai_beyond_gains

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.legality import check
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.reach.player import prepare_player
from marquoir.games.kanagawa.reach.tokens import Config, Travel
from marquoir.games.kanagawa.table import DetailedPlayer, Table

BOUND = 30.0


def two_player_travel() -> Travel:
    """Seed 3: two detailed players (P1 holds the Yokai Diploma), no kept card: a situation is (P1, P2, had 3)."""
    table = real_game(3).table
    cat = catalogue()
    prepared = {}
    for k, player in enumerate(table.players):
        assert isinstance(player, DetailedPlayer)
        p = prepare_player(player, k, table, cat, float("inf"))
        assert not isinstance(p, str)
        prepared[k] = p
    travel = Travel.of(table, prepared, cat)
    assert travel is not None and travel.holder == 0 and not travel.kept_slots
    return travel


def after(travel: Travel, start: Config, parts: list[tuple[int, ...]], order: tuple[int, ...] = (0, 1)) -> set[Config]:
    return set(travel.round(frozenset({start}), order, parts, [3, 3]))


def test_an_arrival_takes_from_the_reserve_then_from_another_player() -> None:
    travel = two_player_travel()
    assert travel.origin() == frozenset({(0, 0, 0)})
    assert after(travel, (0, 0, 0), [(1, 0, 0, 0), ()]) == {(1, 0, 0)}
    # The reserve empty, the arrival takes P2's token; all 3 in front of the holder: the Diploma is met.
    assert after(travel, (2, 1, 0), [(1, 0, 0, 0), ()]) == {(3, 0, 1)}
    # Nobody else holds one: the arrival brings nothing.
    assert after(travel, (3, 0, 1), [(1, 0, 0, 0), ()]) == {(3, 0, 1)}


def test_arrivals_come_with_the_column_before_the_gifts_of_the_turn() -> None:
    travel = two_player_travel()
    # A card with the arrival icon and a movement icon laid the same turn: the token is taken, then given away.
    assert after(travel, (0, 0, 0), [(1, 0, 0, 1), ()]) == {(0, 1, 0)}
    # A gift with no token in hand does nothing ("this symbol has no effect").
    assert after(travel, (1, 0, 0), [(), (0, 0, 0, 1)]) == {(1, 0, 0)}
    # The order the players worked in decides: P2 gives first (nothing in hand), or after P1 gave it one.
    assert after(travel, (0, 0, 0), [(1, 0, 0, 1), (0, 0, 0, 1)], (1, 0)) == {(0, 1, 0)}
    assert after(travel, (0, 0, 0), [(1, 0, 0, 1), (0, 0, 0, 1)], (0, 1)) == {(1, 0, 0)}


def test_a_studio_half_may_hide_an_arrival_icon() -> None:
    travel = two_player_travel()
    assert after(travel, (0, 0, 0), [(), (0, 2, 0, 0)]) == {(0, 0, 0), (0, 1, 0), (0, 2, 0)}


def test_the_holder_must_have_had_all_three() -> None:
    travel = two_player_travel()
    final = travel.final
    assert final == (3, 0)
    assert travel.ends_right(frozenset({(3, 0, 1)}))
    assert not travel.ends_right(frozenset({(3, 0, 0)}))
    assert travel.ends_right(frozenset({(3, 0, 0)}), diploma=False)


def test_situations_without_a_future_are_dropped() -> None:
    """From P2 holding all 3, P1 (the table has it end with 3) needs 3 arrivals or gifts: with none left, no future."""
    travel = two_player_travel()
    nothing = [(0, 0, 0), (0, 0, 0)]
    assert travel.alive(frozenset({(0, 3, 1)}), nothing) == frozenset()
    assert travel.alive(frozenset({(0, 3, 1)}), [(3, 0, 0), (0, 0, 0)]) == frozenset({(0, 3, 1)})
    # A sheet player may do anything.
    assert travel.alive(frozenset({(0, 3, 1)}), [(0, 0, 0), None]) == frozenset({(0, 3, 1)})


@pytest.mark.parametrize("seed", [1, 3, 9, 11, 13, 29, 43, 53, 63, 69, 81, 91])
def test_real_yokai_games_stay_reachable_with_a_story_of_the_tokens(seed: int) -> None:
    for derived in derived_tables(seed):
        if derived.expected != "reachable":
            continue
        report = explain_reachability(derived.table, BOUND)
        assert report.verdict == "reachable", (derived.name, report.reason)
        if all(isinstance(p, DetailedPlayer) for p in derived.table.players):
            story = [n for n in report.notes if n.startswith("Yokai tokens held after each round")]
            assert story, report.notes
            last = story[0].rsplit("; ", 1)[-1]
            held = ", ".join(f"{p.name} {p.yokai}" for p in derived.table.players)
            assert last.endswith(held), (last, held)


def moved_token(seed: int, seat: int, donor: int) -> Table:
    table = real_game(seed).table
    players = list(table.players)
    players[seat] = dataclasses.replace(players[seat], yokai=players[seat].yokai + 1)
    players[donor] = dataclasses.replace(players[donor], yokai=players[donor].yokai - 1)
    return dataclasses.replace(table, players=tuple(players))


def test_a_token_where_no_travel_brings_it_is_refused_beside_the_figure() -> None:
    """Seed 1119: P1's cards show no arrival icon and hide none, and nobody else has a movement icon or a Diploma
    giving one: P1 never holds a token. The totals are right; the count per player (legality) refuses it."""
    table = moved_token(1119, 0, 2)
    assert token_gains(table, 0) == 0
    [issue] = [i for i in check(table) if i.code == "YOKAI"]
    assert issue.field == "players[0].yokai"
    assert "P1 ends with 1 Yokai token, more than P1 can ever have gained" in issue.message, issue.message
    assert "P1 took 0 cards that show the arrival icon" in issue.message
    report = explain_reachability(table, BOUND)
    assert report.verdict == "unreachable" and report.illegal


def test_the_yokai_diploma_to_a_player_who_never_had_three_is_refused() -> None:
    """Seed 163: P1 can gain at most 2 tokens (2 Studio halves that may hide the arrival icon, no gift from
    anyone), so never had all 3 at once; P2 held the Diploma in the game."""
    table = real_game(163).table
    players = [
        dataclasses.replace(p, diplomas=(*(d for d in p.diplomas if d != "yokai-3"), *(("yokai-3",) if k == 0 else ())))
        for k, p in enumerate(table.players)
        if isinstance(p, DetailedPlayer)
    ]
    changed = dataclasses.replace(table, players=tuple(players))
    assert token_gains(changed, 0) == 2
    [issue] = list(check(changed))
    assert issue.code == "YOKAI" and issue.field == "players[0].diplomas"
    assert issue.message.startswith("P1 holds"), issue.message
    assert "can never have had all 3 Yokai tokens at once" in issue.message, issue.message
    report = explain_reachability(changed, BOUND)
    assert report.verdict == "unreachable" and report.illegal


@pytest.mark.parametrize("seed", [163, 211, 351, 598, 621, 648])
def test_the_derived_token_changes_are_never_reachable(seed: int) -> None:
    changed = yokai_beyond_gains(real_game(seed).table, random.Random(seed + 1))
    assert changed is not None
    assert [i.code for i in check(changed)] == ["YOKAI"]
    report = explain_reachability(changed, BOUND)
    assert report.verdict == "unreachable", report.reason
    assert "Yokai" in report.reason


@pytest.mark.slow
def test_a_witness_whose_tokens_cannot_travel_is_searched_again_with_them() -> None:
    """Seed 158 with its two tokens both in front of P1 (the game ended 1 and 1): reachable, but not by the first
    build the joint search finds, whose tokens cannot end there; the search that follows them finds a game."""
    table = moved_token(158, 0, 1)
    assert [p.yokai for p in table.players] == [2, 0]
    report = explain_reachability(table, 60.0)
    assert report.verdict == "reachable", report.reason
    story = next(n for n in report.notes if n.startswith("Yokai tokens held after each round"))
    assert story.endswith("P1 2, P2 0"), story


def test_a_storm_bonus_always_brings_its_token() -> None:
    """Why the deep check follows no Storm token in time: in every game the rules allow (the 4 base families, or 2
    base and 2 expansion ones: Yokai rules, "Game Set-up" 4), the Diplomas in play with a Storm token as bonus are
    at most the 3 tokens (data/SOURCES.md decision 7), so the reserve never runs dry and a sheet player's tile
    with a Storm bonus implies its token whatever the order (the count is the legality check's)."""
    import itertools

    from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, EXPANSION_FAMILIES, STORM_TOKENS

    cat = catalogue()
    games = [BASE_FAMILIES] + [
        (*base, *extra)
        for base in itertools.combinations(BASE_FAMILIES, 2)
        for extra in itertools.combinations(EXPANSION_FAMILIES, 2)
    ]
    most = max(sum(1 for d in cat.diplomas_in_play(families) if d.bonus == "storm") for families in games)
    assert most == STORM_TOKENS
