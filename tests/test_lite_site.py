"""The docs site's in-browser app as built (docs/lite_site.py), without a
browser: what it is built with and where.  tests/browser/test_lite.py plays
it in Chromium."""

from __future__ import annotations

import re
import sys

import pytest
from helpers import REPO, docs_module

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

pytestmark = pytest.mark.no_pyodide


def extra_requirements(extra: str) -> set[str]:
    """The project names ``pip install -e .[extra]`` asks for (the package's
    own extras followed), lower-cased."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    own = re.sub(r"[-_.]+", "-", project["name"]).lower()
    names, todo, seen = set(), [extra], set()
    for requirement in project["dependencies"]:
        names.add(re.match(r"[A-Za-z0-9_.-]+", requirement).group().lower())
    while todo:
        current = todo.pop()
        seen.add(current)
        for requirement in project["optional-dependencies"][current]:
            name = re.match(r"[A-Za-z0-9_.-]+", requirement).group()
            if re.sub(r"[-_.]+", "-", name).lower() == own:
                todo += [e.strip() for e in re.search(r"\[(.*)\]", requirement).group(1).split(",")
                         if e.strip() not in seen]
            else:
                names.add(name.lower())
    return names


@pytest.mark.parametrize("extra", ["test", "docs", "lab"])
def test_the_environment_that_runs_jupyterlab_gets_no_jupyterlite(extra: str) -> None:
    # The Pyodide kernel's JupyterLab extension logs "Shared module
    # @jupyterlite/services doesn't exist" on every JupyterLab page: the app is
    # built in an environment of its own, made from docs/lite_sources/tools.txt.
    assert not [name for name in extra_requirements(extra) if name.startswith("jupyterlite")]
    tools = (REPO / "docs" / "lite_sources" / "tools.txt").read_text()
    assert re.search(r"^jupyterlite-core\[contents\]==\d", tools, re.M)
    assert re.search(r"^jupyterlite-pyodide-kernel==\d", tools, re.M)


def test_the_app_is_built_with_the_pinned_jupyterlite_in_its_own_environment() -> None:
    lite = docs_module("lite_site")
    versions = lite.versions()
    tools = (REPO / "docs" / "lite_sources" / "tools.txt").read_text()
    for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        assert re.search(rf"^{name}(\[\w+\])?=={re.escape(versions[name])}\b", tools, re.M), (name, versions)
    assert re.fullmatch(r"\d+\.\d+\.\d+", versions["pyodide"])
