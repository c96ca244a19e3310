"""Groups in storage: each group's games, search, records and exports are its own; names merged and renamed count
as one player (the games keep the names as typed); the details of a game are part of each version; the statistics
of a period and the head-to-head agree with the games; a backup carries groups, names and details."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.engine import Engine

from marquoir import load_table, score
from marquoir.games import AnyTable
from marquoir.reports.stats import head_to_head, record_of_results, records_of, results
from marquoir.storage import (
    ALL_GAMES,
    Details,
    Kind,
    Period,
    PlayerChangeRefused,
    SavedGame,
    all_games,
    correct_game,
    count_games,
    create_group,
    database_url,
    encounters,
    game_history,
    get_group_by_token,
    groups_by_token,
    list_games,
    merge_players,
    name_changes,
    names_of,
    open_database,
    period_records,
    player_counts,
    player_records,
    players_of,
    records_of_player,
    rename_player,
    restore_games,
    save_game,
    stream_backup,
    stream_reports,
)
from marquoir.storage.backup import backup_game, game_json
from marquoir.storage.results import PERIOD_ROWS

DAY = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def kanagawa(*players: tuple[str, int], yokai: bool = False) -> AnyTable:
    rows = [{"name": n, "sheet": {"print_cards": cards, "season_chain": 2, "harmony": 0, "diplomas": [],
                                  "grand_master": False, "yokai": 0}} for n, cards in players]  # fmt: skip
    families = ["trees", "animals", "kites", "lanterns"] if yokai else ["trees", "characters", "buildings", "animals"]
    return load_table({"game": "kanagawa", "families": families, "players": rows})


def save(engine: Engine, table: AnyTable, days: float = 0, group_id: int | None = None, **options: object) -> SavedGame:
    return save_game(engine, table, score(table), played_at=DAY + timedelta(days=days), group_id=group_id,
                     **options)  # type: ignore[arg-type]  # fmt: skip


@pytest.fixture
def other_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    engine = open_database(database_url(tmp_path_factory.mktemp("copy"), environ={}))
    yield engine
    engine.dispose()


def test_a_group_is_found_by_its_token_only(engine: Engine) -> None:
    group = create_group(engine, "  Thursday   club ")
    assert group.name == "Thursday club" and len(group.token) >= 32
    assert get_group_by_token(engine, group.token) == group
    other_last = "x" if group.token[-1] != "x" else "y"
    assert get_group_by_token(engine, group.token[:-1] + other_last) is None
    other = create_group(engine, "Sunday")
    assert groups_by_token(engine, [other.token, "nope-not-a-token-at-all", group.token]) == [other, group]
    for bad in ("", "   ", "x" * 81):
        with pytest.raises(ValueError):
            create_group(engine, bad)


def test_a_group_s_games_are_listed_searched_and_counted_only_there(engine: Engine) -> None:
    thursday, sunday = create_group(engine, "Thursday"), create_group(engine, "Sunday")
    mine = [save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), i, thursday.id) for i in range(3)]
    theirs = save(engine, kanagawa(("Aiko", 7), ("Dai", 8)), 1, sunday.id)
    public = save(engine, kanagawa(("Aiko", 5), ("Emi", 9)), 2)
    assert [g.id for g in list_games(engine, group_id=thursday.id)] == [g.id for g in mine[::-1]]
    assert [g.id for g in list_games(engine, group_id=sunday.id)] == [theirs.id]
    assert [g.id for g in list_games(engine)] == [public.id]  # outside any group
    assert [g.id for g in list_games(engine, player="aiko", group_id=sunday.id)] == [theirs.id]
    assert list_games(engine, player="ben", group_id=sunday.id) == [] and list_games(engine, player="ben") == []
    assert (count_games(engine), count_games(engine, group_id=thursday.id), count_games(engine, player="aiko")) == (
        1, 3, 1)  # fmt: skip
    [aiko] = records_of_player(engine, "Aiko", group_id=thursday.id)
    assert (aiko.games, aiko.wins) == (3, 3)
    assert [r.games for r in records_of_player(engine, "Aiko")] == [1]
    assert player_counts(engine, group_id=sunday.id) == {"kanagawa": 2}
    assert names_of(engine, group_id=thursday.id) == ["Aiko", "Ben"]
    with stream_reports(engine, group_id=thursday.id) as reports:
        assert [r.id for r in reports] == [g.id for g in mine]
    with stream_reports(engine, group_id=None) as reports:
        assert [r.id for r in reports] == [public.id]
    with stream_reports(engine) as reports:  # the command line's: every game
        assert reports.total == 5


def test_two_names_merged_are_one_player_and_the_games_keep_their_names(engine: Engine) -> None:
    group = create_group(engine, "Club")
    save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), 0, group.id)
    save(engine, kanagawa(("Aiko T.", 6), ("Ben", 8)), 1, group.id)
    outside = save(engine, kanagawa(("Aiko T.", 6), ("Ben", 9)), 2)
    merge_players(engine, group.id, "aiko t.", "AIKO")
    [aiko] = records_of_player(engine, "aiko", group_id=group.id)
    assert (aiko.name, aiko.games, aiko.wins, aiko.best_total) == ("Aiko T.", 2, 1, 11)  # as last written
    assert records_of_player(engine, "aiko t.", group_id=group.id) == []
    assert [r.games for r in records_of_player(engine, "aiko t.")] == [1]  # outside the group: untouched
    assert [p.name for g in list_games(engine, group_id=group.id) for p in g.players] == [
        "Aiko T.", "Ben", "Aiko", "Ben"]  # each game keeps the name as typed  # fmt: skip
    save(engine, kanagawa(("aïko t.", 12), ("Ben", 8)), 3, group.id)  # a new game typed with the merged name
    [aiko] = records_of_player(engine, "Aiko", group_id=group.id)
    assert (aiko.games, aiko.best_total) == (3, 14)
    assert [(c.key, c.counts_as) for c in name_changes(engine, group.id)] == [("aiko t.", "aiko")]
    with pytest.raises(PlayerChangeRefused) as together:
        merge_players(engine, group.id, "Ben", "Aiko")
    assert together.value.reason == "together"
    for merged, into, reason in (("Zed", "Aiko", "unknown"), ("Aiko T.", "aiko", "same")):
        with pytest.raises(PlayerChangeRefused) as refused:
            merge_players(engine, group.id, merged, into)
        assert refused.value.reason == reason
    assert outside.group_id is None and [r.games for r in records_of_player(engine, "Ben")] == [1]


def test_a_renamed_player_is_shown_by_the_new_name_and_it_counts_as_theirs(engine: Engine) -> None:
    group = create_group(engine, "Club")
    save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), 0, group.id)
    save(engine, kanagawa(("aiko", 9), ("Chiyo", 8)), 1, group.id)
    assert rename_player(engine, group.id, "AIKO", " Aiko  Tanaka ") == "Aiko Tanaka"
    [aiko] = records_of_player(engine, "aiko", group_id=group.id)
    assert (aiko.name, aiko.games) == ("Aiko Tanaka", 2)
    save(engine, kanagawa(("Aiko Tanaka", 10), ("Ben", 8)), 2, group.id)  # the new name: the same player
    save(engine, kanagawa(("aiko", 10), ("Ben", 8)), 3, group.id)  # and the old one still
    [aiko] = records_of_player(engine, "aiko", group_id=group.id)
    assert (aiko.name, aiko.games) == ("Aiko Tanaka", 4)  # the name given, whatever was typed last
    assert [p.name for p in players_of(engine, group_id=group.id)] == ["Aiko Tanaka", "Ben", "Chiyo"]
    with pytest.raises(PlayerChangeRefused) as taken:
        rename_player(engine, group.id, "Ben", "chiyo")
    assert taken.value.reason == "taken"
    with pytest.raises(PlayerChangeRefused) as unknown:
        rename_player(engine, group.id, "Zed", "Zoe")
    assert unknown.value.reason == "unknown"


def test_a_correction_keeps_the_group_its_names_and_each_version_s_details(engine: Engine) -> None:
    group = create_group(engine, "Club")
    first = Details("Chez Aiko", 45, "Ben forgot a Diploma")
    saved = save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), 0, group.id, details=first)
    assert (saved.group_id, saved.details) == (group.id, first)
    corrected = correct_game(engine, saved.edit_token, kanagawa(("Aiko", 9), ("Ben", 12)),
                             score(kanagawa(("Aiko", 9), ("Ben", 12))))  # fmt: skip
    assert (corrected.group_id, corrected.details, corrected.version) == (group.id, first, 2)
    later = Details("Club house", None, None)
    moved = DAY - timedelta(days=3)
    again = correct_game(engine, saved.edit_token, corrected.table, score(corrected.table), played_at=moved,
                         details=later)  # fmt: skip
    assert (again.details, again.played_at) == (later, moved)
    history = game_history(engine, saved.id)
    assert [(v.version, v.details, v.played_at) for v in history] == [
        (3, later, moved), (2, first, DAY), (1, first, DAY)]  # fmt: skip
    [ben] = records_of_player(engine, "ben", group_id=group.id)
    assert (ben.games, ben.wins, ben.last_played) == (1, 1, moved)
    with pytest.raises(ValueError, match="place"):
        save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), details=Details("x" * 81))
    with pytest.raises(ValueError, match="duration"):
        save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), details=Details(None, 0))


def test_the_records_of_each_edition_and_number_of_players(engine: Engine) -> None:
    save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), 0)
    save(engine, kanagawa(("Aiko", 5), ("Ben", 8), ("Chiyo", 3)), 1)
    save(engine, kanagawa(("Aiko", 12), ("Ben", 8), yokai=True), 2)
    counted = {kind: [(r.key, r.games, r.wins) for r in player_records(engine, "kanagawa", kind=kind)]
               for kind in (ALL_GAMES, Kind("base", 0), Kind("yokai", 0), Kind("*", 2), Kind("base", 3))}  # fmt: skip
    assert counted == {
        ALL_GAMES: [("aiko", 3, 2), ("ben", 3, 1), ("chiyo", 1, 0)],
        Kind("base", 0): [("aiko", 2, 1), ("ben", 2, 1), ("chiyo", 1, 0)],
        Kind("yokai", 0): [("aiko", 1, 1), ("ben", 1, 0)],
        Kind("*", 2): [("aiko", 2, 2), ("ben", 2, 0)],
        Kind("base", 3): [("aiko", 1, 0), ("ben", 1, 1), ("chiyo", 1, 0)],
    }
    assert player_counts(engine, kind=Kind("yokai", 0)) == {"kanagawa": 2}


def test_the_records_of_a_period_are_the_games_of_the_period(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(12):
        save(engine, kanagawa(("Aiko", 5 + i % 6), ("Ben", 8), *([("Chiyo", 7)] if i % 3 else [])), i)
    period = Period(DAY + timedelta(days=2), DAY + timedelta(days=9))
    everything = results(all_games(engine))
    inside = [r for r in everything if period.since <= r.played_at < period.until]  # type: ignore[operator]
    found = period_records(engine, "kanagawa", period)
    assert (found.players, found.games, found.cut) == (3, 7, False)
    for record in found.records:
        expected = record_of_results([r for r in inside if r.name.lower() == record.key], record.key)
        assert expected is not None
        assert (record.games, record.wins, record.best_total, record.total_points) == (
            expected.games, expected.wins, expected.best_total, expected.total_points)  # fmt: skip
    three = period_records(engine, "kanagawa", period, kind=Kind("*", 3))
    assert {r.key: r.games for r in three.records} == {"aiko": 5, "ben": 5, "chiyo": 5}
    assert [r.key for r in period_records(engine, "kanagawa", period, search="CHI").records] == ["chiyo"]
    monkeypatch.setattr("marquoir.storage.results.PERIOD_ROWS", 5)
    cut = period_records(engine, "kanagawa", Period(DAY, None))
    assert cut.cut and sum(r.games for r in cut.records) == 5 and PERIOD_ROWS > 5


def test_the_head_to_head_counts_the_games_played_together(engine: Engine) -> None:
    save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), 0)  # Aiko ahead, wins
    save(engine, kanagawa(("Aiko", 6), ("Ben", 8), ("Chiyo", 9)), 1)  # Ben ahead, Chiyo wins
    save(engine, kanagawa(("Aiko", 8), ("Ben", 8)), 2)  # the same place: a shared win
    save(engine, kanagawa(("Aiko", 8), ("Chiyo", 8)), 3)  # without Ben
    group = create_group(engine, "Club")
    save(engine, kanagawa(("Aiko", 1), ("Ben", 9)), 4, group.id)  # another group's
    met, cut = encounters(engine, "kanagawa", "AIKO", "ben")
    figures = head_to_head(met)
    assert (figures.games, figures.first_wins, figures.second_wins, figures.shared_wins) == (3, 2, 1, 1)
    assert (figures.first_ahead, figures.second_ahead, figures.same_place, cut) == (1, 1, 1, False)
    reverse = head_to_head(encounters(engine, "kanagawa", "Ben", "Aiko")[0])
    assert (reverse.first_ahead, reverse.second_wins) == (1, 2)
    assert head_to_head(encounters(engine, "kanagawa", "Aiko", "Ben", kind=Kind("*", 3))[0]).games == 1
    assert head_to_head(encounters(engine, "kanagawa", "Aiko", "Ben", group_id=group.id)[0]).games == 1
    assert encounters(engine, "kanagawa", "Aiko", "Zed") == ([], False)
    assert encounters(engine, "kanagawa", "Aiko", "aïko") == ([], False)


def test_a_backup_carries_groups_merged_names_and_details(engine: Engine, other_engine: Engine) -> None:
    group = create_group(engine, "Club")
    save(engine, kanagawa(("Aiko", 9), ("Ben", 8)), 0, group.id, details=Details("Chez Aiko", 40, "Close"))
    save(engine, kanagawa(("Aiko T.", 6), ("Ben", 8)), 1, group.id)
    save(engine, kanagawa(("Aiko", 6), ("Emi", 8)), 2)
    merge_players(engine, group.id, "Aiko T.", "Aiko")
    rename_player(engine, group.id, "Ben", "Benjamin")
    with stream_backup(engine) as games:
        backups = [backup_game(game_json(g), f"games[{i}]") for i, g in enumerate(games)]
    assert backups[0].group is not None and backups[0].group.players and not backups[1].group.players  # type: ignore[union-attr]
    assert restore_games(other_engine, backups) == [True, True, True]
    assert restore_games(other_engine, backups) == [False, False, False]  # there already
    restored = get_group_by_token(other_engine, group.token)
    assert restored is not None and restored.name == "Club"
    assert [(r.key, r.name, r.games) for r in player_records(other_engine, "kanagawa", group_id=restored.id)] == [
        ("aiko", "Aiko T.", 2), ("ben", "Benjamin", 2)]  # fmt: skip
    [copy] = [g for g in all_games(other_engine) if g.details.place]
    assert copy.details == Details("Chez Aiko", 40, "Close") and copy.group_id == restored.id
    assert [g.group_id for g in all_games(other_engine)].count(None) == 1
    assert by_game(records_of([g for g in all_games(other_engine) if g.group_id is None])) == by_game(
        player_records(other_engine, "kanagawa"))  # fmt: skip


def by_game(records: list[object]) -> set[tuple[object, ...]]:
    return {(r.game, r.key, r.games, r.wins) for r in records}  # type: ignore[attr-defined]
