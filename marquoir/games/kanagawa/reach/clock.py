"""The time of one table's search: its bound, shared by every phase (preparing the players, the searches, the joint
search, the witness and the reasons), a deadline on the deep checks' clock (:mod:`marquoir.core.clock`); and
Python's garbage collector paused while it runs (:func:`paused_gc`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from marquoir.core import clock


class OutOfTime(Exception):
    """The time bound of the table's search ran out."""


def check(deadline: float) -> None:
    """Raise :class:`OutOfTime` once ``deadline`` has passed."""
    if clock.now() > deadline:
        raise OutOfTime


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector inside the block, then put it back as it was (enabled again only if
    it was enabled on entry).

    This is process-wide: :func:`gc.disable` stops automatic collection for every thread of the process, not only
    the one in the block, and a thread that leaves its block re-enables the collector for all, even while another
    thread's block is still running. Reference counting still frees every object that is not in a cycle; cycles
    made meanwhile wait for the next collection."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
