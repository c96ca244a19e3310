"""Bonsai's printed sheet: the paper sheet's rows (Bonsai rules, « Fin de la partie »: leaves, flowers, fruits,
Parchments, goals), and the goal tiles and Parchments as a reminder (``games/bonsai/data/goals.csv`` and
``cards.csv``). A tie goes to the player farthest from the first player (« Fin de la partie »)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marquoir.core.sheet import Gettext, ReminderGroup, ReminderLine, Row
from marquoir.games.bonsai.catalogue import catalogue
from marquoir.games.bonsai.table import Table
from marquoir.games.bonsai.vocabulary import (
    CATEGORIES,
    CATEGORY_LABELS,
    GOAL_COLOURS,
    PARCHMENT_NAMES,
)
from marquoir.i18n import N_

#: How each row is counted, printed under its label.
CATEGORY_HINTS: Mapping[str, str] = {
    "leaves": N_("3 per leaf tile"),
    "flowers": N_("1 per side of each flower touching no tile (0 to 5)"),
    "fruits": N_("7 per fruit tile"),
    "parchments": N_("what each Parchment card held counts"),
    "goals": N_("points of the goal tiles claimed"),
}
COLOUR_LABELS: Mapping[str, str] = {
    "brown": N_("Brown goals"),
    "green": N_("Green goals"),
    "orange": N_("Orange goals"),
    "pink": N_("Pink goals"),
    "cyan": N_("Cyan goals"),
}
MEDIUM_NOTE = N_("medium: 3 or 4 players")
PARCHMENTS_LABEL = N_("Parchments")
PARCHMENTS_NOTE = N_("scored at the end")
GOALS_IN_PLAY = N_("Goals in play:")
NO_GOALS = N_("played without goal tiles")
GOALS_HELD = N_("Goal tiles claimed")
CREDIT = N_(
    "Bonsai, a game by Rosaria Battiato, Massimo Borzì and Martino Chiacchiera (DV Games; French edition Gigamic). "
    "Sheet printed by Marquoir."
)


class BonsaiSheet:
    """The Bonsai sheet, for 1 to 4 players."""

    #: A reminder of 15 goal tiles and 7 Parchments: rows a little lower keep the sheet on one page.
    css = ".blank table.scores td.points { height: 13mm; }"
    reminder_title = N_("Goal tiles and Parchments")
    total_hint = N_("Most points wins; a tie goes to the player farthest from the first player")
    category_labels: Mapping[str, str] = CATEGORY_LABELS

    def blank_title(self, options: Mapping[str, Any], gettext: Gettext) -> str:
        return gettext(N_("Bonsai score sheet"))

    def filled_title(self, table: Table, gettext: Gettext) -> str:
        return gettext(N_("Bonsai result"))

    def credit(self, gettext: Gettext) -> str:
        return gettext(CREDIT)

    def blank_rows(self, options: Mapping[str, Any], gettext: Gettext) -> list[Row]:
        return [Row(c, gettext(CATEGORY_LABELS[c]), gettext(CATEGORY_HINTS[c])) for c in CATEGORIES]

    def filled_rows(self, table: Table, report: Mapping[str, Any], gettext: Gettext) -> list[Row]:
        return self.blank_rows({}, gettext)

    def reminder(self, options: Mapping[str, Any], gettext: Gettext) -> list[ReminderGroup]:
        """Every goal tile, colour by colour (any three may be drawn), then the Parchments and what they count."""
        cat = catalogue()
        groups = []
        for colour in GOAL_COLOURS:
            tiles = [g for g in cat.goals.values() if g.colour == colour]
            lines = tuple(ReminderLine(g.id, gettext(g.name), g.points, "") for g in tiles)
            note = gettext(MEDIUM_NOTE) if any(g.size == "medium" for g in tiles) else ""
            groups.append(ReminderGroup(colour, gettext(COLOUR_LABELS[colour]), note, lines))
        parchments = tuple(
            ReminderLine(kind, gettext(name), cat.parchment_points(kind), "") for kind, name in PARCHMENT_NAMES.items()
        )
        groups.append(ReminderGroup("parchments", gettext(PARCHMENTS_LABEL), gettext(PARCHMENTS_NOTE), parchments))
        return groups

    def meta(self, table: Table, gettext: Gettext) -> str:
        if not table.goals:
            return gettext(NO_GOALS)
        colours = ", ".join(gettext(c) for c in table.goals)
        return f"{gettext(GOALS_IN_PLAY)} {colours}"

    def held(self, table: Table, index: int, gettext: Gettext) -> tuple[str, Sequence[str]]:
        goals = table.players[index].goals
        if not isinstance(goals, tuple) or not goals:
            return "", ()
        names = catalogue().goals
        return gettext(GOALS_HELD), [gettext(names[g].name) if g in names else repr(g[:40]) for g in goals]


BONSAI_SHEET = BonsaiSheet()
