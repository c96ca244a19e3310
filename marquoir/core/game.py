"""The protocol every game implements, so that everything above the games (the façades ``load_table``, ``score``,
``check``; storage, statistics, CSV export, charts, printed sheets, the web pages) reads the game instead of
assuming one. A game is one package under ``marquoir/games/`` exposing one :class:`Game` value, listed in
:data:`marquoir.games.GAMES`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from marquoir.core.issues import Issue
from marquoir.core.report import ScoreReport


class Player(Protocol):
    """What every game's player has: a name, unique in its table."""

    @property
    def name(self) -> str: ...


class Table(Protocol):
    """What every game's table has: which game it is, and its players in seating (turn) order."""

    @property
    def game(self) -> str: ...

    @property
    def players(self) -> Sequence[Player]: ...


class Game(Protocol):
    """One game: its document, its scoring (with its own ranking and tie-break), its legality pass and the
    categories of its score sheet."""

    #: The document's ``game`` word, e.g. ``"kanagawa"``.
    name: str
    #: The game's name as people write it (marked for translation, translated where shown).
    title: str
    #: Players the rules allow, fewest and most.
    min_players: int
    max_players: int
    #: The breakdown's keys, in the paper sheet's order.
    categories: tuple[str, ...]
    #: Category → its row label on the sheet (marked for translation).
    category_labels: Mapping[str, str]
    #: Every issue code this game reports, in the table format's order.
    codes: tuple[str, ...]

    def parse(self, document: Mapping[str, Any]) -> Any:
        """The table of a parsed document; :class:`marquoir.errors.TableError` naming the place."""
        ...

    def to_document(self, table: Any) -> dict[str, Any]:
        """The table as a document that reads back to the same table."""
        ...

    def score(self, table: Any) -> ScoreReport:
        """Every player's breakdown, total and rank, the winners, and the issues (one legality pass, lazily)."""
        ...

    def iter_issues(self, table: Any) -> Iterator[Issue]:
        """Every legality issue of the table, from one pass."""
        ...

    def deep_check(self, table: Any) -> tuple[list[Issue], dict[str, Any]] | None:
        """The game's deeper question, when it has one (Kanagawa: could this table have been built, round after
        round?): more issues and what the report adds; ``None`` for a game with no deeper check."""
        ...

    def display_words(self) -> Iterable[str]:
        """The words of the game's vocabulary and data that pages and messages show translated (the ``core``
        message domain must hold them: :mod:`marquoir.messages`)."""
        ...

    def issue_category(self, code: str, field: str | None) -> str | None:
        """The sheet category an issue is shown beside: ``field`` is the issue's path inside its player
        (``print[3]``, ``sheet.harmony``; ``""`` for the player as a whole), ``None`` for an issue of the whole
        table; the answer is ``None`` when the issue belongs to no one category."""
        ...

    def categories_of(self, table: Any) -> tuple[str, ...]:
        """The categories a sheet of this table shows (a game may leave out rows its table does not use)."""
        ...
