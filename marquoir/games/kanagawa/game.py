"""Kanagawa (Bruno Cathala & Charles Chevallier, IELLO) and its Yokai expansion, as a :class:`marquoir.core.game.Game`.

Everything of the game lives in this package: its data (``data/``: cards, Starting tiles, Diplomas, the School
board, their provenance and the rule decisions), its table and document, its tableau counts, scoring, Diplomas
and legality pass, the rules engine (``engine/``), the reachability checker (``reach``) and its printed sheet
(``sheet``). This module stays light: each part is imported where it is first asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from marquoir.core.game import Expansion, Game, RuleOption
from marquoir.games.kanagawa.codes import CODES
from marquoir.games.kanagawa.decisions import DECISIONS
from marquoir.games.kanagawa.rules import Rules
from marquoir.games.kanagawa.vocabulary import (
    ANIMALS,
    BASE_FAMILIES,
    BUILDINGS,
    CARD_FAMILIES,
    CATEGORIES,
    CATEGORY_LABELS,
    CHARACTERS,
    EXPANSION_FAMILIES,
    GAME,
    KITE_COLOURS,
    SEASONS,
    STUDIO_DIPLOMA_FAMILIES,
    STUDIO_LANDSCAPES,
)
from marquoir.i18n import N_

if TYPE_CHECKING:
    from marquoir.core.issues import Issue
    from marquoir.core.report import ScoreReport
    from marquoir.core.sheet import SheetLayout
    from marquoir.games.kanagawa.table import Table

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
_DEFAULTS = Rules()


#: The Yokai expansion as BG Stats lists it: its own game, named after the base game as BoardGameGeek names
#: expansions; published May 2019 by IELLO (brunocathala.com, "Yokai (une extension pour Kanagawa)"); no
#: BoardGameGeek id from a source the project trusts (0: matched by name, never as the unrelated game "Yōkai").
YOKAI = Expansion("Kanagawa: Yokai", 0, 2019)


class Kanagawa(Game):
    """The Kanagawa game seam: its document, scoring (ties share the victory), legality and sheet categories."""

    name = GAME
    title = N_("Kanagawa")
    min_players = 2
    max_players = 4
    categories = CATEGORIES
    category_labels: Mapping[str, str] = CATEGORY_LABELS
    codes = CODES
    #: A game with a Yokai family is a game of the expansion (Yokai rules, "Setup").
    editions: Mapping[str, str] = {"base": N_("Base game"), "yokai": N_("With the Yokai expansion")}
    options = (
        RuleOption("storm_on_start_tile", N_("A Storm token may go on the Starting tile"),
                   _DEFAULTS.storm_on_start_tile, "16"),
        RuleOption("joker_counts_for_identical_landscapes",
                   N_("Joker landscapes count for the identical-landscapes Diplomas"),
                   _DEFAULTS.joker_counts_for_identical_landscapes, "10"),
        RuleOption("grand_master_passes_at_end", N_("The Assistant’s holder takes the Grand Master at the end"),
                   _DEFAULTS.grand_master_passes_at_end, "14"),
    )
    decisions = DECISIONS
    decisions_lead = N_(
        "Where the rules (the English and French Kanagawa rules, the Yokai rules) speak, Marquoir follows them; where "
        "they are silent, these decisions stand."
    )
    sheet_options: Mapping[str, str] = {"yokai": N_("Kanagawa with the Yokai expansion (its rows and Diplomas)")}
    command_modules = ("marquoir.games.kanagawa.commands",)
    simulate_module = "marquoir.games.kanagawa.commands"
    web_module = "marquoir.web.kanagawa.plug"
    export_columns = ("edition", "families", "diploma_tiles")
    has_deep_check = True
    credit = N_("Kanagawa is a game by Bruno Cathala and Charles Chevallier, published by IELLO.")
    #: BoardGameGeek's entry of Kanagawa (boardgamegeek.com/boardgame/200147, as public game lists link it),
    #: published 2016 (brunocathala.com, "Yokai (une extension pour Kanagawa)": « Fin 2016, sortait Kanagawa »).
    bgg_id = 200147
    bgg_year = 2016

    def parse(self, document: Mapping[str, Any]) -> Table:
        from marquoir.games.kanagawa.document import parse_table

        return parse_table(document)

    def to_document(self, table: Table) -> dict[str, Any]:
        from marquoir.games.kanagawa.document import table_to_document

        return table_to_document(table)

    def score(self, table: Table) -> ScoreReport:
        from marquoir.games.kanagawa.scoring import score

        return score(table)

    def iter_issues(self, table: Table) -> Iterator[Issue]:
        from marquoir.games.kanagawa.legality import iter_issues

        return iter_issues(table)

    def deep_check(self, table: Table) -> tuple[list[Issue], dict[str, Any]]:
        """Could the table have been built, round after round, under the rules? (:mod:`.reach`)"""
        from marquoir.games.kanagawa.reach import deep_check

        return deep_check(table)

    def explain_deep(self, table: Table, time_bound: float) -> Any:
        """The reachability report the page words (:func:`~.reach.explain_reachability`)."""
        from marquoir.games.kanagawa.reach import explain_reachability

        return explain_reachability(table, time_bound=time_bound)

    def display_words(self) -> Iterable[str]:
        """The vocabulary shown translated (families, seasons, landscapes, subjects, kite colours) and the Diploma
        requirements of the catalogue."""
        from marquoir.games.kanagawa.catalogue import catalogue

        yield from (*CARD_FAMILIES, *STUDIO_DIPLOMA_FAMILIES, *SEASONS, *STUDIO_LANDSCAPES)
        yield from (*BUILDINGS, *CHARACTERS, *ANIMALS, *KITE_COLOURS)
        yield from (d.requirement for d in catalogue().diplomas.values())

    def sheet_words(self) -> Iterable[str]:
        """The Diploma requirements the sheet's reminder prints."""
        from marquoir.games.kanagawa.catalogue import catalogue

        return [d.requirement for d in catalogue().diplomas.values()]

    def issue_category(self, code: str, field: str | None) -> str | None:
        if field is None:
            return _TABLE_CATEGORY.get(code)
        if field.startswith("sheet."):
            return super().issue_category(code, field)
        return _DETAILED_CATEGORY.get(field.split("[")[0].split(".")[0]) if field else None

    def categories_of(self, table: Table) -> tuple[str, ...]:
        """The sheet's rows: the Yokai row only in a game with the expansion."""
        return CATEGORIES if table.is_yokai else tuple(c for c in CATEGORIES if c != "yokai")

    def edition_of(self, table: Table) -> str:
        return "yokai" if table.is_yokai else "base"

    def export_values(self, document: Mapping[str, Any], seat: Mapping[str, Any]) -> dict[str, str]:
        families = document.get("families") or list(BASE_FAMILIES)
        yokai = any(f in EXPANSION_FAMILIES for f in families)
        return {"edition": "yokai" if yokai else "base", "families": _words(families),
                "diploma_tiles": _held(seat, "diplomas")}

    def expansions(self, document: Mapping[str, Any]) -> tuple[Expansion, ...]:
        """The Yokai expansion, when a family of it is in play (rules « Yokai », setup: two base families and two
        of the expansion's)."""
        families = document.get("families") or ()
        return (YOKAI,) if any(f in EXPANSION_FAMILIES for f in families) else ()

    def sheet_layout(self) -> SheetLayout:
        from marquoir.games.kanagawa.sheet import KANAGAWA_SHEET

        return KANAGAWA_SHEET

    def rules_of(self, table: Table) -> dict[str, bool]:
        return {option.name: bool(getattr(table.rules, option.name)) for option in self.options}


def _words(value: Any) -> str:
    """A list of ids as one cell (``trees-3 arrows-2``), a number of points as itself, nothing as empty."""
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return ""


def _held(player: Mapping[str, Any], key: str) -> str:
    """A player's tiles from the table document, entered on the sheet (``sheet.KEY``) or in detail (``KEY``)."""
    sheet = player.get("sheet")
    return _words(sheet.get(key) if isinstance(sheet, Mapping) else player.get(key))


KANAGAWA = Kanagawa()
