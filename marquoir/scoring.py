"""End-of-game scoring of any game: :func:`score` dispatches on the table's ``game``.

This is the only scoring there is: the CLI, the web app, storage's callers and the rules engine all call
:func:`score`. Each game scores by its own rules and ranks by its own (Kanagawa: ties share the victory).
Kanagawa's scoring names, imported from here before there were several games, stay importable from here.
"""

from __future__ import annotations

from marquoir.core.report import ScoreReport, competition_ranks
from marquoir.games import AnyTable, game_of
from marquoir.games.kanagawa.scoring import (
    CATEGORY_NAMES,
    Chain,
    PlayerScore,
    longest_chain,
    score_player,
    yokai_penalty,
)
from marquoir.games.kanagawa.vocabulary import CATEGORIES


def score(table: AnyTable) -> ScoreReport:
    """Score every player of ``table`` by its game's rules; the report carries the legality issues (a table with
    issues is still scored)."""
    return game_of(table).score(table)


__all__ = [
    "CATEGORIES",
    "CATEGORY_NAMES",
    "Chain",
    "PlayerScore",
    "ScoreReport",
    "competition_ranks",
    "longest_chain",
    "score",
    "score_player",
    "yokai_penalty",
]
