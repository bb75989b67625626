"""Serve the built JupyterLite site on 127.0.0.1 (``python tools/lite/serve.py [PORT]``).

Plain ``python -m http.server -d _site`` works too where it knows the ``.mjs`` and ``.wasm``
types; this one sets them, and it is what the browser tests use (:func:`start`).
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

SITE = Path(__file__).resolve().parents[2] / "_site"
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types module workers and WebAssembly need; no request log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        """Quiet: the tests and the learner need no line per file."""


def start(site: Path = SITE, port: int = 0) -> http.server.ThreadingHTTPServer:
    """Serve ``site`` on 127.0.0.1:``port`` (0: any free port) in a background thread."""
    handler = functools.partial(Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


if __name__ == "__main__":
    if not (SITE / "index.html").is_file():
        sys.exit("serve: no site yet: run make lite first")
    running = start(port=int(sys.argv[1]) if len(sys.argv) > 1 else 8000)
    print(f"Open http://127.0.0.1:{running.server_address[1]}/ (Ctrl+C stops)")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        running.shutdown()
