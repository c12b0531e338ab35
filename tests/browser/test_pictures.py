"""Pictures of positions in real browsers: a notebook exported by nbconvert
(HTML, and webpdf printed by Chromium) shows every table as its picture and
runs no script from a title; a saved notebook opened again in JupyterLab
shows each table's picture until its cell runs, then the live table.

The notebooks' outputs are made in this process by the calls a kernel makes
to display them (``_repr_mimebundle_``): tests/browser/test_examples.py runs
the example notebooks in real kernels and exports those."""

from __future__ import annotations

import json
import re
import zlib
from pathlib import Path
from typing import Any

import harness as h
import pytest
from test_picture import MARKUP, markup_game  # the game of the user's whose title is full of markup

import solitaire_widgets as sw

pytestmark = pytest.mark.browser
Markup = markup_game()

CARD_RED = b".7843 .0627 .1804 rg"  # #c8102e, the ink of hearts and diamonds, as a PDF fill colour


def output(bundle: Any, count: int) -> dict:
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return {"output_type": "execute_result", "execution_count": count, "data": data, "metadata": metadata}


def lesson(tmp_path: Path) -> tuple[Any, list[str]]:
    """A notebook with a table of Cruel, a picture, and a table of the markup
    game; and the alt texts of the pictures it should show."""
    import nbformat

    cruel = sw.SolitaireWidget("cruel", seed=7)
    picture = sw.Bobby(seed=2).picture(arrow="draw", caption=MARKUP)
    markup = sw.SolitaireWidget(Markup(seed=1))
    cells = [("sw.play('cruel', seed=7)", cruel._repr_mimebundle_()),
             ("sw.Bobby(seed=2).picture(...)", picture._repr_mimebundle_()),
             ("sw.SolitaireWidget(Markup(seed=1))", markup._repr_mimebundle_())]
    nb = nbformat.from_dict(h.notebook_json([source for source, _ in cells]))
    for n, (cell, (_, bundle)) in enumerate(zip(nb.cells, cells), 1):
        cell.outputs = [nbformat.from_dict(output(bundle, n))]
        cell.execution_count = n
    alts = [p.alt for p in (cruel.game.picture(), picture, markup.game.picture())]
    return nb, alts


def test_an_exported_lesson_shows_its_tables_and_runs_no_script_from_a_title(chromium: h.Browser,
                                                                             tmp_path: Path) -> None:
    from nbconvert import HTMLExporter

    nb, alts = lesson(tmp_path)
    html, _ = HTMLExporter().from_notebook_node(nb)
    path = tmp_path / "lesson.html"
    path.write_text(html, encoding="utf-8")
    page = chromium.new_page()
    dialogs: list[str] = []
    page.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.page.goto(path.as_uri(), wait_until="load")
        shown = page.page.evaluate("""() => [...document.images]
            .filter(img => img.src.startsWith('data:image/svg+xml'))
            .map(img => ({alt: img.alt, drawn: img.complete && img.naturalWidth > 0}))""")
        assert shown == [{"alt": alt, "drawn": True} for alt in alts]  # every picture, decoded and drawn
        assert alts[2].startswith(MARKUP)
        # The same pictures inline in a page (an SVG pasted into HTML, or an
        # exporter that inlines SVG): text stays text, every id stays in its own picture.
        pictures = [sw.Cruel(seed=7).picture(), sw.Cruel(seed=7).picture(card_width=40, caption=MARKUP),
                    Markup(seed=1).picture(caption=MARKUP)]
        page.page.set_content("<!doctype html><meta charset=utf-8><body>" + "".join(pictures) + "</body>")
        inline = page.page.evaluate("""() => ({
            svgs: document.querySelectorAll('body > svg').length,
            scripts: document.querySelectorAll('script, img, foreignObject').length,
            texts: [...document.querySelectorAll('svg text')].map(t => t.textContent),
            foreign: [...document.querySelectorAll('use')].filter(u => {
                const target = document.getElementById(u.getAttribute('href').slice(1));
                return !target || target.closest('svg') !== u.closest('svg');
            }).length})""")
        assert inline["svgs"] == 3 and inline["scripts"] == 0 and inline["foreign"] == 0
        assert f"{MARKUP}  seed 1" in inline["texts"] and MARKUP in " ".join(inline["texts"])
        assert not dialogs, f"a script ran: {dialogs}"
        assert not [e for e in page.errors if "pageerror" in e], page.errors
    finally:
        page.close()


def test_webpdf_prints_every_table_as_its_picture(chromium: h.Browser, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """nbconvert's own webpdf exporter, its Playwright pointed at Debian's
    Chromium (it launches Playwright's downloaded one, which this machine
    does not have): the PDF draws the cards."""
    from nbconvert import WebPDFExporter
    from playwright.async_api import BrowserType

    launch = BrowserType.launch

    async def debian_chromium(self: Any, **options: Any) -> Any:
        return await launch(self, **{**options, "executable_path": h.CHROMIUM})

    monkeypatch.setattr(BrowserType, "launch", debian_chromium)
    nb, _ = lesson(tmp_path)
    nb.cells = nb.cells[:1]  # the table of Cruel
    pdf, _ = WebPDFExporter(disable_sandbox=True).from_notebook_node(nb)
    assert pdf.startswith(b"%PDF")
    drawn = b"".join(zlib.decompress(stream) for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S)
                     if stream[:1] == b"x")
    # Nothing else on the page is that red (the code's colours are others):
    # checked once by printing the notebook without the picture.
    assert CARD_RED in drawn, "the PDF draws no red card"


def test_a_saved_notebook_shows_each_tables_picture_until_it_runs(lab_server: h.JupyterServer, lab_table: Any,
                                                                   console_guard: Any) -> None:
    code = "import solitaire_widgets as sw\nsw.play('cruel', seed=7)"
    nb = h.notebook_json([code])
    nb["cells"][0]["outputs"] = [output(sw.SolitaireWidget("cruel", seed=7)._repr_mimebundle_(), 1)]
    (lab_server.root / "saved.ipynb").write_text(json.dumps(nb))
    notebook = h.NotebookPage(console_guard(lab_table.nb.p), lab_server, "saved.ipynb").open_beside()
    try:
        picture = notebook.cell(0).locator('.jp-OutputArea-output img[src^="data:image/svg+xml"]')
        picture.wait_for(timeout=30_000)  # the widget's model is gone: JupyterLab shows the picture
        assert picture.get_attribute("alt") == sw.Cruel(seed=7).picture().alt
        assert picture.evaluate("img => img.complete && img.naturalWidth") == 880
        notebook.run(0, "import solitaire_widgets as sw\ndisplay(sw.play('cruel', seed=7))")
        notebook.cell(0).locator(".sw-table[data-version]").first.wait_for(timeout=30_000)
        assert notebook.cell(0).locator('img[src^="data:image/svg+xml"]').count() == 0  # the live table wins
    finally:
        notebook.close()
