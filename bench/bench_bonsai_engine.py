"""Bonsai engine benchmarks (printed figures, not timed tests).

1. Random 4-player games per second on one core (goal: at least 100), by the wall clock and by CPU time.
2. Memory of one game state mid-game (the catalogue's goal tiles, shared by every state, counted apart).
3. The deep check (``check --deep``) over engine-finished tables: median, 99th percentile and maximum time, the
   verdicts counted by number of players, the undecided (goal: none) and the wrong (an engine's table found
   unreachable: must be none); by default a mix of 1 to 4 players, solo included, random and greedy players in turn
   (:data:`MIX`), ``--greedy`` for four greedy players only.

Usage: ``.venv/bin/python bench/bench_bonsai_engine.py [GAMES] [TABLES] [--greedy | --solo | --small] [--start=N]``
(defaults 300 and 1000; ``--solo``: one random or greedy player, :data:`SOLO`; ``--small``: 2 or 3 players,
:data:`SMALL`; ``--start``: the first table's seed, 10000 by default, so that other seeds can be run).
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

from marquoir.games.bonsai.engine.players import RandomPlayer, play
from marquoir.games.bonsai.engine.rules import apply, new_game
from marquoir.games.bonsai.engine.simulate import simulate_game
from marquoir.games.bonsai.reach import explain_reachability


def games_per_second(count: int) -> tuple[float, float]:
    """Random 4-player games per second, by the wall clock and by CPU time."""
    players = [RandomPlayer() for _ in range(4)]
    began, cpu = time.perf_counter(), time.process_time()
    for seed in range(count):
        rng = random.Random(seed)
        play(new_game(["A", "B", "C", "D"], rng), players, rng)
    return count / (time.perf_counter() - began), count / (time.process_time() - cpu)


def state_memory() -> int:
    """Bytes of a 4-player state halfway through a game, its log of turns left out (a state to search or keep needs
    no history) and the goal tiles too (the catalogue's, shared)."""
    rng = random.Random(1)
    state = new_game(["A", "B", "C", "D"], rng)
    players = [RandomPlayer() for _ in range(4)]
    while len(state.pile) > 20:
        seat = players[state.current]
        apply(state, seat.action(state, rng), seat.claim)
    state.log.clear()
    return deep_size(state, skip=frozenset(id(g) for g in state.goals))


#: The mix of tables the deep check is measured on: 1 to 4 players (solo too), random and greedy players, in turn.
MIX: tuple[tuple[str, ...], ...] = (
    ("random",), ("greedy",),
    ("random", "random"), ("greedy", "greedy"), ("random", "greedy"),
    ("random", "random", "random"), ("greedy", "greedy", "greedy"), ("greedy", "random", "greedy"),
    ("random",) * 4, ("greedy",) * 4, ("greedy", "random", "greedy", "random"),
)  # fmt: skip


#: Solo tables only (``--solo``), and tables of 2 or 3 players only (``--small``), random and greedy, in turn.
SOLO: tuple[tuple[str, ...], ...] = (("random",), ("greedy",))
SMALL: tuple[tuple[str, ...], ...] = tuple(m for m in MIX if len(m) in (2, 3))


def deep_checks(
    count: int, mix: tuple[tuple[str, ...], ...], start: int = 10_000
) -> tuple[list[float], list[float], Counter[str], int, list[int]]:
    """Each table's deep check time, by the wall clock and by CPU time, the verdicts counted, and how many are
    wrong: every table is an engine's finished game, so anything but *reachable* with a witness replaying to the
    table is either undecided or wrong (*unreachable*, or *reachable* without a witness); and the seeds of the
    tables not found reachable."""
    times: list[float] = []
    cpus: list[float] = []
    verdicts: Counter[str] = Counter()
    wrong = 0
    missed: list[int] = []
    for i in range(count):
        result = simulate_game(mix[i % len(mix)], start + i)
        began, cpu = time.perf_counter(), time.process_time()
        report = explain_reachability(result.table)
        times.append(time.perf_counter() - began)
        cpus.append(time.process_time() - cpu)
        verdicts[f"{report.verdict} ({len(result.table.players)}p)"] += 1
        if report.verdict == "unreachable" or (report.verdict == "reachable" and report.witness is None):
            wrong += 1
        if report.verdict != "reachable":
            missed.append(start + i)
    return times, cpus, verdicts, wrong, missed


def _spread(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return f"median {statistics.median(values) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {values[-1] * 1000:.1f} ms"


def main(argv: list[str]) -> None:
    greedy, solo, small = "--greedy" in argv, "--solo" in argv, "--small" in argv
    start = next((int(a.split("=", 1)[1]) for a in argv if a.startswith("--start=")), 10_000)
    numbers = [int(a) for a in argv if not a.startswith("--")]
    games = numbers[0] if numbers else 300
    tables = numbers[1] if len(numbers) > 1 else 1000
    wall, cpu = games_per_second(games)
    print(f"4-player random games: {wall:.0f}/s wall clock, {cpu:.0f}/s CPU (goal >= 100; ratio {cpu / 100:.2f})")
    print(f"memory of a 4-player state mid-game: {state_memory() / 1024:.1f} KiB")
    mix = (("greedy",) * 4,) if greedy else SOLO if solo else SMALL if small else MIX
    times, cpus, verdicts, wrong, missed = deep_checks(tables, mix, start)
    what = (
        "greedy 4-player" if greedy else "solo random and greedy" if solo else "2- and 3-player random and greedy"
        if small else "1- to 4-player (solo included) random and greedy"
    )
    print(f"deep check over {len(times)} {what} tables (seeds {start} to {start + tables - 1}):")
    print(f"  wall clock: {_spread(times)}")
    print(f"  CPU time:   {_spread(cpus)}")
    counted = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    undecided = sum(n for v, n in verdicts.items() if v.startswith("undecided"))
    print(f"  verdicts: {counted}")
    print(f"  undecided: {undecided} (goal 0); wrong: {wrong} (must be 0)")
    if missed:
        print(f"  seeds not found reachable: {' '.join(map(str, missed))}")


if __name__ == "__main__":
    main(sys.argv[1:])
