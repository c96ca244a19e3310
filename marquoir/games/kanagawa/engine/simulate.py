"""Many games played by engine players, and what they show: scores, game length, how often each Diploma is taken.

A functional core: :func:`simulate_game` plays one game from a seed and returns a :class:`GameResult`;
:func:`summarise` turns results into a :class:`Summary` with a plain-text rendering. Writing files and drawing the
progress bar are the command's business (:mod:`marquoir.games.kanagawa.commands`).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from marquoir.games.kanagawa.catalogue import catalogue
from marquoir.games.kanagawa.engine.cards import LessonCard
from marquoir.games.kanagawa.engine.players import PLAYER_KINDS
from marquoir.games.kanagawa.engine.players import play as play_game
from marquoir.games.kanagawa.engine.rules import final_table
from marquoir.games.kanagawa.engine.setup import new_game
from marquoir.games.kanagawa.scoring import ScoreReport, score
from marquoir.games.kanagawa.table import Table


@dataclass(frozen=True)
class GameResult:
    """One finished game: its seed, the table, its score report, the rounds played and why it ended."""

    seed: int
    table: Table
    report: ScoreReport
    rounds: int
    end_reason: str


def simulate_game(
    deck: Sequence[LessonCard], families: tuple[str, ...], players: Sequence[str], seed: int
) -> GameResult:
    """Play one game from ``seed`` with the player kinds named in ``players`` (``random`` or ``greedy``)."""
    rng = random.Random(seed)
    seats = [PLAYER_KINDS[kind]() for kind in players]
    names = tuple(f"{kind}-{i + 1}" for i, kind in enumerate(players))
    state = play_game(new_game(deck, names, seed=seed, families=families), seats, rng)
    table = final_table(state)
    return GameResult(seed, table, score(table), state.round, state.end_reason)


@dataclass(frozen=True)
class Summary:
    games: int
    score_mean: float
    score_min: int
    score_max: int
    winner_mean: float
    rounds_mean: float
    rounds_min: int
    rounds_max: int
    endings: dict[str, int]
    diplomas: dict[str, int]
    illegal: int
    by_kind: dict[str, float]

    def render(self) -> str:
        lines = [
            f"{self.games} game(s)",
            f"scores: mean {self.score_mean:.1f}, min {self.score_min}, max {self.score_max}; "
            f"winning score mean {self.winner_mean:.1f}",
            f"game length: mean {self.rounds_mean:.1f} rounds, min {self.rounds_min}, max {self.rounds_max}",
            "endings: " + ", ".join(f"{reason} {count}" for reason, count in sorted(self.endings.items())),
            "mean score by player kind: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(self.by_kind.items())),
            "Diplomas taken (share of games):",
        ]
        for diploma, count in self.diplomas.items():
            lines.append(f"  {diploma:<28} {count:>6}  {100 * count / max(self.games, 1):5.1f}%")
        if self.illegal:
            lines.append(f"WARNING: {self.illegal} finished table(s) had legality issues")
        return "\n".join(lines)


def summarise(results: Sequence[GameResult], families: tuple[str, ...]) -> Summary:
    """Scores, game length, endings and how often each Diploma of the game was taken."""
    totals = [p.total for r in results for p in r.report.players]
    winners = [max(p.total for p in r.report.players) for r in results]
    rounds = [r.rounds for r in results]
    taken: Counter[str] = Counter()
    for r in results:
        for player in r.table.players:
            if not isinstance(player.diplomas, int):
                taken.update(player.diplomas)
    in_play = [d.id for d in catalogue().diplomas_in_play(families)]
    by_kind: dict[str, list[int]] = {}
    for r in results:
        for p in r.report.players:
            by_kind.setdefault(p.name.rsplit("-", 1)[0], []).append(p.total)
    endings = Counter("deck ran out" if "deck" in r.end_reason else "11 painted cards" for r in results)
    return Summary(
        games=len(results),
        score_mean=statistics.fmean(totals) if totals else 0.0,
        score_min=min(totals, default=0),
        score_max=max(totals, default=0),
        winner_mean=statistics.fmean(winners) if winners else 0.0,
        rounds_mean=statistics.fmean(rounds) if rounds else 0.0,
        rounds_min=min(rounds, default=0),
        rounds_max=max(rounds, default=0),
        endings=dict(endings),
        diplomas={d: taken[d] for d in in_play},
        illegal=sum(1 for r in results if r.report.issues),
        by_kind={k: statistics.fmean(v) for k, v in by_kind.items()},
    )
