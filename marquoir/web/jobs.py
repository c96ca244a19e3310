"""The expensive jobs a request may ask for, as plain functions a child process runs (no Flask here): the deep
check of a table (its game's), and a printed sheet's HTML made into a PDF. :mod:`marquoir.web.workers` runs them off
the request threads, bounded in time and memory."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import weasyprint  # type: ignore[import-untyped]  # noqa: F401  (imported once in the fork server, not per PDF)

from marquoir.games import game_of
from marquoir.reports.sheets import html_to_pdf


def deep_check(table: Any, time_bound: float) -> Any:
    """How the table could have been built (its game's report for the page: :meth:`Game.explain_deep`)."""
    return game_of(table).explain_deep(table, time_bound)


def game_deep_check(table: Any) -> Any:
    """The game's deep check (its issues and its report's extra keys), as ``marquoir check --deep`` runs it."""
    return game_of(table).deep_check(table)


def pdf(html: str) -> bytes:
    """The PDF of a printed sheet's HTML."""
    return html_to_pdf(html)


#: The jobs by name (what the parent asks the child to run).
JOBS: dict[str, Callable[..., Any]] = {"deep_check": deep_check, "game_deep_check": game_deep_check, "pdf": pdf}
