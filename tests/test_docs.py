"""The documentation site builds with ``mkdocs build --strict`` (a broken link,
a page missing from the nav or a docstring that does not render fails it), and
every Python example of the README and the docs pages runs as written (the
convention is in docs/development.md, "Examples in the docs").

The gallery pictures are build output of the browser suite
(tests/browser/gallery.py).  When they are missing this test takes them itself
if Chromium is there; without Chromium the site builds with a note in their
place, except under ``CI=true``, where the build must have them.
"""

from __future__ import annotations

import base64
import doctest
import json
import os
import re
import runpy
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import pytest
from helpers import DOCS, REPO, docs_module, on_ci

import solitaire_widgets as sw

sys.path.insert(0, str(REPO / "tests" / "browser"))
import gallery
import harness as h

pytestmark = pytest.mark.docs


def gallery_missing() -> list[str]:
    return [f"{g}-{t}.png" for g in gallery.game_names() for t in gallery.THEMES
            if not (gallery.GALLERY_DIR / f"{g}-{t}.png").is_file()]


def mkdocs(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONPATH=os.pathsep.join(
        [str(REPO)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    return subprocess.run([sys.executable, "-m", "mkdocs", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def gallery_pictures() -> bool:
    """True when every gallery picture exists (taken now if needed and possible).

    The pictures are taken in a child process: this one may already run the
    browser suite's Playwright, and Playwright's sync API allows one per thread.
    """
    if gallery_missing() and h.chromium_missing() is None:
        taken = subprocess.run([sys.executable, str(Path(gallery.__file__))], cwd=REPO, capture_output=True,
                               text=True, timeout=600)
        if taken.returncode != 0 and on_ci():
            pytest.fail(f"taking the gallery pictures failed:\n{taken.stdout[-2000:]}\n{taken.stderr[-4000:]}",
                        pytrace=False)
    missing = gallery_missing()
    if missing and on_ci():
        pytest.fail(f"CI=true and the gallery pictures {missing} are missing: {h.chromium_missing()}", pytrace=False)
    return not missing


def test_site_builds_in_strict_mode(tmp_path: Path, gallery_pictures: bool) -> None:
    site = tmp_path / "site"
    result = mkdocs("build", "--strict", "--site-dir", str(site))
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    pages = {path: (site / path).read_text() for path in (
        "index.html", "scripting/index.html", "rules/index.html", "marimo/index.html",
        "reference/engine/index.html", "reference/games/index.html", "reference/widget/index.html",
        "examples/cruel/index.html", "gallery/index.html", "changelog/index.html")}
    assert "legal_moves" in pages["reference/engine/index.html"]
    assert "SolitaireWidget" in pages["reference/widget/index.html"]
    assert "Midshipman" in pages["reference/games/index.html"]
    assert "mo.ui.anywidget" in pages["marimo/index.html"]  # the example notebook's source
    assert "Unreleased" in pages["changelog/index.html"]
    # Doctest examples in docstrings render as code, not as quotes and links.
    engine = pages["reference/engine/index.html"]
    assert "&gt;&gt;&gt;" in engine and "<blockquote>" not in engine
    # The example notebooks ran at build time: each table shows as the picture of its position.
    cruel = pages["examples/cruel/index.html"]
    pictures = re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"', cruel)
    assert len(pictures) == 2 and base64.b64decode(pictures[0]).decode() == sw.Cruel(seed=7).picture()
    assert (site / "img" / "table.svg").is_file() and 'src="img/table.svg"' in pages["index.html"]
    # The in-browser app, linked from the home page, with its notebook and every wheel it loads.
    assert re.search(r'href="lite/notebooks/(index\.html)?\?path=play\.ipynb"', pages["index.html"])
    lite = site / "lite"
    assert (lite / "notebooks" / "index.html").is_file() and (lite / "files" / "play.ipynb").is_file()
    lock = json.loads((lite / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert "solitaire-widgets" in lock["packages"]
    for package in lock["packages"].values():
        assert (lite / "static" / "pyodide" / package["file_name"]).is_file(), package["file_name"]
    assert not list(lite.rglob("*.map")), "the app ships source maps"
    for game in gallery.game_names():
        assert f'src="pictures/{game}.svg"' in pages["gallery/index.html"]
        assert (site / "gallery" / "pictures" / f"{game}.svg").read_text() == docs_module("hooks").gallery_picture(game)
        for theme in gallery.THEMES:
            shown = f"src=\"img/{game}-{theme}.png\"" in pages["gallery/index.html"]
            assert shown == gallery_pictures, f"{game}-{theme}.png shown={shown}, pictures there={gallery_pictures}"
            assert (site / "gallery" / "img" / f"{game}-{theme}.png").is_file() == gallery_pictures


def test_strict_build_fails_on_a_broken_link_and_a_missing_page(tmp_path: Path) -> None:
    """The site's own settings (inherited) make each an error: a broken link,
    a nav entry without its page, a page left out of the nav."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n\nSee [the rules](no-such-page.md).\n")
    (docs / "orphan.md").write_text("# Not in the nav\n")
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"INHERIT: {REPO / 'mkdocs.yml'}\ndocs_dir: {docs}\nnav:\n  - index.md\n  - missing.md\n"
                      "plugins:\n  - search\nhooks: []\n")
    result = mkdocs("build", "--config-file", str(config), "--site-dir", str(tmp_path / "site"))
    assert result.returncode != 0, "a broken link and a missing nav page did not fail the build"
    for culprit in ("no-such-page.md", "missing.md", "orphan.md"):
        assert culprit in result.stderr, f"{culprit} not reported:\n{result.stderr[-3000:]}"


# --------------------------------------------------------------------------- #
# The examples of the README and the docs pages.  A page's ```pycon blocks are
# doctests (their output is checked), its ```python blocks run; both in page
# order and in one namespace per page, so a later block may use an earlier
# one's names.  `<!-- not run: REASON -->` on the line before a fence skips that
# block; a `--8<-- "path"` line (an included file) runs that file.
# --------------------------------------------------------------------------- #

EXAMPLE_PAGES = [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+|~~~+)[ \t]*(?P<lang>[\w+-]*)")
NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<reason>\S[^>]*?)\s*-->")
SNIPPET = re.compile(r'^\s*--8<--\s+"(?P<path>[^"]+)"\s*$')
PYTHON = {"python", "py", "pycon"}


@dataclass
class Example:
    page: Path
    line: int  # of the opening fence, 1-based
    code: str
    doctest: bool  # a >>> session, output checked
    not_run: Optional[str]  # the reason given, or None
    included: Optional[Path] = None  # the file, when the block is one `--8<--` include


def examples(page: Path) -> list[Example]:
    """The Python code blocks of a Markdown page, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, lang = opening["indent"], opening["fence"], opening["lang"].lower()
        start, body = i, []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        i += 1
        if lang not in PYTHON:
            continue
        before = next((lines[j] for j in range(start - 1, -1, -1) if lines[j].strip()), "")
        skip = NOT_RUN.search(before)
        code = "\n".join(_included(line) for line in body) + "\n"
        is_session = code.lstrip().startswith(">>>")
        lone = [SNIPPET.match(line) for line in body if line.strip()]
        included = REPO / lone[0]["path"] if len(lone) == 1 and lone[0] else None
        found.append(Example(page, start + 1, code, is_session, skip["reason"] if skip else None, included))
    return found


def _included(line: str) -> str:
    snippet = SNIPPET.match(line)
    return (REPO / snippet["path"]).read_text(encoding="utf-8") if snippet else line


def run_examples(page: Path) -> list[str]:
    """Run a page's examples; the failures, each naming its page and line."""
    namespace: dict = {"__name__": "__docs__"}
    failures = []
    parser, report = doctest.DocTestParser(), []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS, verbose=False)
    for example in examples(page):
        where = f"{page.relative_to(REPO)}:{example.line}"
        if example.not_run:
            continue
        if example.doctest:
            test = parser.get_doctest(example.code, namespace, where, str(page), example.line)
            test.globs = namespace  # DocTest copies the names it is given; later blocks need this one's
            report.clear()
            result = runner.run(test, out=report.append, clear_globs=False)
            if result.failed:
                failures.append("".join(report))
            continue
        try:
            if example.included:  # run as its file, so code that reads its own source (marimo's cells) can
                namespace.update(runpy.run_path(str(example.included), run_name="__docs__"))
            else:
                exec(compile(example.code, where, "exec"), namespace)
        except Exception as err:
            failures.append(f"{where}: {type(err).__name__}: {err}")
    return failures


@pytest.mark.parametrize("page", [p for p in EXAMPLE_PAGES if examples(p)], ids=lambda p: str(p.relative_to(REPO)))
def test_the_examples_run_as_written(page: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                     clean_registry: None) -> None:
    # (clean_registry: a page that registers a game, docs/extending.md, leaves the registry as it was)
    monkeypatch.chdir(tmp_path)  # files an example writes (a saved picture) land here, not in the repository
    monkeypatch.syspath_prepend(str(REPO))
    failures = run_examples(page)
    assert not failures, "\n".join(failures)


def test_few_examples_are_left_out() -> None:
    # Each left-out example says why; the list stays short (docs/development.md).
    left_out = [f"{e.page.relative_to(REPO)}:{e.line} ({e.not_run})" for p in EXAMPLE_PAGES for e in examples(p)
                if e.not_run]
    assert len(left_out) <= 3, left_out
    total = sum(len(examples(p)) for p in EXAMPLE_PAGES)
    assert total >= 25, f"only {total} examples found: is the fence parser still reading the pages?"


def test_examples_are_read_in_order_with_sessions_skips_and_includes(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text('Text.\n\n```python\nx = 1\n```\n\n* item\n\n    ```pycon\n    >>> x + 1\n    2\n    ```\n\n'
                    '<!-- not run: needs a kernel -->\n```python\nget_ipython()\n```\n\n```bash\nls\n```\n\n'
                    '```python\n--8<-- "LICENSE"\n```\n', encoding="utf-8")
    found = examples(page)
    assert [(e.line, e.doctest, e.not_run) for e in found] == [
        (3, False, None), (9, True, None), (15, False, "needs a kernel"), (23, False, None)]
    assert found[1].code == ">>> x + 1\n2\n"
    assert found[3].code.startswith((REPO / "LICENSE").read_text(encoding="utf-8")[:40])
    assert found[3].included == REPO / "LICENSE" and found[0].included is None


def test_doctest_blocks_become_code_fences() -> None:
    fence = docs_module("hooks").fence_doctests
    text = "Use it:\n\n    >>> 1 + 1\n    2\n\nDone.\n\n```pycon\n>>> kept\n```"
    assert fence(text) == ("Use it:\n\n    ```pycon\n    >>> 1 + 1\n    2\n    ```\n\nDone.\n\n"
                           "```pycon\n>>> kept\n```")


def test_every_table_key_is_in_the_players_key_table() -> None:
    # The front end binds its keys in `keys: [...]` of each control; a key
    # added there and missing from the guide is a key no player learns about.
    bound = {keys[0] for src in (REPO / "js" / "src").glob("*.js")
             for keys in (re.findall(r'"([^"]+)"', k) for k in re.findall(r"keys: \[([^\]]*)\]", src.read_text()))
             if keys}
    assert {"z", "y", "d", "a", "r", "h"} <= bound
    guide = (DOCS / "playing.md").read_text()
    for key in sorted(bound):
        assert f"++{key}++" in guide, f"docs/playing.md's key table lacks {key!r}"
