"""Requests per second of ``POST /api/score`` (a 4-player detailed table) against ``GET /healthz``.

Both on the same waitress server (``marquoir serve``, started here on a free loopback port), in the same run,
with one keep-alive connection and a bounded number of requests; the rounds alternate so that both endpoints see
the same machine. Goal: the score endpoint at least half as fast as the trivial one.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = (ROOT / "seeds" / "base-4p.json").read_bytes()
ROUNDS = 5
PER_ROUND = 200
WARMUP = 50


def start_server() -> tuple[subprocess.Popen[str], str, int]:
    command = [sys.executable, "-c", "from marquoir.cli import main; raise SystemExit(main())", "serve", "--port", "0"]
    # The app opens its saved-games database at start: a throwaway one, not the checkout's instance/ folder.
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp(prefix='marquoir-bench-')}/games.sqlite3"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"http://([\d.]+):(\d+)/", line)
    if not match:
        proc.terminate()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, match.group(1), int(match.group(2))


def run(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None, count: int) -> float:
    """Seconds for ``count`` requests, each answered in full and checked."""
    headers = {"Content-Type": "application/json"} if body else {}
    began = time.perf_counter()
    for _ in range(count):
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        if response.status != 200:
            raise SystemExit(f"{method} {path}: {response.status} {data[:200]!r}")
    return time.perf_counter() - began


def main() -> None:
    proc, host, port = start_server()
    try:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        conn.request("POST", "/api/score", body=TABLE, headers={"Content-Type": "application/json"})
        report = json.loads(conn.getresponse().read())
        assert len(report["players"]) == 4 and report["legal"], report
        run(conn, "GET", "/healthz", None, WARMUP)
        run(conn, "POST", "/api/score", TABLE, WARMUP)
        trivial = score = 0.0
        for _ in range(ROUNDS):
            trivial += run(conn, "GET", "/healthz", None, PER_ROUND)
            score += run(conn, "POST", "/api/score", TABLE, PER_ROUND)
        conn.close()
    finally:
        proc.terminate()
        proc.wait(10)
    count = ROUNDS * PER_ROUND
    trivial_rps, score_rps = count / trivial, count / score
    print(f"waitress on {host}, one keep-alive connection, {count} requests per endpoint in {ROUNDS} rounds")
    print(f"GET  /healthz                      {trivial_rps:8.0f} requests/s")
    print(f"POST /api/score (4-player table)   {score_rps:8.0f} requests/s")
    ratio = score_rps / trivial_rps
    print(f"ratio score/trivial: {ratio:.2f} (goal >= 0.5: {'met' if ratio >= 0.5 else 'NOT met'})")


if __name__ == "__main__":
    main()
