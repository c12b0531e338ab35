"""Release checks: ``python -m build`` makes an sdist from the tree as a
fresh clone has it and a wheel from that sdist (so the sdist builds the front
end from ``js/``), ``twine check`` passes, the wheel holds the built front
end, installs in a fresh venv and works there, and the version lives in one
place.

One build per session (about 15 s here: the sdist carries the front end's
sources and builds nothing, the wheel from it builds ``js/``) and one
fresh-venv install (about 2 s).  uv fills the build's isolated environments
and the venv: the same build backend and the same dependency metadata as
pip would read, in a fraction of pip's time.  They need ``npm`` (to build the
front end) and the package index (build dependencies); without npm they
skip, except under ``CI=true``.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO

from solitaire_widgets import compiled

FRONT_END = ("solitaire_widgets/static/widget.js", "solitaire_widgets/static/widget.css")
# Folders a checkout may hold that a fresh clone does not (all git-ignored).
NOT_IN_A_CLONE = {".git", "node_modules", "static", "build", "dist", "site", "artifacts", ".venv",
                  "__pycache__", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints", ".ruff_cache", ".mypy_cache",
                  ".cache"}

pytestmark = pytest.mark.release


def _need(tool: str) -> None:
    if shutil.which(tool):
        return
    msg = f"the release checks need `{tool}` on the path (it builds the front end)"
    if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
        pytest.fail(f"CI=true and {msg}", pytrace=False)
    pytest.skip(msg)


def source_version() -> str:
    """``__version__`` as written in solitaire_widgets/__init__.py (the one place)."""
    tree = ast.parse((REPO / "solitaire_widgets" / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__version__" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("solitaire_widgets/__init__.py sets no __version__")


def clean_copy(dest: Path) -> Path:
    """The files a fresh clone would have: tracked and new files, no build output."""
    def ignore(folder: str, names: list[str]) -> set[str]:
        return {n for n in names if n in NOT_IN_A_CLONE or n.endswith((".egg-info", ".so", ".pyd"))
                or n == compiled.RECORD}

    shutil.copytree(REPO, dest, ignore=ignore)
    return dest


def run(cmd: list[str], cwd: Path, timeout: float = 600, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert proc.returncode == 0, \
        f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return proc.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """sdist and wheel built by ``python -m build`` (the wheel from the sdist)."""
    _need("npm")
    base = tmp_path_factory.mktemp("release")
    tree = clean_copy(base / "tree")
    out = base / "dist"
    # the release's wheel is pure Python, for every platform and the in-browser app (no mypyc build)
    run([sys.executable, "-m", "build", "--installer", "uv", "--outdir", str(out), str(tree)], cwd=base,
        env={**os.environ, "SOLITAIRE_WIDGETS_COMPILE": "0"})
    sdists, wheels = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, f"expected one sdist and one wheel, got {sorted(out.iterdir())}"
    return {"sdist": sdists[0], "wheel": wheels[0], "base": base}


def test_version_lives_in_one_place(dist: dict[str, Path]) -> None:
    pyproject = (REPO / "pyproject.toml").read_text()
    assert 'dynamic = ["version", "readme"]' in pyproject and "\nversion =" not in pyproject, \
        "pyproject.toml must take the version from solitaire_widgets/__init__.py, not repeat it"
    version = source_version()
    assert dist["wheel"].name.startswith(f"solitaire_widgets-{version}-")
    with zipfile.ZipFile(dist["wheel"]) as whl:
        metadata = whl.read(f"solitaire_widgets-{version}.dist-info/METADATA").decode()
    assert f"\nVersion: {version}\n" in metadata
    # The README is the description (hatch_build.py; no Source URL: unchanged).
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert metadata.split("\n\n", 1)[1].strip() == readme.strip() and "Content-Type: text/markdown" in metadata
    assert f"## [{version}]" in (REPO / "CHANGELOG.md").read_text(), "CHANGELOG.md has no section for this version"


def test_wheel_holds_the_built_front_end(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as whl:
        names = set(whl.namelist())
        for name in FRONT_END:
            assert name in names, f"the wheel lacks {name}: {sorted(names)}"
        bundle = whl.read(FRONT_END[0]).decode()
    assert "export" in bundle and len(bundle) > 10_000, "widget.js in the wheel is not the bundled module"
    assert "solitaire_widgets/widget.py" in names and "solitaire_widgets/games/cruel.py" in names
    # The look (colours, suits, layout numbers) that pictures read at run time; the bundle has it inlined.
    assert "solitaire_widgets/look.json" in names, "the wheel lacks look.json, which pictures read"
    assert not any(n.startswith(("tests/", "js/")) for n in names), "the wheel carries test or js sources"
    assert dist["wheel"].name.endswith("-py3-none-any.whl"), dist["wheel"].name
    assert not any(n.endswith((".so", ".pyd", compiled.RECORD)) for n in names), "the pure wheel has compiled code"


def test_sdist_carries_the_front_end_sources_not_the_build(dist: dict[str, Path]) -> None:
    with tarfile.open(dist["sdist"]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    for needed in ("pyproject.toml", "README.md", "CHANGELOG.md", "js/package.json", "js/package-lock.json",
                   "js/build.mjs", "js/src/widget.js", "js/src/widget.css", "solitaire_widgets/__init__.py",
                   "solitaire_widgets/look.json"):
        assert needed in names, f"the sdist lacks {needed}"
    assert not any("node_modules/" in n or n.startswith("solitaire_widgets/static/") for n in names), \
        "the sdist must build the front end from js/, not carry node_modules or a prebuilt bundle"


def test_twine_check_passes(dist: dict[str, Path]) -> None:
    out = run([sys.executable, "-m", "twine", "check", "--strict", str(dist["sdist"]), str(dist["wheel"])],
              cwd=dist["base"])
    assert out.count("PASSED") == 2, out


def test_the_wheel_built_from_the_sdist_installs_in_a_fresh_venv(dist: dict[str, Path]) -> None:
    """The wheel ``python -m build`` made from the sdist (the front end built
    from the sdist's js/) installs with its dependencies in a fresh venv and
    works there.  (A ``pip install`` of the sdist would build that same wheel
    again, in another isolated environment.)"""
    venv = dist["base"] / "venv"
    uv = [sys.executable, "-m", "uv"]
    run([*uv, "venv", "-q", "--python", sys.executable, str(venv)], cwd=dist["base"])
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    run([*uv, "pip", "install", "-q", "--python", str(python), str(dist["wheel"])], cwd=dist["base"])
    check = (
        "import importlib.metadata as md, pathlib, sys, solitaire_widgets as sw\n"
        "assert pathlib.Path(sw.__file__).is_relative_to(sys.prefix), sw.__file__\n"
        "assert sw.__version__ == md.version('solitaire_widgets'), (sw.__version__, md.version('solitaire_widgets'))\n"
        "static = pathlib.Path(sw.__file__).parent / 'static'\n"
        "w = sw.SolitaireWidget('cruel', seed=7)\n"
        "assert w._esm == (static / 'widget.js').read_text() and w._css, 'the widget did not load the built bundle'\n"
        "w.game.play(w.game.legal_moves()[0])\n"
        "print(sw.__version__, w.version)\n"
    )
    out = run([str(python), "-c", check], cwd=dist["base"])  # outside the repo: imports the installed copy
    assert out.split()[0] == source_version()


def load_readme_hook(monkeypatch: pytest.MonkeyPatch) -> Any:
    """hatch_build.py, with stand-ins for hatchling's hook base classes
    (hatchling is a build requirement, not installed here)."""
    import importlib.util
    import types

    class MetadataHookInterface:
        def __init__(self, root: str, config: dict) -> None:
            self.root, self.config = root, config

    class BuildHookInterface:
        def __init__(self, root: str, app: Any) -> None:
            self.root, self.app = root, app

    for name, base in (("hatchling.metadata.plugin.interface", MetadataHookInterface),
                       ("hatchling.builders.hooks.plugin.interface", BuildHookInterface)):
        parts = name.split(".")
        for i in range(1, len(parts)):
            monkeypatch.setitem(sys.modules, ".".join(parts[:i]), types.ModuleType(".".join(parts[:i])))
        interface = types.ModuleType(name)
        setattr(interface, base.__name__, base)
        monkeypatch.setitem(sys.modules, name, interface)
    spec = importlib.util.spec_from_file_location("hatch_build", REPO / "hatch_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pypi_gets_the_readme_with_its_picture_once_the_repository_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyPI shows only absolute image URLs: with ``[project.urls] Source``
    the hook points the README's picture and links at the release's tag, and
    readme_renderer's sanitizer (what PyPI cleans a README with) keeps the
    picture.  (The Markdown is turned into HTML by Python-Markdown here, as
    readme_renderer's own Markdown extra is not installed.)"""
    import doctest

    import markdown
    from readme_renderer.clean import clean

    def render(text: str) -> str:
        return clean(markdown.markdown(text, extensions=["fenced_code"]))

    hook = load_readme_hook(monkeypatch)
    assert doctest.testmod(hook).failed == 0
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    metadata = {"version": "1.2.3"}
    hook.ReadmeHook(str(REPO), {}).update(metadata)
    assert metadata["readme"] == {"content-type": "text/markdown", "text": readme}
    metadata = {"version": "1.2.3", "urls": {"Source": "https://github.com/someone/solitaire_widgets"}}
    hook.ReadmeHook(str(REPO), {}).update(metadata)
    html = render(metadata["readme"]["text"])
    picture = "https://github.com/someone/solitaire_widgets/raw/v1.2.3/docs/img/table.svg"
    assert f'src="{picture}"' in html, html[:2000]
    assert 'href="https://github.com/someone/solitaire_widgets/blob/v1.2.3/docs/playing.md"' in html
    assert not re.search(r'(src|href)="(?!https?:|#|mailto:)', html), "a relative link is left for PyPI"


class BuildApp:
    """What a build hook tells the person building (hatchling's ``app``)."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def display_warning(self, text: str) -> None:
        self.said.append(text)

    display_info = display_warning


def test_the_compile_hook_builds_pure_python_without_error_where_it_cannot_compile(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No C compiler (or mypyc failing): the build goes on, pure Python, and
    says why; SOLITAIRE_WIDGETS_COMPILE=0 asks for no mypy at all.  An
    editable build first removes what an earlier one compiled beside the
    sources, so nothing stale is left to shadow them."""
    hook_module = load_readme_hook(monkeypatch)
    tree = tmp_path / "tree"
    shutil.copytree(REPO / "solitaire_widgets", tree / "solitaire_widgets",
                    ignore=shutil.ignore_patterns("__pycache__", "static"))
    stale = tree / "solitaire_widgets" / "fast_path.cpython-311-x86_64-linux-gnu.so"
    stale.write_bytes(b"old")
    (tree / "solitaire_widgets" / compiled.RECORD).write_text("{}")

    def no_compiler(root: Path, out: Path, opt_level: str = "3") -> dict:
        raise OSError("command 'gcc' failed: No such file or directory")  # (setuptools' CompileError says as much)

    monkeypatch.setattr(hook_module, "compile_hot_path", no_compiler)
    app = BuildApp()
    hook = hook_module.CompileHook(str(tree), app)
    build_data: dict[str, Any] = {"force_include": {}}
    monkeypatch.delenv("SOLITAIRE_WIDGETS_COMPILE", raising=False)
    hook.initialize("editable", build_data)
    assert build_data == {"force_include": {}}
    assert not stale.exists() and not (tree / "solitaire_widgets" / compiled.RECORD).exists()
    assert len(app.said) == 1 and "not compiled, pure Python runs" in app.said[0] and "gcc" in app.said[0]
    hook.initialize("standard", build_data)
    assert build_data == {"force_include": {}}, "a wheel that compiled nothing stays pure Python"
    monkeypatch.setenv("SOLITAIRE_WIDGETS_COMPILE", "0")
    assert hook.dependencies() == []
    assert hook_module.compiled_modules(REPO) == (compiled.MODULES, compiled.RECORD)
