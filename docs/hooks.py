"""MkDocs hooks of the documentation site (listed under ``hooks:`` in mkdocs.yml).

* The example notebooks stay in ``examples/`` (where the README's play command
  opens them); this hook runs them (nbclient, a real kernel, two at a time)
  and adds the run copies to the site as ``examples/NAME.ipynb``, which
  mkdocs-jupyter renders and the nav lists.  Run, each table's output holds
  the picture of its position when its cell ran: the page shows the tables.
  The run copies are kept in ``.cache/notebooks/`` under a key made from the
  notebook and the package's sources, so a build after no change runs
  nothing.  ``NOT_RUN`` notebooks show no table and take long: shown unrun.
* The gallery page's ``<!-- gallery -->`` marker becomes, for each game, the
  picture ``game.picture()`` draws of a deal (made here) and the light and dark
  screenshots of its live table, from ``docs/gallery/img/GAME-THEME.png``.  The
  browser suite takes those (``tests/browser/gallery.py``); they are build
  output, not committed.  When some are missing the page says how to make
  them, and under ``CI=true`` the build fails (a warning, so ``--strict`` stops).
* The in-browser app (JupyterLite with the Pyodide kernel) goes in as
  ``lite/``: ``docs/lite_site.py`` builds it from the package registries and
  this tree, cached in ``.cache/lite/`` by its inputs.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import logging
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # this tree's package, installed or not
import solitaire_widgets as sw  # noqa: E402

EXAMPLES = REPO / "examples"
NOT_RUN = {"agent.ipynb", "win_rates.ipynb"}  # no table, and long: the site shows them unrun
RUN_CACHE = REPO / ".cache" / "notebooks"
GALLERY_MARKER = "<!-- gallery -->"
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
    missing = [f"{game}-{theme}.png" for game in sw.GAMES for theme in THEMES
               if not (GALLERY_IMAGES / f"{game}-{theme}.png").is_file()]
    if missing:
        text = (f"the gallery pictures {', '.join(missing)} are missing from docs/gallery/img/; "
                f"make them with `{MAKE_GALLERY}` (needs Chromium)")
        if running_in_ci():
            log.warning(text)  # fails `mkdocs build --strict`
        else:
            log.info(text)
        return (f'!!! note "No pictures yet"\n\n    The pictures are made by the browser suite and are not in the '
                f"repository: run `{MAKE_GALLERY}`, then build the docs again.\n")
    rows = ["| Game | The live table, light theme | Dark theme |", "| --- | --- | --- |"]
    for game, cls in sw.GAMES.items():
        title = cls.title
        cells = [f"![{title}, {theme} theme](gallery/img/{game}-{theme}.png)" for theme in THEMES]
        rows.append(f"| **{title}** | {' | '.join(cells)} |")
    return "\n".join(rows) + "\n"


def gallery_pictures_markdown() -> str:
    """Each game's picture (``game.picture()``), one under the other."""
    return "\n".join(f"### {cls.title}\n\n![{cls.title}: a deal, seed {GALLERY_SEED}](gallery/pictures/{game}.svg)\n"
                     for game, cls in sw.GAMES.items())


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
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
