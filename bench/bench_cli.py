"""How fast the ``marquoir`` command starts (issue 16): ``marquoir score`` and ``marquoir check`` on a seed table
against ``python -c "import json"`` from the same venv, as ratios of medians.

Each command runs ``RUNS`` times, interleaved; a run's cost is its CPU time (user + system, from ``wait4``), which a
busy shared machine inflates far less than wall time; the wall-time medians are printed too. Target: both ratios
≤ 4. Run: ``.venv/bin/python bench/bench_cli.py [RUNS]``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "seeds" / "base-4p.json"
MARQUOIR = str(Path(sys.executable).with_name("marquoir"))  # the venv's console script, as a user types it
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 15


def _cost(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one run of ``argv``."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> None:
    python = sys.executable
    commands = {
        "python -c 'import json'": [python, "-c", "import json"],
        "marquoir score": [MARQUOIR, "score", str(SEED)],
        "marquoir check": [MARQUOIR, "check", str(SEED)],
        "marquoir --help": [MARQUOIR, "--help"],
    }
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    wall: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, argv in commands.items():
            c, w = _cost(argv)
            cpu[name].append(c)
            wall[name].append(w)
    base_cpu = statistics.median(cpu["python -c 'import json'"])
    base_wall = statistics.median(wall["python -c 'import json'"])
    print(f"{RUNS} runs each, medians (CPU = user + system)")
    for name in commands:
        c, w = statistics.median(cpu[name]), statistics.median(wall[name])
        ratios = f"×{c / base_cpu:5.2f}   wall {w * 1000:7.1f} ms  ×{w / base_wall:5.2f}"
        print(f"  {name:26} CPU {c * 1000:7.1f} ms  {ratios}")


if __name__ == "__main__":
    main()
