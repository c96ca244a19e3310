"""Bonsai engine benchmarks (printed figures, not timed tests).

1. Random 4-player games per second on one core (goal: at least 100), by the wall clock and by CPU time.
2. Memory of one game state mid-game (the catalogue's goal tiles, shared by every state, counted apart).
3. The deep check (``check --deep``) over engine-finished tables: median, 99th percentile and maximum time, the
   verdicts counted (goal: none undecided); random players by default, ``--greedy`` for four greedy players.

Usage: ``.venv/bin/python bench/bench_bonsai_engine.py [GAMES] [TABLES] [--greedy]`` (defaults 300 and 1000).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from marquoir.games.bonsai.engine.players import RandomPlayer, play
from marquoir.games.bonsai.engine.rules import apply, new_game
from marquoir.games.bonsai.engine.simulate import simulate_tables
from marquoir.games.bonsai.reach import explain_reachability


def deep_size(value: Any, seen: set[int] | None = None, skip: frozenset[int] = frozenset()) -> int:
    """Bytes held by ``value`` and everything it refers to (each object once; ``skip`` ids left out)."""
    seen = seen if seen is not None else set()
    if id(value) in seen or id(value) in skip:
        return 0
    seen.add(id(value))
    size = sys.getsizeof(value)
    if isinstance(value, dict):
        size += sum(deep_size(k, seen, skip) + deep_size(v, seen, skip) for k, v in value.items())
    elif isinstance(value, tuple | list | set | frozenset):
        size += sum(deep_size(item, seen, skip) for item in value)
    elif hasattr(value, "__slots__"):
        size += sum(deep_size(getattr(value, s), seen, skip) for s in value.__slots__ if hasattr(value, s))
    elif hasattr(value, "__dict__"):
        size += deep_size(vars(value), seen, skip)
    return size


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


def deep_checks(count: int, greedy: bool) -> tuple[list[float], list[float], Counter[str]]:
    """Each table's deep check time, by the wall clock and by CPU time, and the verdicts counted."""
    kinds = ["greedy"] * 4 if greedy else ["random"] * 4
    times: list[float] = []
    cpus: list[float] = []
    verdicts: Counter[str] = Counter()
    for result in simulate_tables(count, kinds, seed=10_000):
        began, cpu = time.perf_counter(), time.process_time()
        report = explain_reachability(result.table)
        times.append(time.perf_counter() - began)
        cpus.append(time.process_time() - cpu)
        verdicts[report.verdict] += 1
    return times, cpus, verdicts


def _spread(values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
    return f"median {statistics.median(values) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {values[-1] * 1000:.1f} ms"


def main(argv: list[str]) -> None:
    greedy = "--greedy" in argv
    numbers = [int(a) for a in argv if not a.startswith("--")]
    games = numbers[0] if numbers else 300
    tables = numbers[1] if len(numbers) > 1 else 1000
    wall, cpu = games_per_second(games)
    print(f"4-player random games: {wall:.0f}/s wall clock, {cpu:.0f}/s CPU (goal >= 100; ratio {cpu / 100:.2f})")
    print(f"memory of a 4-player state mid-game: {state_memory() / 1024:.1f} KiB")
    times, cpus, verdicts = deep_checks(tables, greedy)
    print(f"deep check over {len(times)} {'greedy' if greedy else 'random'} 4-player tables:")
    print(f"  wall clock: {_spread(times)}")
    print(f"  CPU time:   {_spread(cpus)}")
    counted = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
    print(f"  verdicts: {counted} (undecided: {verdicts['undecided']}, goal 0)")


if __name__ == "__main__":
    main(sys.argv[1:])
