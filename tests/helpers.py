"""What many test modules share: where the repository is, whether this is CI,
the built-in games, and the modules of ``docs/`` (no package) by name.

Test modules import it by name (``from helpers import REPO``): pytest puts
``tests/`` on the path for its conftest.py; the browser helpers, which also
run as scripts, put it there themselves.

>>> (REPO / "pyproject.toml").is_file(), GAMES[0]
(True, 'frog')
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))  # the working tree's solitaire_widgets, installed or not

import solitaire_widgets as sw  # noqa: E402

# The built-in games, as registered when the tests start (a test that
# registers a game of its own forgets it afterwards: the clean_registry fixture).
GAMES: tuple[str, ...] = tuple(sw.GAMES)


def on_ci() -> bool:
    """``CI`` set to true (as CI services and ``.ci/run`` do): no test may skip."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def docs_module(name: str) -> ModuleType:
    """``docs/NAME.py`` loaded once as ``solitaire_docs_NAME`` (the name the
    docs hooks give it too, so the hooks and the tests share one copy)."""
    module_name = f"solitaire_docs_{name}"
    if module_name not in sys.modules:
        spec = importlib.util.spec_from_file_location(module_name, DOCS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    return sys.modules[module_name]
