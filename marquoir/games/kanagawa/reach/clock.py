"""The time bound of one table's search, shared by every phase (preparing the players, the searches, the joint
search, the witness and the reasons): a deadline on :func:`time.perf_counter`."""

from __future__ import annotations

import time


class OutOfTime(Exception):
    """The time bound of the table's search ran out."""


def check(deadline: float) -> None:
    """Raise :class:`OutOfTime` once ``deadline`` has passed."""
    if time.perf_counter() > deadline:
        raise OutOfTime
