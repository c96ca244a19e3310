"""The paper sheet's web form bounds each figure as the rules and the cards do (marquoir/games/kanagawa/bounds.py),
with the reason beside the figure, for the game's families and players; the two-digit boxes keep their own
message."""

from __future__ import annotations

from flask.testing import FlaskClient
from support.pages import hidden


def new_sheet(client: FlaskClient) -> str:
    data = {"player_count": "2", "names-0": "Aiko", "names-1": "Ben", "game": "base", "mode": "sheet",
            "storm_on_start_tile": "y", "joker_counts": "y"}
    response = client.post("/new", follow_redirects=True, data=data)
    assert response.status_code == 200, response.data[:500]
    return response.get_data(as_text=True)


def figures(page: str, **overrides: str) -> dict[str, str]:
    data = {
        "table": hidden(page),
        "players-0-print_cards": "10", "players-0-season_chain": "4", "players-0-harmony": "3",
        "players-1-print_cards": "9", "players-1-season_chain": "5", "players-1-harmony": "-1",
        "grand_master": "0",
    }
    data.update(overrides)
    return data


def test_the_sheet_refuses_what_the_rules_bound_and_says_why(client: FlaskClient) -> None:
    page = new_sheet(client)
    assert client.post("/sheet", follow_redirects=True, data=figures(page)).status_code == 200
    response = client.post("/sheet", follow_redirects=True, data=figures(page, **{"players-1-print_cards": "20",
                                                            "players-0-harmony": "40"}))
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert "At most 18 Print cards in a base game: the Starting tile, 10 painted cards before the last round" in text
    assert "At most 33 Harmony symbols in a base game" in text
    assert 'value="20"' in text and 'value="40"' in text  # everything typed is kept
    response = client.post("/sheet", follow_redirects=True, data=figures(page, **{"players-1-harmony": "-12"}))
    assert response.status_code == 422 and "At least -8 Harmony symbols in a base game" in response.get_data(
        as_text=True
    )
    # At the bounds, the sheet is scored.
    assert client.post("/sheet", follow_redirects=True, data=figures(page, **{"players-1-print_cards": "18",
                                                        "players-0-harmony": "33"})).status_code == 200


def test_the_two_digit_boxes_keep_their_message(client: FlaskClient) -> None:
    page = new_sheet(client)
    response = client.post("/sheet", follow_redirects=True, data=figures(page, **{"players-0-harmony": "500"}))
    text = response.get_data(as_text=True)
    assert response.status_code == 422 and "From -99 to 99." in text and "At most 33" not in text
