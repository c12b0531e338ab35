"""The documentation's gallery: a light and a dark picture of each seed game's table,
taken in a real JupyterLab and written to ``docs/gallery/img/GAME-THEME.png``
(the names docs/hooks.py looks for; the folder is git-ignored build output).

    python tests/browser/gallery.py     # or: python -m pytest tests/browser/test_gallery.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness as h

GALLERY_DIR = h.REPO / "docs" / "gallery" / "img"
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
SEED = 3
VIEWPORT = {"width": 1000, "height": 900}  # a notebook cell about 850 px wide
NOTEBOOK = "gallery.ipynb"

# The colour of the table's text, which follows the JupyterLab theme.
TEXT_COLOUR_JS = "t => getComputedStyle(t).color"


def game_names() -> list[str]:
    """The games whose live table the gallery shows: the five seed games (the
    classic games show there as ``game.picture()`` draws them, which the docs
    build makes without a browser: docs/hooks.py)."""
    sys.path.insert(0, str(h.REPO))
    from solitaire_widgets.games import SEED_GAMES

    return [cls.name for cls in SEED_GAMES]


def luminance(css_colour: str) -> float:
    """0 (black) to 1 (white) for an ``rgb(...)``/``rgba(...)`` colour."""
    r, g, b = (float(v) for v in css_colour[css_colour.index("(") + 1:].rstrip(")").split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def make_gallery(server: h.JupyterServer, browser: h.Browser, out: Path = GALLERY_DIR,
                 watch: Callable[[h.Page], h.Page] = lambda page: page) -> dict[str, dict[str, str]]:
    """Take the pictures; return, per theme, each game's text colour on the table.

    One page and one run of the notebook: the themes are switched from
    JupyterLab's Settings menu, as a user does, and the tables follow the
    page.  The server is left in the theme it had (JupyterLab keeps the
    choice in its user settings)."""
    games = game_names()
    cells = ["import solitaire_widgets as sw"] + [f"sw.SolitaireWidget({g!r}, seed={SEED})" for g in games]
    h.write_notebook(server.root / NOTEBOOK, cells)
    out.mkdir(parents=True, exist_ok=True)
    colours: dict[str, dict[str, str]] = {}
    page = watch(browser.new_page(VIEWPORT))
    started_in = None
    try:
        nb = h.NotebookPage(page, server, NOTEBOOK).open()
        started_in = page.page.locator("body").get_attribute("data-jp-theme-name")
        nb.run_all()
        for theme, lab_theme in THEMES.items():
            choose_theme(page, lab_theme)
            colours[theme] = {}
            for index, game in enumerate(games, start=1):
                table = nb.cell(index).locator(f'.sw-table[data-game="{game}"][data-version]')
                table.wait_for(timeout=60_000)
                table.scroll_into_view_if_needed()
                table.screenshot(path=str(out / f"{game}-{theme}.png"), animations="disabled")
                colours[theme][game] = table.evaluate(TEXT_COLOUR_JS)
        if started_in:
            choose_theme(page, started_in)
    finally:
        page.close()
    return colours


def menu_item(p: Any, label: str) -> Any:
    """The open menus' item labelled ``label`` (submenus' items have no role)."""
    exact = re.compile(f"^{re.escape(label)}$")
    return p.locator(".lm-Menu-item:visible").filter(has=p.locator(".lm-Menu-itemLabel", has_text=exact))


def choose_theme(page: h.Page, lab_theme: str) -> None:
    """Settings › Theme › ``lab_theme`` in JupyterLab's menu bar; returns once
    the page has taken the theme."""
    p = page.page
    if p.locator(f'body[data-jp-theme-name="{lab_theme}"]').count():
        return
    p.get_by_role("menuitem", name="Settings", exact=True).click()
    menu_item(p, "Theme").hover()
    menu_item(p, lab_theme).click()
    p.locator(f'body[data-jp-theme-name="{lab_theme}"]').wait_for(state="attached", timeout=30_000)
    # The theme's stylesheet replaces the old one: wait until its colours
    # apply (the tables read the same --jp-* variables).
    light = "Light" in lab_theme
    p.wait_for_function(r"""([light]) => {
        const bg = getComputedStyle(document.body).backgroundColor.match(/\d+/g).slice(0, 3).map(Number);
        const lum = (0.2126 * bg[0] + 0.7152 * bg[1] + 0.0722 * bg[2]) / 255;
        return light ? lum > 0.5 : lum < 0.5; }""", arg=[light], timeout=30_000)


def main(out: Optional[Path] = None) -> None:
    missing = h.chromium_missing()
    if missing:
        raise SystemExit(missing)
    with h.JupyterServer("jupyterlab") as server, h.Browser() as browser:
        make_gallery(server, browser, out or GALLERY_DIR)
    print(f"gallery pictures written to {out or GALLERY_DIR}")


if __name__ == "__main__":
    main()
