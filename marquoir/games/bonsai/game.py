"""Bonsai (Cranio Creations, 2023; French edition Gigamic) as a :class:`marquoir.core.game.Game`.

Everything of the game lives in this package: its data (``data/``: the goal tiles, the deck by player count, their
provenance and the rule decisions), the pot's geometry, its table and document, the trees worked out once per
score, the goals, scoring (ties broken by turn order, solo levels) and the legality pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from marquoir.core.issues import Issue
from marquoir.core.report import ScoreReport
from marquoir.games.bonsai.catalogue import catalogue
from marquoir.games.bonsai.document import parse_table, table_to_document
from marquoir.games.bonsai.legality import CODES, iter_issues
from marquoir.games.bonsai.scoring import CATEGORY_NAMES, score
from marquoir.games.bonsai.table import Table
from marquoir.games.bonsai.vocabulary import (
    CATEGORIES,
    GAME,
    GOAL_COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PARCHMENT_NAMES,
    TILE_KINDS,
)
from marquoir.i18n import N_

#: Which sheet category a part of a detailed player feeds (for showing an issue beside its row); a tile's row
#: depends on its kind, which a path does not say, except for two fruits side by side.
_DETAILED_CATEGORY = {
    "cards.growth": "parchments",
    "cards.master": "parchments",
    "cards.helper": "parchments",
    "cards.parchments": "parchments",
    "goals": "goals",
}
_TILE_CATEGORY = {"FRUIT_TOUCHES_FRUIT": "fruits"}
#: The sheet category of an issue of the whole table, by its code.
_TABLE_CATEGORY = {"GOAL_UNKNOWN": "goals", "GOAL_DUPLICATE": "goals"}


class Bonsai:
    """The Bonsai game seam: its document, scoring (no shared place: the later seat wins a tie), legality and sheet
    categories."""

    name: str = GAME
    title: str = N_("Bonsai")
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    categories: tuple[str, ...] = CATEGORIES
    category_labels: Mapping[str, str] = CATEGORY_NAMES
    codes: tuple[str, ...] = CODES

    def parse(self, document: Mapping[str, Any]) -> Table:
        return parse_table(document)

    def to_document(self, table: Table) -> dict[str, Any]:
        return table_to_document(table)

    def score(self, table: Table) -> ScoreReport:
        return score(table)

    def iter_issues(self, table: Table) -> Iterator[Issue]:
        return iter_issues(table)

    def deep_check(self, table: Table) -> tuple[list[Issue], dict[str, Any]] | None:
        """Bonsai has no deeper check: whether turns of Meditate and Cultivate could build the table is not asked
        (see :mod:`~marquoir.games.bonsai.legality`)."""
        return None

    def display_words(self) -> Iterable[str]:
        """The vocabulary shown translated (tile kinds, goal colours, Parchments) and the goal tiles' names."""
        yield from (*TILE_KINDS, *GOAL_COLOURS, *PARCHMENT_NAMES.values())
        yield from (goal.name for goal in catalogue().goals.values())

    def issue_category(self, code: str, field: str | None) -> str | None:
        """The sheet row an issue is shown beside (``field`` is its path inside the player, ``None`` for the
        table): the sheet's figure of the same name, the goals, the Parchments that the cards feed."""
        if field is None:
            return _TABLE_CATEGORY.get(code)
        head = field.split("[")[0]
        if head.startswith("sheet."):
            head = head[len("sheet.") :]
            return head if head in CATEGORIES else None
        if head == "tiles":
            return _TILE_CATEGORY.get(code)
        return _DETAILED_CATEGORY.get(head)

    def categories_of(self, table: Table) -> tuple[str, ...]:
        """The sheet's rows: all five (a game without goal tiles still has the row, at 0)."""
        return CATEGORIES


BONSAI = Bonsai()
