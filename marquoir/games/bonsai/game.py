"""Bonsai (Rosaria Battiato, Massimo Borzì and Martino Chiacchiera; DV Games, 2023; French edition
Gigamic) as a :class:`marquoir.core.game.Game`.

Everything of the game lives in this package: its data (``data/``: the goal tiles, the deck by player count, their
provenance and the rule decisions), the pot's geometry, its table and document, the trees worked out once per
score, the goals, scoring (ties broken by turn order, solo levels), the legality pass and its printed sheet
(``sheet``). This module stays light: each part is imported where it is first asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from marquoir.core.game import Game
from marquoir.games.bonsai.codes import CODES
from marquoir.games.bonsai.decisions import DECISIONS
from marquoir.games.bonsai.vocabulary import (
    CATEGORIES,
    CATEGORY_LABELS,
    GAME,
    GOAL_COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PARCHMENT_NAMES,
    TILE_KINDS,
)
from marquoir.i18n import N_

if TYPE_CHECKING:
    from marquoir.core.issues import Issue
    from marquoir.core.report import ScoreReport
    from marquoir.core.sheet import SheetLayout
    from marquoir.games.bonsai.table import Table

#: Which sheet category a part of a detailed player feeds (for showing an issue beside its row); a tile's row
#: depends on its kind, which a path does not say, except for two fruits side by side.
_DETAILED_CATEGORY = {
    "cards.growth": "parchments",
    "cards.master": "parchments",
    "cards.helper": "parchments",
    "cards.parchments": "parchments",
    "cards": "parchments",
    "goals": "goals",
}
_TILE_CATEGORY = {"FRUIT_TOUCHES_FRUIT": "fruits"}
#: The sheet category of an issue of the whole table, by its code.
_TABLE_CATEGORY = {"GOAL_UNKNOWN": "goals", "GOAL_DUPLICATE": "goals", "SOLO": "goals"}


class Bonsai(Game):
    """The Bonsai game seam: its document, scoring (no shared place: the later seat wins a tie), legality and sheet
    categories."""

    name = GAME
    title = N_("Bonsai")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    categories = CATEGORIES
    category_labels: Mapping[str, str] = CATEGORY_LABELS
    codes = CODES
    credit = N_("Bonsai is a game by Rosaria Battiato, Massimo Borzì and Martino Chiacchiera, published by DV Games "
                 "(French edition Gigamic).")
    decisions = DECISIONS
    decisions_lead = N_(
        "Where the rules of Bonsai (the French overview and the official rules) speak, Marquoir follows them; where "
        "they are silent, these decisions stand."
    )
    web_module = "marquoir.web.bonsai.plug"
    simulate_module = "marquoir.games.bonsai.commands"
    has_deep_check = True
    export_columns = ("goal_colours", "goal_tiles")
    #: Published 2023 (the reviews of goblins.net, « un titolo datato 2023 », and boardgameguys.com, "released in
    #: 2023 by DV Games"); no BoardGameGeek id from a source the project trusts: 0, and BG Stats matches it by
    #: name (other games are called Bonsai: the app asks before it keeps a match).
    bgg_year = 2023

    def parse(self, document: Mapping[str, Any]) -> Table:
        from marquoir.games.bonsai.document import parse_table

        return parse_table(document)

    def to_document(self, table: Table) -> dict[str, Any]:
        from marquoir.games.bonsai.document import table_to_document

        return table_to_document(table)

    def score(self, table: Table) -> ScoreReport:
        from marquoir.games.bonsai.scoring import score

        return score(table)

    def iter_issues(self, table: Table) -> Iterator[Issue]:
        from marquoir.games.bonsai.legality import iter_issues

        return iter_issues(table)

    def deep_check(self, table: Table) -> tuple[list[Issue], dict[str, Any]] | None:
        """Could the table have been grown, turn after turn, under the rules of play? (:mod:`.reach`)"""
        from marquoir.games.bonsai.reach import deep_check

        return deep_check(table)

    def explain_deep(self, table: Table, time_bound: float) -> Any:
        """The reachability report (:class:`~marquoir.games.bonsai.reach.ReachReport`) within ``time_bound``."""
        from marquoir.games.bonsai.reach import explain_reachability

        return explain_reachability(table, time_bound)

    def display_words(self) -> Iterable[str]:
        """The vocabulary shown translated (tile kinds, goal colours, Parchments) and the goal tiles' names."""
        from marquoir.games.bonsai.catalogue import catalogue

        yield from (*TILE_KINDS, *GOAL_COLOURS, *PARCHMENT_NAMES.values())
        yield from (goal.name for goal in catalogue().goals.values())

    def issue_category(self, code: str, field: str | None) -> str | None:
        """The sheet row an issue is shown beside (``field`` is its path inside the player, ``None`` for the
        table): the sheet's figure of the same name, the goals, the Parchments that the cards feed."""
        if field is None:
            return _TABLE_CATEGORY.get(code)
        if field.startswith("sheet."):
            return super().issue_category(code, field)
        head = field.split("[")[0]
        if head == "tiles":
            return _TILE_CATEGORY.get(code)
        return _DETAILED_CATEGORY.get(head)

    def export_values(self, document: Mapping[str, Any], seat: Mapping[str, Any]) -> dict[str, str]:
        goals = document.get("goals", [])
        sheet = seat.get("sheet")
        held = sheet.get("goals") if isinstance(sheet, Mapping) else seat.get("goals")
        return {"goal_colours": " ".join(map(str, goals)) if isinstance(goals, list) else "",
                "goal_tiles": " ".join(map(str, held)) if isinstance(held, list) else ""}

    def sheet_layout(self) -> SheetLayout:
        from marquoir.games.bonsai.sheet import BONSAI_SHEET

        return BONSAI_SHEET


BONSAI = Bonsai()
