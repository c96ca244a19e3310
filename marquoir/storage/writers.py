"""Turns for SQLite's one write lock, handed out in arrival order within a process and across processes.

SQLite lets one writer in at a time and leaves waiting writers to poll for the lock: there is no queue, so under
many writers (a club's server: several processes, threads in each) who gets the lock next is chance, and the
unlucky wait many turns (the write latency's tail, ``bench/bench_saves.py``). This module gives writers a queue
before they ask SQLite:

- within a process, a first-come first-served queue of threads (each waits on its own event; the one finishing
  hands the turn to the oldest waiter);
- across processes, the head of each process's queue takes an exclusive ``flock`` on a lock file beside the
  database (``<database>-writers``). A blocked ``flock`` waits in the kernel and is woken as the holder lets go,
  so the lock passes between processes without the gaps of polling, and with one contender per process the
  processes alternate.

SQLite's lock is still taken (``BEGIN IMMEDIATE``) and stays the one that guarantees exclusion: a writer that does
not queue here (an older process, the ``sqlite3`` shell) is waited for as before. The queue only orders
Marquoir's own writers. A process that dies lets go of its ``flock`` (the kernel drops it with the file); a turn
is held only for one write transaction, itself bounded by the busy timeout, so every wait here is bounded too, and
a thread that waits in the process's queue longer than the busy timeout gives up with the busy error SQLite would
have given.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

#: The lock file's name: the database file's name with this added.
LOCK_SUFFIX = "-writers"


class WriterTurns:
    """The queue of this process's writers to one SQLite file (one object per file per process:
    :func:`turns_for`)."""

    def __init__(self, database: str) -> None:
        self._path = database + LOCK_SUFFIX
        self._mutex = threading.Lock()
        self._waiting: deque[threading.Event] = deque()
        self._taken = False
        self._fd: int | None = None

    @contextmanager
    def turn(self, timeout: float) -> Iterator[None]:
        """Wait for this thread's turn (at most ``timeout`` seconds in this process's queue, then SQLite's own
        "database is locked" error), then for the other processes' current writer; held until the block ends."""
        self._wait_in_process(timeout)
        try:
            fd = self._lock_file()
            if fd is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)  # blocks in the kernel, without the GIL, until the holder lets go
            try:
                yield
            finally:
                if fd is not None:
                    fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            self._hand_over()

    def _wait_in_process(self, timeout: float) -> None:
        me = threading.Event()
        with self._mutex:
            if not self._taken:
                self._taken = True
                return
            self._waiting.append(me)
        deadline = time.monotonic() + timeout
        if me.wait(max(0.0, deadline - time.monotonic())):
            return
        with self._mutex:
            if me.is_set():  # handed the turn just as the wait ended
                return
            self._waiting.remove(me)
        raise sqlite3.OperationalError("database is locked (waited for the other writers)")

    def _hand_over(self) -> None:
        with self._mutex:
            if self._waiting:
                self._waiting.popleft().set()  # the turn passes directly: ``_taken`` stays true
            else:
                self._taken = False

    def _lock_file(self) -> int | None:
        """The lock file's descriptor, opened once (``None`` when it cannot be: the queue then orders this
        process's writers only, and SQLite's lock the rest). Called only by the turn's holder."""
        if self._fd is None:
            try:
                self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            except OSError:
                return None
        return self._fd


_TURNS: dict[str, WriterTurns] = {}
_TURNS_MUTEX = threading.Lock()


def turns_for(database: str) -> WriterTurns:
    """The one :class:`WriterTurns` of this process for the SQLite file ``database`` (an absolute path)."""
    with _TURNS_MUTEX:
        found = _TURNS.get(database)
        if found is None:
            found = _TURNS[database] = WriterTurns(database)
        return found
