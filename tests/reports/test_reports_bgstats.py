"""The play file for the BG Stats app: its shape (the arrays of games, players, locations and plays the app reads),
each play's date, duration, place, notes, scores, places and winners, one player per person (names merged in a
group, renamed), stable ids, and the same text however it is cut into pieces."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import unquote
from zoneinfo import ZoneInfo

from support.reports import saved, sheet_table
from support.samples import sample_table

from marquoir.reports.bgstats import ABOUT, bgstats_chunks, bgstats_json, name_maps, push_play_url
from marquoir.storage import Details, NameChange

NOW = datetime(2026, 2, 1, 9, 30, tzinfo=UTC)


def night() -> list[object]:
    first = dataclasses.replace(saved(1, sheet_table(("Aiko", 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 5, False, 0))),
                                details=Details("Chez Aiko", 45, "Close game"), group_id=3)  # fmt: skip
    tie = dataclasses.replace(saved(2, sheet_table(("aiko t.", 10, 4, 2, 3, False, 0), ("Ben", 11, 3, 1, 4, False, 0),
                                                   ("Chiyo", 9, 3, 1, 0, True, 0)), days=1), group_id=3)  # fmt: skip
    yokai = dataclasses.replace(saved(3, sample_table("yokai-3p"), days=2), details=Details("chez aiko", None, None))
    bonsai = saved(4, sample_table("bonsai-2p"), days=3)
    return [first, tie, yokai, bonsai]


def test_the_file_has_the_app_s_arrays_and_each_play_s_figures() -> None:
    data = json.loads(bgstats_json(night(), exported_at=NOW))  # type: ignore[arg-type]
    assert set(data) == {"about", "plays", "players", "locations", "games"} and data["about"] == ABOUT
    assert [g["name"] for g in data["games"]] == ["Kanagawa", "Kanagawa: Yokai", "Bonsai"]
    assert all(g["highestWins"] and not g["noPoints"] for g in data["games"])
    assert [(g["bggId"], g["bggYear"], g["isExpansion"]) for g in data["games"]] == [
        (200147, 2016, False), (0, 2019, True), (0, 2023, False)]  # fmt: skip
    first = data["plays"][0]
    assert (first["playDate"], first["durationMin"], first["comments"], first["gameRefId"]) == (
        "2026-01-05 20:00:00", 45, "Close game", 1)  # fmt: skip
    [home] = data["locations"]
    assert home["name"] == "Chez Aiko" and first["locationRefId"] == home["id"] == data["plays"][2]["locationRefId"]
    assert "locationRefId" not in data["plays"][1] and "durationMin" not in data["plays"][1]
    assert [(s["score"], s["rank"], s["winner"], s["seatOrder"]) for s in first["playerScores"]] == [
        ("25", 1, True, 1), ("23", 2, False, 2)]  # fmt: skip
    tie = data["plays"][1]["playerScores"]
    assert [s["winner"] for s in tie] == [True, True, False] and [s["rank"] for s in tie] == [1, 1, 3]
    assert [p["board"] for p in data["plays"]] == ["", "", "", ""]
    assert data["plays"][2]["expansionPlays"] == [{"gameRefId": 2, "bggId": 0}]  # Yokai: its own game entry
    assert [p["expansionPlays"] for p in data["plays"][::3]] == [[], []]
    assert data["plays"][3]["gameRefId"] == 3
    refs = {p["id"] for p in data["players"]}
    assert all(s["playerRefId"] in refs for play in data["plays"] for s in play["playerScores"])
    assert len({p["uuid"] for p in data["players"]}) == len(data["players"])


def test_a_group_s_merged_and_renamed_names_are_one_player_each() -> None:
    aliases, shown = name_maps([NameChange(3, "aiko t.", "aiko", None), NameChange(3, "ben", "ben", "Benjamin")])
    data = json.loads(bgstats_json(night()[:2], exported_at=NOW, aliases=aliases, shown=shown))  # type: ignore[arg-type]
    assert [p["name"] for p in data["players"]] == ["aiko t.", "Benjamin", "Chiyo"]  # as last typed, or renamed
    assert data["plays"][0]["playerScores"][0]["playerRefId"] == data["plays"][1]["playerScores"][0]["playerRefId"]
    alone = json.loads(bgstats_json(night()[:2], exported_at=NOW))  # type: ignore[arg-type]
    assert len(alone["players"]) == 4  # without the group's names: "Aiko" and "aiko t." are two


def test_the_ids_are_stable_and_the_pieces_make_the_same_text() -> None:
    games = night()
    once = bgstats_json(games, exported_at=NOW)  # type: ignore[arg-type]
    assert once == bgstats_json(games, exported_at=NOW)  # type: ignore[arg-type]
    pieces = list(bgstats_chunks(games, exported_at=NOW, chunk_size=100))  # type: ignore[arg-type]
    assert len(pieces) > 3 and "".join(pieces) == once
    again = json.loads(bgstats_json(games[1:], exported_at=NOW))  # type: ignore[arg-type]
    assert json.loads(once)["plays"][1]["uuid"] == again["plays"][0]["uuid"]  # the same play, the same uuid
    empty = json.loads(bgstats_json([], exported_at=NOW))
    assert empty["plays"] == empty["players"] == empty["games"] == []


def test_marquoir_export_bgstats_writes_every_game_as_a_play_file(tmp_path: object, capsys: object) -> None:
    from pathlib import Path

    from marquoir import score
    from marquoir.cli import main
    from marquoir.storage import create_group, merge_players, open_database, save_game, sqlite_url

    folder = Path(str(tmp_path))
    engine = open_database(sqlite_url(folder / "games.sqlite3"))
    group = create_group(engine, "Club")
    for name in ("Aiko", "Aiko T."):
        table = sheet_table((name, 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 5, False, 0))
        save_game(engine, table, score(table), group_id=group.id, details=Details("Chez Aiko", 40, None))
    table = sample_table("bonsai-2p")
    save_game(engine, table, score(table))
    merge_players(engine, group.id, "Aiko T.", "Aiko")
    engine.dispose()
    out = folder / "plays.bgsplay"
    assert main(["export", "--bgstats", str(out), "--database", str(folder / "games.sqlite3")]) == 0
    assert capsys.readouterr().out == f"{out}: 3 games (plays for BG Stats)\n"  # type: ignore[attr-defined]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["plays"]) == 3 and [g["name"] for g in data["games"]] == ["Kanagawa", "Bonsai"]
    # the group's Aiko is one player; its Ben and the Ben of a game outside any group are two
    assert [p["name"] for p in data["players"]] == ["Aiko T.", "Ben", "Ana", "Ben"]
    assert [loc["name"] for loc in data["locations"]] == ["Chez Aiko"]


SAMPLE = Path(__file__).resolve().parents[1] / "data" / "bgstats" / "sample-export.bgsplay"


def _types(value: object) -> str:
    return type(value).__name__


def test_every_field_written_is_one_bg_stats_own_files_carry_with_the_same_type() -> None:
    """Against a sample shaped like the app's own export (tests/data/bgstats): each object of each array, and each
    play's scores and expansions, writes only fields the app's files carry, with the same JSON types, and every
    field the sample's plays and scores carry that Marquoir has a value for."""
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    ours = json.loads(bgstats_json(night(), exported_at=NOW))  # type: ignore[arg-type]

    def shape(objects: list[dict[str, object]]) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for item in objects:
            for key, value in item.items():
                found.setdefault(key, set()).add(_types(value))
        return found

    parts = {
        "plays": lambda d: d["plays"], "players": lambda d: d["players"], "locations": lambda d: d["locations"],
        "games": lambda d: d["games"],
        "playerScores": lambda d: [s for p in d["plays"] for s in p["playerScores"]],
        "expansionPlays": lambda d: [e for p in d["plays"] for e in p["expansionPlays"]],
    }
    for name, get in parts.items():
        theirs, mine = shape(get(sample)), shape(get(ours))
        assert set(mine) <= set(theirs), (name, set(mine) - set(theirs))
        for key, kinds in mine.items():
            assert kinds <= theirs[key], (name, key, kinds, theirs[key])
        # every field of the app's plays and scores is written (locationRefId, durationMin: when recorded)
        if name in ("playerScores", "expansionPlays", "players", "locations", "games"):
            assert set(theirs) <= set(mine), (name, set(theirs) - set(mine))
    assert set(shape(sample["plays"])) - {"locationRefId", "durationMin"} <= set(shape(ours["plays"]))
    # the references resolve as the app's do
    games = {g["id"]: g for g in ours["games"]}
    for play in ours["plays"]:
        assert not games[play["gameRefId"]]["isExpansion"]
        assert all(games[e["gameRefId"]]["isExpansion"] for e in play["expansionPlays"])


def test_a_tie_broken_by_turn_order_is_a_manual_winner_and_the_first_seat_starts() -> None:
    """Bonsai's tie goes to the player later in turn order (bonsai-4p: Chloé and Dario at 119, Dario wins): an app
    recomputing winners from scores would crown both, so the play says its winner was decided."""
    games = [saved(1, sample_table("bonsai-4p")), saved(2, sample_table("base-4p")), night()[1]]
    plays = json.loads(bgstats_json(games, exported_at=NOW))["plays"]  # type: ignore[arg-type]
    assert [p["manualWinner"] for p in plays] == [True, False, False]  # Kanagawa's tie is shared: no rule decides
    bonsai = plays[0]["playerScores"]
    assert [(s["score"], s["winner"], s["rank"]) for s in bonsai] == [
        ("97", False, 4), ("104", False, 3), ("119", False, 2), ("119", True, 1)]  # fmt: skip
    assert all([s["startPlayer"] for s in p["playerScores"]] == [True] + [False] * (len(p["playerScores"]) - 1)
               for p in plays)  # fmt: skip


def test_times_are_on_the_group_s_clocks_else_the_default_zone() -> None:
    """A game played at 19:15 UTC in a Paris group says 20:15 (winter) and 21:15 in summer (UTC+2); a game
    outside any group has the default zone's clocks."""
    winter = dataclasses.replace(saved(1, sample_table("base-2p")), played_at=datetime(2026, 1, 10, 19, 15,
                                 tzinfo=UTC), group_id=3)  # fmt: skip
    summer = dataclasses.replace(winter, share_token="s2", played_at=datetime(2026, 7, 10, 19, 15, tzinfo=UTC))
    alone = dataclasses.replace(winter, share_token="s3", group_id=None)
    data = json.loads(bgstats_json([winter, summer, alone], exported_at=NOW,  # type: ignore[arg-type]
                                   zones={3: ZoneInfo("Europe/Paris")}, default_zone=ZoneInfo("America/Montreal")))
    assert [p["playDate"] for p in data["plays"]] == ["2026-01-10 20:15:00", "2026-07-10 21:15:00",
                                                      "2026-01-10 14:15:00"]  # fmt: skip
    assert json.loads(bgstats_json([winter], exported_at=NOW))["plays"][0]["playDate"] == "2026-01-10 19:15:00"


def test_a_merged_player_goes_under_the_group_s_name() -> None:
    """Aiko merged with "aiko t.": one player, under the name the group's players' page shows, not the one typed
    last."""
    aliases, shown = name_maps([NameChange(3, "aiko t.", "aiko", None)], [(3, "aiko", "Aiko"), (3, "ben", "Ben")])
    data = json.loads(bgstats_json(night()[:2], exported_at=NOW, aliases=aliases, shown=shown))  # type: ignore[arg-type]
    assert [p["name"] for p in data["players"]] == ["Aiko", "Ben", "Chiyo"]


def test_the_push_play_link_carries_one_play_in_the_app_s_format() -> None:
    game = dataclasses.replace(saved(1, sample_table("bonsai-4p")), details=Details("Chez Aiko", 50, "Tie!"),
                               played_at=datetime(2026, 1, 10, 19, 15, tzinfo=UTC))  # fmt: skip
    url = push_play_url(game, where=ZoneInfo("Europe/Paris"), shown={"chloe": "Chloé B."})  # type: ignore[arg-type]
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(unquote(url.split("?data=", 1)[1]))
    assert set(data) == {"sourceName", "sourcePlayId", "playDate", "game", "players", "board", "comments",
                         "location", "durationMin"}  # fmt: skip
    assert data["game"] == {"name": "Bonsai", "bggId": 0, "highestWins": True, "noPoints": False,
                            "sourceGameId": "bonsai"}  # fmt: skip
    assert (data["playDate"], data["location"], data["durationMin"], data["comments"]) == (
        "2026-01-10 20:15:00", "Chez Aiko", 50, "Tie!")  # fmt: skip
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Aiko", 97, 4, False, True), ("Bruno", 104, 3, False, False), ("Chloé B.", 119, 2, False, False),
        ("Dario", 119, 1, True, False)]  # fmt: skip
    assert all(set(p) == {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer", "role"}
               for p in data["players"])  # fmt: skip
