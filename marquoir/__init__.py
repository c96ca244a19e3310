"""Marquoir: score sheets, an end-of-game scoring calculator and a rules engine for Kanagawa and Yokai.

The Python API::

    from marquoir import load_table, score, check
    table = load_table(text)          # raises TableError naming the place when unreadable
    report = score(table)             # ScoreReport; report.to_json() is the JSON score report
    issues = check(table)             # list of Issue; [] when the table is legal
"""

from marquoir.catalogue import Catalogue, catalogue
from marquoir.diplomas import DiplomaCheck, check_diploma, diploma_report
from marquoir.document import dump_table, load_table, parse_table, table_to_document
from marquoir.errors import MarquoirError, RuleError, TableError
from marquoir.legality import Issue, check, is_legal, iter_issues
from marquoir.scoring import PlayerScore, ScoreReport, score
from marquoir.table import DetailedPlayer, Rules, SheetPlayer, StormPlacement, Table

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
