"""Detailed entry through the test client: the card picker's round trips, expansion cards, reorder, remove."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient
from support.pages import hidden, input_tag
from support.samples import sample_text

from marquoir import load_table
from marquoir.games.kanagawa.table import DetailedPlayer


def start(client: FlaskClient, yokai: bool = False) -> str:
    data: dict[str, Any] = {"player_count": "3", "names-0": "Aiko", "names-1": "Ben", "names-2": "Chiyo",
                            "mode": "detailed", "game": "yokai" if yokai else "base"}
    if yokai:
        data.update(base_families=["trees", "animals"], expansion_families=["kites", "umbrellas"])
    response = client.post("/new", follow_redirects=True, data=data)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def press(client: FlaskClient, page: str, action: str, status: int = 200, **fields: Any) -> str:
    """Press a button of the detailed page, sending the fields a browser would send."""
    doc = json.loads(hidden(page))
    current = int(hidden(page, "current"))
    player = doc["players"][current]
    data: dict[str, Any] = {
        "table": hidden(page),
        "current": str(current),
        "start": player.get("start", "S1"),
        "yokai_tokens": str(player.get("yokai", 0)),
        "brushes": "" if player.get("brushes") is None else str(player["brushes"]),
        "grand_master": next((str(i) for i, p in enumerate(doc["players"]) if p.get("grand_master")), ""),
        "target": "print",
        "action": action,
    }
    for diploma in player.get("diplomas", []):
        data["d_" + diploma.replace("-", "_")] = "y"
    data.update(fields)
    response = client.post("/detailed", follow_redirects=True, data=data)
    assert response.status_code == status, response.get_data(as_text=True)[-2000:]
    return response.get_data(as_text=True)


def player_doc(page: str, index: int) -> dict[str, Any]:
    return json.loads(hidden(page))["players"][index]


def test_new_detailed_game_shows_the_picker_with_every_base_card(client: FlaskClient) -> None:
    page = start(client)
    assert page.count('class="pick back-') == 72
    assert 'value="add:56"' in page
    # Each card shows its halves as icons with words a person can read off the card.
    card = page.split('value="add:1"')[0].rsplit('<li class="pick', 1)[1]
    assert 'aria-label="spring"' in card and 'aria-label="boar"' in card and 'aria-label="paint on forest"' in card
    assert "blue back" in card


def test_add_cards_to_print_studio_and_kept_then_reorder_and_remove(client: FlaskClient) -> None:
    page = start(client)
    page = press(client, page, "add:56")
    page = press(client, page, "add:17")
    page = press(client, page, "add:12", target="studio")
    page = press(client, page, "add:19", target="kept")
    assert player_doc(page, 0)["print"] == [56, 17]
    assert player_doc(page, 0)["studio"] == [12]
    assert player_doc(page, 0)["kept"] == [19]
    page = press(client, page, "up:print:1")
    assert player_doc(page, 0)["print"] == [17, 56]
    page = press(client, page, "down:print:0")
    assert player_doc(page, 0)["print"] == [56, 17]
    page = press(client, page, "remove:print:0")
    assert player_doc(page, 0)["print"] == [17]
    # The picker marks the cards already on the table, with who has them.
    used = page.split('value="add:12"')[0].rsplit('<li class="pick', 1)[1]
    assert "used" in used and "On the table: Aiko (Studio)" in used
    # Out-of-range moves change nothing.
    assert player_doc(press(client, page, "remove:print:9"), 0)["print"] == [17]


def test_switching_player_keeps_the_fields_typed(client: FlaskClient) -> None:
    page = start(client)
    page = press(client, page, "player:1", start="S3", brushes="4", grand_master="2", d_trees_3="y")
    doc = json.loads(hidden(page))
    assert doc["players"][0]["start"] == "S3"
    assert doc["players"][0]["brushes"] == 4
    assert doc["players"][0]["diplomas"] == ["trees-3"]
    assert [p["grand_master"] for p in doc["players"]] == [False, False, True]
    assert hidden(page, "current") == "1"
    assert 'aria-current="true"' in page.split('value="player:1"')[1].split(">")[0]


def test_bad_fields_are_marked_and_nothing_changes(client: FlaskClient) -> None:
    page = start(client)
    before = hidden(page)
    page = press(client, page, "add:3", status=422, brushes="lots", start="S9")
    assert "Enter a whole number." in page
    assert "Not a valid choice" in page
    assert 'value="lots"' in input_tag(page, "brushes")
    assert hidden(page) == before


def test_expansion_card_entered_by_what_is_printed(client: FlaskClient) -> None:
    page = start(client, yokai=True)
    assert page.count('class="pick back-') == 36  # only the two base families in play
    page = press(
        client, page, "add-custom", c_half="print", c_family="kites", c_season="autumn", c_kites_blue="1",
        c_kites_red="2", c_harmony="1", c_paint="mountain", c_brushes="1", c_yokai="y",
    )
    assert player_doc(page, 0)["print"] == [
        {"family": "kites", "season": "autumn", "harmony": 1, "kites": ["blue", "red", "red"], "yokai_arrival": True,
         "paint": {"landscape": "mountain", "brushes": 1}}
    ]
    page = press(client, page, "add-custom", c_half="studio", c_family="umbrellas", c_landscape="joker", c_icon="arrow",
                 c_harmony="-1")
    assert player_doc(page, 0)["studio"] == [{"family": "umbrellas", "landscape": "joker", "icon": "arrow",
                                              "harmony": -1}]
    # The placed card is drawn by what is printed on it.
    placed = page.split('id="print-0"')[1].split("</li>")[0]
    assert 'aria-label="red kite"' in placed and 'aria-label="a Yokai arrives"' in placed


def test_expansion_card_errors(client: FlaskClient) -> None:
    page = start(client, yokai=True)
    before = hidden(page)
    page = press(client, page, "add-custom", status=422, c_family="kites", c_season="spring", c_lanterns="7",
                 c_paint="water", c_brushes="")
    assert "From 0 to 3." in page
    assert "How many brushes does painting it need?" in page
    assert hidden(page) == before


def test_score_from_detailed_entry(client: FlaskClient) -> None:
    page = client.post("/import", follow_redirects=True,
                       data={"text": sample_text("base-4p.json")}).get_data(as_text=True)
    page = client.post("/edit", follow_redirects=True, data={"table": hidden(page)}).get_data(as_text=True)
    assert "Cards on the table" in page
    results = press(client, page, "score")
    assert load_table(hidden(results)) == load_table(sample_text("base-4p.json"))
    assert "Everything on this table is possible under the rules." in results


def test_diplomas_of_the_current_player(client: FlaskClient) -> None:
    page = client.post("/import", follow_redirects=True,
                       data={"text": sample_text("base-4p.json")}).get_data(as_text=True)
    page = client.post("/edit", follow_redirects=True,
                       data={"table": hidden(page), "player": "3"}).get_data(as_text=True)
    page = press(client, page, "diplomas")
    assert "Diploma checker: Fumiko" in page


def test_issues_show_beside_the_card(client: FlaskClient) -> None:
    page = start(client)
    page = press(client, page, "add:56")
    page = press(client, page, "player:1")
    page = press(client, page, "add:56")  # the same card twice on the table
    placed = page.split('id="print-0"')[1].split("</li>")[0]
    assert "Not possible:" in placed and "already on the table" in placed


def test_on_the_spot_checker_is_one_player(client: FlaskClient) -> None:
    page = client.get("/diplomas?families=trees&families=animals&families=kites&families=lanterns").get_data(
        as_text=True
    )
    doc = json.loads(hidden(page))
    assert doc["families"] == ["trees", "animals", "kites", "lanterns"]
    page = press(client, page, "add:56")
    page = press(client, page, "diplomas")
    assert "kites-7" in page and "lanterns-2x2" in page and "buildings-2" not in page
    back = client.post("/edit", follow_redirects=True,
                       data={"table": hidden(page), "player": "0"}).get_data(as_text=True)
    assert "Cards on the table" in back and "Not possible:" not in back  # one player is no game to judge
    odd = client.get("/diplomas?families=kites").get_data(as_text=True)
    assert json.loads(hidden(odd))["families"] == ["trees", "characters", "buildings", "animals"]


def test_mixed_table_shows_sheet_players_as_figures(client: FlaskClient) -> None:
    doc = json.loads(sample_text("base-2p.json"))
    doc["players"][1] = {"name": doc["players"][1]["name"], "sheet": {"print_cards": 8, "season_chain": 3, "harmony": 1,
                                                                     "diplomas": 7, "grand_master": False, "yokai": 0}}
    page = client.post("/import", follow_redirects=True, data={"text": json.dumps(doc)}).get_data(as_text=True)
    page = client.post("/edit", follow_redirects=True,
                       data={"table": hidden(page), "player": "1"}).get_data(as_text=True)
    assert "entered from the sheet" in page
    table = load_table(hidden(press(client, page, "player:0")))
    assert isinstance(table.players[0], DetailedPlayer)


def test_while_entering_only_mistakes_of_entry_show(client: FlaskClient) -> None:
    """An unpainted card is normal while the Studio is not entered yet; a card used twice is a mistake now."""
    page = start(client)
    page = press(client, page, "add:16")  # needs plain icons the Studio does not have yet
    assert "Not possible:" not in page.split('id="print-0"')[1].split("</li>")[0]
    page = press(client, page, "player:1")
    page = press(client, page, "add:16")
    assert "already on the table" in page.split('id="print-0"')[1].split("</li>")[0]
    # After the results, "Correct an entry" shows every issue, and keeps doing so on each round trip.
    results = press(client, page, "score")
    page = client.post("/edit", follow_redirects=True,
                       data={"table": hidden(results), "player": "0"}).get_data(as_text=True)
    unpainted = "autumn deer needs 2 brushes on plain; the Studio has 0 icons that serve plain"  # card 16
    assert unpainted in page
    page = press(client, page, "save", all_issues=hidden(page, "all_issues"))
    assert unpainted in page


def test_odd_digits_are_not_indexes(client: FlaskClient) -> None:
    page = start(client)
    odd = (("\u00b9", "save"), ("0", "player:\u00b2"), ("0", "add:\u0665"), ("0", "remove:print:\u00b9"))
    for current, action in odd:
        response = client.post("/detailed", follow_redirects=True,
                               data={"table": hidden(page), "current": current, "action": action,
                                                  "start": "S1", "target": "print"})
        assert response.status_code in (200, 422)
