"""Throwaway servers for the abuse limits' shared counters: a Redis server and a Memcached server from Debian's
packages (``redis-server``, ``memcached``: ``make system-deps``), each on a free port of loopback, with nothing kept
on disk, stopped when the block ends. A missing binary is an error saying which package to install (never a skip:
``make test`` installs them)."""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from support.nginx import free_port


def _binary(name: str, package: str) -> str:
    found = shutil.which(name) or next((str(p) for p in (Path("/usr/bin") / name, Path("/usr/sbin") / name)
                                        if p.exists()), None)  # fmt: skip
    if found is None:
        raise RuntimeError(f"{name} is missing: run `make system-deps` (Debian package {package})")
    return found


@contextmanager
def _serving(command: list[str], port: int, name: str, folder: Path) -> Iterator[None]:
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    said = (folder / "server.log").read_text(errors="replace")[-2000:]
                    raise RuntimeError(f"{name} did not start: {said}") from None
                time.sleep(0.05)
        yield
    finally:
        process.terminate()
        process.wait(10)
        log.close()


@contextmanager
def redis_server() -> Iterator[str]:
    """A Redis server on loopback, no persistence: its URI (``redis://127.0.0.1:PORT/0``)."""
    binary = _binary("redis-server", "redis-server")
    folder = Path(tempfile.mkdtemp(prefix="marquoir-redis-"))
    port = free_port()
    command = [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no",
               "--dir", str(folder), "--daemonize", "no", "--protected-mode", "yes"]  # fmt: skip
    try:
        with _serving(command, port, "redis-server", folder):
            yield f"redis://127.0.0.1:{port}/0"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def memcached_server() -> Iterator[str]:
    """A Memcached server on loopback (TCP only, 16 MiB): its URI (``memcached://127.0.0.1:PORT``)."""
    binary = _binary("memcached", "memcached")
    folder = Path(tempfile.mkdtemp(prefix="marquoir-memcached-"))
    port = free_port()
    command = [binary, "-l", "127.0.0.1", "-p", str(port), "-U", "0", "-m", "16"]
    if os.geteuid() == 0:  # memcached refuses to run as root unless told which user to be
        command += ["-u", getpass.getuser()]
    try:
        with _serving(command, port, "memcached", folder):
            yield f"memcached://127.0.0.1:{port}"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
