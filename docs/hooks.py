"""MkDocs hooks of the documentation site (listed under ``hooks:`` in mkdocs.yml).

* The example notebooks stay in ``examples/`` (where the README's play command
  opens them); this hook runs them (nbclient, a real kernel, two at a time)
  and adds the run copies to the site as ``examples/NAME.ipynb``, which
  mkdocs-jupyter renders and the nav lists.  Run, each table's output holds
  the picture of its position when its cell ran: the page shows the tables.
  The run copies are kept in ``.cache/notebooks/`` under a key made from the
  notebook and the package's sources, so a build after no change runs
  nothing.  ``NOT_RUN`` notebooks show no table and take long: shown unrun.
  A notebook's links to its neighbours (``cruel.ipynb``) become links to
  their pages, and its pages have no contents sidebar (room for the pictures).
* The gallery page's ``<!-- gallery -->`` marker becomes, for each game, the
  picture ``game.picture()`` draws of a deal (made here, for every built-in
  game) and, for the five seed games, the light and dark screenshots of its
  live table, from ``docs/gallery/img/GAME-THEME.png``.  The
  browser suite takes those (``tests/browser/gallery.py``); they are build
  output, not committed.  When some are missing the page leaves out that
  section (visitors read no note meant for the builder; the build's log says
  how to make them), and under ``CI=true`` the build fails (a warning, so
  ``--strict`` stops).
* The in-browser app (JupyterLite with the Pyodide kernel) goes in as
  ``lite/``: ``docs/lite_site.py`` builds it from the package registries and
  this tree, cached in ``.cache/lite/`` by its inputs.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import logging
import inspect
import os
import posixpath
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils import get_relative_url

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # this tree's package, installed or not
import solitaire_widgets as sw  # noqa: E402
from solitaire_widgets.games import SEED_GAMES  # noqa: E402

EXAMPLES = REPO / "examples"
NOT_RUN = {"agent.ipynb", "win_rates.ipynb"}  # no table, and long: the site shows them unrun
RUN_CACHE = REPO / ".cache" / "notebooks"
GALLERY_MARKER = "<!-- gallery -->"
CLASSICS_MARKER = "<!-- the classic games' rules -->"
PICTURES_MARKER = "<!-- gallery pictures -->"
GALLERY_SEED = 3  # the seed of the screenshots (tests/browser/gallery.py)
GALLERY_IMAGES = Path(__file__).resolve().parent / "gallery" / "img"
THEMES = ("light", "dark")
MAKE_GALLERY = "python -m pytest tests/browser/test_gallery.py"

LITE = "lite"  # where the in-browser app goes in the site (docs/lite_site.py builds it)

log = logging.getLogger("mkdocs.hooks.solitaire_widgets")


def _load(name: str) -> Any:
    """A module of docs/ by its file name (docs/ is no package)."""
    spec = importlib.util.spec_from_file_location(f"solitaire_docs_{name}", Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


lite_site = _load("lite_site")


def running_in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@event_priority(100)  # before mkdocs-jupyter's on_files, which turns .ipynb files into pages
def on_files(files: Files, config: Any) -> Files:
    for notebook, folder in run_examples().items():
        files.append(File(f"examples/{notebook}", src_dir=str(folder), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
    for game in sw.GAMES:
        files.append(File.generated(config, f"gallery/pictures/{game}.svg", content=gallery_picture(game)))
    lite = lite_site.build(log.info)
    for path in sorted(lite.rglob("*")):
        if path.is_file() and path.name != ".complete":
            files.append(File.generated(config, f"{LITE}/{path.relative_to(lite).as_posix()}", abs_src_path=str(path)))
    return files


def package_digest() -> str:
    """A digest of the package's sources: a run notebook is out of date once they change."""
    digest = hashlib.sha256()
    for path in sorted((REPO / "solitaire_widgets").rglob("*.py")):
        digest.update(path.relative_to(REPO).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def run_copy(notebook: Path, package: str = "") -> Path:
    """Where the run copy of ``notebook`` is kept for the package as it is now
    (tests/browser/test_examples.py puts its own runs there too)."""
    key = hashlib.sha256((package or package_digest()).encode() + notebook.read_bytes()).hexdigest()[:16]
    return RUN_CACHE / key / "examples" / notebook.name


def run_examples() -> dict[str, Path]:
    """Notebook name -> the folder holding the copy to show (run, except
    ``NOT_RUN``); runs those not in the cache, two at a time."""
    package = package_digest()
    shown: dict[str, Path] = {}
    to_run: list[tuple[Path, Path]] = []
    for notebook in sorted(EXAMPLES.glob("*.ipynb")):
        if notebook.name in NOT_RUN:
            shown[notebook.name] = EXAMPLES.parent
            continue
        copy = run_copy(notebook, package)
        shown[notebook.name] = copy.parents[1]
        if not copy.is_file():
            to_run.append((notebook, copy.parent))
    if to_run:
        log.info("running %d example notebooks: %s", len(to_run), ", ".join(n.name for n, _ in to_run))
        asyncio.run(_run_all(to_run))
    for stale in RUN_CACHE.glob("*") if RUN_CACHE.is_dir() else ():
        if stale not in shown.values():
            shutil.rmtree(stale, ignore_errors=True)
    return shown


async def _run_all(to_run: list[tuple[Path, Path]]) -> None:
    import nbclient
    import nbformat

    # The kernels import this tree's package, installed or not.
    os.environ["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in os.environ.get("PYTHONPATH", "").split(
        os.pathsep) if p and p != str(REPO)])
    slots = asyncio.Semaphore(2)

    async def run(notebook: Path, folder: Path) -> None:
        async with slots:
            nb = nbformat.read(notebook, as_version=4)
            # No widget state in the page: nbconvert then shows each table's
            # picture (with the state it would show the widget view, which
            # needs a kernel or a CDN, and at its last state).
            client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                                             resources={"metadata": {"path": str(EXAMPLES)}})
            await client.async_execute()
            folder.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, folder / notebook.name)

    await asyncio.gather(*(run(notebook, folder) for notebook, folder in to_run))


def gallery_picture(game: str) -> str:
    """The picture of a deal of ``game`` the gallery shows (the screenshots' seed)."""
    return str(sw.new_game(game, seed=GALLERY_SEED).picture(card_width=54))


def gallery_markdown() -> str:
    """The gallery's "live table" section: the screenshots, or nothing (and a
    line in the build's log) while some are missing."""
    missing = [f"{cls.name}-{theme}.png" for cls in SEED_GAMES for theme in THEMES
               if not (GALLERY_IMAGES / f"{cls.name}-{theme}.png").is_file()]
    if missing:
        text = (f"the gallery pictures {', '.join(missing)} are missing from docs/gallery/img/, so the gallery "
                f"leaves out its live table section; make them with `{MAKE_GALLERY}` (needs Chromium)")
        if running_in_ci():
            log.warning(text)  # fails `mkdocs build --strict`
        else:
            log.info(text)
        return ""
    parts = ["## The live table", "",
             "The same deals on the card table in JupyterLab, in its light and dark themes.", ""]
    for cls in SEED_GAMES:  # (the classic games: their pictures above, drawn without a browser)
        game = cls.name
        shots = "\n".join(f"![{cls.title} on the live table, {theme} theme](gallery/img/{game}-{theme}.png)"
                          for theme in THEMES)
        parts += [f"### {cls.title} on the table", "", pictures_block(shots), ""]
    return "\n".join(parts)


def classic_rules_markdown() -> str:
    """The rules of the classic games, family by family, as their classes
    state them (``sw.rules``, ``sw.variants``): each family's module says
    what its games share and the rulings made where sources differ."""
    from solitaire_widgets.games import FAMILIES

    parts = []
    for family in FAMILIES:
        if not family.GAMES:
            continue
        head, _, rest = inspect.getdoc(family).partition("\n\n")  # type: ignore[union-attr]
        title, _, games = head.partition(":")
        parts += [f"## {title.strip()}", "", head.replace("\n", " "), ""]
        # (the module's doctests are for its readers in the code, not the rule book)
        prose = "\n\n".join(p for p in rest.strip().split("\n\n") if not p.lstrip().startswith(">>>"))
        if prose:
            parts += [prose, ""]
        for cls in family.GAMES:
            parts += [str(sw.rules(cls)), "", sw.variants(cls)._repr_markdown_() if cls.OPTIONS else "", ""]
    return "\n".join(parts)


def pictures_block(markdown: str) -> str:
    """Pictures shown at their own size (docs/css/pictures.css)."""
    return f'<div class="sw-pictures" markdown>\n{markdown}\n</div>\n'


def gallery_pictures_markdown() -> str:
    """Each game's picture (``game.picture()``), one under the other."""
    return "\n".join(f"### {cls.title}\n\n"
                     + pictures_block(f"![{cls.title}: a deal, seed {GALLERY_SEED}](gallery/pictures/{game}.svg)")
                     for game, cls in sw.GAMES.items())


# --------------------------------------------------------------------------- #
# The notebooks' pages.  A notebook links its neighbours by file name
# (``cruel.ipynb``: what opens them in JupyterLab); on the site each is a page
# (``../cruel/``).  mkdocs-jupyter renders the notebook's HTML and its table of
# contents separately, and the two slug a heading with code differently
# ("Flip one rule: `gather`"): the contents follow the page's headings.
# --------------------------------------------------------------------------- #
NOTEBOOK_LINK = re.compile(r'(?P<start>\shref=")(?P<path>[^":?#]+\.ipynb)(?P<fragment>#[^"]*)?"')
HEADING = re.compile(r'<h(?P<level>[1-6]) id="(?P<id>[^"]+)"[^>]*>(?P<text>.*?)</h(?P=level)>', re.S)


def is_notebook_page(page: Any) -> bool:
    return page.file.src_uri.endswith(".ipynb")


def link_notebooks(html: str, page: Any, files: Files) -> str:
    """``href="X.ipynb"`` to a notebook the site shows becomes the link to its
    page (``href="X/"``); a link to a notebook the site lacks stays as it is."""
    here = posixpath.dirname(page.file.src_uri)

    def page_link(match: re.Match) -> str:
        target = files.get_file_from_path(posixpath.normpath(posixpath.join(here, match["path"])))
        if target is None:  # left as it is: the site's link check names it
            return match[0]
        return f'{match["start"]}{get_relative_url(target.url, page.url)}{match["fragment"] or ""}"'

    return NOTEBOOK_LINK.sub(page_link, html)


def mend_contents(toc: list[AnchorLink], html: str) -> None:
    """Point each entry of a notebook page's contents at a heading of the page:
    an entry whose anchor the page lacks takes, in order, the next heading of
    its level whose anchor starts with it (its words, the code included)."""
    headings = [(int(h["level"]), h["id"], re.sub(r"<[^>]+>|¶", "", h["text"]).strip())
                for h in HEADING.finditer(html)]
    ids = {heading_id for _, heading_id, _ in headings}
    position = 0

    def mend(items: list[AnchorLink]) -> None:
        nonlocal position
        for item in items:
            found = next((i for i in range(position, len(headings)) if headings[i][1] == item.id), None)
            if item.id not in ids:
                found = next((i for i in range(position, len(headings)) if headings[i][0] == item.level
                              and headings[i][1].startswith(item.id)), None)
                if found is not None:
                    item.id, item.title = headings[found][1], headings[found][2]
            if found is not None:
                position = found + 1
            mend(item.children)

    mend(list(toc))


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    if is_notebook_page(page):
        html = link_notebooks(html, page, files)
        mend_contents(page.toc, html)
    return html


def on_page_context(context: dict, page: Any, config: Any, nav: Any) -> dict:
    if is_notebook_page(page):  # the column's width for the pictures (docs/css/pictures.css)
        page.meta["hide"] = sorted({*page.meta.get("hide", ()), "toc"})
    return context


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    if CLASSICS_MARKER in markdown:
        markdown = markdown.replace(CLASSICS_MARKER, classic_rules_markdown())
    if GALLERY_MARKER in markdown:
        markdown = markdown.replace(GALLERY_MARKER, gallery_markdown())
    if PICTURES_MARKER in markdown:
        markdown = markdown.replace(PICTURES_MARKER, gallery_pictures_markdown())
    return markdown


# --------------------------------------------------------------------------- #
# A griffe extension (listed under mkdocstrings' `extensions` in mkdocs.yml):
# the docstrings' doctest examples (pytest runs them) become Python console
# code blocks; as plain Markdown their ">>>" would read as quotes and their
# output as text or links.
# --------------------------------------------------------------------------- #
import griffe  # noqa: E402


def fence_doctests(text: str) -> str:
    """Wrap each doctest block (from a ``>>>`` line to the next blank line) in
    a ``pycon`` code fence; text already inside a fence is left alone.
    """
    lines, out, i, fenced = text.splitlines(), [], 0, False
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith("```"):
            fenced = not fenced
        if not fenced and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Show the doctest examples of every docstring as code."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
