"""What many test modules share: where the repository is, whether this is CI,
the built-in games, the modules of ``docs/`` (no package) by name, and what
is wrong with a value of the table's ``assist`` trait.

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
from typing import Any, Literal, Mapping, Union, get_args, get_origin, get_type_hints

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))  # the working tree's solitaire_widgets, installed or not

from solitaire_widgets.games import FAMILIES, SEED_GAMES  # noqa: E402

# The five seed games, first among the built-in games (the classic games have
# tests/test_catalogue.py and a test module per family).  A test that
# registers a game of its own forgets it afterwards: the clean_registry fixture.
GAMES: tuple[str, ...] = tuple(cls.name for cls in SEED_GAMES)
# The seed games and the first game of each classic family: where a check
# is the same for every game (the page's requests), one game a family.
SAMPLE: tuple[str, ...] = GAMES + tuple(family.GAMES[0].name for family in FAMILIES if family.GAMES)


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


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the type ``hint`` (the types of assist/states.py: plain JSON)."""
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if origin is Union:
        return any(_fits(value, arg) for arg in get_args(hint))
    if origin is list:
        return isinstance(value, list) and all(_fits(v, get_args(hint)[0]) for v in value)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def assist_problems(value: Mapping[str, Any]) -> list[str]:
    """What is wrong with ``value`` as a value of the table's ``assist``
    trait (``solitaire_widgets.assist.states``: ``{}``, or the type of its
    kind): [] when nothing.

    >>> assist_problems({}), assist_problems({"kind": "play", "state": "playing", "done": 0, "moves": 3, "text": "",
    ...                                      "version": 1})
    ([], [])
    >>> assist_problems({"kind": "solve", "state": "runing", "text": "", "version": True, "extra": 1})
    ["SolveAssist has no field 'extra'", "SolveAssist's state is 'runing'", "SolveAssist's version is True"]
    """
    from solitaire_widgets.assist import states

    if not value:
        return []
    kinds = {get_args(get_type_hints(kind)["kind"])[0]: kind for kind in states.KINDS}
    kind = kinds.get(value.get("kind"))
    if kind is None:
        return [f"no kind of assist is {value.get('kind')!r}"]
    hints = get_type_hints(kind)
    name = kind.__name__
    wrong = [field for field, v in value.items() if field in hints and not _fits(v, hints[field])]
    return ([f"{name} lacks {field!r}" for field in sorted(kind.__required_keys__ - set(value))]
            + [f"{name} has no field {field!r}" for field in sorted(set(value) - set(hints))]
            + [f"{name}'s {field} is {value[field]!r}" for field in wrong])
