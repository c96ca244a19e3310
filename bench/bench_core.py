"""The core's cost end to end, for each game: ``load_table + score + check`` of a 4-player detailed table against
``json.loads`` of the same text (the cheapest thing any reader of the document must do).

Prints, per game, the best time of each (timeit's advice: the fastest run is the cost, the rest is the machine's
noise), their ratio, the median ratio of the paired runs, and the CLI's whole job (``score(load_table(text))
.to_json()``, the issues included). Run: .venv/bin/python bench/bench_core.py
"""

from __future__ import annotations

import json
import statistics
import sys
import timeit
from pathlib import Path

# This checkout's marquoir first, not the one an editable install points at (a worktree measures its own).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from marquoir import check, load_table, score

SAMPLES = Path(__file__).resolve().parent.parent / "seeds"
#: The 4-player detailed sample table of each game.
TABLES = {"kanagawa": "base-4p.json", "bonsai": "bonsai-4p.json"}


def measure(text: str, repeats: int = 15, number: int = 300) -> float:
    """Print the figures of one table's text; return the best ratio to ``json.loads``."""

    def end_to_end() -> None:
        table = load_table(text)
        score(table)
        check(table)

    def parse_json() -> None:
        json.loads(text)

    def cli_job() -> None:
        score(load_table(text)).to_json()

    # Interleave the runs so that a noisy neighbour hits every side alike.
    ours, base, whole = [], [], []
    for _ in range(repeats):
        ours.append(timeit.timeit(end_to_end, number=number) / number)
        base.append(timeit.timeit(parse_json, number=number * 4) / (number * 4))
        whole.append(timeit.timeit(cli_job, number=number) / number)
    ours_m, base_m, whole_m = min(ours), min(base), min(whole)
    ratio = ours_m / base_m
    median_ratio = statistics.median(o / b for o, b in zip(ours, base, strict=True))
    print(f"  json.loads of the table:               {base_m * 1e6:8.1f} µs")
    print(f"  load_table + score + check:            {ours_m * 1e6:8.1f} µs")
    print(f"  score(load_table(text)).to_json():     {whole_m * 1e6:8.1f} µs  (the CLI's whole job, issues included)")
    print(f"  ratio (load + score + check) / json:   {ratio:8.1f}  (best runs)")
    print(f"    median of the paired runs:           {median_ratio:8.1f}")
    return ratio


def main() -> None:
    for game, name in TABLES.items():
        print(f"{game} ({name}):")
        measure((SAMPLES / name).read_text(encoding="utf-8"))


if __name__ == "__main__":
    main()
