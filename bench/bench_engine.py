"""Engine benchmarks (printed figures, not timed tests).

1. Random 4-player games per second on one core (goal: at least 200).
2. Reachability decision time over engine-finished tables: median and 99th percentile (goal: p99 under 50 ms,
   none undecided), with the verdicts counted.
3. Memory of one game state (the deck of cards is shared by every state of a game and counted apart).

Usage: ``.venv/bin/python bench/bench_engine.py [GAMES] [TABLES] [REPEATS]`` (defaults 300, 1000 and 3). The
games are timed REPEATS times and the reachability figures REPEATS times over the same tables, so that a shared
machine's noise shows as a range; each figure is given by the wall clock (the goal's measure) and by the process's
CPU time (what the code costs on one core, whatever else the machine runs).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

# This checkout's marquoir first, not the one an editable install points at (a worktree measures its own).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _measure import deep_size  # bench/ is on the path: the script's own folder

from marquoir.games.kanagawa.engine import build_deck, final_table, new_game
from marquoir.games.kanagawa.engine.players import RandomPlayer, play
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.table import Table
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES


def games_per_second(count: int) -> tuple[float, float]:
    """Random 4-player games per second, by the wall clock and by CPU time."""
    deck = build_deck(BASE_FAMILIES)
    players = [RandomPlayer()] * 4
    began, cpu = time.perf_counter(), time.process_time()
    for seed in range(count):
        play(new_game(deck, 4, seed=seed), players, random.Random(seed))
    return count / (time.perf_counter() - began), count / (time.process_time() - cpu)


def finished_tables(count: int) -> list[Table]:
    deck = build_deck(BASE_FAMILIES)
    tables = []
    for seed in range(count):
        players = 2 + seed % 3
        state = play(new_game(deck, players, seed=seed), [RandomPlayer()] * players, random.Random(seed))
        tables.append(final_table(state))
    return tables


def reachability_times(tables: list[Table]) -> tuple[list[float], list[float], Counter[str]]:
    """Each table's decision time by the wall clock and by CPU time, and the verdicts."""
    times: list[float] = []
    cpu_times: list[float] = []
    verdicts: Counter[str] = Counter()
    for table in tables:
        began, cpu = time.perf_counter(), time.process_time()
        report = explain_reachability(table)
        times.append(time.perf_counter() - began)
        cpu_times.append(time.process_time() - cpu)
        verdicts[report.verdict] += 1
    return times, cpu_times, verdicts


def percentiles(times: list[float]) -> tuple[float, float, float, float]:
    """Median, 95th and 99th percentiles and maximum, in milliseconds."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(times) * 1000, p95 * 1000, p99 * 1000, ordered[-1] * 1000


def span(values: list[float], digits: int = 0) -> str:
    low, high = min(values), max(values)
    return f"{low:.{digits}f}" if f"{low:.{digits}f}" == f"{high:.{digits}f}" else f"{low:.{digits}f}–{high:.{digits}f}"


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 300
    count = int(argv[2]) if len(argv) > 2 else 1000
    repeats = int(argv[3]) if len(argv) > 3 else 3
    rates = [games_per_second(games) for _ in range(repeats)]
    wall = [r for r, _ in rates]
    cpu = [c for _, c in rates]
    print(f"random 4-player games over {games} games, {repeats} runs: {span(wall)} games/s by the wall clock, "
          f"{span(cpu)} by CPU time on one core (goal >= 200: {'met' if min(wall) >= 200 else 'NOT met'} "
          "by the slowest run)")

    tables = finished_tables(count)
    runs = [reachability_times(tables) for _ in range(repeats)]
    undecided = sum(verdicts["undecided"] for _, _, verdicts in runs)
    walls = [percentiles(times) for times, _, _ in runs]
    cpus = [percentiles(cpu_times) for _, cpu_times, _ in runs]
    worst_p99 = max(p99 for _, _, p99, _ in walls)
    goal = "met" if worst_p99 < 50 and not undecided else "NOT met"
    verdicts = runs[0][2]
    print(f"reachability over {count} engine-finished tables (2-4 players), {repeats} runs: by the wall clock "
          f"median {span([m for m, _, _, _ in walls], 1)} ms, p95 {span([q for _, q, _, _ in walls], 1)} ms, "
          f"p99 {span([p for _, _, p, _ in walls], 1)} ms, max {span([x for _, _, _, x in walls])} ms; by CPU time "
          f"median {span([m for m, _, _, _ in cpus], 1)} ms, p95 {span([q for _, q, _, _ in cpus], 1)} ms, "
          f"p99 {span([p for _, _, p, _ in cpus], 1)} ms, max {span([x for _, _, _, x in cpus])} ms; "
          f"verdicts {dict(verdicts)}, undecided {undecided} in all runs (goal p99 < 50 ms and none undecided: {goal} "
          "by the slowest run)")

    deck = build_deck(BASE_FAMILIES)
    state = play(new_game(deck, 4, seed=1), [RandomPlayer()] * 4, random.Random(1))
    early = new_game(deck, 4, seed=1)
    shared = (*(id(card) for card in deck), id(state.cards), id(early.cards))
    print(f"memory of one game state (4 players): {deep_size(early, skip=shared)} bytes at the start, "
          f"{deep_size(state, skip=shared)} bytes at the end; the shared deck of 72 cards: {deep_size(deck)} bytes")


if __name__ == "__main__":
    main(sys.argv)
