"""The README's club deployment, run as written: the nginx site of deploy/ in front of two ``marquoir serve``
processes started as the systemd unit says with the settings of deploy/env.example, the PostgreSQL role and
database of deploy/postgres.sql, and a night's backup by deploy/marquoir-backup.sh restored into an empty
database. Only loopback addresses; the site's names, ports and certificate paths are replaced, nothing else."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from support.nginx import nginx_in_front_of
from support.postgres import binary, postgres_server
from support.samples import sample_table
from test_web_proxy import ask, score, start_server, stop

from marquoir import score as score_table
from marquoir.cli import build_parser
from marquoir.storage import count_games, open_database, save_game, sqlite_url
from marquoir.web.security import deployment_config

pytestmark = pytest.mark.slow

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def environment_file() -> dict[str, str]:
    lines = (DEPLOY / "env.example").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line.strip() and not line.startswith("#"))


def test_the_unit_starts_serve_with_options_it_knows_and_settings_the_app_reads() -> None:
    unit = (DEPLOY / "marquoir@.service").read_text()
    command = re.search(r"^ExecStart=(.+)$", unit, re.M)
    assert command and "EnvironmentFile=/etc/marquoir/env" in unit
    words = shlex.split(command.group(1).replace("%i", "8001"))
    assert words[0].endswith("/marquoir")
    args = build_parser().parse_args(words[1:])  # every option is one `serve` takes
    assert (args.host, args.port, args.threads) == ("127.0.0.1", 8001, 8)
    config = deployment_config(environment_file())
    assert config["PROXIES"] == 1 and config["PROXY_ADDRESS"] == "127.0.0.1" and config["COOKIES_SECURE"] is True
    assert config["JOB_TIMEOUT"] == 15.0 and config["BASE_URL"] == "https://scores.example.org"
    assert environment_file()["MARQUOIR_LIMITS_STORAGE"] == "database"


def site_for_test(upstreams: list[int]) -> object:
    text = (DEPLOY / "nginx-marquoir.conf").read_text()
    timeout = int(re.search(r"proxy_read_timeout (\d+)s;", text).group(1))  # type: ignore[union-attr]
    assert timeout > float(environment_file()["MARQUOIR_JOB_TIMEOUT"])  # the app answers first, not the proxy
    assert "client_max_body_size 1m;" in text  # above the app's 512 KiB

    def site(base: Path, http: int, https: int) -> str:
        servers = "".join(f"    server 127.0.0.1:{port};\n" for port in upstreams)
        changed = re.sub(r"upstream marquoir \{\n(?:    server [^\n]+\n)+", "upstream marquoir {\n" + servers, text)
        changed = changed.replace("listen 80;", f"listen 127.0.0.1:{http};")
        changed = changed.replace("listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;")
        changed = re.sub(r"ssl_certificate /\S+;", f"ssl_certificate {base}/cert.pem;", changed)
        return re.sub(r"ssl_certificate_key /\S+;", f"ssl_certificate_key {base}/key.pem;", changed)

    return site


@pytest.fixture
def club_database() -> Iterator[str]:
    """A PostgreSQL server made ready by deploy/postgres.sql, run by its superuser; the URL of the club's role."""
    with postgres_server(superuser="postgres") as admin:
        socket = sa.make_url(admin).query["host"]
        subprocess.run([binary("psql"), "-h", str(socket), "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1",
                        "-q", "-f", str(DEPLOY / "postgres.sql")], check=True, capture_output=True)  # fmt: skip
        yield f"postgresql+psycopg://marquoir@/marquoir?host={socket}"


def test_the_readme_s_club_server_runs_as_written(tmp_path: Path, club_database: str) -> None:
    settings = {k: v for k, v in environment_file().items() if k not in ("MARQUOIR_INSTANCE", "DATABASE_URL")}
    settings.update(DATABASE_URL=club_database, MARQUOIR_TRUSTED_HOSTS="scores.example.org")
    servers = []
    try:
        for n in range(2):
            folder = tmp_path / f"p{n}"
            folder.mkdir()
            servers.append(start_server(folder, **settings))
        with nginx_in_front_of(servers[0].port, site_for_test([s.port for s in servers])) as nginx:  # type: ignore[arg-type]
            host = {"Host": "scores.example.org"}
            status, headers, _body = ask(nginx.http, "GET", "/", source="127.0.0.2", headers=host)
            assert status == 301 and headers["location"] == "https://scores.example.org/"
            status, headers, body = ask(nginx.https, "GET", "/readyz", source="127.0.0.2", headers=host)
            assert status == 200 and body == b"ready\n" and headers["strict-transport-security"]
            # 3 a minute (the test's launcher), counted in the club's database whichever process answers
            statuses = [score(nginx.https, "127.0.0.3", host) for _ in range(4)]
            assert statuses == [200, 200, 200, 429]
            assert score(nginx.https, "127.0.0.4", host) == 200
            status, _h, _b = ask(nginx.https, "GET", "/", source="127.0.0.2", headers={"Host": "elsewhere.example"})
            assert status == 400
    finally:
        for server in servers:
            stop(server)
    engine = open_database(club_database)
    with engine.connect() as connection:
        owner = connection.execute(sa.text("SELECT tableowner FROM pg_tables WHERE tablename = 'games'")).scalar()
    engine.dispose()
    assert owner == "marquoir"  # the schema belongs to the club's role, made by the server at its first start


def test_the_nightly_backup_restores_into_an_empty_database(tmp_path: Path) -> None:
    source = tmp_path / "games.sqlite3"
    engine = open_database(sqlite_url(source))
    for name in ("base-2p", "yokai-3p", "bonsai-2p"):
        save_game(engine, sample_table(name), score_table(sample_table(name)))
    engine.dispose()
    env_file = tmp_path / "env"
    env_file.write_text(f"DATABASE_URL={sqlite_url(source)}\n")
    marquoir = Path(sys.executable).with_name("marquoir")
    done = subprocess.run(
        ["sh", str(DEPLOY / "marquoir-backup.sh")], capture_output=True, text=True, check=True, timeout=120,
        env={**os.environ, "MARQUOIR_ENV": str(env_file), "BACKUP_FOLDER": str(tmp_path / "backups"),
             "MARQUOIR": str(marquoir)},
    )  # fmt: skip
    backup = Path(done.stdout.strip().splitlines()[-1])
    assert backup.parent == tmp_path / "backups" and json.loads(backup.read_text())["count"] == 3
    assert not list((tmp_path / "backups").glob("*.partial"))
    restored = tmp_path / "restored.sqlite3"
    subprocess.run([str(marquoir), "import", "--database", str(restored), str(backup)], check=True,
                   capture_output=True, timeout=120)  # fmt: skip
    copy = open_database(sqlite_url(restored))
    assert count_games(copy) == 3
    copy.dispose()
