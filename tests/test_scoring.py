"""Hand-scored tables: every Harmony source of Kanagawa French rules section 3 and Yokai rules "End of the Game",
with the reasoning written beside each figure."""

from __future__ import annotations

import pytest
from support.samples import sample_document, two_players

from marquoir import load_table, score
from marquoir.games.kanagawa.scoring import competition_ranks, longest_chain, yokai_penalty
from marquoir.games.kanagawa.table import StormPlacement


def breakdown(doc: dict, index: int = 0) -> dict[str, int]:  # type: ignore[type-arg]
    return score(load_table(doc)).players[index].breakdown


def test_base_two_player_seed_by_hand() -> None:
    report = score(load_table(sample_document("base-2p.json")))
    aiko, ben = report.players
    # Aiko: Starting tile + 9 cards = 10 Print points.
    # Chain: S1 (summer), 56, 20, 37, 17 are summer, then 14 is winter: 5. No Storm token (no storm Diploma).
    # Harmony: 56, 37, 61, 43 and 2 show one symbol each: 5. Studio cards 7, 13, 4, 31 show none.
    # Diplomas: crane+butterfly 4, 2 different characters 3, 2 identical landscapes 2, 4 brushes 3, 2 arrows 1 = 13.
    # Grand Master 2. Total 10 + 5 + 5 + 13 + 2 = 35.
    assert aiko.breakdown == {
        "print_cards": 10,
        "season_chain": 5,
        "harmony": 5,
        "diplomas": 13,
        "grand_master": 2,
        "yokai": 0,
    }
    assert aiko.total == 35
    # Ben: 12 Print points. Chain: cards 1, 8, 46, 66, 48, 30 are spring (positions 4-9), 67 is autumn, 71 is a
    # storm card (wild). trees-4 gives one Storm token: on 67 (as spring) the run 4..11 is 8 long.
    # Harmony: 46 +1, 71 +1, studio 35 +2 = 4. Diplomas: trees-4 4 + boar&deer 3 + 2 buildings 3 + 3 landscapes 3.
    assert ben.breakdown["season_chain"] == 8
    assert ben.storms == (StormPlacement(10, "spring"),)
    assert ben.breakdown["harmony"] == 4 and ben.breakdown["diplomas"] == 13
    assert ben.total == 12 + 8 + 4 + 13 == 37
    assert report.winners == ("Ben",)
    assert [p.rank for p in report.players] == [2, 1]
    assert report.legal


def test_yokai_seed_by_hand() -> None:
    report = score(load_table(sample_document("yokai-3p.json")))
    hana, ichiro, jun = report.players
    # Hana: 13 Print points; chain S2 autumn, 59 autumn, two autumn kites, 6 storm = 5; Harmony 59, kite, 6, 15 (+4)
    # and the joker umbrella studio card (−1) = 3; Diplomas 5 + 5 + 7 + 4 + 1 = 22; 1 Yokai: −1. Total 42.
    assert hana.breakdown == {
        "print_cards": 13,
        "season_chain": 5,
        "harmony": 3,
        "diplomas": 22,
        "grand_master": 0,
        "yokai": -1,
    }
    assert hana.total == 42
    # Jun holds 2 Yokai: −4.
    assert jun.breakdown["yokai"] == -4
    # Ichiro's trees-4 Storm token goes on card 16 (autumn) to join S4 and the spring cards: 6.
    assert ichiro.breakdown["season_chain"] == 6
    assert ichiro.storms == (StormPlacement(5, "spring"),)
    assert report.winners == ("Hana",)


def test_sheet_player_is_scored_from_its_figures() -> None:
    doc = two_players()
    doc["players"][1] = {
        "name": "Ben",
        "sheet": {
            "print_cards": 9,
            "season_chain": 5,
            "harmony": -1,
            "diplomas": ["buildings-3", "arrows-3"],
            "grand_master": False,
            "yokai": 0,
        },
    }
    # buildings-3 is 4 points, arrows-3 3 points.
    assert breakdown(doc, 1) == {
        "print_cards": 9,
        "season_chain": 5,
        "harmony": -1,
        "diplomas": 7,
        "grand_master": 0,
        "yokai": 0,
    }
    doc["players"][1]["sheet"]["diplomas"] = 11
    assert breakdown(doc, 1)["diplomas"] == 11


def test_kept_cards_score_nothing() -> None:
    with_kept = two_players(studio=[35], kept=[53])
    without = two_players(studio=[35])
    assert score(load_table(with_kept)).players[0].total == score(load_table(without)).players[0].total


def test_crossed_harmony_symbols_count_negative() -> None:
    # Card 9's studio half shows two crossed symbols (−2); card 56's print half one symbol (+1).
    assert breakdown(two_players(studio=[9], print=[56]))["harmony"] == -1


def test_unknown_diploma_counts_nothing() -> None:
    assert breakdown(two_players(diplomas=["trees-9"]))["diplomas"] == 0
    # lanterns Diplomas are not in play in a base game.
    assert breakdown(two_players(diplomas=["lanterns-2x2"]))["diplomas"] == 0


def test_ties_share_places_and_victory() -> None:
    assert competition_ranks([30, 30, 25, 31]) == [2, 2, 4, 1]
    assert competition_ranks([20, 20, 18]) == [1, 1, 3]
    doc = two_players(grand_master=False)
    doc["players"][1]["grand_master"] = True
    doc["players"][0]["studio"] = []
    # Both players: Starting tile only (1 + 1 chain); Ben has the Grand Master; give Aiko 2 points of Harmony (the
    # trees card with the keep icon, entered by what its Studio half shows).
    doc["players"][0]["studio"] = [{"family": "trees", "icon": "keep", "harmony": 2}]
    report = score(load_table(doc))
    assert [p.total for p in report.players] == [4, 4]
    assert report.winners == ("Aiko", "Ben")
    assert [p.rank for p in report.players] == [1, 1]


@pytest.mark.parametrize(("tokens", "penalty"), [(0, 0), (1, -1), (2, -4), (3, -9)])
def test_yokai_penalties(tokens: int, penalty: int) -> None:
    assert yokai_penalty(tokens) == penalty


# --- the season chain -------------------------------------------------------------------------------------------


def test_chain_counts_the_starting_tile_and_storm_cards_are_wild() -> None:
    chain = longest_chain(["summer", "summer", "storm", "summer", "winter"], tokens=0)
    assert (chain.length, chain.season, chain.first, chain.last) == (4, "summer", 0, 3)


def test_tokens_go_where_they_make_the_longest_chain() -> None:
    seasons = ["spring", "winter", "spring", "spring", "autumn", "autumn", "autumn", "autumn"]
    assert longest_chain(seasons, 0).length == 4
    one = longest_chain(seasons, 1)
    # One token on position 1 joins spring 0..3 (4), one on 3 joins the autumn run 3..7 (5): autumn wins.
    assert one.length == 5 and one.season == "autumn" and one.chosen == (StormPlacement(3, "autumn"),)
    two = longest_chain(seasons, 2)
    assert two.length == 6  # tokens on 2 and 3 (as autumn) or 1 and 4 (as spring)


def test_player_placements_stand_and_change_the_season() -> None:
    seasons = ["summer", "summer", "winter", "summer"]
    # The player put the token on position 3 as winter: it no longer matches summer.
    chain = longest_chain(seasons, 0, [StormPlacement(3, "winter")])
    assert chain.length == 2
    assert longest_chain(seasons, 1).length == 4


def test_option_can_forbid_a_token_on_the_starting_tile() -> None:
    seasons = ["winter", "spring", "spring"]
    assert longest_chain(seasons, 1, start_may_take_storm=True).length == 3
    assert longest_chain(seasons, 1, start_may_take_storm=False).length == 2


def test_player_storms_with_leftover_tokens_are_reported() -> None:
    doc = sample_document("base-4p.json")
    report = score(load_table(doc))
    chiyo = report.players[0]
    # Chiyo placed both tokens herself on 62 and 25 (positions 9 and 10) as summer: storm card 6 to 25 = 7.
    assert chiyo.breakdown["season_chain"] == 7
    assert chiyo.storms == (StormPlacement(9, "summer"), StormPlacement(10, "summer"))
    assert "placed by the calculator" not in chiyo.explanations["season_chain"]


def test_explanations_name_the_cards() -> None:
    report = score(load_table(sample_document("base-2p.json")))
    ben = report.players[1]
    # By what they show, the chain's season said once; never by a catalogue number or a Diploma's id.
    assert ben.explanations["season_chain"].startswith(
        "8 spring cards in a row: boar, deer, temple, 1 tree, temple, lady, 2 trees, storm card"
    )
    assert "Storm token: 2 trees as spring (placed by the calculator)" in ben.explanations["season_chain"]
    assert ben.explanations["diplomas"] == (
        "Trees Diploma (4 trees), 4 points; Animals Diploma (boar and deer), 3 points; "
        "Buildings Diploma (2 different buildings), 3 points; Landscapes Diploma (3 identical landscapes), 3 points"
    )


def test_json_report_has_the_contract_keys() -> None:
    data = score(load_table(sample_document("base-2p.json"))).to_json()
    assert set(data) == {"game", "players", "winners", "legal", "issues"}
    player = data["players"][1]
    assert {"name", "total", "rank", "breakdown", "storms"} <= set(player)
    assert player["storms"] == [{"at": 10, "season": "spring"}]
    assert data["winners"] == ["Ben"] and data["legal"] is True and data["issues"] == []
