"""What a notebook keeps of a table when it is saved.

A table's output holds its live view (which needs the kernel, or the widget
state saved with the notebook) and, beside it, its fallback (``fallback``):
a picture of the position and the text table, which whatever shows the
notebook without the widget shows instead (an exported notebook, nbviewer,
a copy JupyterLab does not trust).  That output is written once, when the
cell runs; the kernel cannot change it as the game goes on without
JupyterLab drawing the table anew (an output update replaces the view, and
jupyterlab_widgets 3 keeps the old one alive beside it).

So the page keeps it: where the table shows in a notebook that saves
(JupyterLab, Notebook 7), the page asks for the fallback
(the ``saved_output`` request) and writes the latest it was sent into the
notebook it saves (``js/src/saved_output.js``).  ``SavedOutput`` sends it,
once asked, after each change of the position: at most one a second
(``FALLBACK_EVERY``, the last change always sent), as a gzipped JSON buffer
(a few KB: a picture compresses about tenfold).

>>> sent = []
>>> out = SavedOutput(lambda: (3, {"text/plain": "Moves 3"}), lambda content, buffers: sent.append(content))
>>> out.changed()  # no page asked: nothing is sent
>>> sent
[]
>>> json.loads(gzip.decompress(encode({"text/plain": "Moves 3"})))  # what the page reads of a message
{'text/plain': 'Moves 3'}
"""

from __future__ import annotations

import asyncio
import gzip
import json
import logging
import sys
import time
from typing import Any, Callable, Mapping, Optional

from .game import Game

log = logging.getLogger(__name__)

FALLBACK_EVERY = 1.0  # seconds: at most one fallback a second while the game changes

Bundle = Mapping[str, str]  # MIME type -> the output's data


def fallback(game: Game) -> dict[str, str]:
    """A table's output besides its live view: a picture of ``game`` as an
    HTML ``<img>`` (shown even where a notebook is not trusted) and the text
    table.

    >>> import solitaire_widgets as sw
    >>> sorted(fallback(sw.Frog(seed=1)))
    ['text/html', 'text/plain']
    """
    return {"text/html": game.picture().img_tag(), "text/plain": str(game)}


def encode(bundle: Bundle) -> bytes:
    """``bundle`` as the page reads it: JSON, gzipped (no timestamp, so the
    same bundle is the same bytes)."""
    return gzip.compress(json.dumps(bundle, separators=(",", ":")).encode(), 6, mtime=0)


def _event_loop() -> Optional[asyncio.AbstractEventLoop]:
    """The loop a send waits on: the kernel's (Pyodide's where no loop runs
    right now), or None (a plain script: sent at once)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.get_event_loop() if sys.platform == "emscripten" else None


class SavedOutput:
    """Sends the page a table's fallback after each change, once a page asked.

    ``read()`` gives the table's version and its fallback as they are now
    (consistent: the table reads them under its lock); ``send(content,
    buffers)`` sends a message to the page.  ``changed()`` may be called
    from any thread; the sends happen on the kernel's event loop.
    """

    def __init__(self, read: Callable[[], tuple[int, Bundle]],
                 send: Callable[[dict[str, Any], list[bytes]], None]) -> None:
        self._read = read
        self._send = send
        self._asked = False
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._due: Optional[asyncio.TimerHandle] = None
        self._sent_at = -FALLBACK_EVERY  # time.monotonic() of the last send

    def ask(self) -> None:
        """A page asked for the fallback: sent now, and after each change from now on."""
        self._asked = True
        self._loop = _event_loop() or self._loop
        self._sent_at = -FALLBACK_EVERY  # this page has none yet: no waiting
        self.changed()

    def changed(self) -> None:
        """The position changed: send its fallback once the last send is
        ``FALLBACK_EVERY`` seconds old (at once if it is already)."""
        if not self._asked:
            return
        loop = self._loop
        try:
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(self._schedule)
                return
        except RuntimeError:  # the loop closed meanwhile
            log.debug("solitaire_widgets: the fallback's loop is gone; sent at once", exc_info=True)
        self._send_now()

    def _schedule(self) -> None:
        assert self._loop is not None
        if self._due is not None:
            return  # a send is due: it reads the position as it is then
        wait = max(0.0, self._sent_at + FALLBACK_EVERY - time.monotonic())
        self._due = self._loop.call_later(wait, self._send_due)

    def _send_due(self) -> None:
        self._due = None
        self._send_now()

    def _send_now(self) -> None:
        try:
            version, bundle = self._read()
            self._send({"type": "saved_output", "version": version}, [encode(bundle)])
        except Exception:  # the page keeps the fallback it had: never an error in the notebook
            log.exception("solitaire_widgets: could not send the table's fallback to the page")
        self._sent_at = time.monotonic()
