"""What a printed sheet of one game shows, as values: its titles, rows (label and how the row is counted), the
reminder of the game's scoring tiles, and what each player column lists besides the figures.

Each game has one :class:`SheetLayout` (``marquoir/games/<game>/sheet.py``, given by its
:meth:`~marquoir.core.game.Game.sheet_layout`); the renderer in
:mod:`marquoir.reports.sheets` lays any of them out on the same page. Every word is marked for the ``sheets``
message domain and translated by the renderer's ``gettext``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from marquoir.core.paper import PAPERS as PAPERS

Gettext = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the sheet: the category, its label and how it is counted."""

    category: str
    label: str
    hint: str


@dataclass(frozen=True, slots=True)
class ReminderLine:
    """One scoring tile of the reminder: what it asks, its points, and what else it gives."""

    id: str
    requirement: str
    points: int
    bonus: str


@dataclass(frozen=True, slots=True)
class ReminderGroup:
    """Tiles of one kind (a Diploma family, a goal colour), with a note on where they are judged."""

    key: str
    label: str
    note: str
    lines: tuple[ReminderLine, ...]


class SheetLayout(Protocol):
    """One game's printed sheet."""

    #: CSS of this game's sheet, after the shared stylesheet (``templates/sheets/sheet.css``); ``""`` for none.
    css: str
    #: The reminder's heading ("Diploma tiles", "Goal tiles").
    reminder_title: str
    #: Under the Total row of a blank sheet: who wins, how ties go.
    total_hint: str
    #: Category → its label on the sheet and in the charts.
    category_labels: Mapping[str, str]

    def blank_title(self, options: Mapping[str, Any], gettext: Gettext) -> str: ...

    def filled_title(self, table: Any, gettext: Gettext) -> str: ...

    def credit(self, gettext: Gettext) -> str: ...

    def blank_rows(self, options: Mapping[str, Any], gettext: Gettext) -> list[Row]: ...

    def filled_rows(self, table: Any, report: Mapping[str, Any], gettext: Gettext) -> list[Row]: ...

    def reminder(self, options: Mapping[str, Any], gettext: Gettext) -> list[ReminderGroup]: ...

    def meta(self, table: Any, gettext: Gettext) -> str:
        """The line under a filled sheet's title (the families or the goals in play)."""
        ...

    def held(self, table: Any, index: int, gettext: Gettext) -> tuple[str, Sequence[str]]:
        """What player ``index`` holds, by name ("Diploma tiles held", [...]); an empty list for nothing."""
        ...
