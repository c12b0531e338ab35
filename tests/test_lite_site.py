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


@pytest.fixture(scope="module")
def site():
    """The app as built (or taken from .cache/lite/)."""
    return docs_module("lite_site").build(print)


def test_each_page_registers_the_app_s_worker_before_jupyterlite_starts(site) -> None:
    lite = docs_module("lite_site")
    pages = lite.pages(site)
    assert {p.relative_to(site).as_posix() for p in pages} >= {"index.html", "lab/index.html", "notebooks/index.html"}
    for page in pages:
        text = page.read_text()
        assert text.index("offline.js')).ready;") < text.index("config-utils.js"), page
        assert 'rel="preload"' not in text and '<link rel="icon"' in text, page
    assert "solitaire-widgets-lite-" in (site / lite.WORKER).read_text()  # the app's worker, not JupyterLite's


def test_the_worker_lists_every_file_and_each_gzipped_copy_is_the_file(site) -> None:
    import gzip
    import json

    lite = docs_module("lite_site")
    app = json.loads(re.search(r"^const APP = (\{.*\});", (site / lite.WORKER).read_text(), re.M).group(1))
    on_disk = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                     if p.is_file() and p.suffix != ".gz" and p.name not in (".complete", lite.WORKER))
    assert app["files"] == on_disk
    assert sorted(p.relative_to(site).as_posix()[:-3] for p in site.rglob("*.gz")) == app["gzipped"]
    for name in app["gzipped"]:
        assert gzip.decompress((site / f"{name}.gz").read_bytes()) == (site / name).read_bytes(), name
    assert "static/pyodide/pyodide.asm.wasm" in app["gzipped"] and "play.ipynb" in " ".join(app["files"])
    assert set(app["shell"]) <= set(app["files"]) and not set(app["unused"]) & set(lite.precached(site))
    # (the build's rspack configurations are the only scripts left out)
    assert not [f for f in app["unused"] if f.endswith((".js", ".mjs", ".wasm", ".ipynb", ".whl", ".woff2"))
                and not f.startswith("rspack.config")], app["unused"]


def test_the_served_wheels_carry_bytecode_the_kernel_imports_unchecked(site) -> None:
    import zipfile

    wheels = sorted((site / "static" / "pyodide").glob("*.whl"))
    assert len(wheels) > 20
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            names = z.namelist()
            pycs = [n for n in names if n.endswith(".pyc")]
            flags = {int.from_bytes(z.read(n)[4:8], "little") for n in pycs}
        assert pycs and flags == {0b01}, (wheel.name, flags)  # hash-based, never checked against a source
        sources = [n for n in names if n.endswith(".py")]
        if wheel.name.startswith("solitaire_widgets-"):  # its tracebacks and help show its source
            assert {f"{n.rsplit('/', 1)[0]}/__pycache__/{n.rsplit('/', 1)[1][:-3]}" for n in sources} == \
                {n.rsplit(".", 2)[0] for n in pycs}
        else:
            assert not sources, (wheel.name, sources[:3])
