"""Many games of Bonsai played by engine players, turned into finished table documents.

A functional core: :func:`simulate_game` plays one game from a seed; :func:`simulate_tables` yields ``games``
finished tables one after the other (what ``marquoir simulate --game bonsai`` writes); :func:`summarise` counts what
they show. Writing files is the command's business (:mod:`marquoir.games.bonsai.commands`).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from marquoir.core.report import ScoreReport
from marquoir.games.bonsai.engine.players import PLAYER_KINDS, play
from marquoir.games.bonsai.engine.rules import final_table, new_game
from marquoir.games.bonsai.engine.state import GameState
from marquoir.games.bonsai.scoring import score
from marquoir.games.bonsai.table import Table


@dataclass(frozen=True)
class GameResult:
    """One finished game: its seed, the final state (its log is the game turn by turn), the table and its score."""

    seed: int
    state: GameState
    table: Table
    report: ScoreReport


def simulate_game(kinds: Sequence[str], seed: int) -> GameResult:
    """Play one game from ``seed`` with one engine player per kind (``random`` or ``greedy``), in turn order."""
    rng = random.Random(seed)
    names = [f"{kind}-{i + 1}" for i, kind in enumerate(kinds)]
    state = play(new_game(names, rng), [PLAYER_KINDS[kind]() for kind in kinds], rng)
    table = final_table(state)
    return GameResult(seed, state, table, score(table))


def simulate_tables(games: int, players: int | Sequence[str], seed: int = 0) -> Iterator[GameResult]:
    """``games`` finished games, seeds ``seed``, ``seed + 1``…; ``players`` is a number of random players or the
    kind of each seat."""
    kinds = ["random"] * players if isinstance(players, int) else list(players)
    for i in range(games):
        yield simulate_game(kinds, seed + i)


@dataclass(frozen=True)
class Summary:
    """What many games show: how many, their turns, the winners' totals, how often each goal tile is claimed."""

    games: int
    turns: tuple[int, ...]
    winning: tuple[int, ...]
    goals: Counter[str]

    def render(self) -> str:
        lines = [f"{self.games} game(s)"]
        if self.games:
            lines.append(f"turns: median {statistics.median(self.turns)}, from {min(self.turns)} to {max(self.turns)}")
            lines.append(f"winning total: median {statistics.median(self.winning)}, best {max(self.winning)}")
            for goal, count in sorted(self.goals.items()):
                lines.append(f"  {goal}: claimed in {count} game(s)")
        return "\n".join(lines)


def summarise(results: Sequence[GameResult]) -> Summary:
    """Count what ``results`` show."""
    goals: Counter[str] = Counter(g for r in results for p in r.state.players for g in p.goals)
    winning = tuple(max(p.total for p in r.report.players) for r in results)
    return Summary(len(results), tuple(len(r.state.log) for r in results), winning, goals)
