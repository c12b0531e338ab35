"""Every notebook in examples/ runs headless (nbclient, a real kernel) without
an error.  Not a browser test: it needs no Chromium."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
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
        nb, timeout=180, kernel_name="python3", allow_errors=False,
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
