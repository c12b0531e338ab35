"""The documentation site builds with ``mkdocs build --strict`` (a broken link,
a page missing from the nav or a docstring that does not render fails it), and
the walkthrough on docs/scripting.md runs as written.

The gallery pictures are build output of the browser suite
(tests/browser/gallery.py).  When they are missing this test takes them itself
if Chromium is there; without Chromium the site builds with a note in their
place, except under ``CI=true``, where the build must have them.
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
sys.path.insert(0, str(REPO / "tests" / "browser"))
import gallery  # noqa: E402
import harness as h  # noqa: E402

pytestmark = pytest.mark.docs


def load_hooks():
    spec = importlib.util.spec_from_file_location("solitaire_docs_hooks", DOCS / "hooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
        if taken.returncode != 0 and h.on_ci():
            pytest.fail(f"taking the gallery pictures failed:\n{taken.stdout[-2000:]}\n{taken.stderr[-4000:]}",
                        pytrace=False)
    missing = gallery_missing()
    if missing and h.on_ci():
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
    assert "&gt;&gt;&gt;" in pages["reference/engine/index.html"] and "<blockquote>" not in pages["reference/engine/index.html"]
    for game in gallery.game_names():
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


def test_scripting_walkthrough_runs_as_written() -> None:
    sys.path.insert(0, str(REPO))
    result = doctest.testfile(str(DOCS / "scripting.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20 and result.failed == 0, result


def test_doctest_blocks_become_code_fences() -> None:
    fence = load_hooks().fence_doctests
    text = "Use it:\n\n    >>> 1 + 1\n    2\n\nDone.\n\n```pycon\n>>> kept\n```"
    assert fence(text) == ("Use it:\n\n    ```pycon\n    >>> 1 + 1\n    2\n    ```\n\nDone.\n\n"
                           "```pycon\n>>> kept\n```")


def test_every_table_key_is_in_the_players_key_tables() -> None:
    # The front end binds its keys in `keys: [...]` of each control; a key
    # added there and missing from the guide (or the README) is a key no
    # player learns about.
    import re

    bound = {keys[0] for src in (REPO / "js" / "src").glob("*.js")
             for keys in (re.findall(r'"([^"]+)"', k) for k in re.findall(r"keys: \[([^\]]*)\]", src.read_text()))
             if keys}
    assert {"z", "y", "d", "a", "r", "h"} <= bound
    guide = (DOCS / "playing.md").read_text()
    readme = (REPO / "README.md").read_text()
    for key in sorted(bound):
        assert f"++{key}++" in guide, f"docs/playing.md's key table lacks {key!r}"
        assert f"`{key}`" in readme, f"the README's key table lacks {key!r}"
