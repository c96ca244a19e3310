"""The Yokai tokens' travel as far as counts tell it (legality.py, YOKAI): a card with the arrival icon takes a token
from the reserve and nothing gives one back, so the tokens held at the end are as many as the arrival icons taken
(3 at most), and the Yokai Diploma means all 3 are out (Yokai rules, "Arrival of a New Yokai", "Movement of a
Yokai", "Explanation of the Diploma Tiles")."""

from __future__ import annotations

from typing import Any

from support.samples import sample_document

from marquoir import check, load_table
from marquoir.games.kanagawa.game import KANAGAWA

ARRIVAL = {"family": "kites", "season": "summer", "kites": ["green"], "yokai_arrival": True}


def yokai_issues(doc: dict[str, Any]) -> list[tuple[str | None, str]]:
    return [(i.field, i.message) for i in check(load_table(doc)) if i.code == "YOKAI"]


def test_the_sample_game_sends_out_as_many_tokens_as_its_three_arrival_icons() -> None:
    doc = sample_document("yokai-3p.json")
    assert [p["yokai"] for p in doc["players"]] == [1, 0, 2]
    assert yokai_issues(doc) == []


def test_arrival_icons_shown_and_tokens_missing() -> None:
    """Three arrival icons on the Prints and 2 tokens held: one went back to the reserve, which nothing does."""
    doc = sample_document("yokai-3p.json")
    doc["players"][2]["yokai"] = 1
    [(field, message)] = yokai_issues(doc)
    assert field == "players" and KANAGAWA.issue_category("YOKAI", None) == "yokai"
    assert "2 Yokai tokens held in all" in message and "3 cards with the Yokai arrival icon" in message, message
    assert "at least 3" in message


def test_more_arrival_icons_than_tokens_is_fine() -> None:
    doc = sample_document("yokai-3p.json")
    doc["players"][1]["print"].append(ARRIVAL)
    assert yokai_issues(doc) == []


def test_tokens_no_card_can_have_brought() -> None:
    """With every expansion card shown by its Print half, the arrival icons are all known: no more tokens than them."""
    doc = sample_document("yokai-3p.json")
    for player in doc["players"]:
        player["studio"] = [c for c in player["studio"] if not isinstance(c, dict)]
        player["print"] = [c for c in player["print"] if not (isinstance(c, dict) and c.get("yokai_arrival"))]
        player["diplomas"] = [d for d in player["diplomas"] if d.startswith(("trees", "animals"))]
    doc["players"][0]["print"].append(ARRIVAL)
    doc["players"][0]["yokai"], doc["players"][2]["yokai"] = 1, 0
    assert yokai_issues(doc) == []
    doc["players"][2]["yokai"] = 1
    [(_field, message)] = yokai_issues(doc)
    assert "only 1 card on the table can show the Yokai arrival icon" in message, message
    # A Studio half of an expansion card may hide an arrival icon on its other half: the totals hold then. In
    # another player's Studio it cannot have brought Jun a token (nobody gave one): the count per player refuses.
    doc["players"][1]["studio"].append({"family": "kites", "landscape": "water"})
    [(field, message)] = yokai_issues(doc)
    assert field == "players[2].yokai" and "Jun ends with 1 Yokai token, more than Jun can ever have gained" in message
    doc["players"][1]["studio"].pop()
    doc["players"][2]["studio"].append({"family": "kites", "landscape": "water"})
    assert yokai_issues(doc) == []


def test_a_player_gains_only_its_own_arrivals_and_the_others_gifts() -> None:
    """The count per player (legality.py, _yokai_gains): each token a player ends with, and each of the 3 the Yokai
    Diploma's holder had at once, came by a card it took with the arrival icon or by another player's gift."""
    doc = sample_document("yokai-3p.json")
    assert yokai_issues(doc) == []
    # Whoever holds tokens, moved to a player with no arrival icon and no gift from anyone: refused beside it.
    for player in doc["players"]:
        player["studio"] = [c for c in player["studio"] if not isinstance(c, dict)]
        player["diplomas"] = [d for d in player["diplomas"] if d.startswith(("trees", "animals"))]
    owners = [k for k, p in enumerate(doc["players"]) if not any(isinstance(c, dict) and c.get("yokai_arrival")
                                                                  for c in p["print"])]  # fmt: skip
    assert owners, "a player without arrival icons"
    seat = owners[0]
    donor = next(k for k, p in enumerate(doc["players"]) if p["yokai"] and k != seat)
    doc["players"][donor]["yokai"] -= 1
    doc["players"][seat]["yokai"] += 1
    [(field, message)] = yokai_issues(doc)
    assert field == f"players[{seat}].yokai" and "more than" in message and "can ever have gained" in message
    # A movement icon in another player's Studio could have given it one.
    doc["players"][donor]["studio"].append({"family": "kites", "landscape": "water", "yokai_move": True})
    assert yokai_issues(doc) == []


def test_the_yokai_diploma_means_all_three_tokens_are_out() -> None:
    doc = sample_document("yokai-3p.json")
    doc["players"][1]["diplomas"].append("yokai-3")
    assert yokai_issues(doc) == []  # 1 + 0 + 2 = 3
    doc["players"][1]["print"].append(ARRIVAL)
    doc["players"][2]["yokai"] = 1
    [(_field, message)] = yokai_issues(doc)
    assert "2 Yokai tokens held in all" in message and "needs all 3 out of the reserve at once" in message
