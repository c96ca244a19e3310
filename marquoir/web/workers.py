"""Expensive work off the request threads, bounded: the deep check and PDF rendering run each in a child process
with a hard bound on its time and memory, and at most ``EXPENSIVE_JOBS`` at once (default 2, fewer than the
server's threads), so that while the worst documents are being processed every other page keeps answering.

A request that finds every slot taken waits a moment (``JOB_WAIT`` seconds) and is then answered "busy, try
again" (:class:`Busy`, a 503 page that keeps what was sent); a job that runs past its time or memory is killed
(:class:`JobFailed`), and a child killed by a signal is said to be (``signal``, the signal logged). The slots are
shared fairly (:class:`Slots`): a client holds one at a time, so one client looping on PDFs never keeps another
out. The bounds are settable (``MARQUOIR_JOB_TIMEOUT`` seconds, ``MARQUOIR_JOB_MEMORY`` MiB:
:mod:`marquoir.web.security`). Children come from a fork server started at the first job (``forkserver``: a child of a
server holding threads and sockets is never forked from the server itself), which has already imported the jobs.
"""

from __future__ import annotations

import logging
import multiprocessing
import resource
import signal
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from flask import Flask, current_app, render_template, request

from marquoir.errors import MarquoirError
from marquoir.i18n import get_language, language
from marquoir.web.i18n import _

EXTENSION = "marquoir.workers"
LOG = logging.getLogger("marquoir.workers")
#: Bounds of one job: wall-clock seconds and address space in bytes.
DEFAULT_TIMEOUT = 15.0
DEFAULT_MEMORY = 1536 * 1024 * 1024


class Busy(MarquoirError):
    """Every slot for expensive work is taken: the request is answered at once instead of waiting."""


class JobFailed(MarquoirError):
    """A job ran past its time or memory bound, or failed: ``reason`` is ``time``, ``memory``, ``signal`` (the
    child was killed by a signal) or ``error``."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the job stopped ({reason})")
        self.reason = reason


def _child(connection: Connection, job: str, args: tuple[Any, ...], memory: int, lang: str) -> None:
    """Run in the child: bound its memory, run the job in the request's language ``lang`` (the words of a report are
    written where it is made), send back ``("ok", result)`` or ``("error", reason)``."""
    from marquoir.web.jobs import JOBS

    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        with language(lang):
            result = JOBS[job](*args)
        connection.send(("ok", result))
    except MemoryError:
        connection.send(("error", "memory"))
    except Exception:  # any failure of the job is the parent's to report; the child only says it failed
        connection.send(("error", "error"))
    finally:
        connection.close()


class Slots:
    """``count`` slots for expensive work, at most one held by each client at a time: a client's second job waits
    for its first (a client that loops keeps one slot, the others stay for everyone else)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.in_use = 0
        self.held: dict[str, int] = {}
        self.condition = threading.Condition()

    def acquire(self, timeout: float, client: str = "") -> bool:
        """Take a slot for ``client`` within ``timeout`` seconds; ``False`` when none freed for it."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while self.in_use >= self.count or self.held.get(client, 0) >= 1:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not self.condition.wait(remaining):
                    if self.in_use < self.count and self.held.get(client, 0) == 0:
                        break
                    return False
            self.in_use += 1
            self.held[client] = self.held.get(client, 0) + 1
            return True

    def release(self, client: str = "") -> None:
        with self.condition:
            self.in_use -= 1
            left = self.held.get(client, 1) - 1
            if left > 0:
                self.held[client] = left
            else:
                self.held.pop(client, None)
            self.condition.notify_all()


@dataclass
class Workers:
    """The app's slots for expensive work and the process context that runs it."""

    slots: int
    wait: float
    timeout: float
    memory: int
    semaphore: Slots = field(init=False)
    context: Any = field(init=False)

    def __post_init__(self) -> None:
        self.semaphore = Slots(self.slots)
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(["marquoir.web.jobs"])

    def run(self, job: str, *args: Any, timeout: float | None = None, client: str = "") -> Any:
        """``job(*args)`` in a child process, for ``client``; :class:`Busy` when no slot frees for it within
        ``wait``, :class:`JobFailed` when the child runs past ``timeout`` seconds or its memory, or fails."""
        if not self.semaphore.acquire(timeout=self.wait, client=client):
            raise Busy("every slot for long work is taken")
        try:
            receiving, sending = self.context.Pipe(duplex=False)
            process = self.context.Process(
                target=_child, args=(sending, job, args, self.memory, get_language()), daemon=True
            )
            process.start()
            sending.close()
            try:
                if not receiving.poll(timeout or self.timeout):
                    raise JobFailed("time")
                status, value = receiving.recv()
            except EOFError:  # the child died without a word
                process.join(5)
                raise _died(process.exitcode) from None
            finally:
                receiving.close()
                if process.is_alive():
                    process.kill()
                process.join(5)
            if status != "ok":
                raise JobFailed(str(value))
            return value
        finally:
            self.semaphore.release(client)


def _died(exitcode: int | None) -> JobFailed:
    """What a child that died without a word is reported as: killed by a signal (named in the log), else failed."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        LOG.warning("a worker was killed by %s", name)
        return JobFailed("signal")
    LOG.warning("a worker ended without an answer (exit code %s)", exitcode)
    return JobFailed("error")


def init_app(app: Flask) -> None:
    """The app's workers, from ``EXPENSIVE_JOBS``, ``JOB_WAIT``, ``JOB_TIMEOUT`` and ``JOB_MEMORY``; a job that
    could not run is answered with a page that says so and offers what was sent again."""
    app.extensions[EXTENSION] = Workers(
        int(app.config.get("EXPENSIVE_JOBS", 2)),
        float(app.config.get("JOB_WAIT", 1.0)),
        float(app.config.get("JOB_TIMEOUT", DEFAULT_TIMEOUT)),
        int(app.config.get("JOB_MEMORY", DEFAULT_MEMORY)),
    )
    app.register_error_handler(Busy, _busy)
    app.register_error_handler(JobFailed, _failed)


def _again(status: int, title: str, message: str) -> tuple[str, int]:
    """The page of a job that did not run: the message, and the form as it was sent, to send again."""
    resend = None
    if request.method == "POST":
        resend = [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token"]
    return render_template("main/error.html", code=status, title=title, message=message, resend=resend), status


def _busy(_error: Busy) -> tuple[str, int]:
    return _again(503, _("Busy"), _("The server is busy with other long work (deep checks, PDFs): nothing was lost; "
                                    "try again in a moment."))


def _failed(error: JobFailed) -> tuple[str, int]:
    messages = {
        "time": _("This took longer than the server allows for one request, and was stopped."),
        "memory": _("This needed more memory than the server allows for one request, and was stopped."),
        "signal": _("The work was stopped by the system before it was done (it may have needed too much memory)."),
    }
    return _again(503, _("Stopped"), messages.get(error.reason, _("This could not be done.")))


def run(job: str, *args: Any, timeout: float | None = None) -> Any:
    """Run ``job`` with the current app's workers (see :meth:`Workers.run`)."""
    workers: Workers = current_app.extensions[EXTENSION]
    return workers.run(job, *args, timeout=timeout, client=request.remote_addr or "")
