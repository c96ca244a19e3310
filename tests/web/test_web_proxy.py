"""A club's server behind a real nginx (Debian's, started on loopback by the test) in front of ``marquoir serve``
on waitress with ``MARQUOIR_PROXIES=1``: each client is told apart by the address nginx saw (its abuse limits are
its own), HTTPS at the proxy is HTTPS for the app (HSTS), the log names the client, a client reaching waitress
directly cannot pretend to be another, and 100 idle connections held open do not stop it answering."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.nginx import Nginx, nginx_in_front_of
from support.samples import sample_text

pytestmark = pytest.mark.slow

#: The server, with the API's limit lowered so that a test reaches it in a few requests.
LAUNCHER = """
import sys
from marquoir.web import limits
limits.LIMITS["api.api_score"] = "3/minute"
from marquoir.cli import main
sys.exit(main(sys.argv[1:]))
"""


@dataclass
class Server:
    port: int
    log: Path
    process: subprocess.Popen[str]

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8")


def start_server(tmp: Path, *extra: str, **environ: str) -> Server:
    log = tmp / "server.log"
    env = {**os.environ, "MARQUOIR_INSTANCE": str(tmp / "instance"), "MARQUOIR_SECRET_KEY": "proxy", **environ}
    if "DATABASE_URL" not in environ:
        env.pop("DATABASE_URL", None)
    with log.open("w") as errors:
        process = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, "serve", "--host", "127.0.0.1", "--port", "0", *extra],
            stdout=subprocess.PIPE, stderr=errors, text=True, env=env,
        )  # fmt: skip
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert match, line + log.read_text()
    return Server(int(match.group(1)), log, process)


def stop(server: Server) -> None:
    server.process.terminate()
    server.process.wait(10)
    if server.process.stdout is not None:
        server.process.stdout.close()


@pytest.fixture(scope="module")
def behind_nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Nginx]]:
    server = start_server(tmp_path_factory.mktemp("proxy"), MARQUOIR_PROXIES="1",
                          MARQUOIR_PROXY_ADDRESS="127.0.0.1")  # fmt: skip
    try:
        with nginx_in_front_of(server.port) as nginx:
            yield server, nginx
    finally:
        stop(server)


def ask(address: str, method: str, path: str, *, source: str, body: bytes | None = None,
        headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request from the loopback address ``source`` (each a different client to nginx)."""
    scheme, _, hostport = address.partition("://")
    host, port = hostport.split(":")
    connection: http.client.HTTPConnection
    if scheme == "https":
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate
        connection = http.client.HTTPSConnection(host, int(port), timeout=20, source_address=(source, 0),
                                                 context=context)  # fmt: skip
    else:
        connection = http.client.HTTPConnection(host, int(port), timeout=20, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def score(address: str, source: str, headers: dict[str, str] | None = None) -> int:
    status, _headers, _body = ask(address, "POST", "/api/score", source=source,
                                  body=sample_text("base-2p").encode(), headers=headers)  # fmt: skip
    return status


def test_each_client_behind_the_proxy_has_its_own_limits(behind_nginx: tuple[Server, Nginx]) -> None:
    _server, nginx = behind_nginx
    statuses = [score(nginx.http, "127.0.0.2") for _ in range(4)]
    assert statuses == [200, 200, 200, 429]  # the first client is over its 3 a minute
    assert score(nginx.http, "127.0.0.3") == 200  # another member of the club is not


def test_a_client_cannot_pass_for_another_by_sending_its_own_forwarded_for(behind_nginx: tuple[Server, Nginx]) -> None:
    _server, nginx = behind_nginx
    statuses = [score(nginx.http, "127.0.0.5", {"X-Forwarded-For": f"10.0.0.{n}"}) for n in range(4)]
    assert statuses == [200, 200, 200, 429]  # nginx appends the address it saw: that one is the client


def test_https_at_the_proxy_is_https_for_the_app(behind_nginx: tuple[Server, Nginx]) -> None:
    _server, nginx = behind_nginx
    status, headers, _body = ask(nginx.https, "GET", "/", source="127.0.0.6")
    assert status == 200 and headers["strict-transport-security"].startswith("max-age=")
    status, headers, _body = ask(nginx.http, "GET", "/", source="127.0.0.6")
    assert status == 200 and "strict-transport-security" not in headers


def test_the_log_names_the_client_nginx_saw(behind_nginx: tuple[Server, Nginx]) -> None:
    server, nginx = behind_nginx
    ask(nginx.http, "GET", "/rules?from=log-test", source="127.0.0.7")
    deadline = time.monotonic() + 5
    while "from=log-test" not in server.log_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    lines = [line for line in server.log_text().splitlines() if "from=log-test" in line]
    assert len(lines) == 1 and re.search(r"GET /rules\?from=log-test 200 [\d.]+ms 127\.0\.0\.7$", lines[0]), lines


def test_reached_directly_forwarded_headers_are_not_believed(behind_nginx: tuple[Server, Nginx]) -> None:
    server, _nginx = behind_nginx
    direct = f"http://127.0.0.1:{server.port}"
    status, _h, _b = ask(direct, "GET", "/rules?from=direct", source="127.0.0.8",
                         headers={"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"})  # fmt: skip
    assert status == 200
    deadline = time.monotonic() + 5
    while "from=direct" not in server.log_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    line = next(line for line in server.log_text().splitlines() if "from=direct" in line)
    assert line.endswith(" 127.0.0.8") and "203.0.113.9" not in line


def test_health_answers_while_a_hundred_idle_connections_are_held(tmp_path: Path) -> None:
    server = start_server(tmp_path, "--log-level", "warning")
    idle: list[socket.socket] = []
    try:
        for _ in range(100):
            idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
        idle[0].sendall(b"GET /healthz HTTP/1.1\r\n")  # one even half-way through a request
        started = time.monotonic()
        for path in ("/healthz", "/readyz"):
            status, _h, body = ask(f"http://127.0.0.1:{server.port}", "GET", path, source="127.0.0.1")
            assert status == 200, body
        assert time.monotonic() - started < 5
    finally:
        for connection in idle:
            connection.close()
        stop(server)


def test_the_log_can_be_json_lines(tmp_path: Path) -> None:
    server = start_server(tmp_path, "--log-json")
    try:
        ask(f"http://127.0.0.1:{server.port}", "GET", "/healthz", source="127.0.0.1")
        deadline = time.monotonic() + 5
        while "/healthz" not in server.log_text() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop(server)
    entries = [json.loads(line) for line in server.log_text().splitlines() if line.strip()]
    access = [e for e in entries if e["logger"] == "marquoir.access"]
    assert access and access[0]["path"] == "/healthz" and access[0]["status"] == 200
    assert access[0]["client"] == "127.0.0.1" and access[0]["method"] == "GET" and access[0]["ms"] >= 0


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_limits_are_shared_by_two_processes_on_one_database(tmp_path: Path, database: str) -> None:
    from support.postgres import postgres_server

    with contextlib.ExitStack() as stack:
        url = (stack.enter_context(postgres_server()) if database == "postgresql"
               else f"sqlite:///{tmp_path / 'shared.sqlite3'}")  # fmt: skip
        servers = []
        for n in range(2):
            folder = tmp_path / f"p{n}"
            folder.mkdir()
            servers.append(start_server(folder, DATABASE_URL=url, MARQUOIR_LIMITS_STORAGE="database"))
            stack.callback(stop, servers[-1])
        first, second = (f"http://127.0.0.1:{s.port}" for s in servers)
        statuses = [score(first, "127.0.0.1"), score(second, "127.0.0.1"), score(first, "127.0.0.1"),
                    score(second, "127.0.0.1")]  # fmt: skip
        assert statuses == [200, 200, 200, 429]  # 3 a minute, whichever process answers
        assert score(second, "127.0.0.2") == 200  # another client's counter is its own


def test_limits_in_memory_are_each_process_s_own(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    servers = []
    try:
        for n in range(2):
            folder = tmp_path / f"p{n}"
            folder.mkdir()
            servers.append(start_server(folder, DATABASE_URL=url))
        first, second = (f"http://127.0.0.1:{s.port}" for s in servers)
        statuses = [score(address, "127.0.0.1") for address in (first, second, first, second)]
        assert statuses == [200, 200, 200, 200]  # what the shared storage is for
    finally:
        for server in servers:
            stop(server)


@pytest.mark.parametrize("kind", ["redis", "memcached"])
def test_limits_are_shared_by_two_processes_through_a_counters_server(tmp_path: Path, kind: str) -> None:
    from support.counters import memcached_server, redis_server

    with contextlib.ExitStack() as stack:
        uri = stack.enter_context(redis_server() if kind == "redis" else memcached_server())
        url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
        servers = []
        for n in range(2):
            folder = tmp_path / f"p{n}"
            folder.mkdir()
            servers.append(start_server(folder, DATABASE_URL=url, MARQUOIR_LIMITS_STORAGE=uri))
            stack.callback(stop, servers[-1])
        first, second = (f"http://127.0.0.1:{s.port}" for s in servers)
        statuses = [score(first, "127.0.0.1"), score(second, "127.0.0.1"), score(first, "127.0.0.1"),
                    score(second, "127.0.0.1")]  # fmt: skip
        assert statuses == [200, 200, 200, 429]  # 3 a minute, counted by the one server whichever process answers
        assert score(first, "127.0.0.2") == 200  # another client's counter is its own


def _closed_port() -> int:
    from support.nginx import free_port

    return free_port()  # bound a moment ago, closed since: nothing listens there


@pytest.mark.parametrize("setting, said", [
    ("mongodb://127.0.0.1:27017", "is not memory, database, nor the URI of a Redis or Memcached server"),
    ("redis", "is not memory, database, nor the URI of a Redis or Memcached server"),
    ("redis://user:hunter2@127.0.0.1:{port}/0", "the counters' server at redis://user:***@127.0.0.1:"),
    ("memcached://127.0.0.1:{port}", "the counters' server at memcached://127.0.0.1:"),
])  # fmt: skip
def test_a_limits_storage_that_cannot_be_used_stops_the_server_at_start(tmp_path: Path, setting: str,
                                                                         said: str) -> None:
    env = {**os.environ, "MARQUOIR_INSTANCE": str(tmp_path / "instance"), "MARQUOIR_SECRET_KEY": "proxy",
           "MARQUOIR_LIMITS_STORAGE": setting.format(port=_closed_port())}  # fmt: skip
    env.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", LAUNCHER, "serve", "--host", "127.0.0.1", "--port", "0"], env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Marquoir is running" not in done.stdout
    assert "marquoir serve: MARQUOIR_LIMITS_STORAGE: " in done.stderr and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "hunter2" not in done.stderr


@pytest.mark.parametrize("name, value, said", [
    ("MARQUOIR_JOB_TIMEOUT", "0", "MARQUOIR_JOB_TIMEOUT: '0' is not a whole number from 1 to 600 (seconds)"),
    ("MARQUOIR_JOB_MEMORY", "lots", "MARQUOIR_JOB_MEMORY: 'lots' is not a whole number from 256 to 65536 (MiB)"),
    ("MARQUOIR_TIME_ZONE", "Mars/Olympus", "MARQUOIR_TIME_ZONE: 'Mars/Olympus' is not a time zone name"),
])  # fmt: skip
def test_a_setting_that_cannot_be_used_stops_the_server_at_start(tmp_path: Path, name: str, value: str,
                                                                 said: str) -> None:
    env = {**os.environ, "MARQUOIR_INSTANCE": str(tmp_path / "instance"), "MARQUOIR_SECRET_KEY": "proxy", name: value}
    env.pop("DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-c", LAUNCHER, "serve", "--host", "127.0.0.1", "--port", "0"], env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 1 and "Marquoir is running" not in done.stdout, done.stdout + done.stderr
    assert f"marquoir serve: {said}" in done.stderr and "Traceback" not in done.stderr, done.stderr
