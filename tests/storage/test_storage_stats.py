"""The players' records kept in SQL agree with the statistics added up from the saved games, whatever the saves,
corrections and deletions; the results and searches read bounded slices; the games list's two search plans agree."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from sqlalchemy.engine import Engine
from support.examples import examples

from marquoir import load_table, score
from marquoir.games import AnyTable
from marquoir.reports.stats import player_statistics, records_of, results, statistics
from marquoir.storage import (
    ALL_GAMES,
    Kind,
    PlayerRecord,
    StorageError,
    all_games,
    correct_game,
    count_games,
    create_group,
    delete_game,
    latest_results,
    list_games,
    player_counts,
    player_records,
    player_results,
    records_of_player,
    save_game,
)
from marquoir.storage import games as storage_games

DAY = datetime(2026, 2, 1, 20, 0, tzinfo=UTC)
#: Names that are one player written several ways, and others.
NAMES = ("Aiko", "aiko", "AÏKO", "Ben", "Chiyo", "Émile", "Emile", "Dai")


def kanagawa(names: list[str], figures: list[tuple[int, int, int, int]], master: int, yokai: bool = False) -> AnyTable:
    players = [
        {"name": n, "sheet": {"print_cards": pc, "season_chain": min(ch, pc), "harmony": h, "diplomas": d,
                              "grand_master": i == master, "yokai": -1 if yokai else 0}}
        for i, (n, (pc, ch, h, d)) in enumerate(zip(names, figures, strict=True))
    ]  # fmt: skip
    families = ["trees", "animals", "kites", "lanterns"] if yokai else ["trees", "characters", "buildings", "animals"]
    return load_table({"game": "kanagawa", "families": families, "players": players})


def bonsai(names: list[str], figures: list[tuple[int, int, int, int]]) -> AnyTable:
    players = [
        {"name": n, "sheet": {"leaves": a, "flowers": b, "fruits": c % 4, "parchments": d, "goals": 0}}
        for n, (a, b, c, d) in zip(names, figures, strict=True)
    ]
    return load_table({"game": "bonsai", "goals": [], "players": players})


figure = st.tuples(st.integers(1, 12), st.integers(1, 6), st.integers(-2, 6), st.integers(0, 12))


@st.composite
def tables(draw: st.DrawFn) -> AnyTable:
    count = draw(st.integers(2, 4))
    chosen = draw(st.lists(st.sampled_from(NAMES), min_size=count, max_size=count, unique=True))
    figures = draw(st.lists(figure, min_size=count, max_size=count))
    if draw(st.booleans()):
        return kanagawa(chosen, figures, draw(st.integers(0, count - 1)), yokai=draw(st.booleans()))
    return bonsai(chosen, figures)


operations = st.lists(
    st.tuples(st.sampled_from(("save", "save", "correct", "delete")), tables(), st.integers(-3, 3)),
    min_size=1,
    max_size=12,
)


#: Every edition and number of players a record counts (with the rollups).
KINDS = [Kind(e, n) for e in ("*", "base", "yokai") for n in (0, 2, 3, 4)]


def stored_records(engine: Engine, kind: Kind = ALL_GAMES, group_id: int | None = None) -> list[PlayerRecord]:
    return [r for game in ("kanagawa", "bonsai")
            for r in player_records(engine, game, limit=500, kind=kind, group_id=group_id)]  # fmt: skip


def by_key(records: list[PlayerRecord]) -> dict[tuple[str, str], PlayerRecord]:
    return {(r.game, r.key): r for r in records}


def check_records(engine: Engine, groups: tuple[int | None, ...] = (None,)) -> None:
    """Every record of every group, edition and number of players is the one added up from the group's games."""
    everything = all_games(engine)
    for group_id in groups:
        saved = [g for g in everything if g.group_id == group_id]
        for kind in KINDS:
            assert by_key(stored_records(engine, kind, group_id)) == by_key(records_of(saved, kind)), (group_id, kind)
        assert statistics(stored_records(engine, group_id=group_id)) == player_statistics(saved)
        assert count_games(engine, group_id=group_id) == len(saved)  # the group's count, kept with every write


@examples(40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=operations, data=st.data())
def test_the_records_agree_with_the_games_after_any_saves_corrections_and_deletions(
    engine: Engine, steps: list[tuple[str, AnyTable, int]], data: st.DataObject
) -> None:
    for left in all_games(engine):  # the engine outlives each example
        delete_game(engine, left.edit_token)
    groups = (None, create_group(engine, "Thursday").id, create_group(engine, "Sunday").id)
    edits: list[str] = []
    for action, table, days in steps:
        when = DAY + timedelta(days=days)  # the same day often: ties in the order of play
        if action == "save" or not edits:
            group_id = data.draw(st.sampled_from(groups))
            edits.append(save_game(engine, table, score(table), played_at=when, group_id=group_id).edit_token)
        elif action == "correct":
            token = data.draw(st.sampled_from(edits))
            moved = when if data.draw(st.booleans()) else None
            correct_game(engine, token, table, score(table), played_at=moved)
        else:
            token = data.draw(st.sampled_from(edits))
            edits.remove(token)
            delete_game(engine, token)
        check_records(engine, groups)
    for token in edits:
        delete_game(engine, token)
    assert all(stored_records(engine, kind, g) == [] for kind in KINDS for g in groups)


def test_a_record_names_the_player_as_last_written_and_counts_shared_wins(engine: Engine) -> None:
    tie = kanagawa(["aiko", "Ben"], [(10, 3, 0, 0), (10, 3, 0, 0)], master=-1)  # 13–13: both win
    save_game(engine, tie, score(tie), played_at=DAY)
    later = kanagawa(["AIKO", "Chiyo"], [(12, 3, 0, 0), (8, 2, 0, 0)], master=-1)
    save_game(engine, later, score(later), played_at=DAY + timedelta(days=1))
    earlier = kanagawa(["Aïko", "Ben"], [(5, 2, 0, 0), (9, 3, 0, 0)], master=-1)
    save_game(engine, earlier, score(earlier), played_at=DAY - timedelta(days=1))
    [aiko] = records_of_player(engine, "aiko")
    assert (aiko.name, aiko.games, aiko.wins, aiko.shared_wins, aiko.best_total) == ("AIKO", 3, 2, 1, 15)
    assert aiko.last_played == DAY + timedelta(days=1)
    assert aiko.category_points["print_cards"] == 10 + 12 + 5
    assert records_of_player(engine, "nobody") == []


def test_records_most_games_first_with_a_search_and_counts(engine: Engine) -> None:
    for i, names in enumerate((["Aiko", "Ben"], ["Aiko", "Chiyo"], ["Aiko", "Ben", "Dai"])):
        table = kanagawa(names, [(8 + n, 3, 0, 0) for n in range(len(names))], master=0)
        save_game(engine, table, score(table), played_at=DAY + timedelta(days=i))
    table = bonsai(["Ben", "Émile"], [(3, 2, 1, 0), (1, 1, 0, 0)])
    save_game(engine, table, score(table), played_at=DAY)
    assert [r.key for r in player_records(engine, "kanagawa")] == ["aiko", "ben", "chiyo", "dai"]
    assert [r.key for r in player_records(engine, "kanagawa", limit=2)] == ["aiko", "ben"]
    assert [r.key for r in player_records(engine, "kanagawa", limit=2, offset=2)] == ["chiyo", "dai"]
    assert [r.key for r in player_records(engine, "bonsai", search="EMI")] == ["emile"]
    assert player_records(engine, "kanagawa", search="%") == []
    assert player_counts(engine) == {"kanagawa": 4, "bonsai": 2}
    assert player_counts(engine, search="i") == {"kanagawa": 3, "bonsai": 1}  # aiko, chiyo, dai; emile
    assert [(r.game, r.games) for r in records_of_player(engine, "BEN")] == [("kanagawa", 2), ("bonsai", 1)]
    with pytest.raises(StorageError, match="limit"):
        player_records(engine, "kanagawa", limit=0)


def test_a_player_s_results_newest_first_and_bounded(engine: Engine) -> None:
    saved = []
    for i in range(7):
        table = kanagawa(["Aiko", "Ben"], [(5 + i, 3, 0, 0), (9, 3, 0, 0)], master=-1)
        saved.append(save_game(engine, table, score(table), played_at=DAY + timedelta(days=i % 4)))
    found = player_results(engine, "kanagawa", "AIKO", limit=5, points=True)
    expected = [r for r in results(all_games(engine)) if r.name == "Aiko"][::-1][:5]
    assert found == expected
    assert [dataclasses.replace(r, points={}) for r in expected] == player_results(engine, "kanagawa", "aiko", limit=5)
    assert [r.share_token for r in found] == [g.share_token for g in sorted(
        saved, key=lambda g: (g.played_at, g.id), reverse=True)][:5]  # fmt: skip
    assert player_results(engine, "bonsai", "Aiko") == []
    with pytest.raises(StorageError, match="limit"):
        player_results(engine, "kanagawa", "Aiko", limit=10_000)


def test_the_latest_results_of_several_players_cover_their_last_games(engine: Engine) -> None:
    lineups = [["Aiko", "Ben"], ["Chiyo", "Dai"], ["Aiko", "Chiyo"], ["Ben", "Dai"], ["Dai", "Emile"]] * 3
    for i, names in enumerate(lineups):
        table = kanagawa(names, [(6 + i % 5, 3, 0, 0), (7, 3, 0, 0)], master=-1)
        save_game(engine, table, score(table), played_at=DAY + timedelta(hours=i))
    everything = [dataclasses.replace(r, points={}) for r in results(all_games(engine))
                  if r.name in ("Aiko", "Ben", "Chiyo")]  # fmt: skip
    last_games = sorted({(r.played_at, r.game_id) for r in everything})[-4:]
    expected = [r for r in everything if (r.played_at, r.game_id) in set(last_games)]
    found = latest_results(engine, "kanagawa", ["aiko", "BEN", "Chiyo"], games_shown=4)
    assert sorted(found, key=lambda r: (r.game_id, r.name)) == sorted(expected, key=lambda r: (r.game_id, r.name))
    assert [r.played_at for r in found] == sorted(r.played_at for r in found)


def expected_list(engine: Engine, player: str) -> list[int]:
    newest = sorted(all_games(engine, player=player), key=lambda g: (g.played_at, g.id), reverse=True)
    return [g.id for g in newest]


@pytest.mark.parametrize("walk_cost", [0, 10**9], ids=["walking the games", "gathering from the index"])
def test_both_search_plans_list_the_same_games(engine: Engine, walk_cost: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage_games, "_WALK_COST", walk_cost)
    for i in range(30):
        names = [NAMES[i % len(NAMES)], NAMES[(i * 3 + 1) % len(NAMES)] + ("" if i % 2 else " Jr")]
        table = kanagawa(names, [(5 + i % 7, 3, 0, 0), (6, 2, 0, 0)], master=0)
        save_game(engine, table, score(table), played_at=DAY + timedelta(hours=i % 9))
    for player in ("aiko", "emile", "jr", "i", "e", "zzz"):
        expected = expected_list(engine, player)
        assert count_games(engine, player=player) == len(expected), player
        for offset in (0, 3, 10, 40):
            found = [g.id for g in list_games(engine, player=player, limit=4, offset=offset)]
            assert found == expected[offset : offset + 4], (player, offset)


def test_the_list_shows_each_game_s_players(engine: Engine) -> None:
    table = kanagawa(["Aiko", "Ben", "aiko b"], [(9, 3, 0, 0), (8, 3, 0, 0), (7, 3, 0, 0)], master=0)
    saved = save_game(engine, table, score(table), played_at=DAY)
    [summary] = list_games(engine, player="aiko")  # two players match: the game once
    assert summary.id == saved.id and [p.name for p in summary.players] == ["Aiko", "Ben", "aiko b"]
    assert count_games(engine, player="aiko") == 1
