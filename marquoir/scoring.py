"""End-of-game scoring of any game: :func:`score` dispatches on the table's ``game``.

This is the only scoring there is: the CLI, the web app, storage's callers and the rules engines all call
:func:`score`. Each game scores by its own rules and ranks by its own (:meth:`marquoir.core.game.Game.score`).
"""

from __future__ import annotations

from typing import Any

from marquoir.core.report import ScoreReport
from marquoir.games import game_of


def score(table: Any) -> ScoreReport:
    """Score every player of ``table`` by its game's rules; the report carries the legality issues (a table with
    issues is still scored)."""
    return game_of(table).score(table)


__all__ = ["ScoreReport", "score"]
