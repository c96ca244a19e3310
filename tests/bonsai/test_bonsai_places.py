"""Places said from the trunk, as players say them (issue 18, item 5): rows up or down, cells left or right, even rows
half a cell to the right (data/SOURCES.md, "The pot and the grid", facts 1 and 2), in English and French, and
never the document's ``[x, y]``."""

from __future__ import annotations

import re

import pytest

from marquoir.games.bonsai.geometry import FLIPPED_TRUNK, TRUNK, neighbours
from marquoir.games.bonsai.words import place_text
from marquoir.i18n import language


@pytest.mark.parametrize(
    ("cell", "trunk", "text"),
    [
        ((0, 0), TRUNK, "the trunk"),
        ((0, 1), TRUNK, "half a cell left of the trunk, 1 row up"),
        ((1, 1), TRUNK, "half a cell right of the trunk, 1 row up"),
        ((0, 2), TRUNK, "2 rows above the trunk"),
        ((-1, 2), TRUNK, "1 cell left of the trunk, 2 rows up"),
        ((-1, 3), TRUNK, "1½ cells left of the trunk, 3 rows up"),
        ((3, 0), TRUNK, "3 cells right of the trunk, on the trunk’s row"),
        ((-2, -2), TRUNK, "2 cells left of the trunk, 2 rows down"),
        ((1, 0), FLIPPED_TRUNK, "the trunk"),
        ((0, 2), FLIPPED_TRUNK, "1 cell left of the trunk, 2 rows up"),
    ],
)
def test_places_from_the_trunk(cell: tuple[int, int], trunk: tuple[int, int], text: str) -> None:
    with language("en"):
        assert place_text(cell, trunk) == text


def test_places_in_french() -> None:
    with language("fr"):
        assert place_text((-1, 2), TRUNK) == "1 case à gauche du tronc, 2 rangées plus haut"
        assert place_text((-1, 3), TRUNK) == "1 case ½ à gauche du tronc, 3 rangées plus haut"
        assert place_text((0, 4), TRUNK) == "4 rangées au-dessus du tronc"
        assert place_text((0, 0), TRUNK) == "le tronc"


def test_every_cell_near_the_trunk_has_its_own_words_and_no_coordinates() -> None:
    cells = {(x, y) for x in range(-6, 8) for y in range(-3, 9)}
    with language("en"):
        texts = {cell: place_text(cell, TRUNK) for cell in cells}
    assert len(set(texts.values())) == len(cells)  # two cells are never said alike
    assert not [t for t in texts.values() if re.search(r"\[|-?\d+, -?\d+", t)]
    # The six neighbours of the trunk: one row up or down or on its row, at most one cell across.
    with language("en"):
        around = [place_text(n, TRUNK) for n in neighbours(TRUNK)]
    assert around == ["half a cell right of the trunk, 1 row up", "1 cell right of the trunk, on the trunk’s row",
                      "half a cell right of the trunk, 1 row down", "half a cell left of the trunk, 1 row down",
                      "1 cell left of the trunk, on the trunk’s row", "half a cell left of the trunk, 1 row up"]
