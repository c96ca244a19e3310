"""Bonsai's cost end to end: ``load_table + score + check`` of the 4-player detailed table (``seeds/bonsai-4p.json``:
three bonsais of 24 to 26 tiles and one sheet player), against ``json.loads`` of the same text (the cheapest thing
any reader of the document must do).

Prints the best time of each (timeit's advice: the fastest run is the cost, the rest is the machine's noise), their
ratio, the median ratio of the paired runs, and the CLI's whole job (``score(load_table(text)).to_json()``, the
issues included). Run: .venv/bin/python bench/bench_bonsai.py
"""

from __future__ import annotations

import json
import statistics
import timeit
from pathlib import Path

from marquoir import check, load_table, score

TEXT = (Path(__file__).resolve().parent.parent / "seeds" / "bonsai-4p.json").read_text(encoding="utf-8")


def main(repeats: int = 15, number: int = 300) -> float:
    def end_to_end() -> None:
        table = load_table(TEXT)
        score(table)
        check(table)

    def parse_json() -> None:
        json.loads(TEXT)

    def cli_job() -> None:
        score(load_table(TEXT)).to_json()

    # Interleave the runs so that a noisy neighbour hits both sides alike.
    ours, base, whole = [], [], []
    for _ in range(repeats):
        ours.append(timeit.timeit(end_to_end, number=number) / number)
        base.append(timeit.timeit(parse_json, number=number * 4) / (number * 4))
        whole.append(timeit.timeit(cli_job, number=number) / number)
    ours_m, base_m, whole_m = min(ours), min(base), min(whole)
    ratio = ours_m / base_m
    median_ratio = statistics.median(o / b for o, b in zip(ours, base, strict=True))
    print(f"json.loads of the table:               {base_m * 1e6:8.1f} µs")
    print(f"load_table + score + check:            {ours_m * 1e6:8.1f} µs")
    print(f"score(load_table(text)).to_json():     {whole_m * 1e6:8.1f} µs  (the CLI's whole job, issues included)")
    print(f"ratio (load + score + check) / json:   {ratio:8.1f}  (best runs)")
    print(f"  median of the paired runs:           {median_ratio:8.1f}")
    return ratio


if __name__ == "__main__":
    main()
