"""A pytest hook for the whole tree (tests/conftest.py holds the suite's own).

Where the solver's hot loop runs compiled (``solitaire_widgets/compiled.py``),
the compiled modules' doctests are not collected: their ``.py`` files are not
what Python imports then, and the compiled functions keep no doctests.
``tests/test_compiled.py`` runs those doctests on pure Python instead.
"""

from __future__ import annotations

import os
from pathlib import Path


def pytest_ignore_collect(collection_path: "os.PathLike[str]") -> bool | None:
    path = Path(collection_path)
    if path.suffix != ".py" or path.parent.name not in ("solitaire_widgets", "solver"):
        return None
    from solitaire_widgets import compiled

    return True if compiled.COMPILED and path.resolve() in compiled.sources() else None
