"""The server under hostile load: the worst documents a client can send to the expensive routes, and many of them.

Starts the app on waitress (8 threads, a throwaway SQLite database) in this process and measures, through HTTP:

- the deep check ("How could this have been built?") of the worst tables: p50 / max seconds;
- the PDF of the largest tables the reader accepts: p50 / max seconds;
- ``/healthz`` answered while four of those run at once: p50 / max milliseconds;
- the server's memory (RSS) before and after ``--requests`` worst-case requests (default 1,000).

Run: .venv/bin/python bench/bench_hostile.py [--requests N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from waitress.server import create_server

# This checkout's marquoir first, not the one an editable install points at (a worktree measures its own).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from marquoir.storage import sqlite_url
from marquoir.web import create_app

SAMPLES = Path(__file__).resolve().parent.parent / "seeds"


def rss_mb() -> float:
    """This process's resident memory, in MB (Linux)."""
    with open(f"/proc/{os.getpid()}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def worst_tables() -> dict[str, str]:
    """The heaviest documents the reader accepts: a long Print and Studio for every player, the largest tables."""
    base = json.loads((SAMPLES / "base-4p.json").read_text(encoding="utf-8"))
    long = json.loads(json.dumps(base))
    for player in long["players"]:
        player["studio"] = list(range(1, 73))  # every card of the catalogue in every Studio
        player["print"] = list(range(1, 73))
    one_icon = {
        "game": "kanagawa",
        "players": [
            {"name": "Water", "start": "S1", "print": [5, 9, 14, 21, 26, 31, 40, 44, 49, 58, 63], "studio": []},
            {"name": "Studio", "start": "S2", "print": [], "studio": list(range(1, 34)), "grand_master": True},
        ],
    }
    thousand = json.loads(json.dumps(base))
    thousand["players"][0]["studio"] = [n % 72 + 1 for n in range(1000)]  # the longest list the reader takes
    return {
        "1,000-card Studio": json.dumps(thousand),
        "long zones": json.dumps(long),
        "one icon against 33 cards": json.dumps(one_icon),
        "bonsai 4p": (SAMPLES / "bonsai-4p.json").read_text(encoding="utf-8"),
        "yokai 3p": (SAMPLES / "yokai-3p.json").read_text(encoding="utf-8"),
        "base 4p": (SAMPLES / "base-4p.json").read_text(encoding="utf-8"),
    }


def post(url: str, data: dict[str, str]) -> tuple[int, float]:
    started = time.perf_counter()
    body = urllib.parse.urlencode(data).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=body), timeout=120) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as error:
        error.read()
        status = error.code
    return status, time.perf_counter() - started


def main(requests: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="marquoir-hostile-"))
    app = create_app({"SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "RATE_LIMITS_ENABLED": False,
                      "DATABASE_URL": sqlite_url(folder / "games.sqlite3")})  # fmt: skip
    server = create_server(app, host="127.0.0.1", port=0, threads=8)
    threading.Thread(target=server.run, daemon=True).start()
    address = f"http://127.0.0.1:{server.effective_port}"  # type: ignore[union-attr]
    tables = worst_tables()
    post(f"{address}/print/game", {"table": tables["base 4p"], "format": "pdf"})  # the fork server starts
    deep: dict[str, list[float]] = {}
    pdf: dict[str, list[float]] = {}
    for name, text in tables.items():
        for _ in range(3):
            status, seconds = post(f"{address}/reach", {"table": text})
            deep.setdefault(f"{name} ({status})", []).append(seconds)
            status, seconds = post(f"{address}/print/game", {"table": text, "format": "pdf"})
            pdf.setdefault(f"{name} ({status})", []).append(seconds)
    print("deep check, seconds (status):")
    for name, times in deep.items():
        print(f"  {name:<36} p50 {statistics.median(times):6.2f}  max {max(times):6.2f}")
    print("PDF, seconds (status):")
    for name, times in pdf.items():
        print(f"  {name:<36} p50 {statistics.median(times):6.2f}  max {max(times):6.2f}")
    yokai = pdf.get("yokai 3p (200)", [])
    made = f"max {max(yokai):.2f} s" if yokai else "not made"
    print(f"Yokai filled sheet as PDF: {made} (target: at most 3 s)")

    heavy = [
        (f"{address}/reach", {"table": tables["long zones"]}),
        (f"{address}/reach", {"table": tables["one icon against 33 cards"]}),
        (f"{address}/print/game", {"table": tables["long zones"], "format": "pdf"}),
        (f"{address}/print/game", {"table": tables["bonsai 4p"], "format": "pdf"}),
    ]
    threads = [threading.Thread(target=post, args=job) for job in heavy]
    for thread in threads:
        thread.start()
    latencies = []
    while any(thread.is_alive() for thread in threads):
        started = time.perf_counter()
        with urllib.request.urlopen(f"{address}/healthz", timeout=10) as answer:
            answer.read()
        latencies.append((time.perf_counter() - started) * 1000)
        time.sleep(0.02)
    print(f"/healthz during 4 heavy requests: {len(latencies)} answers, p50 {statistics.median(latencies):.1f} ms, "
          f"max {max(latencies):.1f} ms")

    before = rss_mb()
    statuses: dict[int, int] = {}
    mix: list[tuple[str, dict[str, Any]]] = [
        ("/reach", {"table": tables["long zones"]}),
        ("/api/check", {}),
        ("/results", {"table": tables["long zones"]}),
        ("/edit", {"table": tables["long zones"]}),
    ]
    started = time.perf_counter()
    for n in range(requests):
        path, data = mix[n % len(mix)]
        if path == "/api/check":
            body = tables["long zones"].encode()
            with urllib.request.urlopen(urllib.request.Request(f"{address}{path}", data=body), timeout=60) as answer:
                answer.read()
                status = answer.status
        else:
            status, _seconds = post(f"{address}{path}", data)
        statuses[status] = statuses.get(status, 0) + 1
    after = rss_mb()
    print(f"{requests} worst-case requests in {time.perf_counter() - started:.0f} s: statuses {statuses}")
    print(f"server memory (RSS): {before:.0f} MB before, {after:.0f} MB after")
    server.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=1000)
    main(parser.parse_args().requests)
