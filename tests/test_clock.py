"""The deep checks' clock (marquoir/core/clock.py): the wall clock by default, the process's CPU time once switched,
as the tests' conftest and ``bench_deep.py --cpu-clock`` switch it."""

from __future__ import annotations

import subprocess
import sys
import time

from marquoir.core import clock

SLEEP = 0.3


def test_the_wall_clock_counts_by_default() -> None:
    """A process that never switched the clock counts a sleep (a player waits through it)."""
    code = (
        "import time\nfrom marquoir.core import clock\n"
        f"began = clock.now(); time.sleep({SLEEP}); print(clock.now() - began)"
    )
    waited = float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert waited >= SLEEP * 0.95


def test_the_tests_count_cpu_time() -> None:
    """Switched by the conftest: a sleep costs no CPU, so no bound runs out while the machine serves other work."""
    began = clock.now()
    time.sleep(SLEEP)
    assert clock.now() - began < SLEEP / 3
    began = clock.now()
    deadline = time.perf_counter() + SLEEP
    while time.perf_counter() < deadline:  # busy: the CPU clock moves
        pass
    assert clock.now() - began > 0
