"""CSV export: one row per player per game, every category, total, rank, winner flags; safe in a spreadsheet."""

from __future__ import annotations

import csv
import io

from support.reports import saved, sheet_table
from support.samples import sample_table

from marquoir import score
from marquoir.games.kanagawa.vocabulary import CATEGORIES
from marquoir.reports.export import csv_chunks, csv_columns, games_csv
from marquoir.storage import GameReport


def read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_one_row_per_player_per_game_with_every_category() -> None:
    table = sample_table("yokai-3p")
    report = score(table)
    text = games_csv([saved(7, table, days=2)])
    assert text.splitlines()[0] == ",".join(csv_columns())
    rows = read(text)
    assert len(rows) == 3
    for row, player in zip(rows, report.players, strict=True):
        assert row["game_id"] == "7" and row["played_at"] == "2026-01-07T20:00:00+00:00"
        assert row["player"] == player.name
        assert [int(row[c]) for c in CATEGORIES] == [player.breakdown[c] for c in CATEGORIES]
        assert int(row["total"]) == player.total == sum(int(row[c]) for c in CATEGORIES)
        assert int(row["rank"]) == player.rank
        assert row["winner"] == ("yes" if player.name in report.winners else "no")
        assert row["shared_win"] == "no" and row["players"] == "3" and row["legal"] == "yes"
    assert rows[2]["yokai"] == "-4"


def test_shared_wins_and_illegal_tables_are_flagged() -> None:
    tie = sheet_table(("Aiko", 10, 4, 2, 7, True, 0), ("Ben", 12, 4, 2, 7, False, 0), ("Chiyo", 9, 3, 1, 3, True, 0))
    rows = read(games_csv([saved(1, tie)]))
    assert [(r["winner"], r["shared_win"]) for r in rows] == [("yes", "yes"), ("yes", "yes"), ("no", "no")]
    assert {r["legal"] for r in rows} == {"no"}  # two Grand Masters


def test_names_cannot_become_spreadsheet_formulas() -> None:
    table = sheet_table(("=HYPERLINK(1)", 10, 4, 2, 7, True, 0), ("-Ben", 12, 4, 2, 7, False, 0))
    rows = read(games_csv([saved(1, table)]))
    assert [r["player"] for r in rows] == ["'=HYPERLINK(1)", "'-Ben"]


def test_no_game_is_just_the_header() -> None:
    assert read(games_csv([])) == [] and games_csv([]).startswith("game_id,played_at")


def test_the_csv_comes_in_pieces_that_make_the_same_text() -> None:
    games = [saved(n, sample_table(name), days=n) for n, name in enumerate(("base-4p", "yokai-3p", "bonsai-2p"), 1)]
    pieces = list(csv_chunks(games, chunk_size=200))
    assert len(pieces) > 3 and all(pieces)
    assert "".join(pieces) == games_csv(games) == "".join(csv_chunks(games))
    assert list(csv_chunks([])) == [games_csv([])]


def test_a_game_s_report_alone_exports_as_the_saved_game() -> None:
    game = saved(4, sample_table("bonsai-4p"), days=1)
    alone = GameReport(game.id, game.game, game.played_at, game.version, game.report, game.document, game.details)
    assert games_csv([alone]) == games_csv([game])
    rows = read(games_csv([alone]))
    assert {r["game"] for r in rows} == {"bonsai"} and rows[0]["print_cards"] == "" and rows[0]["leaves"] != ""


def test_the_families_diplomas_goals_and_details_are_the_last_columns() -> None:
    import dataclasses

    from marquoir.storage import Details

    assert csv_columns()[-8:] == ("edition", "families", "goal_colours", "diploma_tiles", "goal_tiles", "place",
                                "duration_min", "notes")  # fmt: skip
    details = Details("=Chez Aiko", 45, "Close,\nso close")
    yokai = dataclasses.replace(saved(1, sample_table("yokai-3p")), details=details)
    bonsai = saved(2, sample_table("bonsai-2p"), days=1)
    rows = read(games_csv([yokai, bonsai]))
    first = rows[0]
    assert (first["edition"], first["goal_colours"]) == ("yokai", "")
    assert first["families"] == "trees animals kites umbrellas"
    assert first["diploma_tiles"].split() == list(sample_table("yokai-3p").players[0].diplomas)  # type: ignore[union-attr]
    assert int(first["diplomas"]) == score(sample_table("yokai-3p")).players[0].breakdown["diplomas"]  # points kept
    assert (first["place"], first["duration_min"], first["notes"]) == ("'=Chez Aiko", "45", "Close,\nso close")
    ana = rows[3]
    assert (ana["game"], ana["edition"], ana["goal_colours"], ana["families"]) == ("bonsai", "", "brown green cyan", "")
    assert ana["goal_tiles"] == " ".join(sample_table("bonsai-2p").players[0].goals)  # type: ignore[union-attr,arg-type]
    assert (ana["place"], ana["duration_min"], ana["diploma_tiles"]) == ("", "", "")


#: The header of the first exports, pinned: a column may be added at the end, never moved or taken away.
HEADER_V1 = (
    "game_id,played_at,version,seat,player,print_cards,season_chain,harmony,diplomas,grand_master,yokai,total,rank,"
    "winner,shared_win,players,legal,game,leaves,flowers,fruits,parchments,goals,edition,families,goal_colours,"
    "diploma_tiles,goal_tiles,place,duration_min,notes"
)


def test_the_header_keeps_every_column_of_the_first_exports_in_place() -> None:
    header = games_csv([]).splitlines()[0]
    assert header.startswith(HEADER_V1)
    assert header == HEADER_V1  # the built-in games add nothing beyond the first exports' columns
