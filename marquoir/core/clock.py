"""The clock every game's deep check (its ``reach`` package) counts its time bound on: the wall clock, by default:
the bound is how long a player at the table waits for a verdict.

:func:`count_cpu_time` switches it, for the whole process, to the process's CPU time: what the search costs on a core
of its own, whatever else the machine runs. The tests and ``bench/bench_deep.py --cpu-clock`` use it, so that on a
shared machine a verdict near the bound no longer flips with the load (speed is measured by ``bench/``, never by a
timed test). Only the bound's clock changes; the searches, and so the verdicts a core of its own gives, are the
same."""

from __future__ import annotations

import time
from collections.abc import Callable

_clock: Callable[[], float] = time.perf_counter


def now() -> float:
    """The time on the deep checks' clock, in seconds (only differences mean anything)."""
    return _clock()


def count_cpu_time() -> None:
    """Count every deep check's bound in this process's CPU time from now on (all its threads: a search running
    beside other work in the same process gets no more than the wall clock would give it)."""
    global _clock
    _clock = time.process_time
