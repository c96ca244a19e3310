"""Marquoir: score sheets, end-of-game scoring calculators and rules engines for board games, each game a plug
(:mod:`marquoir.games`).

The Python API, for any game (the document's ``game`` says which)::

    from marquoir import load_table, score, check
    table = load_table(text)          # raises TableError naming the place when unreadable
    report = score(table)             # ScoreReport; report.to_json() is the JSON score report
    issues = check(table)             # list of Issue; [] when the table is legal

The names below are imported on first use (PEP 562), so that ``import marquoir`` — and the ``marquoir`` command's
start — costs nothing until a game is read. A game's own values live in its package (``marquoir.games.<game>``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

#: Public name → the module it comes from.
_API = {
    "Issue": "marquoir.core.issues",
    "PlayerScore": "marquoir.core.report",
    "ScoreReport": "marquoir.core.report",
    "dump_table": "marquoir.document",
    "load_table": "marquoir.document",
    "parse_table": "marquoir.document",
    "table_to_document": "marquoir.document",
    "MarquoirError": "marquoir.errors",
    "RuleError": "marquoir.errors",
    "TableError": "marquoir.errors",
    "check": "marquoir.legality",
    "is_legal": "marquoir.legality",
    "iter_issues": "marquoir.legality",
    "score": "marquoir.scoring",
}

if TYPE_CHECKING:
    from marquoir.core.issues import Issue
    from marquoir.core.report import PlayerScore, ScoreReport
    from marquoir.document import dump_table, load_table, parse_table, table_to_document
    from marquoir.errors import MarquoirError, RuleError, TableError
    from marquoir.legality import check, is_legal, iter_issues
    from marquoir.scoring import score


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'marquoir' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])


__all__ = [
    "Issue",
    "MarquoirError",
    "PlayerScore",
    "RuleError",
    "ScoreReport",
    "TableError",
    "check",
    "dump_table",
    "is_legal",
    "iter_issues",
    "load_table",
    "parse_table",
    "score",
    "table_to_document",
]
