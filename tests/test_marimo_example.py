"""examples/marimo_cruel.py runs as a marimo app without a browser (the browser
test, tests/browser/test_marimo.py, plays it in ``marimo run``)."""

from __future__ import annotations

import runpy

from helpers import REPO

EXAMPLE = REPO / "examples" / "marimo_cruel.py"


def test_marimo_example_runs_and_follows_the_game() -> None:
    app = runpy.run_path(str(EXAMPLE))["app"]
    outputs, defs = app.run()
    widget, position = defs["widget"], defs["position"]
    texts = [getattr(out, "text", "") or "" for out in outputs]
    assert any("<marimo-anywidget" in text for text in texts), "the table is not shown through mo.ui.anywidget"
    assert any("4 of 52 cards home" in text and "0 moves played" in text for text in texts), texts
    # The observer keeps the marimo state on the game's version (what re-runs the status cell).
    move = widget.game.play(widget.game.legal_moves()[0])
    assert position() == widget.game.version == widget.version == 1 and widget.game.history == (move,)
