"""The play file for the BG Stats app: its shape (the arrays of games, players, locations and plays the app reads),
each play's date, duration, place, notes, scores, places and winners, one player per person (names merged in a
group, renamed), stable ids, and the same text however it is cut into pieces."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime

from support.reports import saved, sheet_table
from support.samples import sample_table

from marquoir.reports.bgstats import ABOUT, bgstats_chunks, bgstats_json, name_maps
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
    assert [g["name"] for g in data["games"]] == ["Kanagawa", "Bonsai"]
    assert all(g["highestWins"] and not g["noPoints"] and g["bggId"] == 0 for g in data["games"])
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
    assert data["plays"][2]["board"] == "Yokai" and data["plays"][0]["board"] == ""
    assert data["plays"][3]["gameRefId"] == 2
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
