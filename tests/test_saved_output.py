"""The table's fallback sent to a page that saves the notebook
(saved_output.py), through ipywidgets' real comm message path: nothing
before a page asks, then the picture and text table of the position after
each change, at most one a second on the kernel's event loop, the last
change always sent.  The page's side is js/test/saved_output.test.js, the
whole in JupyterLab tests/browser/test_browser_reopen.py."""

from __future__ import annotations

import asyncio
import gzip
import json
from typing import Any

import pytest

from solitaire_widgets.saved_output import FALLBACK_EVERY, fallback
from solitaire_widgets.widget import SolitaireWidget


class Page:
    """A page's side of one table: its requests, and the kernel's messages with their buffers."""

    def __init__(self, widget: SolitaireWidget) -> None:
        self.widget = widget
        self.messages: list[tuple[dict, list]] = []
        widget.send = lambda content, buffers=None: self.messages.append((content, buffers or []))  # type: ignore[method-assign]

    def ask(self) -> dict:
        content = {"request": "saved_output", "id": "v-1"}
        self.widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
        return next(m for m, _ in self.messages if m.get("id") == "v-1")

    def fallbacks(self) -> list[tuple[int, dict]]:
        """The fallback messages so far: each one's version and its bundle, read as the page reads it."""
        return [(m["version"], json.loads(gzip.decompress(buffers[0])))
                for m, buffers in self.messages if m.get("type") == "saved_output"]


def play(widget: SolitaireWidget, n: int) -> None:
    for _ in range(n):
        widget.game.play(widget.game.legal_moves()[0])


def test_nothing_is_sent_before_a_page_asks_then_each_change_is() -> None:
    widget = SolitaireWidget("cruel", seed=7)
    page = Page(widget)
    play(widget, 2)
    assert page.messages == []
    reply = page.ask()
    assert reply["ok"] and reply["reason"] == ""
    play(widget, 1)
    (asked_at, first), (played_at, second) = page.fallbacks()
    assert (asked_at, played_at) == (widget.version - 1, widget.version)
    picture, text = widget.game.picture().img_tag(), str(widget.game)
    assert second == fallback(widget.game) == {"text/html": picture, "text/plain": text}
    assert "Moves 3" in second["text/plain"].splitlines()[0] and "Moves 2" in first["text/plain"].splitlines()[0]
    message = next(m for m, _ in page.messages if m.get("type") == "saved_output")
    assert message["model_id"] == widget.model_id  # the page finds the table's output by it


def test_the_output_shows_the_same_fallback_beside_the_live_view() -> None:
    widget = SolitaireWidget("frog", seed=3)
    play(widget, 2)
    data, _metadata = widget._repr_mimebundle_()
    assert data == {**data, **fallback(widget.game)} and "application/vnd.jupyter.widget-view+json" in data


def test_a_fallback_is_a_few_kb_on_the_largest_picture() -> None:
    widget = SolitaireWidget("cruel", seed=7)
    page = Page(widget)
    page.ask()
    (_content, (buffer,)), = [m for m in page.messages if m[0].get("type") == "saved_output"]
    assert len(buffer) < len(widget.game.picture().img_tag()) / 5  # the picture compresses about tenfold


def test_on_the_event_loop_a_fast_game_sends_at_most_one_a_second_and_always_its_last_position() -> None:
    widget = SolitaireWidget("cruel", seed=7)
    page = Page(widget)

    async def game() -> list[tuple[int, dict]]:
        page.ask()  # sent on the loop's next turn
        await asyncio.sleep(0.05)
        for _ in range(6):  # six moves within half a second
            play(widget, 1)
            await asyncio.sleep(0.08)
        await asyncio.sleep(FALLBACK_EVERY + 0.3)
        return page.fallbacks()

    sent = asyncio.run(game())
    assert [version for version, _ in sent] == [0, widget.version]  # the first, then the last a second later
    assert sent[-1][1] == fallback(widget.game)


def test_a_fallback_that_cannot_be_made_is_logged_not_raised(monkeypatch: pytest.MonkeyPatch,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    widget = SolitaireWidget("bobby", seed=1)
    page = Page(widget)
    page.ask()

    def broken(*_args: Any) -> Any:
        raise RuntimeError("no picture")

    monkeypatch.setattr(type(widget.game), "picture", broken)
    play(widget, 1)  # the move is played all the same
    assert widget.counters["moves"] == 1 and len(page.fallbacks()) == 1
    assert "could not send the table's fallback" in caplog.text
