"""Scoring plus checking a 4-player detailed table, against json.loads of the same text, in one run.

Prints the time of each and their ratio (goal: at most 10). Run: .venv/bin/python bench/bench_core.py
"""

from __future__ import annotations

import json
import statistics
import timeit
from pathlib import Path

from marquoir import catalogue, check, load_table, score
from marquoir.tableau import _tableau_of

TEXT = (Path(__file__).resolve().parent.parent / "seeds" / "base-4p.json").read_text(encoding="utf-8")


def main(repeats: int = 15, number: int = 2000) -> float:
    table = load_table(TEXT)
    cat = catalogue()

    def score_and_check() -> None:
        # Tableaux are shared by the scoring and the check of one table, not kept from one run to the next.
        _tableau_of.cache_clear()
        score(table, cat)
        check(table, cat)

    def parse_json() -> None:
        json.loads(TEXT)

    def full() -> None:
        _tableau_of.cache_clear()
        score(load_table(TEXT), cat).to_json()

    # Interleave the runs so that a noisy neighbour hits both sides alike; take the medians.
    ours, base, whole = [], [], []
    for _ in range(repeats):
        ours.append(timeit.timeit(score_and_check, number=number) / number)
        base.append(timeit.timeit(parse_json, number=number) / number)
        whole.append(timeit.timeit(full, number=number // 4) / (number // 4))
    # timeit's own advice: the fastest run is the best estimate of the cost, the others carry the machine's noise.
    ours_m, base_m, whole_m = min(ours), min(base), min(whole)
    ratio = ours_m / base_m
    median_ratio = statistics.median(o / b for o, b in zip(ours, base, strict=True))
    print(f"json.loads of the table:          {base_m * 1e6:8.1f} µs")
    print(f"score + check (4 detailed):       {ours_m * 1e6:8.1f} µs")
    print(f"load_table + score().to_json():   {whole_m * 1e6:8.1f} µs  (the CLI's whole job, issues included)")
    print(f"ratio score+check / json.loads:   {ratio:8.1f}  (goal ≤ 10; best runs)")
    print(f"  median of the paired runs:      {median_ratio:8.1f}")
    return ratio


if __name__ == "__main__":
    main()
