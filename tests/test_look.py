"""The table's look is written once (solitaire_widgets/look.json): the page
and the pictures read it, and neither writes one of its colours or suit
outlines again."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from helpers import REPO

from solitaire_widgets import geometry, picture
from solitaire_widgets.look import LOOK

CSS = REPO / "js" / "src" / "widget.css"


def css_name(name: str) -> str:
    """A colour's custom property, as js/src/look.js names it ("backFrame" -> --sw-look-back-frame)."""
    return "--sw-look-" + re.sub("[A-Z]", lambda c: "-" + c.group().lower(), name)


def sources() -> list:
    """The page's and the package's sources, but the two that read look.json (their examples show its values)."""
    readers = {"look.js", "look.py"}
    found = sorted((REPO / "js" / "src").glob("*.js")) + [CSS] + sorted((REPO / "solitaire_widgets").glob("*.py"))
    return [path for path in found if path.name not in readers]


@pytest.mark.parametrize("name", sorted(LOOK["colours"]))
def test_each_colour_is_written_once(name: str) -> None:
    """Every colour of the look reaches widget.css through its custom
    property, and no source file writes its value again."""
    value = LOOK["colours"][name].lower()
    assert f"var({css_name(name)})" in CSS.read_text(encoding="utf-8"), f"widget.css does not use {css_name(name)}"
    # The same colour in its other form: "#fff" and "#ffffff".
    short = "#" + value[1::2] if len(value) == 7 and all(value[i] == value[i + 1] for i in (1, 3, 5)) else None
    long = "#" + "".join(c * 2 for c in value[1:]) if len(value) == 4 else None
    for path in sources():
        # The host's colours (--sw-host-*: JupyterLab's fallbacks) are the host's, not the table's.
        text = "\n".join(line for line in path.read_text(encoding="utf-8").lower().splitlines()
                         if "--sw-host-" not in line)
        found = [form for form in (value, short, long) if form and re.search(re.escape(form) + r"\b", text)]
        # White is also the colour of text on the felt: only the face's own white is the look's.
        if found and name != "face":
            pytest.fail(f"{path.relative_to(REPO)} writes {name} ({value}) again: read it from look.json")


def test_suit_outlines_and_pips_are_written_once() -> None:
    for path in sources():
        text = path.read_text(encoding="utf-8")
        for suit, outline in LOOK["suitPaths"].items():
            assert outline[:24] not in text, f"{path.relative_to(REPO)} writes the {suit} outline again"
    assert picture.SUIT_PATHS == LOOK["suitPaths"]
    assert {str(rank): [list(p) for p in spots] for rank, spots in picture.PIPS.items()} == LOOK["pips"]
    assert all(len(spots) == int(rank) for rank, spots in LOOK["pips"].items())


def test_python_reads_the_steps_numbers() -> None:
    assert (geometry.CARD_RATIO, geometry.GAP_RATIO, geometry.MIN_CW, geometry.MAX_CW) == (
        LOOK["card"]["ratio"], LOOK["card"]["gapRatio"], LOOK["card"]["minWidth"], LOOK["card"]["maxWidth"])
    assert geometry.STEP == LOOK["fan"]["step"] and geometry.INDEX_BOX == LOOK["index"]["box"]
    assert (picture.RED, picture.BLACK, picture.BACK_FRAME, picture.MARK) == tuple(
        LOOK["colours"][k] for k in ("red", "ink", "backFrame", "mark"))


def test_the_page_imports_look_json() -> None:
    """The page's layout, fans and faces read look.json through look.js (the
    bundle carries it: esbuild inlines the JSON)."""
    look_js = (REPO / "js" / "src" / "look.js").read_text(encoding="utf-8")
    assert '"../../solitaire_widgets/look.json"' in look_js
    for name in ("layout.js", "fan.js", "faces.js", "widget.js"):
        assert 'from "./look.js"' in (REPO / "js" / "src" / name).read_text(encoding="utf-8"), name


def test_the_passes_caption_is_worded_alike_on_the_page_and_in_pictures() -> None:
    """The caption under a stock whose passes are counted: the page words it
    in js/src/format.js (``passesText``, also for its announcements), a
    picture in solitaire_widgets/text.py (``passes_words``)."""
    from solitaire_widgets.text import passes_words

    node = shutil.which("node")
    if node is None:  # under CI=true, tests/conftest.py turns this skip into a failure
        pytest.skip("node is not installed")
    script = (f"import {{ passesText }} from {json.dumps((REPO / 'js/src/format.js').as_uri())};"
              "console.log(JSON.stringify([0, 1, 2, 3, 7].map(passesText)));")
    run = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == [passes_words(n) for n in (0, 1, 2, 3, 7)]
