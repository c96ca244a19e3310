"""Table links under load (issue 22): T tables × 4 phones, each phone polling its table's status every 2 s with its
ETag, while a few phones send their part; the server is waitress in its own process (as ``marquoir serve`` runs
it: 8 threads, 1000 connections), the phones are threads of this one.

Prints the server's CPU time per request and as a share of one core, the p50/p95/max of a refresh (a poll
answered 304, and one answered 200 after a change), the bytes of a 304, and the number of errors (any answer
other than 200, 303 or 304).

    .venv/bin/python bench/bench_table.py [--tables 50] [--seconds 30] [--writes-per-second 4]
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Aiko", "Ben", "Chloé", "Dai")


def serve(folder: str, port: multiprocessing.Value) -> None:  # type: ignore[type-arg]
    sys.path.insert(0, str(ROOT))
    from waitress.server import create_server

    from marquoir.storage import sqlite_url
    from marquoir.web import create_app

    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "RATE_LIMITS_ENABLED": False,
                      "DATABASE_URL": sqlite_url(Path(folder) / "bench.sqlite3")})
    server = create_server(app, host="127.0.0.1", port=0, threads=8, connection_limit=1000)  # as marquoir serve
    port.value = int(server.effective_port)  # type: ignore[union-attr]
    server.run()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Phone:
    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body=data, headers=sent)
        response = self.connection.getresponse()
        content = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, content


def new_table(phone: Phone) -> str:
    setup = {"game": "base", "player_count": "4", "mode": "sheet", **{f"names-{i}": n for i, n in enumerate(NAMES)}}
    status, headers, _ = phone.request("POST", "/new", setup)
    assert status == 303, status
    token = headers["location"].rsplit("/", 1)[-1]
    status, headers, _ = phone.request("POST", f"/d/{token}/table")
    assert status == 303, status
    _s, _h, page = phone.request("GET", f"/d/{token}/table")
    found = re.search(rb"/t/([A-Za-z0-9_-]{16,})<", page)
    assert found, page[:300]
    return found.group(1).decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--writes-per-second", type=float, default=4.0)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-table-")
    port = multiprocessing.Value("i", 0)
    server = multiprocessing.Process(target=serve, args=(folder, port), daemon=True)
    server.start()
    while port.value == 0:
        time.sleep(0.05)
    setup = Phone(port.value)
    links = [new_table(setup) for _ in range(args.tables)]
    versions = {(link, seat): 0 for link in links for seat in range(4)}
    lock = threading.Lock()
    not_modified: list[float] = []
    changed: list[float] = []
    writes: list[float] = []
    sizes: list[int] = []
    errors: list[str] = []
    stop = time.monotonic() + args.seconds

    def poller(link: str) -> None:
        phone = Phone(port.value)
        etag = ""
        time.sleep(random.uniform(0, 2))
        while time.monotonic() < stop:
            start = time.perf_counter()
            status, headers, body = phone.request("GET", f"/t/{link}/status",
                                                  headers={"If-None-Match": etag} if etag else {})
            took = time.perf_counter() - start
            with lock:
                if status == 304:
                    not_modified.append(took)
                    sizes.append(len(body) + sum(len(k) + len(v) + 4 for k, v in headers.items()) + 17)
                elif status == 200:
                    changed.append(took)
                else:
                    errors.append(f"status {status}")
            etag = headers.get("etag", etag)
            time.sleep(max(0.0, 2.0 - took))

    def writer() -> None:
        phone = Phone(port.value)
        while time.monotonic() < stop:
            link, seat = random.choice(links), random.randrange(4)
            with lock:
                version = versions[(link, seat)]
            part = {"version": str(version), "print_cards": str(random.randint(1, 14)),
                    "season_chain": str(random.randint(0, 6)), "harmony": str(random.randint(0, 9))}
            start = time.perf_counter()
            status, _headers, _body = phone.request("POST", f"/t/{link}/{seat}", part)
            with lock:
                writes.append(time.perf_counter() - start)
                if status == 303:
                    versions[(link, seat)] = version + 1
                elif status != 409:  # a conflict is the writer's own race, not an error
                    errors.append(f"write {status}")
            time.sleep(1.0 / args.writes_per_second)

    threads = [threading.Thread(target=poller, args=(link,)) for link in links for _seat in range(4)]
    threads.append(threading.Thread(target=writer))
    cpu_before, wall_before = cpu_seconds(server.pid or 0), time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cpu = cpu_seconds(server.pid or 0) - cpu_before
    wall = time.monotonic() - wall_before
    server.terminate()
    requests = len(not_modified) + len(changed) + len(writes)

    def ms(values: list[float], q: float) -> float:
        return 1000 * (statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else (values or [0])[0])

    print(f"{args.tables} tables × 4 phones, {wall:.0f} s: {requests} requests ({requests / wall:.0f}/s), "
          f"{len(errors)} errors {errors[:3]}")
    print(f"server CPU: {cpu:.2f} s = {100 * cpu / wall:.0f} % of one core, {1000 * cpu / max(requests, 1):.2f} ms "
          "per request")
    for label, values in (("poll 304", not_modified), ("poll 200", changed), ("write", writes)):
        if values:
            print(f"{label}: n={len(values)} p50 {ms(values, 50):.1f} ms, p95 {ms(values, 95):.1f} ms, "
                  f"max {1000 * max(values):.1f} ms")
    if sizes:
        print(f"a 304 answer: {max(sizes)} bytes at most (headers included)")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
