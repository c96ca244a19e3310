"""Concurrent writers on one SQLite file: saves per second, latency percentiles, and no lost game, no error.

W writer processes each save G games (every third one also corrected, a second write with history) into one fresh
database, all at once; each records the latency of every call. Bounded in count and in time (a writer stops after
its games or after --seconds). Then the database is checked: every game a writer was told was saved is there, at
the version it was told, with its whole history.

    .venv/bin/python bench/bench_storage.py [--writers 8] [--games 60] [--seconds 120]
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "seeds" / "base-4p.json"


def writer(path: str, index: int, games: int, deadline: float, queue: multiprocessing.Queue) -> None:
    from marquoir import load_table, score
    from marquoir.storage import StorageError, correct_game, open_database, save_game, sqlite_url

    engine = open_database(sqlite_url(path))
    base = load_table(SEED.read_text(encoding="utf-8"))
    saved: dict[int, int] = {}
    latencies: list[float] = []
    errors: list[str] = []
    for n in range(games):
        if time.monotonic() > deadline:
            break
        players = tuple(dataclasses.replace(p, name=f"W{index}-{n}-{p.name}") for p in base.players)
        table = dataclasses.replace(base, players=players)
        try:
            start = time.perf_counter()
            game = save_game(engine, table, score(table))
            latencies.append(time.perf_counter() - start)
            saved[game.id] = 1
            if n % 3 == 2:
                start = time.perf_counter()
                fixed = correct_game(engine, game.edit_token, table, score(table), expected_version=1)
                latencies.append(time.perf_counter() - start)
                saved[game.id] = fixed.version
        except StorageError as error:
            errors.append(str(error))
    engine.dispose()
    queue.put((saved, latencies, errors))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--games", type=int, default=60, help="games each writer saves")
    parser.add_argument("--seconds", type=float, default=120.0, help="stop every writer after this long")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from marquoir.storage import all_games, game_history, open_database, sqlite_url

    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "bench.sqlite3")
        open_database(sqlite_url(path)).dispose()  # created and migrated once, before the clock starts
        queue: multiprocessing.Queue = multiprocessing.Queue()
        deadline = time.monotonic() + args.seconds
        start = time.perf_counter()
        procs = [
            multiprocessing.Process(target=writer, args=(path, i, args.games, deadline, queue))
            for i in range(args.writers)
        ]
        for proc in procs:
            proc.start()
        outcomes = [queue.get(timeout=args.seconds + 60) for _ in procs]
        for proc in procs:
            proc.join(timeout=30)
        elapsed = time.perf_counter() - start

        committed: dict[int, int] = {}
        latencies: list[float] = []
        errors: list[str] = []
        for saved, lat, errs in outcomes:
            committed.update(saved)
            latencies += lat
            errors += errs
        engine = open_database(sqlite_url(path))
        stored = {g.id: g.version for g in all_games(engine)}
        lost = [g for g, v in committed.items() if stored.get(g, 0) < v]
        broken = [g for g, v in stored.items() if len(game_history(engine, g)) != v]
        engine.dispose()

    writes = len(latencies)
    print(f"writers: {args.writers}, games saved: {len(committed)}, writes (saves + corrections): {writes}")
    print(f"elapsed: {elapsed:.2f} s, writes per second: {writes / elapsed:.1f}")
    print(
        "latency per write: "
        f"p50 {percentile(latencies, 0.50) * 1000:.1f} ms, "
        f"p90 {percentile(latencies, 0.90) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, "
        f"max {max(latencies) * 1000:.1f} ms, mean {statistics.fmean(latencies) * 1000:.1f} ms"
    )
    print(f"errors: {len(errors)}, lost games: {len(lost)}, games with a broken history: {len(broken)}")
    for error in errors[:5]:
        print(f"  {error}")
    return 0 if not errors and not lost and not broken else 1


if __name__ == "__main__":
    raise SystemExit(main())
