"""``marquoir serve``: the web app on waitress, a production WSGI server."""

from __future__ import annotations

import argparse
from typing import Any


def serve(host: str, port: int, threads: int = 4) -> None:
    """Start the app on ``host:port`` and print the address; runs until interrupted."""
    from waitress.server import create_server

    from marquoir.web import create_app

    server = create_server(create_app(), host=host, port=port, threads=threads, ident="marquoir")
    address = f"http://{host if ':' not in host else '[' + host + ']'}:{server.effective_port}/"  # type: ignore[union-attr]
    print(f"Marquoir is running at {address} (Ctrl+C stops it)", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


def _cmd_serve(args: argparse.Namespace) -> int:
    serve(args.host, args.port)
    return 0


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {value}")
    return value


def register_commands(subparsers: Any) -> None:
    """Adds ``marquoir serve [--host] [--port]`` to the command line."""
    p = subparsers.add_parser("serve", help="start the web app (waitress) and print its address")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=5000, help="port (default 5000; 0 picks a free one)")
    p.set_defaults(func=_cmd_serve)
