"""How the built docs site shows its pictures of positions, measured in
Chromium: for each picture on a page (an example notebook's outputs, the
gallery), its own width, the width it is drawn at and the width of the box
that shows it (narrower: it scrolls sideways).

    python tests/browser/site_pictures.py SITE WINDOW_WIDTH PAGE...   # prints JSON

tests/test_docs.py runs it in a child process on the site it built (this
process may already drive Playwright, which allows one per thread).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness as h
from lite import lite_site

PICTURES = ".jp-OutputArea-output img, .sw-pictures img"
MEASURE = """pictures => pictures.map(img => ({
    src: img.getAttribute("src").slice(0, 60),
    own: img.naturalWidth,
    drawn: Math.round(img.getBoundingClientRect().width),
    box: img.parentElement.closest(".jp-OutputArea-output, .sw-pictures").clientWidth,
}))"""


def measure(site: Path, width: int, pages: list[str]) -> dict[str, list[dict]]:
    """Each page's pictures (see the module's docstring), in a window ``width`` px wide."""
    found: dict[str, list[dict]] = {}
    with lite_site().serve(site) as (url, _), h.Browser() as browser:
        for path in pages:
            page = browser.new_page({"width": width, "height": 900})
            page.page.goto(url + path)
            page.page.wait_for_load_state("load")
            page.page.wait_for_function(
                f"() => [...document.querySelectorAll({json.dumps(PICTURES)})].every(i => i.complete)")
            found[path] = page.page.locator(PICTURES).evaluate_all(MEASURE)
            page.page.context.close()
    return found


if __name__ == "__main__":
    print(json.dumps(measure(Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3:])))
