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
from html.parser import HTMLParser
from pathlib import Path
from typing import Optional
from urllib.parse import unquote, urlsplit

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


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory, gallery_pictures: bool) -> Path:
    """The site as ``mkdocs build --strict`` makes it (built once for the tests of this module)."""
    site = tmp_path_factory.mktemp("docs") / "site"
    result = mkdocs("build", "--strict", "--site-dir", str(site))
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}", pytrace=False)
    return site


def test_site_builds_in_strict_mode(built_site: Path, gallery_pictures: bool) -> None:
    site = built_site
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
    # Visitors read no note meant for whoever builds the site.
    assert "pytest" not in pages["gallery/index.html"] and "No pictures yet" not in pages["gallery/index.html"]
    assert ("The live table" in pages["gallery/index.html"]) == gallery_pictures


def test_the_gallery_leaves_out_its_live_table_without_the_screenshots(tmp_path: Path) -> None:
    hooks = docs_module("hooks")
    hooks.GALLERY_IMAGES = tmp_path  # none there
    assert hooks.gallery_markdown() == ""
    for game in gallery.game_names():
        for theme in gallery.THEMES:
            (tmp_path / f"{game}-{theme}.png").write_bytes(b"")
    shown = hooks.gallery_markdown()
    assert shown.startswith("## The live table") and "pytest" not in shown
    assert shown.count('<div class="sw-pictures" markdown>') == len(gallery.game_names())


# --------------------------------------------------------------------------- #
# Every link and asset of the built site resolves: a page, a file, an anchor.
# --------------------------------------------------------------------------- #
class _References(HTMLParser):
    """The links and assets a page refers to, and the anchors it has."""

    def __init__(self) -> None:
        super().__init__()
        self.references: list[str] = []
        self.anchors: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (name == "name" and tag == "a"):
                self.anchors.add(value)
            elif name in ("href", "src") or (name == "data" and tag == "object"):
                self.references.append(value)
            elif name == "srcset":
                self.references += [part.split()[0] for part in value.split(",") if part.strip()]


CSS_URL = re.compile(r"""url\(\s*['"]?(?P<url>[^'")]+)['"]?\s*\)""")


def broken_links(site: Path) -> list[str]:
    """Each link or asset of the site's pages (and URLs of its style sheets)
    that does not resolve, as ``page: reference (why)``.  Links to other
    hosts are not followed; a fragment must name an anchor of its page; a
    path from the host's root is read as the site served there."""
    pages: dict[Path, _References] = {}
    for page in sorted(site.rglob("*.html")):
        pages[page] = _References()
        pages[page].feed(page.read_text(encoding="utf-8", errors="replace"))
    referring: list[tuple[Path, str, set[str]]] = [(page, ref, found.anchors) for page, found in pages.items()
                                                   for ref in found.references]
    referring += [(sheet, m["url"], set()) for sheet in sorted(site.rglob("*.css"))
                  for m in CSS_URL.finditer(sheet.read_text(encoding="utf-8", errors="replace"))]
    broken = []
    for page, reference, anchors in referring:
        parts = urlsplit(reference)
        if parts.scheme or parts.netloc:  # another host, data:, mailto:, javascript:
            continue
        where = f"{page.relative_to(site).as_posix()}: {reference}"
        if not parts.path:
            if parts.fragment and unquote(parts.fragment) not in anchors:
                broken.append(f"{where} (no such anchor on the page)")
            continue
        # From the host's root (the 404 page's links, which work at any depth) or from the page.
        target = (site / unquote(parts.path).lstrip("/") if parts.path.startswith("/")
                  else page.parent / unquote(parts.path)).resolve()
        if target.is_dir():
            target = target / "index.html"
        if site.resolve() not in target.parents or not target.is_file():
            broken.append(f"{where} (not in the site)")
        elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in pages[target].anchors:
            broken.append(f"{where} (no such anchor there)")
    return broken


def test_every_link_and_asset_of_the_site_resolves(built_site: Path) -> None:
    broken = broken_links(built_site)
    assert not broken, f"{len(broken)} links of the built site lead nowhere:\n" + "\n".join(broken[:40])
    # The notebook index links each notebook's page (the notebooks link each other by file name).
    index = (built_site / "examples" / "index.html").read_text()
    for notebook in sorted((REPO / "examples").glob("*.ipynb")):
        if notebook.stem != "index":
            assert f'href="{notebook.stem}/"' in index, notebook.name


@pytest.mark.browser
def test_pictures_keep_their_own_size_on_the_site(built_site: Path) -> None:
    """In a 1280 px window (a laptop), each picture of a position on the
    example pages and in the gallery is drawn at its own width (scaled down,
    the fanned indices are unreadable) and Cruel's 880 px table fits its box."""
    if h.chromium_missing():
        pytest.skip(h.chromium_missing())
    # (one style sheet sizes every notebook page's pictures: two notebooks stand for them all)
    measured = subprocess.run([sys.executable, str(REPO / "tests" / "browser" / "site_pictures.py"), str(built_site),
                               "1280", "gallery/", "examples/cruel/", "examples/lesson_cruel/"],
                              capture_output=True, text=True, timeout=300)
    assert measured.returncode == 0, measured.stderr[-4000:]
    pages = json.loads(measured.stdout)
    assert len(pages["examples/cruel/"]) == 2 and len(pages["gallery/"]) >= len(gallery.game_names())
    for page, pictures in pages.items():
        for picture in pictures:
            assert picture["drawn"] == picture["own"], f"{page}: {picture}"
    assert all(p["own"] == 880 and p["box"] >= 880 for p in pages["examples/cruel/"]), pages["examples/cruel/"]


def test_the_link_check_finds_what_leads_nowhere(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">A</h2><a href="../b/#there">b</a>')
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "index.html").write_text('<p id="there"></p><a href="#here">?</a><img src="pic.svg">')
    (tmp_path / "b" / "pic.svg").write_text("<svg/>")
    (tmp_path / "style.css").write_text("a { background: url('a/gone.png') } b { background: url(b/pic.svg) }")
    (tmp_path / "index.html").write_text(
        '<a href="a/">a</a> <a href="a/index.html#here">a</a> <a href="https://example.org/x">out</a> '
        '<a href="cruel.ipynb">404</a> <link href="style.css"> <script src="/gone.js"></script> '
        '<a href="/b/pic.svg">root</a> '
        '<a href="b/#nowhere">?</a> <img src="data:image/png;base64,AA==">')
    assert broken_links(tmp_path) == [
        "b/index.html: #here (no such anchor on the page)",
        "index.html: cruel.ipynb (not in the site)",
        "index.html: /gone.js (not in the site)",
        "index.html: b/#nowhere (no such anchor there)",
        "style.css: a/gone.png (not in the site)",
    ]


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


def test_notebook_links_become_links_to_their_pages() -> None:
    class Doc:  # a site file and its page's URL, as mkdocs has them
        def __init__(self, src_uri: str, url: str) -> None:
            self.src_uri, self.url = src_uri, url

    class Site(dict):
        def get_file_from_path(self, path: str) -> Optional[Doc]:
            return self.get(path)

    site = Site({d.src_uri: d for d in (Doc("examples/index.ipynb", "examples/"),
                                        Doc("examples/cruel.ipynb", "examples/cruel/"))})
    page = type("Page", (), {"file": site["examples/index.ipynb"], "url": "examples/"})
    html = '<a href="cruel.ipynb#the-rules">Cruel</a> <a class="x" href="gone.ipynb">?</a> <a href="../cruel.ipynb">'
    assert docs_module("hooks").link_notebooks(html, page, site) == (
        '<a href="cruel/#the-rules">Cruel</a> <a class="x" href="gone.ipynb">?</a> <a href="../cruel.ipynb">')
    other = type("Page", (), {"file": site["examples/cruel.ipynb"], "url": "examples/cruel/"})
    assert docs_module("hooks").link_notebooks('<a href="index.ipynb">', other, site) == '<a href="../">'


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


def test_the_readme_names_every_built_in_game() -> None:
    games = (REPO / "README.md").read_text(encoding="utf-8").partition("## The games")[2].partition("\n## ")[0]
    assert [cls.title for cls in sw.GAMES.values() if cls.title not in games] == []
