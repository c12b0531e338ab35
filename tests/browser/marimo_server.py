"""A throwaway ``marimo run`` server for the browser tests, and the card table
read back from a marimo page.

marimo renders an anywidget inside the shadow root of a ``<marimo-anywidget>``
element: Playwright's CSS locators pierce it, but ``document.elementFromPoint``
stops at the host, so hit-testing here asks the table's own root node.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

import harness as h


class MarimoServer(h.JupyterServer):
    """``python -m marimo run NOTEBOOK --headless`` (or ``edit``, the editor
    with its cell shortcuts) on a free port of 127.0.0.1.

    With ``run`` every page load starts a fresh session of the notebook (its
    own kernel); the editor runs the cells when the page opens.  HOME and the
    XDG folders point into a temp folder so marimo's config and server
    registry stay out of the user's home.  Stopping, the log and the context
    manager are JupyterServer's.
    """

    def __init__(self, notebook: Path, base: Optional[Path] = None, mode: str = "run"):
        if mode not in ("run", "edit"):
            raise ValueError(mode)
        super().__init__("jupyterlab", Path(base or tempfile.mkdtemp(prefix="sw-marimo-")))
        self._own_base = base is None
        self.notebook = Path(notebook)
        self.mode = mode
        self.log = self.base / "marimo.log"

    def _env(self) -> dict:
        env = dict(os.environ)
        for name in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
            folder = self.base / name.lower()
            folder.mkdir(parents=True, exist_ok=True)
            env[name] = str(folder)
        before = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join(self.pythonpath + before)
        env["PYTHONUNBUFFERED"] = "1"
        return env

    def start(self, timeout: float = 60) -> "MarimoServer":
        self.port = h.free_port()
        cmd = [sys.executable, "-m", "marimo", self.mode, str(self.notebook), "--headless", "--host", "127.0.0.1",
               "--port", str(self.port), "--no-token", "--no-sandbox"]
        self._log_file = open(self.log, "wb")
        self.proc = subprocess.Popen(cmd, env=self._env(), cwd=str(self.notebook.parent), stdout=self._log_file,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self._await_answer(f"{self.url}/health", "marimo", timeout)
        return self


# The snapshot of harness.SNAPSHOT_JS, taken inside the widget's shadow root.
SNAPSHOT_IN_SHADOW_JS = f"(host) => ({h.SNAPSHOT_JS.strip()})(host.shadowRoot || host)"

# A point of ``pile`` (its top card first) that the pointer really hits,
# asked of the shadow root the table lives in.
HIT_POINT_JS = """
(pile) => {
  const root = pile.getRootNode();
  const cards = pile.querySelectorAll('.sw-card');
  const top = cards.length ? cards[cards.length - 1] : null;
  const boxes = top ? [top.getBoundingClientRect(), pile.getBoundingClientRect()] : [pile.getBoundingClientRect()];
  for (const r of boxes) {
    for (const [fx, fy] of [[0.5, 0.5], [0.5, 0.25], [0.5, 0.75], [0.5, 0.1]]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = root.elementFromPoint(x, y);
      if (hit && hit.closest('.sw-pile') === pile && (!top || hit.closest('.sw-card') === top)) return {x, y};
    }
  }
  return null;
}
"""
