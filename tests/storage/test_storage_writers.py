"""The queue of SQLite's writers (marquoir/storage/writers.py): first come first served within a process, one
writer at a time across processes, bounded waits (SQLite's lock still excludes the writers that do not queue:
test_storage_errors.py's locked database)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from support.samples import sample_table

from marquoir import score
from marquoir.storage import count_games, open_database, save_game, sqlite_url
from marquoir.storage.writers import LOCK_SUFFIX, WriterTurns


def test_threads_get_their_turns_in_arrival_order(tmp_path: Path) -> None:
    turns = WriterTurns(str(tmp_path / "db.sqlite3"))
    order: list[int] = []
    release = threading.Event()
    started: list[threading.Thread] = []

    def writer(index: int) -> None:
        with turns.turn(10.0):
            order.append(index)
            if index == 0:
                release.wait(10.0)

    for index in range(8):
        thread = threading.Thread(target=writer, args=(index,))
        thread.start()
        started.append(thread)
        # the next one arrives only once this one holds the turn (the first) or waits in the queue (the others)
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline and (order != [0] or len(turns._waiting) < index):
            time.sleep(0.001)
    release.set()
    for thread in started:
        thread.join(10.0)
    assert order == list(range(8))
    assert not turns._taken and not turns._waiting


def test_a_writer_that_waits_too_long_gives_up_and_leaves_the_queue(tmp_path: Path) -> None:
    turns = WriterTurns(str(tmp_path / "db.sqlite3"))
    holding = threading.Event()
    release = threading.Event()

    def holder() -> None:
        with turns.turn(10.0):
            holding.set()
            release.wait(10.0)

    thread = threading.Thread(target=holder)
    thread.start()
    assert holding.wait(5.0)
    with pytest.raises(sqlite3.OperationalError, match="locked"), turns.turn(0.05):
        pass
    assert not turns._waiting  # the one that gave up is not handed a turn later
    release.set()
    thread.join(10.0)
    with turns.turn(1.0):  # the queue is free again
        pass


HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("holding", flush=True)
time.sleep(float(sys.argv[2]))
"""


def test_a_writer_of_another_process_is_waited_for(tmp_path: Path) -> None:
    """The lock file beside the database orders writers across processes: while another process holds it, a turn
    here begins only when that process lets go (here: when it exits, as a killed server would)."""
    database = tmp_path / "db.sqlite3"
    command = [sys.executable, "-c", textwrap.dedent(HOLDER), str(database) + LOCK_SUFFIX, "0.6"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as other:
        try:
            assert other.stdout is not None and other.stdout.readline().strip() == "holding"
            began = time.monotonic()
            with WriterTurns(str(database)).turn(10.0):
                waited = time.monotonic() - began
            assert waited > 0.4  # it held the lock file 0.6 s after saying so
        finally:
            other.kill()

def test_saves_of_many_threads_all_land_with_the_queue(tmp_path: Path) -> None:
    engine = open_database(sqlite_url(tmp_path / "db.sqlite3"))
    table = sample_table("base-2p")
    report = score(table)
    errors: list[BaseException] = []

    def saver() -> None:
        try:
            for _ in range(5):
                save_game(engine, table, report)
        except BaseException as error:  # reported by the assertion below
            errors.append(error)

    threads = [threading.Thread(target=saver) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60.0)
    assert not errors
    assert count_games(engine) == 30
    assert (tmp_path / ("db.sqlite3" + LOCK_SUFFIX)).exists()



def test_a_forked_child_has_its_own_queue_and_waits_for_its_parent_within_the_bound(tmp_path: Path) -> None:
    """A child forked while a thread of the parent holds its turn starts with an empty queue of its own (the
    parent's threads are not in it): it waits for the parent's writer like another process's, gives up after its
    bound while the parent holds on, and writes once the parent let go."""
    import multiprocessing

    from marquoir.storage.writers import turns_for

    database = str(tmp_path / "db.sqlite3")
    context = multiprocessing.get_context("fork")
    with turns_for(database).turn(1.0):
        pool = context.Pool(1)  # forked now, while this thread holds the turn
        try:
            assert pool.apply(_child_turn, (database,)) == "locked"
        except BaseException:
            pool.terminate()
            raise
    with pool:
        assert pool.apply(_child_turn, (database,)) == "written"


def _child_turn(database: str) -> str:
    from marquoir.storage.writers import turns_for

    try:
        with turns_for(database).turn(0.3):
            return "written"
    except sqlite3.OperationalError as error:
        return "locked" if "locked" in str(error) else str(error)
