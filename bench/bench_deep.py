"""The deep check's figures (printed, not timed tests): the decision time's median, 99th percentile and maximum, and
the undecided count, over tables derived from real games (``tests/support/real_games.py``: engine players of five
kinds, random, greedy, Studio-heavy, Print-heavy and keep-heavy, base and Yokai families, 2 to 4 players, rule
options drawn), three a game: as played and with some players turned into sheet figures (each must be reachable),
and one impossible change (never reachable), and where a game allows them the changes needing more (a Yokai token
moved beyond its gains; two sheet players given tiles the free cards cannot both meet; the Grand Master moved beside
sheet players to a detailed player that never took the Assistant); then over the older
engine-finished tables (random and greedy players) and the hand-made tables of the tests.

Usage: ``.venv/bin/python bench/bench_deep.py [GAMES] [REPEATS] [--moved] [--cpu-clock] [--list]`` (defaults 700
real games, so about 2,230 tables, and 1). With ``--moved``, only each game's sheet-figure table with the Grand
Master moved to another player at random, whose verdict is not known beforehand (so none is counted wrong; a
reachable one has its witness). Each table is decided by :func:`marquoir.games.kanagawa.reach.explain_reachability`
with its default time bound; every figure is given by the wall clock and by the process's CPU time (what the code
costs on one core, whatever else the machine runs), with the verdicts counted, the wrong verdicts counted (a derived
table whose verdict is not the one it must have), and the slowest tables named. With ``--cpu-clock``, the searches'
time bound is counted in this process's CPU time instead of the wall clock (what the bound allows on a core of its
own): on a machine shared with other work the verdicts near the bound then stop moving from run to run, so two
versions of the code can be compared table by table. ``--list`` names every undecided table.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

# This checkout's marquoir first, not the one an editable install points at (a worktree measures its own), and
# before the tests' support modules, which import marquoir too (placed after them, it came too late: a worktree's
# bench measured main's code).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from support.engine import YOKAI_FAMILIES, YOKAI_FAMILIES_2, finished_game
from support.real_games import derived_tables, master_elsewhere

import marquoir
from marquoir.core import clock
from marquoir.games.kanagawa.engine import final_table
from marquoir.games.kanagawa.reach import explain_reachability
from marquoir.games.kanagawa.table import Table
from marquoir.games.kanagawa.vocabulary import BASE_FAMILIES

CHECKOUT = Path(__file__).resolve().parents[1]
assert Path(marquoir.__file__).resolve().parents[1] == CHECKOUT, f"measuring {marquoir.__file__}, not this checkout"


def engine_tables(count: int) -> list[tuple[str, Table]]:
    """``count`` finished tables: families, players and player kinds varied by seed."""
    tables = []
    for seed in range(count):
        families = (BASE_FAMILIES, YOKAI_FAMILIES, BASE_FAMILIES, YOKAI_FAMILIES_2)[seed % 4]
        state = finished_game(seed, 2 + seed % 3, families, greedy=seed % 5 == 0)
        tables.append((f"engine seed {seed}", final_table(state)))
    return tables


def hand_made_tables() -> list[tuple[str, Table]]:
    """The tables the tests build by hand (tests/engine/test_engine_reach.py, test_deep_rules.py), good and
    broken."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))
    import test_deep_rules as rules
    import test_engine_reach as reach

    ann, ben, cal = reach.tight_trio()
    ben2, dan = rules.assistant_last()
    swapped = (ann.print[-1], *ann.print[1:-1], ann.print[0])
    return [
        ("tight trio", reach.table_of(ann, ben, cal)),
        ("tight trio, two Print cards swapped", reach.table_of(dataclasses.replace(ann, print=swapped), ben, cal)),
        ("tight trio, a game stopped early",
         reach.table_of(dataclasses.replace(ann, print=ann.print[:9]), dataclasses.replace(ben, print=ben.print[:10]),
                        cal)),
        ("tight trio, Grand Master who never had the Assistant",
         reach.table_of(dataclasses.replace(ann, grand_master=True), ben,
                        dataclasses.replace(cal, grand_master=False))),
        ("Diploma bonus in time", reach.diploma_table(boar_deer_first=True)),
        ("Diploma bonus too late", reach.diploma_table(boar_deer_first=False)),
        ("one a round beside three a round", rules.one_a_round_and_three_a_round()),
        ("sheet figures only", rules.sheet_only()),
        ("the Assistant last, its taker the Grand Master",
         Table(players=(ben2, dataclasses.replace(dan, grand_master=True)))),
        ("the Assistant last, the other the Grand Master",
         Table(players=(dataclasses.replace(ben2, grand_master=True), dan))),
    ]


LIST_UNDECIDED = False


def measure(tables: list[tuple[str, Table]], repeats: int, expected: dict[str, str] | None = None) -> None:
    walls: list[float] = []
    cpus: list[float] = []
    verdicts: Counter[str] = Counter()
    wrong: list[str] = []
    slow: list[tuple[float, str, str]] = []
    for _ in range(repeats):
        for name, table in tables:
            began, cpu = time.perf_counter(), time.process_time()
            report = explain_reachability(table)
            wall = time.perf_counter() - began
            walls.append(wall)
            cpus.append(time.process_time() - cpu)
            verdicts[report.verdict] += 1
            slow.append((wall, name, report.verdict))
            must = (expected or {}).get(name)
            if must == "reachable" and report.verdict != "reachable" and report.verdict != "undecided":
                wrong.append(f"{name}: {report.verdict}")
            if must == "never" and report.verdict == "reachable":
                wrong.append(f"{name}: reachable")
    print(f"  {len(tables)} tables × {repeats}: verdicts {dict(verdicts)}, undecided {verdicts['undecided']}")
    if LIST_UNDECIDED:
        print("  undecided: " + ", ".join(name for _wall, name, verdict in slow if verdict == "undecided"))
    if expected is not None:
        print(f"  wrong verdicts: {len(wrong)}" + "".join(f"\n    {w}" for w in wrong[:10]))
    for label, times in (("wall clock", walls), ("CPU time", cpus)):
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(f"  by the {label}: median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
              f"p99 {p99 * 1000:.1f} ms, "
              f"max {ordered[-1] * 1000:.0f} ms, mean {statistics.fmean(times) * 1000:.1f} ms")
    shares = sorted(times for times in walls)
    total = sum(shares)
    top = sum(shares[-max(1, len(shares) // 100):])
    print(f"  the slowest 1% take {100 * top / total:.0f}% of the time; the slowest: "
          + "; ".join(f"{name} {wall * 1000:.0f} ms ({verdict})" for wall, name, verdict in sorted(slow)[-3:]))


def real_tables(games: int) -> tuple[list[tuple[str, Table]], dict[str, str]]:
    """Three tables from each of ``games`` real games, with the verdict each must have."""
    tables: list[tuple[str, Table]] = []
    expected: dict[str, str] = {}
    for seed in range(games):
        for derived in derived_tables(seed):
            tables.append((derived.name, derived.table))
            expected[derived.name] = derived.expected
    return tables, expected


def moved_tables(games: int) -> list[tuple[str, Table]]:
    """Each game's sheet-figure table with the Grand Master moved to another player at random
    (:func:`support.real_games.master_elsewhere`): no verdict is known beforehand, so none is judged wrong."""
    tables = []
    for seed in range(games):
        sheets = next(d for d in derived_tables(seed) if d.name.endswith("sheet figures"))
        moved = master_elsewhere(sheets.table, random.Random(seed + 5))
        if moved is not None:
            tables.append((f"{sheets.name}, Grand Master elsewhere", moved))
    return tables


def main(argv: list[str]) -> None:
    global LIST_UNDECIDED
    parser = argparse.ArgumentParser(description="The deep check's figures over tables derived from real games.")
    parser.add_argument("games", nargs="?", type=int, default=700, help="real games to derive tables from (700)")
    parser.add_argument("repeats", nargs="?", type=int, default=1, help="times each table is decided (1)")
    parser.add_argument("--moved", action="store_true",
                        help="only the sheet-figure tables with the Grand Master moved to another player")
    parser.add_argument("--cpu-clock", action="store_true", help="count the searches' time bound in CPU time")
    parser.add_argument("--list", action="store_true", help="name every undecided table")
    args = parser.parse_args(argv[1:])
    moved, games, repeats = args.moved, args.games, args.repeats
    LIST_UNDECIDED = args.list
    if args.cpu_clock:
        clock.count_cpu_time()
        print("the time bound counted in CPU time (--cpu-clock)")
    if moved:
        print(f"deep check over the sheet-figure tables of {games} real games, the Grand Master moved to another "
              "player (verdicts not known beforehand):")
        measure(moved_tables(games), repeats)
        return
    tables, expected = real_tables(games)
    print(f"deep check over {len(tables)} tables from {games} real games (as played, sheet figures, one impossible "
          "change):")
    measure(tables, repeats, expected)
    for kind in ("as played", "sheet figures"):
        subset = [(name, table) for name, table in tables if name.endswith(kind)]
        print(f"  of which {kind}:")
        measure(subset, 1, expected)
    count = min(games, 1000)
    print(f"deep check over {count} engine-finished tables (random and greedy players, base and Yokai, 2-4 players):")
    measure(engine_tables(count), repeats)
    print("deep check over the hand-made tables of the tests:")
    measure(hand_made_tables(), max(repeats, 5))


if __name__ == "__main__":
    main(sys.argv)
