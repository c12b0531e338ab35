"""Pictures of positions (``game.picture()``, solitaire_widgets/picture.py):
the page's geometry in Python, which cards are drawn where, face-down cards
hidden, text escaped, snapshots, the display outputs, the command line, and
the pictures the README and the docs show."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.game import ANY
from solitaire_widgets.geometry import fan_positions, layout_for, table_geometry
from solitaire_widgets.layout import default_layout

REPO = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
GAMES = list(sw.GAMES)


# --- the page's geometry, in Python ------------------------------------------------------------

WIDTHS = [280, 360, 479, 480, 640, 800, 1000, 1400]
FANS = [  # n, face down, fan, box w, box h, card w
    (1, 0, "down", 60, 84, 60), (7, 3, "down", 60, 200, 60), (20, 12, "down", 60, 150, 60),
    (13, 0, "right", 300, 84, 60), (13, 0, "right", 120, 84, 44), (4, 0, "right", 100, 84, 48),
    (30, 0, "none", 60, 84, 60), (9, 8, "down", 30, 42, 30),
]


def layouts_to_check() -> list[sw.Layout]:
    found = [layout for cls in sw.GAMES.values() for layout in cls.layouts()]
    roles = {"stock": "stock", "waste": "waste", "f0": "foundation", "f1": "foundation",
             **{f"t{i}": "tableau" for i in range(7)}}
    return found + [default_layout(tuple(roles), roles)]


def test_geometry_is_the_pages(tmp_path: Path) -> None:
    """Every layout at many widths (rows grown by fans), and fan positions:
    Python's numbers are js/src/layout.js's and js/src/fan.js's."""
    node = shutil.which("node")
    if node is None:  # under CI=true, tests/conftest.py turns this skip into a failure
        pytest.skip("node is not installed: install Node.js to compare the geometry with the page's")
    layouts = [layout.to_json() for layout in layouts_to_check()]
    cases = {"layouts": layouts, "widths": WIDTHS, "fans": FANS,
             "extents": [{slot["pile"]: 100 + 17 * i for i, slot in enumerate(layout["slots"])} for layout in layouts]}
    script = f"""
import {{ readFileSync }} from "node:fs";
import {{ computeGeometry, layoutFor }} from {json.dumps((REPO / 'js/src/layout.js').as_uri())};
import {{ fanPositions }} from {json.dumps((REPO / 'js/src/fan.js').as_uri())};
const c = JSON.parse(readFileSync(0, "utf8"));
const out = {{ geometry: [], fans: [], chosen: [] }};
c.layouts.forEach((layout, i) => {{
  for (const w of c.widths) {{
    out.geometry.push(computeGeometry(layout, w));
    out.geometry.push(computeGeometry(layout, w, c.extents[i]));
  }}
}});
for (const [n, down, fan, bw, bh, cw] of c.fans) {{
  const g = computeGeometry({{ cols: 1, rows: [{{ h: 1 }}], slots: [] }}, 2 * cw);
  const index = {{ right: 1 + Math.ceil(26 * cw / 100), line: 1 + Math.ceil(42 * Math.round(cw * 1.4) / 140),
                  down: 1 + Math.ceil(24 * Math.round(cw * 1.4) / 140) }};
  out.fans.push([fanPositions(n, down, fan, {{ w: bw, h: bh }}, cw, Math.round(cw * 1.4), index),
                 fanPositions(n, down, fan, {{ w: bw, h: bh }}, cw, Math.round(cw * 1.4))]);
}}
for (const layouts of c.games) for (const w of c.widths) out.chosen.push(layouts.indexOf(layoutFor(layouts, [], w)));
console.log(JSON.stringify(out));
"""
    cases["games"] = [[layout.to_json() for layout in cls.layouts()] for cls in sw.GAMES.values()]
    path = tmp_path / "geometry.mjs"
    path.write_text(script)
    run = subprocess.run([node, str(path)], input=json.dumps(cases), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    page = json.loads(run.stdout)

    mine = []
    for layout, extents in zip(layouts_to_check(), cases["extents"]):
        for w in WIDTHS:
            for ext in ({}, extents):
                g = table_geometry(layout, w, ext)
                mine.append({
                    "width": g.width, "height": g.height, "cw": g.card_width, "ch": g.card_height, "gap": g.gap,
                    "indexScale": g.index_scale, "index": {"right": g.index.right, "line": g.index.line,
                                                           "down": g.index.down},
                    "piles": {p: {"x": b.x, "y": b.y, "w": b.w, "h": b.h, "fan": b.fan, "row": b.row,
                                  "col": slot.col, "badge": b.badge}
                              for slot in layout.slots for p, b in [(slot.pile, g.piles[slot.pile])]}})
    assert mine == page["geometry"]
    from solitaire_widgets.geometry import Index

    for (n, down, fan, bw, bh, cw), (with_index, without) in zip(FANS, page["fans"]):
        ch = round(cw * 1.4)
        index = Index(right=1 + -(-26 * cw // 100), line=1 + -(-42 * ch // 140), down=1 + -(-24 * ch // 140))
        assert [list(p) for p in fan_positions(n, down, fan, bw, bh, cw, ch, index)] == \
            [[p["x"], p["y"]] for p in with_index]
        assert [list(p) for p in fan_positions(n, down, fan, bw, bh, cw, ch)] == [[p["x"], p["y"]] for p in without]
    chosen = [list(cls.layouts()).index(layout_for(cls.layouts(), w)) for cls in sw.GAMES.values() for w in WIDTHS]
    assert chosen == page["chosen"]
