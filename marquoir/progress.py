"""A small progress bar on a terminal stream, for the commands that take a while (``simulate``, ``import``).

Drawn only when the stream is a terminal and the run is long (over a second), and redrawn at most ten times a
second, so that pipes and logs stay clean and a fast loop is not slowed down by its own bar.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

#: Seconds before the bar first shows, and between two drawings.
DELAY = 1.0
INTERVAL = 0.1


class Progress:
    """``update(done)`` as the work goes, ``note(line)`` to print a line above the bar, ``close()`` at the end.
    ``total`` may grow while the work goes (a file found to hold many games)."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30, unit: str = "games") -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.width = width
        self.unit = unit
        self.started = time.monotonic()
        self.drawn = False
        self.enabled = self.stream.isatty()
        self._last_drawn = 0.0
        self._done = 0

    def update(self, done: int) -> None:
        self._done = done
        if not self.enabled:
            return
        now = time.monotonic()
        elapsed = now - self.started
        if elapsed < DELAY and done < self.total:
            return
        if now - self._last_drawn < INTERVAL and done < self.total:
            return
        self._last_drawn = now
        filled = self.width * min(done, self.total) // max(self.total, 1)
        rate = done / elapsed if elapsed else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.unit}, {rate:.0f}/s")
        self.stream.flush()
        self.drawn = True

    def note(self, line: str) -> None:
        """Print ``line`` on the stream (above the bar when it is drawn, which is drawn again below it)."""
        if self.drawn:
            self.stream.write("\r\x1b[K")
        self.stream.write(line + "\n")
        self.stream.flush()
        if self.drawn:
            self._last_drawn = 0.0
            self.update(self._done)

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
