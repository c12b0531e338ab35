"""Every notebook in examples/ runs headless (nbclient, a real kernel) without
an error, and exported to HTML by nbconvert it shows a picture of every table
it displays, the position when its cell ran.  Not a browser test: it needs no
Chromium.

A run copy goes where the documentation site's build looks for it
(docs/hooks.py), so a site built after these tests runs no notebook again."""

from __future__ import annotations

import base64
import functools
import os
import re
from pathlib import Path

import pytest
from helpers import REPO, docs_module

EXAMPLES = REPO / "examples"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PICTURE = re.compile(r'<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"')
NOTEBOOKS = sorted(p for p in EXAMPLES.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_examples_exist() -> None:
    assert NOTEBOOKS, f"{EXAMPLES} holds no notebooks: the README sends users to examples/index.ipynb"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_example_notebook_runs(path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # (imported here: nbformat costs seconds; a missing one fails, never skips)
    import nbclient
    import nbformat

    # The kernel imports the working tree, installed or not, and writes its
    # IPython/Jupyter state into the test's temp folder.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=180, kernel_name="python3", allow_errors=False, store_widget_state=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError with the traceback on any error
    errors = [
        out for cell in nb.cells if cell.cell_type == "code"
        for out in cell.get("outputs", []) if out.get("output_type") == "error"
    ]
    assert not errors, errors
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    assert code_cells, f"{path.name} has no code cell"
    assert all(c.get("execution_count") for c in code_cells), "a code cell did not run"

    shows_every_table_in_html(nb, path.name)
    hooks = docs_module("hooks")
    if path.name not in hooks.NOT_RUN:
        copy = hooks.run_copy(path)
        copy.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, copy)


@functools.lru_cache(maxsize=1)
def html_exporter():
    from nbconvert import HTMLExporter

    return HTMLExporter()  # the first export loads the templates and styles: about a second


def shows_every_table_in_html(nb, name: str) -> None:
    """nbconvert's HTML shows each table output as the picture it carries."""
    tables = [out["data"] for cell in nb.cells for out in cell.get("outputs", []) if WIDGET_VIEW in out.get("data", {})]
    html, _ = html_exporter().from_notebook_node(nb)
    shown = [base64.b64decode(data).decode() for data in PICTURE.findall(html)]
    for table in tables:
        picture = base64.b64decode(PICTURE.search(table["text/html"])[1]).decode()
        assert picture.startswith("<svg") and picture in shown, f"{name}: a table's picture is not in the HTML"
    if name == "cruel.ipynb":  # the table shown before the cells that play: the deal, not the last position
        import solitaire_widgets as sw

        assert len(tables) == 2 and shown[0] == sw.Cruel(seed=7).picture()

