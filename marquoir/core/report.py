"""The score report every game returns: players in seating order with their breakdown, total and rank, the
winners, and the legality issues of the same table (``marquoir/data/table-format.md``, "Score report").

A game fills the figures; the words (explanations, issue messages) are written when first read, once per language,
because the figures are what every caller needs and the words only some.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from marquoir.core.issues import Issue
from marquoir.i18n import get_language

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class PlayerScore(NamedTuple):
    """One player's column of the sheet: points by category, total and rank, and an explanation of each figure
    (written by ``explain`` in the current language, remembered per language in ``explained``)."""

    name: str
    breakdown: dict[str, int]
    total: int
    #: Writes the explanations in the current language.
    explain: Callable[[], dict[str, str]]
    rank: int = 0
    #: The game's own figures behind the breakdown (a season chain, say).
    detail: Any = None
    #: What the game adds to this player's JSON report (placed tokens, a tie-break).
    extra: Mapping[str, Any] = _EMPTY
    #: Language → the explanations written in it.
    explained: dict[str, dict[str, str]] | None = None

    @property
    def explanations(self) -> dict[str, str]:
        """Category → the figure in words, in the current language."""
        memo = self.explained
        if memo is None:  # a score made by hand, without a memo: write them each time
            return self.explain()
        lang = get_language()
        if lang not in memo:
            memo[lang] = self.explain()
        return memo[lang]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "breakdown": dict(self.breakdown),
        }
        out.update(self.extra)
        out["explanations"] = dict(self.explanations)
        return out


@dataclass(frozen=True)
class ScoreReport:
    """The score of a table: players in seating order, the winners, and the legality issues found.

    ``find_issues`` is the game's legality pass over the same table (and the same prepared player data: nothing
    is computed twice), run the first time the issues are read in a language."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    table: Any = field(repr=False, compare=False)
    find_issues: Callable[[], Iterable[Issue]] = field(repr=False, compare=False)
    game: str
    #: What the game adds to the JSON report (a solo game's levels, say).
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)
    #: Writes, in the current language, what a person should know about the ranking (a tie broken by turn
    #: order, a shared victory), one sentence each.
    write_notes: Callable[[], Iterable[str]] = field(default=lambda: (), repr=False, compare=False)
    _issues: dict[str, tuple[Issue, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def issues(self) -> tuple[Issue, ...]:
        """The legality issues, their messages in the current language (checked once per language)."""
        memo = self._issues
        lang = get_language()
        if lang not in memo:
            memo[lang] = tuple(self.find_issues())
        return memo[lang]

    @property
    def notes(self) -> tuple[str, ...]:
        """The ranking in words (see :attr:`write_notes`), in the current language."""
        return tuple(self.write_notes())

    @property
    def legal(self) -> bool:
        return not self.issues

    def to_json(self) -> dict[str, Any]:
        """The score report of the table format (each player also carries its ``explanations``)."""
        out: dict[str, Any] = {
            "game": self.game,
            "players": [p.to_json() for p in self.players],
            "winners": list(self.winners),
        }
        out.update(self.extra)
        out["legal"] = self.legal
        out["issues"] = [i.to_json() for i in self.issues]
        return out


def competition_ranks(totals: Sequence[int]) -> list[int]:
    """Competition ranking: equal totals share a place and the next place is skipped (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]
