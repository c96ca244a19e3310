"""The legality check of any game: everything that makes a finished table impossible, all at once, from the
table's game (each game's pass names its issue codes and the rules behind them).

Legal is not reachable: a game may have a deeper question (:attr:`~marquoir.core.game.Game.has_deep_check`:
``marquoir check --deep``).
"""

from __future__ import annotations

from collections.abc import Iterator

from marquoir.core.issues import Issue
from marquoir.games import AnyTable, game_of


def iter_issues(table: AnyTable) -> Iterator[Issue]:
    """Every legality issue of ``table``, from its game's one pass."""
    return game_of(table).iter_issues(table)


def check(table: AnyTable) -> list[Issue]:
    """All the legality issues of ``table`` at once; ``[]`` when it is legal."""
    return list(iter_issues(table))


def is_legal(table: AnyTable) -> bool:
    """Whether ``table`` has no legality issue."""
    return not any(True for _ in iter_issues(table))


__all__ = ["Issue", "check", "is_legal", "iter_issues"]
