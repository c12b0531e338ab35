"""A plain-HTML test harness for the card table (development only).

Serves a page that renders the built front end (../../solitaire_widgets/static)
against real ``SolitaireWidget`` objects held by this process: the page's
fake anywidget model posts each ``model.send`` here, the request goes through
the widget's own message handler, and the changed traits plus the custom
reply come back. No Jupyter server is needed.

    python js/dev/harness.py --port 8765
    open http://127.0.0.1:8765/?game=leap_year&seed=3&width=800&theme=dark
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_widgets.widget import SolitaireWidget  # noqa: E402

TRAITS = ("game_name", "title", "pile_ids", "actions", "options", "piles", "status", "counters",
          "legal", "last_move", "message", "message_kind", "version")
STATIC = ROOT / "solitaire_widgets" / "static"

_widgets: dict[str, SolitaireWidget] = {}
_lock = threading.Lock()


def state_of(w: SolitaireWidget) -> dict:
    return {name: getattr(w, name) for name in TRAITS}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):  # quiet
        pass

    def _send(self, code: int, body: bytes, ctype: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?")[0]
        if path in ("/", "/index.html"):
            return self._send(200, (HERE / "harness.html").read_bytes(), "text/html; charset=utf-8")
        if path.startswith("/static/"):
            f = STATIC / path[len("/static/"):]
            if f.is_file():
                ctype = "text/javascript" if f.suffix == ".js" else "text/css"
                return self._send(200, f.read_bytes(), ctype)
        return self._send(404, b"not found", "text/plain")

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        with _lock:
            if self.path == "/api/new":
                opts = body.get("options") or {}
                w = SolitaireWidget(body.get("game", "cruel"), seed=body.get("seed"), **opts)
                wid = str(len(_widgets) + 1)
                _widgets[wid] = w
                out = {"wid": wid, "state": state_of(w)}
            elif self.path == "/api/send":
                w = _widgets[body["wid"]]
                customs = []
                original = w.send
                w.send = lambda content, buffers=None: customs.append(content)  # type: ignore[method-assign]
                try:
                    w._on_page_message(w, body["content"], [])
                finally:
                    w.send = original  # type: ignore[method-assign]
                out = {"state": state_of(w), "customs": customs}
            elif self.path == "/api/play":  # play from "code", like a notebook would
                w = _widgets[body["wid"]]
                for move in body.get("moves", []):
                    w.game.play(move)
                out = {"state": state_of(w)}
            else:
                return self._send(404, b"{}", "application/json")
        return self._send(200, json.dumps(out).encode(), "application/json")


def serve(port: int = 0) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args()
    srv = serve(args.port)
    print(f"http://127.0.0.1:{srv.server_address[1]}/?game=cruel&seed=1")
    threading.Event().wait()
