"""Kanagawa (Bruno Cathala & Charles Chevallier, IELLO) and its Yokai expansion, as a :class:`marquoir.core.game.Game`.

Everything of the game lives in this package: its data (``data/``: cards, Starting tiles, Diplomas, the School
board, their provenance and the rule decisions), its table and document, its tableau counts, scoring, Diplomas
and legality pass, the rules engine (``engine/``) and the reachability checker (``reach``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from marquoir.core.issues import Issue
from marquoir.core.report import ScoreReport
from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.document import parse_table, table_to_document
from marquoir.games.kanagawa.legality import CODES, iter_issues
from marquoir.games.kanagawa.reach import deep_check
from marquoir.games.kanagawa.scoring import CATEGORY_NAMES, score
from marquoir.games.kanagawa.table import Table
from marquoir.games.kanagawa.vocabulary import (
    ANIMALS,
    BUILDINGS,
    CARD_FAMILIES,
    CATEGORIES,
    CHARACTERS,
    GAME,
    KITE_COLOURS,
    SEASONS,
    STUDIO_DIPLOMA_FAMILIES,
    STUDIO_LANDSCAPES,
)
from marquoir.i18n import N_

#: Which sheet category a part of a detailed player feeds (for showing an issue beside its row).
_DETAILED_CATEGORY = {
    "start": "print_cards",
    "print": "print_cards",
    "storms": "season_chain",
    "studio": "harmony",
    "kept": "harmony",
    "diplomas": "diplomas",
    "brushes": "diplomas",
    "grand_master": "grand_master",
    "yokai": "yokai",
}
#: The sheet category of an issue of the whole table, by its code.
_TABLE_CATEGORY = {"GRAND_MASTER": "grand_master", "YOKAI": "yokai", "STORMS": "season_chain"}


class Kanagawa:
    """The Kanagawa game seam: its document, scoring (ties share the victory), legality and sheet categories."""

    name: str = GAME
    title: str = N_("Kanagawa")
    min_players: int = 2
    max_players: int = 4
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

    def deep_check(self, table: Table) -> tuple[list[Issue], dict[str, Any]]:
        """Could the table have been built, round after round, under the rules? (:mod:`.reach`)"""
        return deep_check(table)

    def display_words(self) -> Iterable[str]:
        """The vocabulary shown translated (families, seasons, landscapes, subjects, kite colours) and the Diploma
        requirements of the catalogue."""
        yield from (*CARD_FAMILIES, *STUDIO_DIPLOMA_FAMILIES, *SEASONS, *STUDIO_LANDSCAPES)
        yield from (*BUILDINGS, *CHARACTERS, *ANIMALS, *KITE_COLOURS)
        yield from (d.requirement for d in catalogue().diplomas.values())

    def issue_category(self, code: str, field: str | None) -> str | None:
        if field is None:
            return _TABLE_CATEGORY.get(code)
        if field.startswith("sheet."):
            head = field[len("sheet.") :].split("[")[0].split(".")[0]
            return head if head in CATEGORIES else None
        return _DETAILED_CATEGORY.get(field.split("[")[0].split(".")[0]) if field else None

    def categories_of(self, table: Table) -> tuple[str, ...]:
        """The sheet's rows: the Yokai row only in a game with the expansion."""
        return CATEGORIES if table.is_yokai else tuple(c for c in CATEGORIES if c != "yokai")


KANAGAWA = Kanagawa()
