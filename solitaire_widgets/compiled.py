"""Which path runs the solver's hot loop: the engine's fast path and the
search compiled by mypyc when the package was installed, or pure Python.

Both run the same source: where a C compiler was found at install time,
the build (``hatch_build.py``) compiled ``MODULES`` with mypyc and wrote
``compiled.json`` beside this file, the SHA-256 of every source file of the
package as it was then (the compiled code was built on what the others
said of their types too).  The compiled modules are used only when every
source still has that digest: after an edit (an editable install) the
package runs as its ``.py`` files say, never as a stale compiled copy,
until the next ``pip install -e .`` compiles it again.  Setting ``SOLITAIRE_WIDGETS_PURE=1``
before the package is imported forces pure Python (equality tests,
debugging, profiling line by line).

``COMPILED`` says which path runs; ``WHY`` says why, in words:

>>> import solitaire_widgets as sw
>>> isinstance(sw.COMPILED, bool), bool(sw.compiled.WHY)
(True, True)

Decided once, when the package is first imported: all the modules run
compiled or none does (compiled modules call each other directly, so a
mixture would run old code of a module loaded as source).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Mapping, Optional, Sequence

# The modules mypyc compiles (the build reads this line), each a file of the package.
MODULES = ("solitaire_widgets.fast_path", "solitaire_widgets.solver.search")
RECORD = "compiled.json"  # beside this file: {each source file of the package: its SHA-256 when compiled}
PURE = "SOLITAIRE_WIDGETS_PURE"  # set (not "" or "0") to run pure Python
HERE = Path(__file__).resolve().parent


def source_of(module: str) -> Path:
    """The ``.py`` file of ``module`` (one of ``MODULES``).

    >>> source_of("solitaire_widgets.fast_path").name
    'fast_path.py'
    """
    return HERE.joinpath(*module.split(".")[1:]).with_suffix(".py")


def sources() -> list[Path]:
    """The ``.py`` files of ``MODULES``."""
    return [source_of(m) for m in MODULES]


def digests(package: Path) -> dict[str, str]:
    """The SHA-256 of every source file of ``package`` (a folder), by its
    path from the folder that holds it (``solitaire_widgets/game.py``).

    >>> digests(HERE)["solitaire_widgets/compiled.py"] == hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    True
    """
    return {path.relative_to(package.parent).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(package.rglob("*.py"))}


def _built(module: str) -> bool:
    """Whether a compiled extension of ``module`` for this Python lies beside its source."""
    source = source_of(module)
    return any(source.with_suffix(suffix).is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def choose(environ: Mapping[str, str] = os.environ) -> tuple[bool, str]:
    """(whether the compiled modules run, why) for this installation.

    >>> choose({PURE: "1"})
    (False, 'pure Python: SOLITAIRE_WIDGETS_PURE is set')
    """
    if environ.get(PURE, "") not in ("", "0"):
        return False, f"pure Python: {PURE} is set"
    if not all(_built(m) for m in MODULES):
        return False, "pure Python: no compiled modules are installed (no C compiler at install time, or " \
                      "SOLITAIRE_WIDGETS_COMPILE=0)"
    try:
        record = json.loads((HERE / RECORD).read_text())
    except (OSError, ValueError):
        return False, f"pure Python: the compiled modules have no readable {RECORD}"
    now = digests(HERE)
    changed = sorted(name for name in record.keys() | now.keys() if record.get(name) != now.get(name))
    if changed:
        return False, f"pure Python: {', '.join(changed[:5])}{' …' if len(changed) > 5 else ''} changed since " \
                      "the modules were compiled (pip install -e . compiles them again)"
    return True, "compiled by mypyc: " + ", ".join(MODULES)


class _SourceFirst:
    """A finder that loads ``MODULES`` from their ``.py`` files, where the
    compiled extensions beside them must not run (an extension comes first
    in Python's own search of a folder)."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(self, name: str, path: object = None, target: Optional[ModuleType] = None) \
            -> Optional[importlib.machinery.ModuleSpec]:
        if name not in self.modules:
            return None
        return importlib.util.spec_from_file_location(name, source_of(name))


COMPILED, WHY = choose()
if not COMPILED and any(_built(m) for m in MODULES) and not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceFirst(MODULES))
