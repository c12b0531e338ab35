"""MkDocs hooks of the documentation site (listed under ``hooks:`` in mkdocs.yml).

* The example notebooks stay in ``examples/`` (where the README's play command
  opens them); this hook adds them to the site as ``examples/NAME.ipynb`` so
  mkdocs-jupyter renders them (not executed) and the nav can list them.
* The gallery page's ``<!-- gallery -->`` marker becomes a light and a dark
  picture of each game's table, from ``docs/gallery/img/GAME-THEME.png``.  The
  browser suite makes those pictures (``tests/browser/gallery.py``); they are
  build output, not committed.  When some are missing the page says how to make
  them, and under ``CI=true`` the build fails (a warning, so ``--strict`` stops).
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # this tree's package, installed or not
import solitaire_widgets as sw  # noqa: E402

EXAMPLES = REPO / "examples"
GALLERY_MARKER = "<!-- gallery -->"
GALLERY_IMAGES = Path(__file__).resolve().parent / "gallery" / "img"
THEMES = ("light", "dark")
MAKE_GALLERY = "python -m pytest tests/browser/test_gallery.py"

log = logging.getLogger("mkdocs.hooks.solitaire_widgets")


def running_in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


@event_priority(100)  # before mkdocs-jupyter's on_files, which turns .ipynb files into pages
def on_files(files: Files, config: Any) -> Files:
    for notebook in sorted(EXAMPLES.glob("*.ipynb")):
        files.append(File(f"examples/{notebook.name}", src_dir=str(REPO), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
    return files


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
    rows = ["| Game | Light theme | Dark theme |", "| --- | --- | --- |"]
    for game, cls in sw.GAMES.items():
        title = cls.title
        cells = [f"![{title}, {theme} theme](gallery/img/{game}-{theme}.png)" for theme in THEMES]
        rows.append(f"| **{title}** | {' | '.join(cells)} |")
    return "\n".join(rows) + "\n"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    if GALLERY_MARKER in markdown:
        markdown = markdown.replace(GALLERY_MARKER, gallery_markdown())
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
