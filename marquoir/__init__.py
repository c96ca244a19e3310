"""Marquoir: score sheets, end-of-game scoring calculators and rules engines for board games — Kanagawa (with its
Yokai expansion) first.

The Python API, for any game (the document's ``game`` says which)::

    from marquoir import load_table, score, check
    table = load_table(text)          # raises TableError naming the place when unreadable
    report = score(table)             # ScoreReport; report.to_json() is the JSON score report
    issues = check(table)             # list of Issue; [] when the table is legal

Kanagawa's own values (its table, catalogue and Diploma checker) are exported here too, as they were before there
were several games.
"""

from marquoir.core.issues import Issue
from marquoir.core.report import PlayerScore, ScoreReport
from marquoir.document import dump_table, load_table, parse_table, table_to_document
from marquoir.errors import MarquoirError, RuleError, TableError
from marquoir.games.kanagawa.catalogue import Catalogue, catalogue
from marquoir.games.kanagawa.diplomas import DiplomaCheck, check_diploma, diploma_report
from marquoir.games.kanagawa.table import DetailedPlayer, Rules, SheetPlayer, StormPlacement, Table
from marquoir.legality import check, is_legal, iter_issues
from marquoir.scoring import score

__all__ = [
    "Catalogue",
    "DetailedPlayer",
    "DiplomaCheck",
    "Issue",
    "MarquoirError",
    "PlayerScore",
    "RuleError",
    "Rules",
    "ScoreReport",
    "SheetPlayer",
    "StormPlacement",
    "Table",
    "TableError",
    "catalogue",
    "check",
    "check_diploma",
    "diploma_report",
    "dump_table",
    "is_legal",
    "iter_issues",
    "load_table",
    "parse_table",
    "score",
    "table_to_document",
]
