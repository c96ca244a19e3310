"""The game seam's contract, run for every game of the registry and for Tally, a toy game the tests register
(``tests/support/toygame``: its own package, blueprint and templates, no line of ``marquoir/`` naming it).

Each game goes through every shared surface: its document reads back to itself, totals are the sum of the
categories, ranks and winners agree, every issue code is documented, the command line scores, checks and prints it,
the API scores it, the new-game form starts it, its results are saved, printed, listed in the statistics (with
filters), exported as CSV (new columns only at the end), as a JSON backup that restores, and for BG Stats, a rematch
starts it again, and pages come in both languages.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import support.toygame as toygame
from flask import Flask
from flask.testing import FlaskClient
from support.pages import hidden
from support.paths import ROOT, SAMPLES
from support.saved_games import games_app, share_token_in, token_of
from support.toygame.game import SAMPLE as TALLY_SAMPLE
from support.toygame.game import TALLY

from marquoir.cli import main as cli
from marquoir.games import GAMES, registered
from marquoir.reports.export import FIRST_COLUMNS
from marquoir.web.plug import plug_of

BUILT_IN = tuple(GAMES)
EVERY_GAME = (*BUILT_IN, TALLY.name)
FR = {"Accept-Language": "fr"}
TABLE_FORMAT = (ROOT / "marquoir" / "data" / "table-format.md").read_text(encoding="utf-8")


def _sample(game: str) -> dict[str, Any]:
    """A finished table of ``game``: the seed with the most players, or the toy's own."""
    if game == TALLY.name:
        return json.loads(json.dumps(TALLY_SAMPLE))
    seeds = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SAMPLES.glob("*.json"))]
    mine = [s for s in seeds if s["game"] == game]
    assert mine, f"seeds/ has no table of {game}"
    return max(mine, key=lambda s: len(s["players"]))


#: What the new-game form needs besides the game, the names and the mode (each game's own setup fields).
SETUP = {"bonsai": {"no_goals": "y"}, TALLY.name: {"tally_rounds": "3"}}


@pytest.fixture(scope="module", autouse=True)
def toy_game() -> Iterator[None]:
    with registered(TALLY):
        yield


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return games_app(tmp_path, PUBLIC_LIST=True)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _save(client: FlaskClient, doc: dict[str, Any]) -> tuple[str, str]:
    """Import ``doc``, save it from its results page: (edit token, share token)."""
    results = client.post("/import", data={"text": json.dumps(doc)}, follow_redirects=True)
    assert results.status_code == 200, results.get_data(as_text=True)[:500]
    page = results.get_data(as_text=True)
    saved = client.post("/games/save", data={"table": hidden(page), "save_key": hidden(page, "save_key")})
    assert saved.status_code == 303, saved.get_data(as_text=True)[:500]
    edit = token_of(saved.headers["Location"])
    return edit, share_token_in(client.get(saved.headers["Location"]).get_data(as_text=True))


# ---------------------------------------------------------------- the game's values


@pytest.mark.parametrize("name", EVERY_GAME)
def test_the_document_reads_back_to_the_same_table(name: str) -> None:
    game = GAMES[name]
    table = game.parse(_sample(name))
    assert game.parse(json.loads(json.dumps(game.to_document(table)))) == table


@pytest.mark.parametrize("name", EVERY_GAME)
def test_totals_are_the_sum_of_the_categories_and_ranks_and_winners_agree(name: str) -> None:
    game = GAMES[name]
    report = game.score(game.parse(_sample(name)))
    assert report.game == name and report.legal
    for player in report.players:
        assert set(player.breakdown) <= set(game.categories)
        assert player.total == sum(player.breakdown.values())
    assert set(report.winners) == {p.name for p in report.players if p.rank == 1}
    for a in report.players:  # a higher total never ranks worse
        assert all(a.rank <= b.rank for b in report.players if a.total > b.total)
    assert game.min_players <= len(report.players) <= game.max_players


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_issue_code_is_in_the_table_format(name: str) -> None:
    assert GAMES[name].codes
    for code in GAMES[name].codes:
        assert f"`{code}`" in TABLE_FORMAT, code


def test_the_toy_game_s_issue_code_is_reported_and_documented() -> None:
    doc = _sample(TALLY.name)
    doc["players"][0]["rounds"].pop()
    issues = list(TALLY.iter_issues(TALLY.parse(doc)))
    assert [i.code for i in issues] == ["ROUND_COUNT"] and issues[0].field == "players[0].rounds"
    assert all(f"``{code}``" in (toygame.__doc__ or "") for code in TALLY.codes)


# ---------------------------------------------------------------- the command line and the API


@pytest.mark.parametrize("name", EVERY_GAME)
def test_the_command_line_scores_checks_and_prints_it(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(_sample(name)), encoding="utf-8")
    assert cli(["score", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(p["name"] in out for p in _sample(name)["players"])
    assert cli(["check", str(path)]) == 0
    capsys.readouterr()
    assert cli(["sheet", str(path), "-o", str(tmp_path / "sheet.html")]) == 0
    assert "<html" in (tmp_path / "sheet.html").read_text(encoding="utf-8")
    game = GAMES[name]
    assert cli(["sheet", "--game", name, "--players", str(game.max_players), "-o", str(tmp_path / "blank.html")]) == 0


@pytest.mark.parametrize("name", EVERY_GAME)
def test_its_engine_plays_through_the_one_simulate_command(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every game with an engine (the toy's too) is played by the shared ``simulate``: its tables are written,
    read back, and are legal; another game's option is refused, and so are players outside the game's range."""
    game = GAMES[name]
    assert game.simulate_module, f"{name} has no engine"
    players = game.min_players + 1
    assert cli(["simulate", "--game", name, "--games", "2", "--players", str(players), "--seed", "3",
                "--out", str(tmp_path)]) == 0
    assert "2 table document(s) written" in capsys.readouterr().out
    written = sorted(tmp_path.glob("*.json"))
    assert len(written) == 2
    for path in written:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["game"] == name and len(doc["players"]) == players
        assert cli(["check", str(path)]) == 0, capsys.readouterr().out
        capsys.readouterr()
    assert cli(["simulate", "--game", name, "--players", str(game.max_players + 1), "--games", "1"]) == 2
    assert f"{game.title} is played by" in capsys.readouterr().err
    others = [g for g in EVERY_GAME if g != name and g in ("kanagawa", TALLY.name)]
    foreign = (["--families", "trees", "animals", "kites", "umbrellas"] if others[0] == "kanagawa"
               else ["--tally-rounds", "4"])
    assert cli(["simulate", "--game", name, "--games", "1", *foreign]) == 2
    assert f"{foreign[0]} is {GAMES[others[0]].title}'s" in capsys.readouterr().err
    assert cli(["simulate", "--game", name, "--games", "1", "--kinds", "nobody"]) == 2
    assert "is no" in capsys.readouterr().err


@pytest.mark.parametrize("name", EVERY_GAME)
def test_the_api_scores_it(name: str, client: FlaskClient) -> None:
    answer = client.post("/api/score", json=_sample(name))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    report = GAMES[name].score(GAMES[name].parse(_sample(name)))
    assert [p["total"] for p in answer.get_json()["players"]] == [p.total for p in report.players]


# ---------------------------------------------------------------- the pages


@pytest.mark.parametrize("name", EVERY_GAME)
def test_the_new_game_form_starts_it_with_as_many_players_as_it_allows(name: str, client: FlaskClient) -> None:
    home = client.get("/").get_data(as_text=True)
    game = GAMES[name]
    assert f'id="names-{game.max_players - 1}"' in home  # a name field for every seat the game allows
    names = [f"P{i}" for i in range(game.max_players)]
    choice = next(iter(plug_of(name).choices))
    assert f'value="{choice}"' in home
    data = {"game": choice, "player_count": str(game.max_players), "mode": "sheet", **SETUP.get(name, {}),
            **{f"names-{i}": n for i, n in enumerate(names)}}
    started = client.post("/new", data=data)
    assert started.status_code == 303, started.get_data(as_text=True)[:800]
    page = client.get(started.headers["Location"])
    assert page.status_code == 200 and all(n in page.get_data(as_text=True) for n in names)
    doc = json.loads(hidden(page.get_data(as_text=True)))
    assert doc["game"] == name and [p["name"] for p in doc["players"]] == names


def test_the_toy_game_is_entered_on_its_own_page_and_saved(client: FlaskClient) -> None:
    data = {"game": TALLY.name, "player_count": "2", "mode": "sheet", "tally_rounds": "2", "names-0": "Ann",
            "names-1": "Ben"}
    entry = client.get(client.post("/new", data=data).headers["Location"]).get_data(as_text=True)
    sent = client.post("/tally/sheet", data={"table": hidden(entry), "draft": hidden(entry, "draft"),
                                             "rounds-0": "4 5", "bonus-0": "2", "rounds-1": "9 1", "action": "score"})
    assert sent.status_code == 303
    results = client.get(sent.headers["Location"]).get_data(as_text=True)
    assert "Ann" in results and ">11<" in results.replace(" ", "")  # 4 + 5 + 2
    saved = client.post("/games/save", data={"table": hidden(results), "save_key": hidden(results, "save_key")})
    assert saved.status_code == 303
    again = client.get(f"/d/{hidden(entry, 'draft')}")  # the draft still opens the entry page, as typed
    assert again.status_code == 200 and 'value="4 5"' in again.get_data(as_text=True)


@pytest.mark.parametrize("name", EVERY_GAME)
def test_saved_printed_listed_exported_and_played_again(name: str, client: FlaskClient, tmp_path: Path) -> None:
    doc = _sample(name)
    _edit, share = _save(client, doc)
    names = [p["name"] for p in doc["players"]]
    shared = client.get(f"/s/{share}").get_data(as_text=True)
    assert all(n in shared for n in names)
    assert client.get(f"/s/{share}/sheet").status_code == 200
    game = GAMES[name]
    blank = client.get(f"/print/blank?game={name}&players={game.min_players}")
    assert blank.status_code == 200, blank.get_data(as_text=True)[:300]
    stats = client.get(f"/stats?game={name}&players={len(names)}").get_data(as_text=True)
    assert names[0] in stats
    assert client.get(f"/stats?player={names[0]}&game={name}").status_code == 200
    rows = client.get("/games/export.csv").get_data(as_text=True).splitlines()
    header = rows[0].split(",")
    assert tuple(header[: len(FIRST_COLUMNS)]) == FIRST_COLUMNS  # what the first exports had stays in place
    assert len(rows) == 1 + len(names)
    if name == TALLY.name:
        assert header[-1] == "tally_rounds" and rows[1].split(",")[-1] == "3"
    rematch = client.get(f"/?rematch={share}").get_data(as_text=True)
    assert all(f'value="{n}"' in rematch for n in names)
    french = client.get(f"/s/{share}", headers=FR).get_data(as_text=True)
    assert '<html lang="fr">' in french


@pytest.mark.parametrize("name", EVERY_GAME)
def test_the_backup_restores_it_and_bg_stats_reads_it(
    name: str, client: FlaskClient, app: Flask, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _save(client, _sample(name))
    database = app.config["DATABASE_URL"]
    backup, plays = tmp_path / "backup.json", tmp_path / "plays.bgsplay"
    assert cli(["export", "--json", str(backup), "--database", database]) == 0
    assert cli(["export", "--bgstats", str(plays), "--database", database]) == 0
    fresh = tmp_path / "fresh.sqlite3"
    assert cli(["import", str(backup), "--database", str(fresh)]) == 0
    capsys.readouterr()
    assert cli(["export", "--csv", "-", "--database", str(fresh)]) == 0
    restored = capsys.readouterr().out.splitlines()
    assert len(restored) == 1 + len(_sample(name)["players"])
    exported = json.loads(plays.read_text(encoding="utf-8"))
    assert [g["name"] for g in exported["games"]] == [GAMES[name].title]
    assert len(exported["plays"][0]["playerScores"]) == len(_sample(name)["players"])


# ---------------------------------------------------------------- the rule decisions, written once


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_decision_has_its_sources_under_its_number(name: str) -> None:
    """A game's decisions are data (``decisions.py``); its ``SOURCES.md`` gives each one's sources and reasons,
    numbered alike, and no more of them."""
    game = GAMES[name]
    sources = (ROOT / "marquoir" / "games" / name / "data" / "SOURCES.md").read_text(encoding="utf-8")
    section = sources.split("## Rule decisions", 1)[1].split("\n## ", 1)[0]
    numbered = [int(n) for n in re.findall(r"^(\d+)\. ", section, re.MULTILINE)]
    assert [d.number for d in game.decisions] == list(range(1, len(game.decisions) + 1))
    assert numbered == [d.number for d in game.decisions]
    assert all(d.option in {o.name for o in game.options} for d in game.decisions if d.option)


def test_the_rules_page_and_the_command_show_every_decision(client: FlaskClient,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    page = client.get("/rules").get_data(as_text=True)
    assert cli(["rules"]) == 0
    printed = capsys.readouterr().out
    for game in GAMES.values():
        for decision in game.decisions:
            assert decision.text.replace("'", "&#39;").replace('"', "&#34;") in page, decision.text
            assert f"{decision.number:3}. {decision.text}" in printed
