"""The classic games of examples/classic_games.ipynb (Klondike, FreeCell,
Spider, Aces Up, Beleaguered Castle), the one copy of each game the tests
play: the notebook's first code cell (what the classes import) and the cell
that defines the class, run as the notebook runs them, without registering
(a test registers a class when it needs to, and ``clean_registry`` in
tests/conftest.py undoes that).

>>> klondike = classic_class("Klondike")
>>> klondike.name, klondike.title, klondike.__module__
('klondike', 'Klondike', 'classic_games_notebook')
"""

from __future__ import annotations

import functools
import json
from unittest import mock

from helpers import REPO

import solitaire_widgets as sw

NOTEBOOK = REPO / "examples" / "classic_games.ipynb"
CLASSES = ("Klondike", "FreeCell", "Spider", "AcesUp", "BeleagueredCastle")


@functools.cache
def code_cells() -> tuple[str, ...]:
    """The sources of the notebook's code cells, in order."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return tuple("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def class_cell(name: str) -> str:
    """The source of the one cell that defines class ``name``."""
    defining = [source for source in code_cells() if f"class {name}(sw.Game):" in source]
    assert len(defining) == 1, f"{NOTEBOOK.name}: {len(defining)} code cells define {name}, not one"
    return defining[0]


def classic_class(name: str) -> type[sw.Game]:
    """A fresh class ``name`` from the notebook (as if its cells ran again), not registered.

    The cells that define the classes before it run first, in the
    notebook's order: a later cell may use their names (FreeCell's
    ``FOUNDATIONS`` is Klondike's)."""
    namespace = {"__name__": "classic_games_notebook"}
    with mock.patch.object(sw, "register", lambda cls: cls):
        exec(compile(code_cells()[0], str(NOTEBOOK), "exec"), namespace)
        for earlier in CLASSES[:CLASSES.index(name)]:
            exec(compile(class_cell(earlier), str(NOTEBOOK), "exec"), namespace)
        exec(compile(class_cell(name), str(NOTEBOOK), "exec"), namespace)
    return namespace[name]  # type: ignore[return-value]
