"""``marquoir serve``: the web app on waitress, a production WSGI server.

Waitress is told what the deployment says (:mod:`marquoir.web.security`): behind ``MARQUOIR_PROXIES`` reverse
proxies it believes their ``X-Forwarded-For`` and ``X-Forwarded-Proto`` (from ``MARQUOIR_PROXY_ADDRESS``, default
``127.0.0.1``), so the client of the abuse limits and of the log is the one the proxy saw, and its scheme is the
proxy's (waitress's defaults would delete those headers). Its connection limit, idle-channel timeout and threads
are options with defaults a club's server can live with: idle connections are dropped after
:data:`CHANNEL_TIMEOUT` seconds and up to :data:`CONNECTION_LIMIT` may be open before new ones wait.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

#: Waitress's settings by default: request threads, open connections before new ones wait, seconds an idle
#: connection is kept.
THREADS = 8
CONNECTION_LIMIT = 1000
CHANNEL_TIMEOUT = 30


def serve(
    host: str,
    port: int,
    threads: int = THREADS,
    *,
    connection_limit: int = CONNECTION_LIMIT,
    channel_timeout: int = CHANNEL_TIMEOUT,
    log_level: str = "info",
    log_json: bool = False,
) -> int:
    """Start the app on ``host:port`` and print the address and its database; runs until interrupted. Refuses
    to start (1) on a damaged database or a setting that cannot be used (``SettingError``: the variable named)."""
    from waitress.server import create_server

    from marquoir.web import create_app
    from marquoir.web.db import database_shown, startup_refusal
    from marquoir.web.logs import configure_logging
    from marquoir.web.security import SettingError, proxy_settings

    configure_logging(log_level, json_lines=log_json)
    try:
        # waitress reads the proxies' headers itself (below); one database connection kept for each request thread
        app = create_app({"PROXY_FIX": False, "DATABASE_CONNECTIONS": threads})
    except SettingError as error:  # a setting that cannot be used: named, and nothing starts
        print(f"marquoir serve: {error}", file=sys.stderr, flush=True)
        return 1
    refusal = startup_refusal(app)
    if refusal is not None:
        print(f"marquoir serve: {refusal}", file=sys.stderr, flush=True)
        return 1
    server = create_server(
        app, host=host, port=port, threads=threads, ident="marquoir", connection_limit=connection_limit,
        channel_timeout=channel_timeout, cleanup_interval=max(1, min(30, channel_timeout // 2)),
        **proxy_settings(app.config),
    )  # fmt: skip
    address = f"http://{host if ':' not in host else '[' + host + ']'}:{server.effective_port}/"  # type: ignore[union-attr]
    print(f"Marquoir is running at {address} (Ctrl+C stops it); saved games: {database_shown(app)}", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    return serve(
        args.host, args.port, args.threads, connection_limit=args.connection_limit,
        channel_timeout=args.channel_timeout, log_level=args.log_level, log_json=args.log_json,
    )  # fmt: skip


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {value}")
    return value


def _bounded(low: int, high: int) -> Any:
    def read(text: str) -> int:
        if not text.strip().isdigit() or len(text.strip()) > 6:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{low} to {high}, got {value}")
        return value

    return read


def register_commands(subparsers: Any) -> None:
    """Adds ``marquoir serve [--host] [--port] [--threads] [--connection-limit] [--channel-timeout] [--log-level]
    [--log-json]`` to the command line."""
    p = subparsers.add_parser("serve", help="start the web app (waitress) and print its address")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=5000, help="port (default 5000; 0 picks a free one)")
    p.add_argument("--threads", type=_bounded(1, 256), default=THREADS,
                   help=f"request threads (default {THREADS})")  # fmt: skip
    p.add_argument("--connection-limit", type=_bounded(10, 100000), default=CONNECTION_LIMIT,
                   help=f"open connections before new ones wait (default {CONNECTION_LIMIT})")  # fmt: skip
    p.add_argument("--channel-timeout", type=_bounded(1, 3600), default=CHANNEL_TIMEOUT,
                   help=f"seconds an idle connection is kept (default {CHANNEL_TIMEOUT})")  # fmt: skip
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                   help="the least important messages logged on stderr (default info: one line per request)")
    p.add_argument("--log-json", action="store_true", help="log JSON lines instead of text")
    p.set_defaults(func=_cmd_serve)
