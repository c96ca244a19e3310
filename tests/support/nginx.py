"""A throwaway nginx in front of a server of the tests, on loopback only: plain HTTP on one port and HTTPS (a
self-signed certificate made for the occasion) on another, both passing to ``upstream`` with the headers the
README's site sets. From Debian's ``nginx`` (``make system-deps``)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

SITE = """
daemon off;
worker_processes 1;
pid {base}/nginx.pid;
error_log {base}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {base}/body; proxy_temp_path {base}/proxy; fastcgi_temp_path {base}/fastcgi;
    uwsgi_temp_path {base}/uwsgi; scgi_temp_path {base}/scgi;
{site}
}}
"""

#: The site of the tests' own nginx (the README's, deploy/nginx-marquoir.conf, is run by test_web_deploy.py).
TEST_SITE = """
    client_max_body_size 1m;
    upstream marquoir {{ server 127.0.0.1:{upstream}; }}
    server {{
        listen 127.0.0.1:{http};
        listen 127.0.0.1:{https} ssl;
        ssl_certificate {base}/cert.pem; ssl_certificate_key {base}/key.pem;
        location / {{
            proxy_pass http://marquoir;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 60s;
        }}
    }}
"""


@dataclass(frozen=True)
class Nginx:
    http: str
    https: str
    error_log: Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        raise RuntimeError("nginx is missing: run `make system-deps` (Debian package nginx)")
    return found


@contextmanager
def nginx_in_front_of(upstream: int, site: Callable[[Path, int, int], str] | None = None) -> Iterator[Nginx]:
    """nginx on loopback passing to ``upstream``: the tests' own site, or ``site(base, http, https)`` (the text of
    a site with its certificate in ``base``, listening on the two ports)."""
    base = Path(tempfile.mkdtemp(prefix="marquoir-nginx-"))
    base.chmod(0o755)  # nginx's workers (www-data) read and write beneath it
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
         "-keyout", str(base / "key.pem"), "-out", str(base / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    http, https = free_port(), free_port()
    text = (site(base, http, https) if site is not None
            else TEST_SITE.format(base=base, upstream=upstream, http=http, https=https))  # fmt: skip
    (base / "nginx.conf").write_text(SITE.format(base=base, site=text))
    command = [binary(), "-p", str(base), "-c", str(base / "nginx.conf"), "-e", str(base / "error.log")]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", http), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    said = process.stderr.read() if process.stderr else b""
                    raise RuntimeError(f"nginx did not start: {said!r}") from None
                time.sleep(0.05)
        yield Nginx(f"http://127.0.0.1:{http}", f"https://127.0.0.1:{https}", base / "error.log")
    finally:
        process.terminate()
        process.wait(10)
        if process.stderr is not None:
            process.stderr.close()
        shutil.rmtree(base, ignore_errors=True)
