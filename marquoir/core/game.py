"""What a game is to everything above the games: the façades (``load_table``, ``score``, ``check``), the command
line, storage, statistics, CSV and BG Stats exports, charts, printed sheets and the web pages read a table's
:class:`Game` and never assume one. A game is one package under ``marquoir/games/`` (or anywhere, for a test's toy
game) whose ``game.py`` defines a subclass of :class:`Game` and one instance of it, listed in the registry
(:mod:`marquoir.games`).

:class:`Game` holds the defaults a simple game keeps (one edition, no rule option, no deeper check, no command of its
own, no web pages of its own); a game writes only what differs. Its module stays light: what only some commands need
(a deep check, a printed sheet) is imported where it is asked for, so that ``marquoir score`` starts fast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from marquoir.core.issues import Issue
    from marquoir.core.report import ScoreReport
    from marquoir.core.sheet import SheetLayout


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


class RuleOption(NamedTuple):
    """A rule option of a game: a choice the rules leave open, or that the calculator settled one way and lets a
    table settle the other. ``name`` is the key in the table document's ``rules`` and the new-game form's field;
    ``label`` is marked for translation; ``decision`` names the rule decision it comes from (:class:`Decision`)."""

    name: str
    label: str
    default: bool
    decision: str


class Expansion(NamedTuple):
    """An expansion as play-logging apps list it (BG Stats, BoardGameGeek): its name, its BoardGameGeek id and its
    year of publication (0: no source the project trusts gives it, and the apps match it by name)."""

    name: str
    bgg_id: int
    year: int


class Decision(NamedTuple):
    """How the calculator reads a rule where the rules are silent, ambiguous or contradict each other: written once,
    as data in the game's package (``decisions.py``), shown on the rules page and by ``marquoir rules``. ``number`` is
    how ``SOURCES.md`` and docstrings cite it; ``text`` is marked for translation; ``option`` names the rule option
    (:class:`RuleOption`) that lets a table read the rule the other way, if any."""

    number: int
    text: str
    option: str | None = None


class Simulated(NamedTuple):
    """One game an engine played to its end: the file name ``simulate --out`` writes it under and its table
    document's text."""

    name: str
    document: str


class Simulation(NamedTuple):
    """What a game's engine gives ``marquoir simulate``: its finished games as they are played, and the summary to
    print once they are all played (``summary`` is called after ``games`` is exhausted)."""

    games: Iterator[Simulated]
    summary: Callable[[], str]


class Game:
    """One game: its document, its scoring (with its own ranking and tie-break), its legality pass, the categories
    of its score sheet, and what each shared surface needs to know of it. Subclasses set the class attributes
    without a default and override what differs."""

    #: The document's ``game`` word, e.g. the package's name.
    name: str
    #: The game's name as people write it (marked for translation, translated where shown).
    title: str
    #: Players the rules allow, fewest and most (the new-game form, statistics filters and ``sheet --players``).
    min_players: int
    max_players: int
    #: The breakdown's keys, in the paper sheet's order.
    categories: tuple[str, ...]
    #: Category → its row label, the one label map of the game (marked for translation; a printed sheet may
    #: override a row's wording, never its category).
    category_labels: Mapping[str, str]
    #: Every issue code this game reports, in the table format's order.
    codes: tuple[str, ...] = ()
    #: The editions its statistics tell apart (key → label, marked for translation); empty for a game of one.
    editions: Mapping[str, str] = {}
    #: The rule options a table may set (document ``rules``), with the decision each comes from.
    options: tuple[RuleOption, ...] = ()
    #: The rule decisions, in their order (:class:`Decision`), and the sentence the rules page opens them with.
    decisions: tuple[Decision, ...] = ()
    decisions_lead: str = ""
    #: The printed blank sheet's options (``sheet --NAME``, the print page's boxes): name → what it adds.
    sheet_options: Mapping[str, str] = {}
    #: Modules with a ``register_commands(subparsers)`` adding this game's own ``marquoir`` commands.
    command_modules: tuple[str, ...] = ()
    #: The module of its engine's side of ``marquoir simulate --game NAME``, ``None`` for a game without an engine.
    #: It has ``kinds()`` (the engine players' names, imported only when the command runs), ``add_options(add)``
    #: (the game's own options: ``add`` is ``argparse``'s ``add_argument`` of the game's group) and
    #: ``simulate(args, kinds) -> Simulation``; the command line checks ``--games``, ``--players`` (within
    #: :attr:`min_players`..:attr:`max_players`), ``--kinds`` and that no other game's option is given.
    simulate_module: str | None = None
    #: The module of its web plug (:mod:`marquoir.web.plug`), ``None`` for a game without pages of its own.
    web_module: str | None = None
    #: Columns its rows add to the CSV export, after every column ever written before them.
    export_columns: tuple[str, ...] = ()
    #: Whether :meth:`deep_check` asks a deeper question than the legality pass.
    has_deep_check: bool = False
    #: Who made the game, as the footer of every page credits it (marked for translation); ``""`` for none.
    credit: str = ""
    #: BoardGameGeek's id and year of publication for the game (BG Stats matches plays by them); 0 when unknown.
    bgg_id: int = 0
    bgg_year: int = 0

    # -- the document, scoring and legality: every game writes these ------------------------------------------------

    def parse(self, document: Mapping[str, Any]) -> Any:
        """The table of a parsed document; :class:`marquoir.errors.TableError` naming the place."""
        raise NotImplementedError

    def to_document(self, table: Any) -> dict[str, Any]:
        """The table as a document that reads back to the same table."""
        raise NotImplementedError

    def score(self, table: Any) -> ScoreReport:
        """Every player's breakdown, total and rank, the winners, and the issues (one legality pass, lazily)."""
        raise NotImplementedError

    def iter_issues(self, table: Any) -> Iterator[Issue]:
        """Every legality issue of the table, from one pass."""
        raise NotImplementedError

    # -- what the shared surfaces ask, with a simple game's answers --------------------------------------------------

    def deep_check(self, table: Any) -> tuple[list[Issue], dict[str, Any]] | None:
        """The game's deeper question, when it has one (could this table have been built, turn after turn?): more
        issues and what the report adds (``"reachable": true, false or null``); ``None`` for a game without."""
        return None

    def explain_deep(self, table: Any, time_bound: float) -> Any:
        """What the page "How could this have been built?" shows (the game's own report, run in a worker process
        within ``time_bound`` seconds); ``None`` for a game without a deeper check."""
        return None

    def display_words(self) -> Iterable[str]:
        """The words of the game's vocabulary and data that pages and messages show translated (the ``core``
        message domain must hold them: :mod:`marquoir.messages`)."""
        return ()

    def sheet_words(self) -> Iterable[str]:
        """The words of the game's data its printed sheet shows (the ``sheets`` domain must hold them)."""
        return ()

    def issue_category(self, code: str, field: str | None) -> str | None:
        """The sheet category an issue is shown beside: ``field`` is the issue's path inside its player
        (``print[3]``, ``sheet.harmony``; ``""`` for the player as a whole), ``None`` for an issue of the whole
        table; the answer is ``None`` when the issue belongs to no one category. By default: the sheet's figure of
        that name."""
        if field is None or not field.startswith("sheet."):
            return None
        head = field[len("sheet.") :].split("[")[0].split(".")[0]
        return head if head in self.categories else None

    def categories_of(self, table: Any) -> tuple[str, ...]:
        """The categories a sheet of this table shows (a game may leave out rows its table does not use)."""
        return self.categories

    def edition_of(self, table: Any) -> str:
        """The edition ``table`` is played with (a key of :attr:`editions`; ``""`` for a game of one)."""
        return ""

    def export_values(self, document: Mapping[str, Any], seat: Mapping[str, Any]) -> dict[str, str]:
        """The values of :attr:`export_columns` of one CSV row, from the stored table document and the player's
        part of it (``seat``; ``{}`` when the document has none). Read from the document, not a parsed table, so
        that an export of every saved game stays cheap."""
        return {}

    def expansions(self, document: Mapping[str, Any]) -> tuple[Expansion, ...]:
        """The expansions a stored table document is played with, as BG Stats lists them (read from the document,
        not a parsed table, so that an export of every saved game stays cheap)."""
        return ()

    def tie_decided_by_rule(self, report: Mapping[str, Any]) -> bool:
        """Whether the winners of a JSON score report are not simply the highest totals (a tie-break or a rule
        chose among equals: BG Stats' ``manualWinner``, since an app recomputing winners from scores would get
        them wrong)."""
        players = report.get("players") or []
        best = max((int(p["total"]) for p in players), default=0)
        return {p["name"] for p in players if int(p["total"]) == best} != set(report.get("winners") or [])

    def sheet_layout(self) -> SheetLayout | None:
        """The game's printed sheet (:mod:`marquoir.core.sheet`), ``None`` for a game that has none."""
        return None

    def rules_of(self, table: Any) -> dict[str, bool]:
        """The values of the rule options a table was scored under (:attr:`options`)."""
        return {}

    def __repr__(self) -> str:
        return f"<game {self.name}>"
