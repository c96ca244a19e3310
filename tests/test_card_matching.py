"""Card objects that several catalogue cards could be, counted jointly (card_checks.py, CARD_DUPLICATE): each must be
a card of its own that nothing else on the table is, a matching of objects to cards."""

from __future__ import annotations

from marquoir import check
from marquoir.games.kanagawa.catalogue import Paint, PrintHalf, StudioHalf
from marquoir.games.kanagawa.table import DetailedPlayer, Table

#: Three animal cards show a bare forest Studio half: 1, 2 and 3 (data/cards.csv).
FOREST_ANIMAL = StudioHalf(family="animals", landscape="forest")


def duplicates(table: Table) -> list[tuple[str | None, str]]:
    return [(i.field, i.message) for i in check(table) if i.code == "CARD_DUPLICATE"]


def table_of(ann_studio: tuple[int | StudioHalf, ...], ben_studio: tuple[int | StudioHalf, ...] = ()) -> Table:
    ann = DetailedPlayer(name="Ann", start="S1", studio=ann_studio, grand_master=True)
    ben = DetailedPlayer(name="Ben", start="S2", studio=ben_studio)
    return Table(players=(ann, ben))


def test_three_objects_alike_are_the_three_cards_a_fourth_is_one_too_many() -> None:
    assert duplicates(table_of((FOREST_ANIMAL, FOREST_ANIMAL), (FOREST_ANIMAL,))) == []
    [(field, message)] = duplicates(table_of((FOREST_ANIMAL, FOREST_ANIMAL), (FOREST_ANIMAL, FOREST_ANIMAL)))
    assert field == "players[1].studio[1]"
    assert "the 3 cards that show it are all on the table already" in message, message


def test_the_cards_named_outright_count_first() -> None:
    """Card 2 laid by its number leaves two cards for the objects alike: a third object is one too many."""
    assert duplicates(table_of((2, FOREST_ANIMAL), (FOREST_ANIMAL,))) == []
    [(field, _message)] = duplicates(table_of((2, FOREST_ANIMAL), (FOREST_ANIMAL, FOREST_ANIMAL)))
    assert field == "players[1].studio[1]"
    [(field, _message)] = duplicates(table_of((1, 2, 3), (FOREST_ANIMAL,)))
    assert field == "players[1].studio[0]"


def test_objects_of_overlapping_cards_are_matched_not_counted_by_kind() -> None:
    """A spring boar with no Harmony symbol is card 1 or card 3; one that needs a brush on forest is card 1 only.
    The first object takes card 3 so that the second can be card 1 (an augmenting path); a third spring boar has
    no card left."""
    boar = PrintHalf(family="animals", season="spring", animal="boar")
    forest_boar = PrintHalf(family="animals", season="spring", animal="boar", paint=Paint("forest", 1))
    ann = DetailedPlayer(name="Ann", start="S1", print=(boar,), grand_master=True)
    ben = DetailedPlayer(name="Ben", start="S2", print=(forest_boar,))
    assert duplicates(Table(players=(ann, ben))) == []
    cal = DetailedPlayer(name="Cal", start="S3", print=(boar,))
    [(field, message)] = duplicates(Table(players=(ann, ben, cal)))
    assert field == "players[2].print[0]" and "the 2 cards that show it" in message, message
