"""Turns for SQLite's one write lock, handed out in arrival order within a process and across processes.

SQLite lets one writer in at a time and leaves waiting writers to poll for the lock: there is no queue, so under
many writers (a club's server: several processes, threads in each) who gets the lock next is chance, and the
unlucky wait many turns (the write latency's tail, ``bench/bench_saves.py``). This module gives writers a queue
before they ask SQLite:

- within a process, a first-come first-served queue of threads (each waits on its own event; the one finishing
  hands the turn to the oldest waiter);
- across processes, the head of each process's queue takes an exclusive ``flock`` on a lock file beside the
  database (``<database>-writers``), trying every 0.2 ms (one system call, by one thread per process): with one
  contender per process the processes take turns, and the lock passes within a fraction of a millisecond. (A
  blocking ``flock`` hands over a little faster but cannot give up: a stopped process would hang every writer.)

SQLite's lock is still taken (``BEGIN IMMEDIATE``) and stays the one that guarantees exclusion: a writer that does
not queue here (an older process, the ``sqlite3`` shell) is waited for as before. The queue only orders
Marquoir's own writers. A process that dies lets go of its ``flock`` (the kernel drops it with the file). Every
wait here is bounded by the busy timeout, after which the writer gives up with the busy error SQLite would have
given.
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
        deadline = time.monotonic() + timeout
        self._wait_in_process(timeout)
        try:
            fd = self._lock_file()
            if fd is not None:
                _lock_across(fd, deadline)
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


#: How long the head of a process's queue sleeps between two tries of the lock file (a try is one system call).
POLL = 0.0002


def _lock_across(fd: int, deadline: float) -> None:
    """Take the lock file for this process's writer, trying every :data:`POLL` seconds until ``deadline`` (then
    SQLite's "database is locked" error). Only one thread per process tries at a time (the head of its queue), so
    the processes' heads take turns with the lock at most a fraction of a millisecond after it is let go, and a
    writer that never lets go (a stopped process) makes the others give up after the busy timeout, as SQLite's
    own lock would."""
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise sqlite3.OperationalError("database is locked (another process's writer)") from None
        time.sleep(POLL)


_TURNS: dict[str, WriterTurns] = {}
_TURNS_MUTEX = threading.Lock()


def _forget_in_child() -> None:
    """A forked child starts with no queue: the parent's threads, and their turns, are not in it (its lock file
    descriptor is the parent's open file, so the child opens its own)."""
    _TURNS.clear()


os.register_at_fork(after_in_child=_forget_in_child)


def turns_for(database: str) -> WriterTurns:
    """The one :class:`WriterTurns` of this process for the SQLite file ``database`` (an absolute path)."""
    with _TURNS_MUTEX:
        found = _TURNS.get(database)
        if found is None:
            found = _TURNS[database] = WriterTurns(database)
        return found
