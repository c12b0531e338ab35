"""The notebook's Penguin (examples/new_game.ipynb), the one copy of the game
the tests play: the cell that defines it, made into a class as the notebook
makes it, without registering it (a test registers it when it needs to, and
the ``clean_registry`` fixture undoes that).

>>> penguin = penguin_class()
>>> penguin.name, penguin.title, penguin.__module__
('penguin', 'Penguin', 'new_game_notebook')
"""

from __future__ import annotations

import functools
import json
from unittest import mock

from helpers import REPO

import solitaire_widgets as sw

NOTEBOOK = REPO / "examples" / "new_game.ipynb"
DEFINES = "class Penguin(Game):"


@functools.cache
def penguin_cell() -> str:
    """The source of the notebook's one cell that defines the game."""
    cells = ["".join(cell["source"]) for cell in json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
             if cell["cell_type"] == "code"]
    defining = [source for source in cells if DEFINES in source]
    assert len(defining) == 1, f"{NOTEBOOK.name}: {len(defining)} code cells define the game, not one"
    return defining[0]


def penguin_class() -> type[sw.Game]:
    """A fresh class from the notebook's cell (as if the cell ran again), not registered."""
    namespace = {"__name__": "new_game_notebook"}
    with mock.patch.object(sw, "register", lambda cls: cls):
        exec(compile(penguin_cell(), str(NOTEBOOK), "exec"), namespace)
    return namespace["Penguin"]  # type: ignore[return-value]
