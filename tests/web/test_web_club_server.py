"""A club's deployment: two server processes on one PostgreSQL database, saving at once, lose nothing (the README's
"Running it for a club")."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar

import pytest
import sqlalchemy as sa
from support.postgres import postgres_server
from support.samples import sample_text

pytestmark = pytest.mark.slow

GAMES_PER_CLIENT = 15


def _start(url: str) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "DATABASE_URL": url, "MARQUOIR_SECRET_KEY": "club", "MARQUOIR_RATE_LIMITS": "off"}
    process = subprocess.Popen(
        [sys.executable, "-m", "marquoir.cli", "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )  # fmt: skip
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
    assert match, line
    return process, match.group(1)


@pytest.fixture
def database() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_two_servers_on_one_database_saving_at_once_lose_nothing(database: str) -> None:
    servers = [_start(database) for _ in range(2)]
    try:
        saved: list[str] = []
        failures: list[str] = []
        lock = threading.Lock()

        def client(address: str, seat: int) -> None:
            # A browser: its session cookie and the CSRF token of the page it came from.
            opener = urllib.request.build_opener(_NoRedirect(), urllib.request.HTTPCookieProcessor(CookieJar()))
            with opener.open(f"{address}/", timeout=30) as page:
                home = page.read().decode()
            token = re.search(r'name="csrf_token" value="([^"]+)"', home)
            assert token, "no CSRF token on the home page"
            for n in range(GAMES_PER_CLIENT):
                text = sample_text("base-2p").replace('"Aiko"', f'"Aiko {seat}-{n}"')
                body = urllib.parse.urlencode({"table": text, "csrf_token": token.group(1)}).encode()
                request = urllib.request.Request(f"{address}/games/save", data=body)
                try:
                    opener.open(request, timeout=30).close()
                except urllib.error.HTTPError as answer:
                    answer.close()
                    if answer.code == 303:
                        with lock:
                            saved.append(answer.headers["Location"])
                        continue
                    with lock:
                        failures.append(f"{answer.code}")

        threads = [threading.Thread(target=client, args=(address, seat)) for seat, (_p, address) in
                   enumerate(servers * 2)]  # fmt: skip
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        assert len(saved) == len(set(saved)) == 4 * GAMES_PER_CLIENT
        engine = sa.create_engine(database)
        with engine.connect() as connection:
            count = connection.execute(sa.text("SELECT count(*) FROM games")).scalar_one()
            names = connection.execute(sa.text("SELECT count(DISTINCT name) FROM game_players")).scalar_one()
        engine.dispose()
        assert count == 4 * GAMES_PER_CLIENT and names == 4 * GAMES_PER_CLIENT + 1  # every Aiko, and Ben
        for location in saved[:5]:
            with urllib.request.urlopen(f"{servers[0][1]}{location}", timeout=10) as page:
                assert page.status == 200
    finally:
        for process, _address in servers:
            process.terminate()
            process.wait(10)
            if process.stdout is not None:
                process.stdout.close()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None
