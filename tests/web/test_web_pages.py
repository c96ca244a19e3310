"""Flask test-client tests: every page, every form error, security headers."""

from __future__ import annotations

import dataclasses
import json

import pytest
from flask.testing import FlaskClient
from markupsafe import escape
from support.engine import brushy_game, refused_seats
from support.pages import hidden, input_tag
from support.real_games import as_sheet
from support.samples import sample_text

from marquoir import load_table, score
from marquoir.games.kanagawa.document import dump_table
from marquoir.games.kanagawa.engine import final_table
from marquoir.web.security import CONTENT_SECURITY_POLICY


def new_game(client: FlaskClient, **overrides: object) -> str:
    data: dict[str, object] = {
        "player_count": "3",
        "names-0": "Aiko",
        "names-1": "Ben",
        "names-2": "Chiyo",
        "game": "base",
        "mode": "sheet",
        "storm_on_start_tile": "y",
        "joker_counts": "y",
    }
    data.update(overrides)
    response = client.post("/new", follow_redirects=True, data=data)
    assert response.status_code == 200, response.data[:500]
    return response.get_data(as_text=True)


def sheet_data(page: str, **overrides: str) -> dict[str, str]:
    data = {
        "table": hidden(page),
        "players-0-print_cards": "10",
        "players-0-season_chain": "4",
        "players-0-harmony": "3",
        "players-0-d_trees_4": "y",
        "players-1-print_cards": "9",
        "players-1-season_chain": "5",
        "players-1-harmony": "-1",
        "players-1-d_buildings_3": "y",
        "players-2-print_cards": "11",
        "players-2-season_chain": "3",
        "players-2-harmony": "",
        "grand_master": "2",
    }
    data.update(overrides)
    return data


@pytest.mark.parametrize("path", ["/", "/rules", "/diplomas", "/healthz"])
def test_get_pages(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_csp_forbids_inline_scripts_on_every_response(client: FlaskClient) -> None:
    for response in (client.get("/"), client.get("/nowhere"), client.post("/api/score", data="{")):
        policy = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    page = client.get("/").get_data(as_text=True)
    # Every script is a file: no inline <script> body, no on* handler attribute.
    assert "<script>" not in page and "<script " in page
    assert " onclick=" not in page and " onload=" not in page


def test_home_has_labelled_inputs(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for field_id in ("player_count", "names-0", "names-3", "game-0", "mode-1", "storm_on_start_tile"):
        assert f'for="{field_id}"' in page, field_id


def test_rules_page_lists_the_17_decisions_and_the_options(client: FlaskClient) -> None:
    page = client.get("/rules").get_data(as_text=True)
    decisions = page.split('<ol class="decisions kanagawa-decisions">')[1].split("</ol>")[0]
    assert decisions.count("<li>") == 17
    assert "storm_on_start_tile" in page and "joker_counts_for_identical_landscapes" in page
    assert decisions.count("grand_master_passes_at_end") == 1  # decision 14 names its option
    assert decisions.count("storm_on_start_tile") == 1  # decision 16 names its option
    assert "The Starting tile takes no Storm token (decision 16)" in decisions
    assert "its bonus arrives at once" in decisions  # decision 17


def test_new_game_sheet_has_a_column_per_player_and_number_pad_inputs(client: FlaskClient) -> None:
    page = new_game(client)
    for name in ("Aiko", "Ben", "Chiyo"):
        assert f">{name}</th>" in page
    assert page.count('inputmode="numeric"') == 9  # 3 figures × 3 players (no Yokai row in a base game)
    assert page.count('data-sign="') == 3  # the Harmony symbols may be negative: a ± button beside each
    assert 'inputmode="text"' not in page
    assert 'name="players-2-d_characters_3_identical"' in page
    assert "Yokai tokens" not in page
    doc = json.loads(hidden(page))
    assert [p["name"] for p in doc["players"]] == ["Aiko", "Ben", "Chiyo"]


def test_new_game_errors_name_the_field(client: FlaskClient) -> None:
    response = client.post("/new", follow_redirects=True, data={
                           "player_count": "3", "names-0": "Aiko", "names-1": "Aiko", "names-2": "", "names-3": "Zed",
                           "game": "yokai", "mode": "sheet",
                      "base_families": ["trees"], "expansion_families": ["kites", "lanterns", "umbrellas"]}
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Two players cannot have the same name." in page
    assert "Enter a name for player 3." in page
    assert "Pick exactly 2 base families." in page
    assert "Pick exactly 2 expansion families." in page
    assert 'value="Aiko"' in page  # what was typed is kept


def test_two_player_game_ignores_the_unused_name_fields(client: FlaskClient) -> None:
    page = new_game(client, player_count="2", **{"names-2": "", "names-3": "Zed"})
    doc = json.loads(hidden(page))
    assert [p["name"] for p in doc["players"]] == ["Aiko", "Ben"]


def test_the_player_count_follows_the_names_typed(client: FlaskClient) -> None:
    """Two names typed with the count left at 3 start a 2-player game; four a 4-player game; one name is not a
    Kanagawa game (2 to 4), said on the count (issue 18, item 3)."""
    page = new_game(client, **{"names-2": ""})
    assert [p["name"] for p in json.loads(hidden(page))["players"]] == ["Aiko", "Ben"]
    page = new_game(client, **{"names-3": "Daisuke"})
    assert [p["name"] for p in json.loads(hidden(page))["players"]] == ["Aiko", "Ben", "Chiyo", "Daisuke"]
    response = client.post("/new", data={"player_count": "3", "names-0": "Aiko", "game": "base", "mode": "sheet"})
    assert response.status_code == 422
    assert "Enter a name for player 2." in response.get_data(as_text=True)


def test_yokai_game_sheet_has_yokai_tokens_and_only_its_diplomas(client: FlaskClient) -> None:
    page = new_game(client, game="yokai", base_families=["trees", "animals"], expansion_families=["kites", "lanterns"])
    assert "Yokai tokens" in page
    assert "d_kites_7" in page and "d_lanterns_2x2" in page and "d_yokai_3" in page
    assert "d_buildings_2" not in page and "d_umbrellas_2" not in page


def test_sheet_scores_like_the_core(client: FlaskClient) -> None:
    page = new_game(client)
    response = client.post("/sheet", follow_redirects=True, data=sheet_data(page))
    assert response.status_code == 200
    results = response.get_data(as_text=True)
    table = load_table(hidden(results))
    report = score(table)
    assert [p.total for p in report.players] == [10 + 4 + 3 + 4, 9 + 5 - 1 + 4, 11 + 3 + 0 + 2]
    for i, player in enumerate(report.players):
        assert f'data-total="{i}">{player.total}<' in results
    assert "Winner:" in results and "<strong>Aiko</strong>" in results


def test_sheet_errors_keep_everything_typed(client: FlaskClient) -> None:
    page = new_game(client)
    data = sheet_data(
        page, **{"players-1-print_cards": "nine", "players-2-season_chain": "", "players-0-harmony": "500"}
    )
    response = client.post("/sheet", follow_redirects=True, data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Enter a whole number." in page
    assert "Enter the season chain." in page
    assert "From -99 to 99." in page
    assert 'value="nine"' in page and 'value="500"' in page and 'value="10"' in page
    assert 'aria-invalid="true"' in page


def test_sheet_refuses_a_tile_held_twice_and_two_tiles_of_a_family(client: FlaskClient) -> None:
    page = new_game(client)
    data = sheet_data(page, **{"players-1-d_trees_4": "y", "players-2-d_animals_boar_deer": "y",
                               "players-2-d_animals_crane_butterfly": "y"})
    response = client.post("/sheet", follow_redirects=True, data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "One tile each: ticked for Aiko and Ben" in page
    assert "A player holds one Diploma per family." in page


def test_correct_an_entry_goes_back_with_everything_kept(client: FlaskClient) -> None:
    page = new_game(client)
    results = client.post("/sheet", follow_redirects=True, data=sheet_data(page)).get_data(as_text=True)
    response = client.post("/edit", follow_redirects=True, data={"table": hidden(results)})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'value="10"' in input_tag(page, "players-0-print_cards")
    assert 'value="-1"' in input_tag(page, "players-1-harmony")
    assert "checked" in input_tag(page, "players-0-d_trees_4")
    assert "checked" not in input_tag(page, "players-1-d_trees_4")
    assert "checked" in input_tag(page, "grand_master-2")


def test_results_show_issues_next_to_their_entry(client: FlaskClient) -> None:
    page = new_game(client)
    # Nobody holds the Grand Master pawn and a chain longer than the Print: both are issues, both scored.
    data = sheet_data(page, grand_master="", **{"players-1-season_chain": "12"})
    results = client.post("/sheet", follow_redirects=True, data=data).get_data(as_text=True)
    assert "This table is not possible as entered" in results
    assert 'id="p1-season_chain"' in results  # the issue row right under Ben's season chain
    row = results.split('id="p1-season_chain"')[1].split("</tr>")[0]
    assert "Ben:" in row and "Not possible:" in row
    assert "(2 problems)" in results.split('class="issues-summary"')[1].split("</div>")[0]
    # A whole-table issue goes beside the row it concerns: nobody holds the Grand Master pawn.
    assert "nobody holds the Grand Master pawn" in results.split('id="all-grand_master"')[1].split("</tr>")[0]


def test_results_explain_every_figure_on_demand(client: FlaskClient) -> None:
    results = client.post("/api/score", data=sample_text("base-4p.json"))
    assert results.status_code == 200
    response = client.post("/import", follow_redirects=True, data={"text": sample_text("base-4p.json")})
    page = response.get_data(as_text=True)
    assert page.count('<details name="why-scores">') == 4 * 5  # no Yokai row in a base game; one open at a time
    report = score(load_table(sample_text("base-4p.json")))
    for player in report.players:
        for category, text in player.explanations.items():
            if category != "yokai":
                assert f'<p class="why">{escape(text)}</p>' in page, text


def test_shared_places_are_shown(client: FlaskClient) -> None:
    page = new_game(client)
    data = sheet_data(page, **{"players-1-harmony": "3", "players-1-print_cards": "10", "players-1-season_chain": "4",
                               "players-1-d_buildings_3": "", "players-1-d_buildings_4": ""})
    data["players-1-d_characters_3_different"] = "y"
    results = client.post("/sheet", follow_redirects=True, data=data).get_data(as_text=True)
    assert "Shared victory:" in results
    assert results.count("1st <small>shared</small>") == 2


def test_xss_name_is_text(client: FlaskClient) -> None:
    page = new_game(client, **{"names-2": "<script>alert(1)</script>"})
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    results = client.post("/sheet", follow_redirects=True, data=sheet_data(page)).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in results
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in results


def test_export_and_import_round_trip(client: FlaskClient) -> None:
    imported = client.post("/import", follow_redirects=True, data={"text": sample_text("yokai-3p.json")})
    assert imported.status_code == 200
    exported = client.post("/export", data={"table": hidden(imported.get_data(as_text=True))})
    assert exported.status_code == 200
    assert exported.headers["Content-Disposition"].startswith("attachment")
    assert load_table(exported.data) == load_table(sample_text("yokai-3p.json"))


def test_import_a_file(client: FlaskClient) -> None:
    import io

    response = client.post("/import", follow_redirects=True,
                           data={"document": (io.BytesIO(sample_text("base-2p.json").encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    assert "Results" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Choose a file or paste a table document."),
        ("{not json", "The document could not be read at document: not JSON"),
        ('{"game": "kanagawa", "players": [{"name": "A", "sheet": {"print_cards": "x"}}]}',
         "The document could not be read at players[0].sheet"),
    ],
)
def test_import_errors_name_the_place(client: FlaskClient, text: str, message: str) -> None:
    response = client.post("/import", follow_redirects=True, data={"text": text})
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_import_a_file_that_is_not_utf8(client: FlaskClient) -> None:
    import io

    response = client.post("/import", follow_redirects=True,
                           data={"document": (io.BytesIO(b"\xff\xfe{"), "game.json")},
                           content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert "not UTF-8" in response.get_data(as_text=True)


def test_a_tampered_game_in_the_form_is_a_400_naming_the_place(client: FlaskClient) -> None:
    for path in ("/sheet", "/detailed", "/edit", "/export", "/diplomas", "/results"):
        response = client.post(path, data={"table": '{"game": "chess"}'})
        assert response.status_code == 400, path
        assert "game:" in response.get_data(as_text=True)
        missing = client.post(path, data={})
        assert missing.status_code == 400
        assert "the game is missing from the form" in missing.get_data(as_text=True)


def test_diploma_checker_for_a_player(client: FlaskClient) -> None:
    imported = client.post("/import", follow_redirects=True,
                           data={"text": sample_text("base-4p.json")}).get_data(as_text=True)
    response = client.post("/diplomas", data={"table": hidden(imported), "player": "2"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Diploma checker: Emi" in page
    assert page.count('class="diploma-check') == 19
    trees = page.split('data-diploma="trees-4"')[1].split("</li>")[0]
    assert "met" in trees and "held" in trees and "trees: 5 of 4 needed — spring: 2 trees, 3 trees" in trees


def test_diploma_checker_results_are_read_with_get(client: FlaskClient) -> None:
    """Post/redirect/get (issue 18): the checker's form of a game being entered answers 303 to its results under the
    draft's link, so a reload asks nothing again and another phone sees them; an unknown link is a 404."""
    imported = client.post("/import", follow_redirects=True, data={"text": sample_text("base-4p.json")})
    page = imported.get_data(as_text=True)
    draft = hidden(page, "draft")
    response = client.post("/diplomas", data={"table": hidden(page), "player": "2", "draft": draft})
    assert response.status_code == 303
    where = response.headers["Location"]
    assert where.endswith(f"/d/{draft}/diplomas/2")
    for _reload in range(2):
        shown = client.get(where)
        assert shown.status_code == 200 and "Diploma checker: Emi" in shown.get_data(as_text=True)
        assert shown.headers["Cache-Control"] == "no-store"
    assert client.get(f"/d/{'x' * 32}/diplomas/2").status_code == 404


def test_diploma_checker_refuses_a_sheet_player(client: FlaskClient) -> None:
    page = new_game(client)
    results = client.post("/sheet", follow_redirects=True, data=sheet_data(page)).get_data(as_text=True)
    response = client.post("/diplomas", data={"table": hidden(results), "player": "0"})
    assert response.status_code == 422
    assert "needs the cards" in response.get_data(as_text=True)


def test_unknown_page_and_method(client: FlaskClient) -> None:
    assert client.get("/nowhere").status_code == 404
    assert client.get("/sheet").status_code == 405
    assert "There is no page here." in client.get("/nowhere").get_data(as_text=True)


def test_csrf_missing_or_wrong_is_rejected(csrf_client: FlaskClient) -> None:
    data = {"player_count": "2", "names-0": "A", "names-1": "B", "game": "base", "mode": "sheet"}
    missing = csrf_client.post("/new", follow_redirects=True, data=data)
    assert missing.status_code == 400
    assert "Form not accepted" in missing.get_data(as_text=True)
    wrong = csrf_client.post("/new", follow_redirects=True, data={**data, "csrf_token": "forged"})
    assert wrong.status_code == 400
    for path in ("/sheet", "/detailed", "/import", "/edit", "/export", "/diplomas"):
        assert csrf_client.post(path, data={"table": sample_text("base-2p.json")}).status_code == 400, path
    # The right token (from the page, with the session cookie) is accepted.
    home = csrf_client.get("/").get_data(as_text=True)
    ok = csrf_client.post("/new", follow_redirects=True, data={**data, "csrf_token": hidden(home, "csrf_token")})
    assert ok.status_code == 200


def test_an_expired_form_offers_everything_back(csrf_client: FlaskClient) -> None:
    """After a refusal (say the server restarted), the page carries what was sent, with a fresh token."""
    table = sample_text("base-2p.json")
    refused = csrf_client.post("/edit", follow_redirects=True, data={"table": table, "csrf_token": "stale"})
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "Send again" in page and 'action="/edit"' in page
    again = csrf_client.post("/edit", follow_redirects=True,
                             data={"table": hidden(page), "csrf_token": hidden(page, "csrf_token")})
    assert again.status_code == 200
    assert "Cards on the table" in again.get_data(as_text=True)


def test_the_api_needs_no_csrf_token(csrf_client: FlaskClient) -> None:
    assert csrf_client.post("/api/score", data=sample_text("base-2p.json")).status_code == 200


def test_body_size_limit(client: FlaskClient) -> None:
    big = "x" * (600 * 1024)
    assert client.post("/sheet", follow_redirects=True, data={"table": big}).status_code == 413
    response = client.post("/api/score", data=big)
    assert response.status_code == 413
    assert response.json is not None and "too large" in response.json["error"]


def test_how_could_this_have_been_built(client: FlaskClient) -> None:
    """Kanagawa's results link to the rules engine's explanation, which answers for every player."""
    page = client.post("/import", follow_redirects=True,
                       data={"text": sample_text("base-2p.json")}).get_data(as_text=True)
    assert "How could this have been built?" in page
    response = client.post("/reach", data={"table": hidden(page)})
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert 'id="reach-verdict"' in text
    for name in ("Aiko", "Ben"):
        assert f"<h2>{name}: " in text


def test_a_reason_blamed_on_one_player_is_said_once(client: FlaskClient) -> None:
    """The Grand Master where it cannot be: the reason stands on the holder's card, not also in the whole table's
    line."""
    doc = json.loads(sample_text("yokai-3p.json"))
    doc["players"][1]["grand_master"], doc["players"][2]["grand_master"] = True, False
    text = client.post("/reach", data={"table": json.dumps(doc)}).get_data(as_text=True)
    lead = text.split('id="reach-verdict"', 1)[1].split("</p>", 1)[0]
    assert "could not have been built" in lead
    assert "holds the Grand Master" not in lead
    assert text.count("holds the Grand Master") == 1


def test_a_brush_refused_beside_a_sheet_player_is_not_decided_and_says_why_once(client: FlaskClient) -> None:
    """A game whose brush reserve ran dry, a player not refused one entered from the sheet: the page says the
    table is not decided (not that time ran out) and why, once, in the whole table's line."""
    table, refused = next((t, r) for t in (final_table(brushy_game(seed)) for seed in range(12))
                          if (r := refused_seats(t)))  # fmt: skip
    seat = (refused[0] + 1) % 4
    assert seat not in refused
    players = list(table.players)
    players[seat] = as_sheet(table, seat, points=False)
    doc = dump_table(dataclasses.replace(table, players=tuple(players)))
    text = client.post("/reach", data={"table": doc}).get_data(as_text=True)
    lead = text.split('id="reach-verdict"', 1)[1].split("</p>", 1)[0]
    assert "not decided" in lead and "whether the brush reserve was empty then is not known" in lead
    assert text.count("whether the brush reserve was empty then is not known") == 1
    assert "time allowed" not in text and text.count(": not decided</h2>") == 4
    french = client.post("/reach", data={"table": doc}, headers={"Accept-Language": "fr"})
    assert "non tranché" in french.get_data(as_text=True)

