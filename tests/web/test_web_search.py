"""The card picker's search by what is printed on the cards (issue 18, item 2), over the whole catalogue and in
both languages: every card's title as the picker shows it finds that card first, every Print card is found first
by its season, subject and landscape, numbers count things or name a catalogue card, connecting words are ignored,
one typo per word is forgiven, the half being entered ranks first; and the edit distance the typos use is right."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.naming import print_name, subject_text
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES
from marquoir.web import create_app
from marquoir.web.i18n import _
from marquoir.web.kanagawa.picker import catalogue_card_names
from marquoir.web.kanagawa.search import CardWords, card_words, rank, ranked_ids, within_one

HEADERS = {"en": {"Accept-Language": "en"}, "fr": {"Accept-Language": "fr"}}


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "search"})


def in_language(app: Flask, lang: str) -> Iterator[None]:
    with app.test_request_context("/", headers=HEADERS[lang]):
        app.preprocess_request()  # the request's language, as a page has it
        yield


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest, app: Flask) -> Iterator[str]:
    yield from (request.param for _none in in_language(app, request.param))


def all_cards() -> tuple[list[CardWords], dict[int, str]]:
    names = catalogue_card_names()
    cards = [card for card in catalogue().cards.values() if card.family in BASE_FAMILIES]
    return [card_words(card, names[card.id]) for card in cards], names


def top(cards: list[CardWords], query: str, half: str = "print") -> set[int]:
    """The cards found best (every card of the highest score)."""
    found = rank(cards, query, half)
    best = max(found.values(), default=None)
    return {card for card, score in found.items() if score == best}


def test_every_title_as_shown_finds_its_card_alone_first(lang: str) -> None:
    cards, names = all_cards()
    assert len(cards) == 72
    for half in ("print", "studio"):
        for card_id, title in names.items():
            assert top(cards, title, half) == {card_id}, (lang, half, title, ranked_ids(cards, title, half)[:3])


def test_every_print_card_is_found_first_by_season_subject_and_landscape(lang: str) -> None:
    cards, _names = all_cards()
    halves = {card.id: card.print for card in catalogue().cards.values()}

    def seen(card_id: int) -> tuple[str, str, str | None]:
        half = halves[card_id]
        return (half.season, subject_text(half), half.paint.landscape if half.paint else None)

    for card in cards:
        half = halves[card.id]
        words = [print_name(half)]  # season and subject as printed: "spring boar", "autumn card", "3 trees d’été"
        if half.paint:
            words.append(_(half.paint.landscape))
        best = top(cards, " ".join(words))
        assert card.id in best, (lang, words, ranked_ids(cards, " ".join(words))[:3])
        # Only cards that read the same by these three (they differ by brushes, Harmony or their Studio half).
        assert {seen(other) for other in best} == {seen(card.id)}, (lang, words, best)


def counting(trees: int, season: str | None = None) -> set[int]:
    """The cards whose Print half shows so many trees (in that season), as the catalogue has them."""
    return {c.id for c in catalogue().cards.values()
            if c.print.trees == trees and c.print.season == (season or c.print.season)}


@pytest.mark.parametrize(
    ("lang", "query", "cards", "first"),
    [
        ("en", "1 tree", counting(1), None),
        ("en", "autumn 1 tree", counting(1, "autumn"), None),
        ("en", "3 trees", counting(3), None),
        ("fr", "1 arbre", counting(1), None),
        ("fr", "1 arbre d’été", counting(1, "summer"), None),
        ("fr", "3 arbres d'automne", counting(3, "autumn"), 58),
        ("en", "2 trees", counting(2), None),
        ("en", "12", {12}, 12),
        ("en", "spring boar, on forest", {1, 2, 3}, 1),
        ("fr", "sanglier de printemps, sur eau", {2}, 2),
        ("fr", "sanglier de printemps", {1, 2, 3}, None),
        ("en", "bor", {1, 2, 3, 4}, None),
        ("fr", "sanglir", {1, 2, 3, 4}, None),
        ("en", "sprnig boar", {1, 2, 3}, None),
        ("en", "tiled roof", {40, 44}, None),
        ("en", "on", set(range(1, 73)), None),
        ("en", "dragon", set(), None),
    ],
)
def test_the_words_people_type(app: Flask, lang: str, query: str, cards: set[int], first: int | None) -> None:
    assert len(counting(1, "summer")) > 1 and len(counting(3, "autumn")) == 1  # the catalogue as the cases read it
    for _none in in_language(app, lang):
        every = all_cards()[0]
        assert set(rank(every, query)) == cards, (query, ranked_ids(every, query))
        if first is not None:
            assert top(every, query) == {first}, (query, ranked_ids(every, query)[:3])


def test_the_half_being_entered_ranks_first(app: Flask) -> None:
    for _none in in_language(app, "en"):
        cards, _names = all_cards()
        by_id = {c.id: c for c in catalogue().cards.values()}
        # A Studio landscape word: in the Studio, cards with that Studio landscape come before those painted there.
        studio_first = ranked_ids(cards, "mountain", "studio")
        print_first = ranked_ids(cards, "mountain", "print")
        assert set(studio_first) == set(print_first)
        on_studio = [i for i in studio_first if by_id[i].studio.landscape == "mountain"]
        painted = [i for i in print_first if by_id[i].print.paint and by_id[i].print.paint.landscape == "mountain"]
        assert on_studio and painted
        assert studio_first[: len(on_studio)] == on_studio
        assert set(print_first[: len(painted)]) == set(painted)


def osa(a: str, b: str) -> int:
    """The optimal string alignment distance, by the textbook table (the reference for :func:`within_one`)."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


@given(st.text("abc", max_size=6), st.text("abc", max_size=6))
def test_within_one_is_an_edit_distance_of_at_most_one(a: str, b: str) -> None:
    assert within_one(a, b) == (osa(a, b) <= 1)


def test_within_one_by_example() -> None:
    assert within_one("sanglir", "sanglier") and within_one("bor", "boa") and within_one("baor", "boar")
    assert not within_one("bro", "boar") and not within_one("ab", "ba c")


def test_no_document_word_is_shown(app: Flask) -> None:
    """``tiled-roof`` is the document's word for the building; a page says ``tiled roof`` (and French ``tuile``)."""
    client = app.test_client()
    app.config["WTF_CSRF_ENABLED"] = False
    for lang in ("en", "fr"):
        data = {"game": "base", "player_count": "2", "mode": "detailed", "names-0": "Aiko", "names-1": "Ben"}
        page = client.post("/new", data=data, headers=HEADERS[lang], follow_redirects=True).get_data(as_text=True)
        assert "tiled-roof" not in page
        assert ("autumn tiled roof" if lang == "en" else "tuile d’automne") in page
