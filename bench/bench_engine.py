"""Engine benchmarks (printed figures, not timed tests).

1. Random 4-player games per second on one core (goal: at least 200).
2. Reachability decision time over engine-finished tables: median and 99th percentile (goal: p99 under 50 ms,
   none undecided), with the verdicts counted.
3. Memory of one game state (the deck of cards is shared by every state of a game and counted apart).

Usage: ``.venv/bin/python bench/bench_engine.py [GAMES] [TABLES]`` (defaults 300 and 1000).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from marquoir.engine import build_deck, final_table, new_game
from marquoir.engine.players import RandomPlayer, play
from marquoir.engine.reach import explain_reachability
from marquoir.vocabulary import BASE_FAMILIES


def deep_size(value: Any, seen: set[int] | None = None, skip: tuple[int, ...] = ()) -> int:
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
        size += sum(deep_size(getattr(value, slot), seen, skip) for slot in value.__slots__ if hasattr(value, slot))
    elif hasattr(value, "__dict__"):
        size += deep_size(vars(value), seen, skip)
    return size


def games_per_second(count: int) -> float:
    deck = build_deck(BASE_FAMILIES)
    players = [RandomPlayer()] * 4
    began = time.perf_counter()
    for seed in range(count):
        play(new_game(deck, 4, seed=seed), players, random.Random(seed))
    return count / (time.perf_counter() - began)


def reachability_times(count: int) -> tuple[list[float], Counter[str]]:
    deck = build_deck(BASE_FAMILIES)
    times: list[float] = []
    verdicts: Counter[str] = Counter()
    for seed in range(count):
        players = 2 + seed % 3
        state = play(new_game(deck, players, seed=seed), [RandomPlayer()] * players, random.Random(seed))
        table = final_table(state)
        began = time.perf_counter()
        report = explain_reachability(table)
        times.append(time.perf_counter() - began)
        verdicts[report.verdict] += 1
    return times, verdicts


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 300
    tables = int(argv[2]) if len(argv) > 2 else 1000
    rate = games_per_second(games)
    print(f"random 4-player games: {rate:.0f} games/s on one core over {games} games (goal >= 200: "
          f"{'met' if rate >= 200 else 'NOT met'})")

    times, verdicts = reachability_times(tables)
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    median = statistics.median(times) * 1000
    goal = "met" if p99 < 0.05 and not verdicts["undecided"] else "NOT met"
    print(f"reachability over {tables} engine-finished tables (2-4 players): median {median:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.0f} ms; verdicts {dict(verdicts)} "
          f"(goal p99 < 50 ms and none undecided: {goal})")

    deck = build_deck(BASE_FAMILIES)
    state = play(new_game(deck, 4, seed=1), [RandomPlayer()] * 4, random.Random(1))
    early = new_game(deck, 4, seed=1)
    shared = (*(id(card) for card in deck), id(state.cards), id(early.cards))
    print(f"memory of one game state (4 players): {deep_size(early, skip=shared)} bytes at the start, "
          f"{deep_size(state, skip=shared)} bytes at the end; the shared deck of 72 cards: {deep_size(deck)} bytes")


if __name__ == "__main__":
    main(sys.argv)
