"""Kanagawa's printed sheet: the paper sheet's rows (rules FR, section 3 "Comptage des points"; Yokai rules,
"End of the Game"), and the Diploma tiles of the game as a reminder (``games/kanagawa/data/diplomas.csv``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marquoir.core.sheet import Gettext, ReminderGroup, ReminderLine, Row
from marquoir.games.kanagawa.catalogue import Catalogue, Diploma, catalogue
from marquoir.games.kanagawa.naming import diploma_id_text, diploma_text
from marquoir.games.kanagawa.table import Table
from marquoir.games.kanagawa.vocabulary import (
    BASE_FAMILIES,
    CATEGORIES,
    EXPANSION_FAMILIES,
    STUDIO_DIPLOMA_FAMILIES,
)
from marquoir.games.kanagawa.vocabulary import (
    CATEGORY_LABELS as GAME_LABELS,
)
from marquoir.i18n import N_

#: Row labels of the sheet, in the paper sheet's order.
CATEGORY_LABELS: Mapping[str, str] = {**GAME_LABELS, "season_chain": N_("Longest season chain")}
#: Row labels of the blank sheet where they differ (the Grand Master row is counted twice: rules FR, section 3).
BLANK_LABELS: Mapping[str, str] = {**CATEGORY_LABELS, "grand_master": N_("Grand Master ×2")}
#: How each row is counted, printed under its label.
CATEGORY_HINTS: Mapping[str, str] = {
    "print_cards": N_("1 per card, Starting tile included"),
    "season_chain": N_("1 per card of the longest run of one Season"),
    "harmony": N_("+1 per symbol, −1 per crossed one (Print and Studio)"),
    "diplomas": N_("points of the Diploma tiles taken"),
    "grand_master": N_("holder of the Grand Master pawn at the end: 1 × 2 = 2 points"),
    "yokai": N_("tokens held: 1 → −1, 2 → −4, 3 → −9"),
}
FAMILY_LABELS: Mapping[str, str] = {
    "trees": N_("Trees"),
    "characters": N_("Characters"),
    "buildings": N_("Buildings"),
    "animals": N_("Animals"),
    "kites": N_("Kites"),
    "lanterns": N_("Lanterns"),
    "umbrellas": N_("Umbrellas"),
    "brushes": N_("Brushes"),
    "arrows": N_("Arrows"),
    "landscapes": N_("Identical Landscapes"),
    "yokai": N_("Yokai"),
}
BONUS_LABELS: Mapping[str, str] = {
    "storm": N_("+ a Storm token"),
    "assistant": N_("+ the Assistant pawn"),
    "brush": N_("+ a Brush"),
    "give-yokai": N_("+ give a Yokai token away"),
}


WITH_YOKAI = N_("with Yokai")
FAMILIES = N_("Families:")
CREDIT = N_("Kanagawa, a game by Bruno Cathala and Charles Chevallier (IELLO). Sheet printed by Marquoir.")


def diploma_groups(
    families: Sequence[str], yokai: bool, gettext: Gettext, cat: Catalogue | None = None
) -> list[ReminderGroup]:
    """The Diploma tiles of a game, grouped by family: the Print families in play, then the Studio families,
    then the Yokai Diploma when the expansion is in play (Yokai rules, "Game Set-up" 5)."""
    cat = cat or catalogue()
    order = [*families, *STUDIO_DIPLOMA_FAMILIES] + (["yokai"] if yokai else [])
    groups = []
    for family in order:
        tiles: Sequence[Diploma] = cat.diplomas_by_family.get(family, ())
        lines = tuple(
            ReminderLine(d.id, gettext(d.requirement), d.harmony, gettext(BONUS_LABELS[d.bonus]) if d.bonus else "")
            for d in tiles
        )
        if lines:
            place = gettext(N_("Print")) if tiles[0].place == "print" else gettext(N_("Studio"))
            groups.append(ReminderGroup(family, gettext(FAMILY_LABELS.get(family, family)), place, lines))
    return groups


def _rows(yokai: bool, gettext: Gettext, labels: Mapping[str, str]) -> list[Row]:
    return [Row(c, gettext(labels[c]), gettext(CATEGORY_HINTS[c])) for c in CATEGORIES if yokai or c != "yokai"]


class KanagawaSheet:
    """The Kanagawa sheet; a blank one takes the option ``yokai`` (the expansion's rows and Diplomas)."""

    #: A sheet of 6 rows (with the expansion) lists every family's tiles too: lower rows, a tighter list.
    css = (
        ".blank.rows-6 table.scores td.points, .blank.rows-6 table.scores tr.total td { height: 9mm; } "
        ".blank.rows-6 .diploma-group td { padding: 0.3mm 1mm; font-size: 7.5pt; } "
        ".blank.rows-6 .diploma-group h3 { margin-bottom: 0.5mm; font-size: 9.5pt; } "
        ".blank.rows-6 .diploma-group { width: 32.5%; padding-bottom: 1mm; } "
        ".blank.rows-6 table.scores th, .blank.rows-6 table.scores td { padding: 0.8mm 2mm; } "
        ".blank.rows-6 h2 { margin: 3mm 0 1.5mm; } "
    )

    reminder_title = N_("Diploma tiles")
    total_hint = N_("Most points wins; a tie shares the victory")
    category_labels = CATEGORY_LABELS

    def blank_title(self, options: Mapping[str, Any], gettext: Gettext) -> str:
        title = gettext(N_("Kanagawa score sheet"))
        return f"{title} · {gettext(WITH_YOKAI)}" if options.get("yokai") else title

    def filled_title(self, table: Table, gettext: Gettext) -> str:
        title = gettext(N_("Kanagawa result"))
        return f"{title} · {gettext(WITH_YOKAI)}" if table.is_yokai else title

    def credit(self, gettext: Gettext) -> str:
        return gettext(CREDIT)

    def blank_rows(self, options: Mapping[str, Any], gettext: Gettext) -> list[Row]:
        return _rows(bool(options.get("yokai")), gettext, BLANK_LABELS)

    def filled_rows(self, table: Table, report: Mapping[str, Any], gettext: Gettext) -> list[Row]:
        yokai = table.is_yokai or any(p["breakdown"].get("yokai", 0) for p in report["players"])
        return _rows(yokai, gettext, CATEGORY_LABELS)

    def reminder(self, options: Mapping[str, Any], gettext: Gettext) -> list[ReminderGroup]:
        """Every Diploma of the game; with ``yokai`` every expansion family's too, since any two may be in play."""
        yokai = bool(options.get("yokai"))
        families = (*BASE_FAMILIES, *EXPANSION_FAMILIES) if yokai else BASE_FAMILIES
        return diploma_groups(families, yokai, gettext)

    def meta(self, table: Table, gettext: Gettext) -> str:
        families = ", ".join(gettext(FAMILY_LABELS.get(f, f)) for f in table.families)
        return f"{gettext(FAMILIES)} {families}"

    def held(self, table: Table, index: int, gettext: Gettext) -> tuple[str, Sequence[str]]:
        """The Diploma tiles a player holds, each by its name and points (``Trees Diploma (5 trees), 7 points``:
        :func:`~marquoir.games.kanagawa.naming.diploma_text`, in the language of the moment), never its id."""
        player = table.players[index]
        if not isinstance(player.diplomas, tuple):
            return "", ()
        tiles = catalogue().diplomas
        return gettext(N_("Diploma tiles held")), [
            diploma_text(tiles[d]) if d in tiles else diploma_id_text(d) for d in player.diplomas
        ]


KANAGAWA_SHEET = KanagawaSheet()
