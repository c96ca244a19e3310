"""Deck invariants of the base catalogue, as listed in marquoir/games/kanagawa/data/SOURCES.md ("Deck invariants")."""

from collections import Counter

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES, LANDSCAPES, SEASONS

CAT = catalogue()


def test_seventy_two_cards_eighteen_per_family_with_stable_id_ranges() -> None:
    assert sorted(CAT.cards) == list(range(1, 73))
    ranges = {"animals": range(1, 19), "characters": range(19, 37), "buildings": range(37, 55), "trees": range(55, 73)}
    for family, ids in ranges.items():
        assert [c.id for c in CAT.cards.values() if c.family == family] == list(ids)


def test_each_family_has_four_cards_of_each_season_and_two_storm_cards() -> None:
    for family in BASE_FAMILIES:
        seasons = Counter(c.print.season for c in CAT.cards.values() if c.family == family)
        assert seasons == {**dict.fromkeys(SEASONS, 4), "storm": 2}, family


def test_one_brush_arrow_keep_and_joker_card_per_family() -> None:
    for family in BASE_FAMILIES:
        cards = [c for c in CAT.cards.values() if c.family == family]
        icons = Counter(c.studio.icon for c in cards)
        assert (icons["brush"], icons["arrow"], icons["keep"]) == (1, 1, 1), family
        assert sum(1 for c in cards if c.studio.landscape == "joker") == 1, family


def test_twenty_seven_trees_in_all() -> None:
    assert sum(c.print.trees for c in CAT.cards.values()) == 27


def test_each_landscape_required_fourteen_times_with_one_brush_and_four_with_two() -> None:
    needs = Counter((c.print.paint.landscape, c.print.paint.brushes) for c in CAT.cards.values() if c.print.paint)
    for landscape in LANDSCAPES:
        assert needs[(landscape, 1)] == 14, landscape
        assert needs[(landscape, 2)] == 4, landscape


def test_card_backs_match_families() -> None:
    backs = {"trees": "green", "characters": "red", "buildings": "yellow", "animals": "blue"}
    assert all(c.back == backs[c.family] for c in CAT.cards.values())


def test_subjects_belong_to_their_family() -> None:
    for card in CAT.cards.values():
        half = card.print
        shown = {
            "trees": bool(half.trees),
            "buildings": half.building is not None,
            "characters": half.character is not None,
            "animals": half.animal is not None,
        }
        assert [f for f, on in shown.items() if on] in ([], [card.family]), card.id


def test_starting_tiles_one_landscape_one_arrow_two_brushes_distinct_seasons() -> None:
    tiles = CAT.start_tiles
    assert sorted(tiles) == ["S1", "S2", "S3", "S4"]
    assert {t.arrows for t in tiles.values()} == {1}
    assert {t.brushes for t in tiles.values()} == {2}
    assert sorted(t.season for t in tiles.values()) == sorted(SEASONS)
    assert sorted(t.landscape for t in tiles.values()) == sorted(LANDSCAPES)


def test_nineteen_base_and_eleven_yokai_diplomas_with_three_storm_bonuses_in_the_base_game() -> None:
    base = [d for d in CAT.diplomas.values() if not d.is_expansion]
    yokai = [d for d in CAT.diplomas.values() if d.is_expansion]
    assert (len(base), len(yokai)) == (19, 11)
    # Storm tokens come only from Diplomas: trees-4, buildings-3, characters-3-different, kites-7 (decision 7).
    assert sorted(d.id for d in CAT.diplomas.values() if d.bonus == "storm") == [
        "buildings-3",
        "characters-3-different",
        "kites-7",
        "trees-4",
    ]


def test_diplomas_in_play_for_a_yokai_game() -> None:
    ids = {d.id for d in CAT.diplomas_in_play(("trees", "animals", "kites", "umbrellas"))}
    assert "yokai-3" in ids and "kites-7" in ids and "umbrellas-4" in ids and "brushes-3" in ids
    assert not any(i.startswith(("lanterns", "buildings", "characters")) for i in ids)
    base_ids = {d.id for d in CAT.diplomas_in_play(BASE_FAMILIES)}
    assert len(base_ids) == 19 and "yokai-3" not in base_ids


def test_catalogue_is_loaded_once() -> None:
    assert catalogue() is CAT
