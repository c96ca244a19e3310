"""Many people saving games at once through the web app: saves per second, latency percentiles, no game lost, no
error.

The app runs as in production — waitress on 127.0.0.1, CSRF on — in P processes (default 2) sharing one database:
a fresh SQLite file in WAL mode, then a throwaway PostgreSQL server (tests/support/postgres.py, on a Unix socket), or
the one ``--database URL`` names. C clients (threads of this process, each with its own cookie jar, like C phones,
spread over the processes) first load the home page for their CSRF token, then each saves S games by posting a
table document to ``/games/save``, exactly as the results page's "Save this game" button does, and records the
latency of every save (the 303 answer; the redirect is not followed). Bounded in count and in time (a client stops
after its saves or after --seconds). Then the database is checked: every game a client was told was saved (its edit
link) is there with the table it sent, and there is no other.

    .venv/bin/python bench/bench_saves.py [--clients 16] [--saves 25] [--processes 2] [--threads 8] [--seconds 120]
                                          [--only sqlite|postgresql] [--database URL] [--limits off|database|URI]
                                          [--rounds N]

With ``--rounds N`` the two databases take turns N times (SQLite, PostgreSQL, SQLite, …, each round on a new
database), so a machine whose load drifts weighs on both alike, and the medians of the rounds are printed. Each run
also prints the CPU time a save cost the server processes and, for the throwaway PostgreSQL server, its backends
(from ``/proc``): what a save costs whatever else the machine runs, where the wall clock figures swing with it.

``--limits database`` counts every save in the abuse limits' shared counters as the club deployment does
(``MARQUOIR_LIMITS_STORAGE=database``), with limits no client reaches. It prints, for each database, the saves per
second and the write latency's percentiles (p95 is the figure the club deployment is held to), and checks that no
game was lost.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import http.cookiejar
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "seeds" / "base-4p.json"

SERVER = """
import logging, sys
logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "task queue depth" is what this bench provokes
from waitress.server import create_server
from marquoir.web import create_app
limits = sys.argv[3]
config = {"SECRET_KEY": "bench-saves", "DATABASE_URL": sys.argv[1], "RATE_LIMITS_ENABLED": limits != "off",
          "DATABASE_CONNECTIONS": int(sys.argv[2])}  # one connection per request thread, as marquoir serve
if limits != "off":  # counted as in production, where it says, with limits no bench client reaches
    config.update(LIMITS_STORAGE=limits, RATE_LIMITS={"saved.save": "100000/minute;1000000/day",
                                                      "groups.saves": "100000/minute;1000000/day"})
app = create_app(config)
server = create_server(app, host="127.0.0.1", port=0, threads=int(sys.argv[2]), ident="marquoir-bench",
                       connection_limit=1000, channel_timeout=120)
print(server.effective_port, flush=True)
server.run()
"""


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def client(base: str, index: int, saves: int, deadline: float, document: dict[str, Any],
           out: dict[int, tuple[list[tuple[str, str]], list[float], list[str]]]) -> None:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    saved: list[tuple[str, str]] = []
    latencies: list[float] = []
    errors: list[str] = []
    try:
        home = opener.open(base + "/", timeout=60).read().decode("utf-8")
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', home)
        assert token, "no CSRF token on the home page"
        csrf = token.group(1)
    except Exception as error:  # a failed client is reported, not raised in its thread
        out[index] = ([], [], [f"client {index}: {error}"])
        return
    for n in range(saves):
        if time.monotonic() > deadline:
            break
        doc = json.loads(json.dumps(document))
        for player in doc["players"]:
            player["name"] = f"C{index}-{n}-{player['name']}"[:40]
        table = json.dumps(doc, ensure_ascii=False)
        body = urllib.parse.urlencode({"csrf_token": csrf, "table": table}).encode("utf-8")
        request = urllib.request.Request(base + "/games/save", data=body, method="POST")
        start = time.perf_counter()
        try:
            response = opener.open(request, timeout=120)
            status, location = response.status, response.headers.get("Location", "")
        except urllib.error.HTTPError as error:
            status, location = error.code, error.headers.get("Location", "")
        except OSError as error:
            errors.append(f"client {index}, save {n}: {error}")
            continue
        latencies.append(time.perf_counter() - start)
        match = re.search(r"/e/([A-Za-z0-9_-]+)$", location)
        if status != 303 or not match:
            errors.append(f"client {index}, save {n}: HTTP {status}")
            continue
        saved.append((match.group(1), table))
    out[index] = (saved, latencies, errors)


def proc_stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command's name (proc(5)'s 3rd on), ``None`` for a process
    gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time (user + system) the processes ``pids`` have used so far (0 for one gone)."""
    fields = [proc_stat(pid) for pid in pids]
    ticks = sum(int(f[11]) + int(f[12]) for f in fields if f is not None)  # utime, stime (proc(5)'s 14th, 15th)
    return ticks / os.sysconf("SC_CLK_TCK")


def postgres_pids(url: str) -> list[int]:
    """The processes of the PostgreSQL server of ``url`` when it is a throwaway one (a Unix socket folder holding
    its data folder): the postmaster and its children, the backends. Empty for another server."""
    host = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).get("host", [""])[0]
    pid_file = Path(host) / "data" / "postmaster.pid"
    if not host or not pid_file.exists():
        return []
    postmaster = int(pid_file.read_text().split()[0])
    children = [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit() and _parent(d.name) == postmaster]
    return [postmaster, *children]


def _parent(pid: str) -> int | None:
    fields = proc_stat(pid)
    return None if fields is None else int(fields[1])  # ppid, proc(5)'s 4th


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclasses.dataclass
class Figures:
    """One run's figures."""

    ok: bool
    rate: float
    p95: float
    cpu: float


def run(url: str, args: argparse.Namespace, document: dict[str, Any], label: str) -> Figures:
    """One run on the database ``url``: P servers, C clients; prints its figures and gives them (``ok``: nothing
    was lost)."""
    from marquoir import load_table, table_to_document
    from marquoir.storage import count_games, get_game_by_edit_token, open_database

    open_database(url).dispose()  # migrated once before the servers start
    command = [sys.executable, "-c", SERVER, url, str(args.threads), args.limits]
    servers = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(args.processes)]
    try:
        bases = []
        for server in servers:
            assert server.stdout is not None
            bases.append(f"http://127.0.0.1:{int(server.stdout.readline())}")
        deadline = time.monotonic() + args.seconds
        results: dict[int, tuple[list[tuple[str, str]], list[float], list[str]]] = {}
        threads = [
            threading.Thread(target=client, args=(bases[i % len(bases)], i, args.saves, deadline, document, results))
            for i in range(args.clients)
        ]
        database = postgres_pids(url)
        server_cpu, database_cpu = cpu_seconds([s.pid for s in servers]), cpu_seconds(database)
        client_cpu = time.process_time()
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(args.seconds + 60)
        elapsed = time.perf_counter() - start
        client_cpu = time.process_time() - client_cpu
        server_cpu = cpu_seconds([s.pid for s in servers]) - server_cpu
        database_cpu = cpu_seconds(postgres_pids(url)) - database_cpu  # with the backends opened meanwhile
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)
            if server.stdout is not None:
                server.stdout.close()
    saved = [item for s, _l, _e in results.values() for item in s]
    latencies = [x for _s, lat, _e in results.values() for x in lat]
    errors = [x for _s, _l, err in results.values() for x in err]
    engine = open_database(url)
    lost = []
    for edit_token, table in saved:
        game = get_game_by_edit_token(engine, edit_token)
        if game is None or game.document != table_to_document(load_table(table)):
            lost.append(edit_token)
    stored = count_games(engine)
    engine.dispose()

    print(f"{label}: {args.clients} clients x {args.saves} saves through {args.processes} waitress processes "
          f"({args.threads} threads each) on loopback, one database, CSRF on, abuse limits {args.limits}")
    print(f"  saves answered: {len(latencies)} in {elapsed:.2f} s = {len(latencies) / elapsed:.1f} saves/s")
    if latencies:
        print(f"  write latency: p50 {percentile(latencies, 0.50) * 1000:.1f} ms, "
              f"p95 {percentile(latencies, 0.95) * 1000:.1f} ms, p99 {percentile(latencies, 0.99) * 1000:.1f} ms, "
              f"max {max(latencies) * 1000:.1f} ms, mean {statistics.fmean(latencies) * 1000:.1f} ms")
        cost = f"servers {server_cpu / len(latencies) * 1000:.1f} ms"
        if database:
            cost += f" + PostgreSQL's backends {database_cpu / len(latencies) * 1000:.1f} ms"
        print(f"  CPU per save: {cost}; the clients (this process) {client_cpu / len(latencies) * 1000:.1f} ms; "
              f"the machine's {os.cpu_count()} cores allow at most "
              f"{(os.cpu_count() or 1) * len(latencies) / (server_cpu + database_cpu + client_cpu):.0f} saves/s")
    print(f"  games saved (303 with an edit link): {len(saved)}; in the database: {stored}; lost: {len(lost)}; "
          f"errors: {len(errors)}")
    for line in errors[:10]:
        print("  error:", line)
    ok = not errors and not lost and stored == len(saved) == len(latencies) and len(saved) > 0
    print("  OK: no game lost, no error" if ok else "  FAILED")
    count = max(1, len(latencies))
    return Figures(ok, len(latencies) / elapsed, percentile(latencies, 0.95) if latencies else 0.0,
                   (server_cpu + database_cpu) / count)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--saves", type=int, default=25, help="saves per client")
    parser.add_argument("--processes", type=int, default=2, help="server processes on the one database")
    parser.add_argument("--threads", type=int, default=8, help="waitress worker threads per process")
    parser.add_argument("--seconds", type=float, default=120.0, help="time bound of each run")
    parser.add_argument("--only", choices=["sqlite", "postgresql"], help="one database only")
    parser.add_argument("--limits", default="off", help="the abuse limits: off (the default), or counted where "
                        "MARQUOIR_LIMITS_STORAGE would say (memory, database, a URI), set high enough never to refuse")
    parser.add_argument("--database", help="a PostgreSQL URL to use instead of a throwaway server")
    parser.add_argument("--rounds", type=int, default=1, help="the databases take turns this many times (medians)")
    args = parser.parse_args()

    from marquoir import load_table, table_to_document

    document = table_to_document(load_table(SEED.read_text(encoding="utf-8")))
    with contextlib.ExitStack() as stack:
        server = None
        if args.only != "sqlite" and not args.database:
            sys.path.insert(0, str(ROOT / "tests"))
            from support.postgres import new_database, postgres_server

            server = stack.enter_context(postgres_server(max_connections=100))
        figures: dict[str, list[Figures]] = {"SQLite": [], "PostgreSQL": []}
        for round_ in range(args.rounds):
            if args.only in (None, "sqlite"):
                figures["SQLite"].append(sqlite_round(args, document))
            if args.only in (None, "postgresql"):
                url = args.database or new_database(server or "", f"bench_{round_}")
                label = "PostgreSQL" if args.database else "PostgreSQL (throwaway server, fsync off)"
                figures["PostgreSQL"].append(run(url, args, document, label))
    if args.rounds > 1:
        for name, runs in figures.items():
            if runs:
                print(f"{name}, median of {len(runs)} rounds: {statistics.median(r.rate for r in runs):.1f} saves/s, "
                      f"p95 {statistics.median(r.p95 for r in runs) * 1000:.1f} ms, "
                      f"CPU of the servers and the database {statistics.median(r.cpu for r in runs) * 1000:.1f} ms "
                      "a save")
    return 0 if all(r.ok for runs in figures.values() for r in runs) else 1


def sqlite_round(args: argparse.Namespace, document: dict[str, Any]) -> Figures:
    """One run on a new SQLite file."""
    from marquoir.storage import sqlite_url

    with tempfile.TemporaryDirectory() as folder:
        return run(sqlite_url(Path(folder) / "bench.sqlite3"), args, document, "SQLite (WAL)")


if __name__ == "__main__":
    sys.exit(main())
