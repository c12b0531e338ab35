"""Pictures of positions (``game.picture()``, solitaire_widgets/picture.py):
the page's geometry in Python, which cards are drawn where, face-down cards
hidden, runs, free cells and suits home at once, passes, text escaped,
snapshots, the display outputs, the command line, and the pictures the
README and the docs show."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from helpers import REPO
from test_game_model import Cells, OneSuit

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.game import ANY
from solitaire_widgets.geometry import INDEX_BOX, Index, fan_positions, layout_for, table_geometry
from solitaire_widgets.layout import default_layout

SVG = "{http://www.w3.org/2000/svg}"
GAMES = list(sw.GAMES)


# --- the page's geometry, in Python ------------------------------------------------------------

WIDTHS = [280, 300, 360, 479, 480, 520, 640, 720, 800, 900, 1000, 1200, 1400, 2000]
FANS = [  # n, face down, fan, box w, box h, card w
    (1, 0, "down", 60, 84, 60), (7, 3, "down", 60, 200, 60), (20, 12, "down", 60, 150, 60),
    (13, 0, "right", 300, 84, 60), (13, 0, "right", 120, 84, 44), (4, 0, "right", 100, 84, 48),
    (30, 0, "none", 60, 84, 60), (9, 8, "down", 30, 42, 30),
]


def games_to_check() -> list[type[sw.Game]]:
    """The built-in games."""
    return list(sw.GAMES.values())


def layouts_to_check() -> list[sw.Layout]:
    found = [layout for cls in games_to_check() for layout in cls.layouts()]
    roles = {"stock": "stock", "waste": "waste", "f0": "foundation", "f1": "foundation",
             **{f"t{i}": "tableau" for i in range(7)}}
    return found + [default_layout(tuple(roles), roles)]


def test_geometry_is_the_pages(tmp_path: Path) -> None:
    """Every layout of the built-in and the classic games at many widths
    (rows grown by fans, and settled), the layout each game takes at each
    width, and fan positions: Python's numbers are js/src/layout.js's and
    js/src/fan.js's.  The two implement the same steps, their numbers read
    from one file (look.json); this keeps the steps alike."""
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
const box = c.indexBox;
const out = {{ geometry: [], fans: [], chosen: [] }};
c.layouts.forEach((layout, i) => {{
  for (const w of c.widths) {{
    out.geometry.push(computeGeometry(layout, w));
    out.geometry.push(computeGeometry(layout, w, c.extents[i]));
    out.geometry.push(computeGeometry(layout, w, c.extents[i], {{ reserve: false }}));
  }}
}});
for (const [n, down, fan, bw, bh, cw] of c.fans) {{
  const g = computeGeometry({{ cols: 1, rows: [{{ h: 1 }}], slots: [] }}, 2 * cw);
  const index = {{ right: 1 + Math.ceil(box.w * cw / 100), line: 1 + Math.ceil(box.h * Math.round(cw * 1.4) / 140),
                  down: 1 + Math.ceil(box.strip * Math.round(cw * 1.4) / 140) }};
  out.fans.push([fanPositions(n, down, fan, {{ w: bw, h: bh }}, cw, Math.round(cw * 1.4), index),
                 fanPositions(n, down, fan, {{ w: bw, h: bh }}, cw, Math.round(cw * 1.4))]);
}}
for (const layouts of c.games) for (const w of c.widths) out.chosen.push(layouts.indexOf(layoutFor(layouts, [], w)));
console.log(JSON.stringify(out));
"""
    cases["games"] = [[layout.to_json() for layout in cls.layouts()] for cls in games_to_check()]
    cases["indexBox"] = INDEX_BOX
    path = tmp_path / "geometry.mjs"
    path.write_text(script)
    run = subprocess.run([node, str(path)], input=json.dumps(cases), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    page = json.loads(run.stdout)

    mine = []
    for layout, extents in zip(layouts_to_check(), cases["extents"]):
        for w in WIDTHS:
            for ext, reserve in (({}, True), (extents, True), (extents, False)):
                g = table_geometry(layout, w, ext, reserve=reserve)
                mine.append({
                    "width": g.width, "height": g.height, "cw": g.card_width, "ch": g.card_height, "gap": g.gap,
                    "indexScale": g.index_scale, "index": {"right": g.index.right, "line": g.index.line,
                                                           "down": g.index.down},
                    "piles": {p: {"x": b.x, "y": b.y, "w": b.w, "h": b.h, "fan": b.fan, "row": b.row,
                                  "col": slot.col, "badge": b.badge}
                              for slot in layout.slots for p, b in [(slot.pile, g.piles[slot.pile])]}})
    assert mine == page["geometry"]
    for (n, down, fan, bw, bh, cw), (with_index, without) in zip(FANS, page["fans"]):
        ch = round(cw * 1.4)
        index = Index(right=1 + -(-INDEX_BOX["w"] * cw // 100), line=1 + -(-INDEX_BOX["h"] * ch // 140),
                      down=1 + -(-INDEX_BOX["strip"] * ch // 140))
        assert [list(p) for p in fan_positions(n, down, fan, bw, bh, cw, ch, index)] == \
            [[p["x"], p["y"]] for p in with_index]
        assert [list(p) for p in fan_positions(n, down, fan, bw, bh, cw, ch)] == [[p["x"], p["y"]] for p in without]
    chosen = [list(cls.layouts()).index(layout_for(cls.layouts(), w)) for cls in games_to_check() for w in WIDTHS]
    assert chosen == page["chosen"]


# --- the status line: one list of items for the text, the picture and the table ----------------


def positions_to_check() -> list[sw.Game]:
    """Each built-in and classic game dealt, played a little, and played to
    its end (won or lost), by a fixed random walk."""
    import random

    out = []
    for cls in games_to_check():
        game = cls(seed=4)
        out.append(game.copy())
        rng = random.Random(cls.name)
        for step in range(400):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
            if step == 12:
                out.append(game.copy())
        out.append(game)
    return out


def test_the_text_the_picture_and_the_table_show_one_status_line() -> None:
    """``text.status_items`` is the status line of ``str(game)``, of a
    picture's title line and of the table (the ``status_items`` trait), in
    every game: Bobby's score shows in all three."""
    from solitaire_widgets.text import status_items, status_text

    for game in positions_to_check():
        items = status_items(game)
        line = " · ".join(item["text"] for item in items)
        assert line == status_text(game)
        assert str(game).splitlines()[0].endswith("  " + line), (game, str(game).splitlines()[0])
        pic = game.picture()
        assert pic.alt.endswith("  ·  " + line), pic.alt
        shown = " ".join(el.text or "" for el in parse(pic)[0].iter(f"{SVG}text"))
        assert all(item["text"] in shown for item in items), (items, shown)
        table = sw.SolitaireWidget(game.copy())
        # A game that can go round in circles may have its no-win proved, in the background, by now.
        assert table.status_items in (items, status_items(game, no_win=True))
        table.close()
        keys = [item["key"] for item in items]
        assert keys[:3] == ["moves", "home", "score"] and keys[-1] == "status" and len(set(keys)) == len(keys)
        assert ("passes_left" in keys) == (game.passes_left is not None and game.status == "playing")
    bobby = sw.Bobby(seed=3)
    assert "Score 0/51" in str(bobby).splitlines()[0] and "Score 0/51" in bobby.picture().alt


# --- what a picture draws ---------------------------------------------------------------------


def parse(picture: str) -> tuple[ET.Element, str]:
    """The SVG's root element and its id prefix (every id starts with it)."""
    root = ET.fromstring(picture)
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    prefix = ids[0][:7]
    assert all(i.startswith(prefix) for i in ids), ids
    return root, prefix


def drawn(picture: str) -> dict[str, list[str]]:
    """Pile id -> what is drawn there, bottom first: a card's code ("7S"),
    "back" for a face-down card, "edge" for a face-up card under a stack's top."""
    root, prefix = parse(picture)
    names = {"b": "back", "e": "edge"}
    out = {}
    for group in root.iter(f"{SVG}g"):
        pile = group.get("data-pile")
        if pile is not None:
            refs = [use.get("href")[1 + len(prefix):] for use in group.findall(f"{SVG}use")]
            out[pile] = [names.get(ref, ref) for ref in refs]
    return out


def expected(game: sw.Game, pile: str, fan: str) -> list[str]:
    """What the table shows of ``pile``: every card of a fan; of a stack its
    top card, and a layer under it for every 12 cards (two at most)."""
    ids, down = game.card_ids(pile), game.face_down(pile)
    n = len(ids)
    shown = range(n) if fan != "none" else [i for i in range(n) if i == n - 1 or i in (11, 23)]
    return ["back" if i < down else "edge" if i < n - 1 and fan == "none" else CARD[ids[i]].code for i in shown]


@pytest.mark.parametrize("name", GAMES)
def test_a_stacked_deck_draws_every_card_where_the_table_shows_it(name: str) -> None:
    cls = sw.GAMES[name]
    game = cls(deck=sw.standard_deck(cls.decks))
    picture = game.picture()
    fans = {slot.pile: slot.fan for slot in cls.layouts()[0].slots}
    piles = drawn(picture)
    assert list(piles) == list(cls.layouts()[0].piles)  # every pile, in the layout's order
    for pile in game.PILES:
        assert piles[pile] == expected(game, pile, fans[pile]), pile
    # Face-down cards are backs and nothing more: the SVG defines the face of
    # no card that is not face up and drawn.
    root, prefix = parse(picture)
    faces = {el.get("id")[len(prefix):] for el in root.iter() if re.fullmatch(r"(10|[2-9AJQK])[SHDC]",
                                                                             el.get("id", "")[len(prefix):])}
    shown = {code for cards in piles.values() for code in cards if code not in ("back", "edge")}
    assert faces == shown
    # The pile ids are written over the piles.
    labels = {group.get("data-pile"): group.find(f"{SVG}text").text for group in root.iter(f"{SVG}g")
              if group.get("data-pile")}
    assert labels == {pile: pile for pile in game.PILES}


def test_a_stacked_cruel_deal_reads_as_dealt() -> None:
    piles = drawn(sw.Cruel(deck=sw.standard_deck()).picture())
    assert [piles[f][-1] for f in ("f0", "f1", "f2", "f3")] == ["AS", "AH", "AD", "AC"]
    assert piles["t0"] == ["2S", "3S", "4S", "5S"] and piles["t11"] == ["10C", "JC", "QC", "KC"]


def test_face_down_cards_leave_nothing_of_themselves_in_the_svg() -> None:
    game = sw.Midshipman(deck=sw.standard_deck(2))
    hidden = {CARD[c].code for pile in game.PILES for c in game.card_ids(pile)[:game.face_down(pile)]}
    up = {CARD[c].code for pile in game.PILES for c in game.card_ids(pile)[game.face_down(pile):]}
    only_hidden = hidden - up
    assert only_hidden  # the stock and the columns hide cards no face-up card shares
    picture = game.picture(highlight=sorted(only_hidden))  # asking for them shows nothing either
    assert not [code for code in only_hidden if re.search(rf'id="s\w{{6}}{code}"', picture)]
    assert picture.count('stroke="#ffd54f"') == 0
    texts = {el.text for el in ET.fromstring(picture).iter(f"{SVG}text")}
    assert not texts & {"A", "J", "Q", "K"} - {code[:-1] for code in up}


def test_highlight_and_arrow_mark_what_they_name() -> None:
    game = sw.Cruel(seed=7)
    plain = game.picture()
    marked = game.picture(highlight=["6H", sw.Card.parse("7♥"), 0], arrow="t1 t8")
    assert 'data-arrow="t1 t8"' in marked and "data-arrow" not in plain
    assert marked.count('stroke="#ffd54f"') - plain.count('stroke="#ffd54f"') == 3 + 1  # three cards, the arrow
    hint = sw.Bobby(seed=2).hint(time_limit=None, max_states=200)
    assert f'data-arrow="{hint.move}"' in sw.Bobby(seed=2).picture(arrow=hint)
    assert 'data-arrow="draw"' in sw.Frog(seed=1).picture(arrow=sw.Move("draw"))
    assert 'data-arrow="redeal"' in sw.Cruel(seed=1).picture(arrow="redeal")  # no stock: the action is named


def index_corners(picture: str, game: sw.Game, card_width: int) -> list[tuple[float, float, float, float]]:
    """Where a player reads each face-up card drawn (left, top, right, bottom):
    the top strip of a card in a downward fan, else its top-left corner (of
    a stack, its top card's only)."""
    index = table_geometry(game.layouts()[0], card_width=card_width).index
    fans = {slot.pile: slot.fan for slot in game.layouts()[0].slots}
    root, prefix = parse(picture)
    out = []
    for group in root.iter(f"{SVG}g"):
        pile = group.get("data-pile")
        uses = group.findall(f"{SVG}use") if pile else []
        for i, use in enumerate(uses):
            face = use.get("href")[1 + len(prefix):]
            if face in ("b", "e") or (fans[pile] == "none" and i < len(uses) - 1):
                continue
            x, y = float(use.get("x")), float(use.get("y"))
            w, h = (card_width, index.down) if fans[pile] == "down" else (index.right, index.line)
            out.append((x, y, x + w, y + h))
    return out


@pytest.mark.parametrize("card_width", [40, 60, 90])
def test_an_action_named_over_a_table_without_a_stock_covers_no_card_s_index(card_width: int) -> None:
    """What went wrong?'s picture of Cruel seed 2 before its losing redeal:
    the red "redeal" (and a better move's yellow name) lie over no card's
    corner, each other, or a pile's name."""
    game = sw.Cruel(seed=2)
    for move in ("t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3"):
        game.play(move)
    for options in ({"arrow": "t6 t11", "mistake": "redeal"}, {"arrow": "redeal", "mistake": "redeal"}):
        picture = game.picture(card_width=card_width, **options)
        root, _ = parse(picture)
        labels = [(float(r.get("x")), float(r.get("y")), float(r.get("x")) + float(r.get("width")),
                   float(r.get("y")) + float(r.get("height")))
                  for g in root.iter(f"{SVG}g") if g.get("data-mistake") or g.get("data-arrow")
                  for r in g.findall(f"{SVG}rect") if r.get("rx") == "10"]
        names = [(float(t.get("x")), float(t.get("y")) - 10, float(t.get("x")) + 7 * len(t.text), float(t.get("y")))
                 for g in root.iter(f"{SVG}g") if g.get("data-pile") for t in g.findall(f"{SVG}text")[:1]]
        assert len(labels) == len(options) - ("t6 t11" in options.values())
        for label in labels:
            covered = [box for box in index_corners(picture, game, card_width) + names
                       if label[0] < box[2] and box[0] < label[2] and label[1] < box[3] and box[1] < label[3]]
            assert not covered, f"{options} at card width {card_width}: the label {label} covers {covered}"
        if len(labels) == 2:
            (a, b) = labels
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), labels


@pytest.mark.parametrize("options, error, message", [
    ({"highlight": "7X"}, ValueError, "highlight: '7X' is not a card"),
    ({"highlight": 52}, ValueError, "card id 52 is not a card of this Cruel game"),
    ({"highlight": [1.5]}, TypeError, "1.5 is not a card"),
    ({"arrow": "t1 waste"}, ValueError, "Cruel has no pile waste"),
    ({"arrow": "deal"}, ValueError, "Cruel has no deal"),
    ({"arrow": "t1"}, ValueError, "arrow: 't1' is not a move"),
    ({"arrow": 3}, TypeError, "arrow takes a move"),
    ({"card_width": 60, "width": 500}, ValueError, "card_width or width, not both"),
    ({"card_width": 8}, ValueError, "card_width must be a whole number of px from 16"),
    ({"width": True}, ValueError, "width must be a whole number"),
    ({"title": 3}, TypeError, "title must be True, False or a text"),
    ({"labels": "no"}, TypeError, "labels must be True or False, not 'no'"),  # a text is not a no
    ({"labels": None}, TypeError, "labels must be True or False, not None"),
    ({"highlight": 99}, ValueError, "highlight: card id 99 is not a card of this Cruel game"),
])
def test_bad_options_are_refused_by_name(options: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        sw.Cruel(seed=1).picture(**options)


@pytest.mark.no_pyodide("needs numpy")
def test_numpy_integers_are_sizes_and_card_ids_as_everywhere_else() -> None:
    np = pytest.importorskip("numpy")
    game = sw.Cruel(seed=7)
    assert game.picture(card_width=np.int64(50)) == game.picture(card_width=50)
    assert game.picture(width=np.int32(500)) == game.picture(width=500)
    six = game.card_ids("t0")[-1]
    assert game.picture(highlight=np.int64(six)) == game.picture(highlight=six)
    assert game.picture(highlight=[np.uint8(six), "6H"]) == game.picture(highlight=[six, "6H"])
    assert game.picture(highlight=np.array([six])) == game.picture(highlight=[six])
    with pytest.raises(ValueError, match="card_width must be a whole number of px from 16 to 4000"):
        game.picture(card_width=np.float64(50))


def test_highlight_takes_the_card_ids_of_a_game_set_up_at_a_position() -> None:
    # A position's cards keep their ids in the pack (K♠ is 12, Q♥ 24), not 0, 1, 2 …
    game = sw.Cruel.from_position({"t0": "KS QH", "f0": "AS"})
    king, queen = game.card_ids("t0")
    assert (king, queen) == (12, 24)
    marked = game.picture(highlight=[king, queen])
    assert marked.count('stroke="#ffd54f"') - game.picture().count('stroke="#ffd54f"') == 2
    with pytest.raises(ValueError, match="highlight: card id 1 is not a card of this Cruel game"):
        game.picture(highlight=1)  # 2♠ is in the pack, but not in this position


def test_sizes_titles_and_the_narrow_layout_the_table_would_take() -> None:
    game = sw.Cruel(seed=7)
    assert game.picture(card_width=40).width < game.picture().width < game.picture(card_width=90).width
    narrow = game.picture(width=400, labels=False, title=False)
    assert narrow.width == 400  # the table 400 px wide: the narrow layout, cards as large as fit
    assert len(drawn(narrow)) == 16 and "<text" not in narrow.split("</defs>")[1].split("data-pile")[0]
    assert ">Cruel  seed 7<" in game.picture()
    assert ">Moves 0 · Home 4/52 · Score 0/48 · Redeals 0 · Playing<" in game.picture()
    assert ">gather=pysol" not in game.picture() and "gather=pysol" in sw.Cruel(seed=7, gather="pysol").picture()
    assert ">A lesson<" in game.picture(title="A lesson") and ">after t1 t8<" in game.picture(caption="after t1 t8")


def test_same_position_same_bytes_and_a_picture_is_a_snapshot() -> None:
    game = sw.Cruel(seed=7)
    before = game.picture()
    kept = str(before)
    assert before == sw.Cruel(seed=7).picture()  # deterministic: no random ids, no time
    game.play("t1 t8")
    after = game.picture()
    assert before == kept and after != before  # the first picture stays as it was
    assert parse(before)[1] != parse(after)[1]  # and the two never share ids in one page
    game.undo()
    assert game.picture() == before


# --- runs, free cells, suits home at once, passes -------------------------------------------------


def arrow_of(picture: str) -> tuple[ET.Element, dict[str, float]]:
    """The arrow's group and where its line starts and ends."""
    group = next(g for g in ET.fromstring(picture).iter(f"{SVG}g") if g.get("data-arrow"))
    line = group.find(f"{SVG}line")
    return group, {k: float(line.get(k)) for k in ("x1", "y1", "x2", "y2")}


def test_the_arrow_of_a_run_starts_at_its_bottom_card_and_outlines_the_run() -> None:
    game = Cells.from_position({"t0": "KS QH JS 10H", "t1": "JD", "t2": "QD"})
    one, (_, single) = game.picture(arrow="t0 t2"), arrow_of(game.picture(arrow="t0 t2"))
    for arrow in ("t0 t2 2", sw.Move("t0", "t2", 2), SimpleNamespace(move=sw.Move("t0", "t2", 2))):  # a hint too
        picture = game.picture(arrow=arrow)
        group, line = arrow_of(picture)
        assert group.get("data-arrow") == "t0 t2 2" and "data-run" not in one
        run = group.find(f"{SVG}rect")  # the run's outline: J♠ and 10♥, from the J♠'s top to the 10♥'s foot
        assert run.get("data-run") == "2" and float(run.get("height")) > float(run.get("width"))
        # from the J♠, which shows above the 10♥: higher than a one-card arrow starts, to the same card
        assert line["x1"] == single["x1"] and line["y1"] < single["y1"] - 20
        assert abs(line["x2"] - single["x2"]) < 10 and abs(line["y2"] - single["y2"]) < 10
        top = float(run.get("y")) + 1.5
        assert top < line["y1"] < top + 0.3 * 84  # within the J♠'s strip (cards 60 × 84, a strip 0.27 high)
    assert "data-run" not in game.picture(arrow="t0 t2")
    with pytest.raises(ValueError, match=re.escape("arrow: only 4 cards of t0 lie face up, so no move of 5 cards")):
        game.picture(arrow="t0 t2 5")
    klondike = sw.Klondike.from_position({"t1": "9C 8H 7S"}, face_down={"t1": 1})
    with pytest.raises(ValueError, match="arrow: only 2 cards of t1 lie face up, so no move of 3 cards"):
        klondike.picture(arrow="t1 t2 3")


def test_free_cells_draw_as_labelled_slots_and_hold_their_card() -> None:
    picture = Cells.from_position({"t0": "KS", "c1": "5H"}).picture()
    piles = drawn(picture)
    assert list(piles)[:2] == ["c0", "c1"] and piles["c0"] == [] and piles["c1"] == ["5H"]
    cell = next(g for g in ET.fromstring(picture).iter(f"{SVG}g") if g.get("data-pile") == "c0")
    assert [t.text for t in cell.iter(f"{SVG}text")] == ["c0", "CELL"]
    assert cell.find(f"{SVG}rect").get("stroke-dasharray") == "6 4"  # an empty slot's dashed outline


def test_eight_foundations_draw_completed_suits_and_the_suit_they_wait_for() -> None:
    suit = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
    game = OneSuit.from_position({"f0": suit, "f1": suit, "t0": "5S " + suit, "stock": "2S 3S"})
    picture = game.picture(arrow="t0 f2 13")
    piles = drawn(picture)
    assert piles["f0"] == piles["f1"] == ["edge", "AS"] and piles["t0"] == ["5S"] + suit.split()
    labels = {g.get("data-pile"): [t.text for t in g.iter(f"{SVG}text")] for g in ET.fromstring(picture).iter(f"{SVG}g")
              if g.get("data-pile")}
    assert all(labels[f"f{i}"] == [f"f{i}", "K"] for i in range(2, 8))  # empty: a suit starts at its king
    assert arrow_of(picture)[0].find(f"{SVG}rect").get("data-run") == "13"
    spider = sw.Spider(seed=1, suits="1")
    dealt = drawn(spider.picture())
    assert len(dealt) == 19 and dealt["t0"] == ["back"] * 5 + [CARD[spider.card_ids("t0")[-1]].code]


@pytest.mark.parametrize("passes, status, under", [
    ("unlimited", "Stock 24 · Redeals 0 · Playing", None),  # a stock, redeals not counted
    ("3", "Stock 24 · Passes left 3 · Playing", "3 passes left"),
    ("1", "Stock 24 · Passes left 1 · Playing", "Last pass"),
])
def test_the_status_line_counts_passes_as_the_game_declares_them(passes: str, status: str, under: str) -> None:
    picture = sw.Klondike(seed=2, passes=passes).picture()
    texts = [t.text for t in ET.fromstring(picture).iter(f"{SVG}text")]
    assert picture.alt.endswith(f"  ·  Moves 0 · Home 0/52 · Score 0/52 · {status}")
    first = next(t for t in texts if t.startswith("Moves"))  # the status's first line (it may wrap)
    assert f"Moves 0 · Home 0/52 · Score 0/52 · {status}".startswith(first)
    assert [t for t in texts if "pass" in t.lower() and "·" not in t and "seed" not in t] == ([under] if under else [])


@pytest.mark.parametrize("name", list(sw.GAMES))
def test_the_status_line_is_never_cut_it_wraps_between_its_items(name: str) -> None:
    """A narrow picture (Bobby's four piles, or small cards) writes its status
    under the title, on as many lines as it takes, each within the picture
    (by the rough measure the renderer also uses), broken only between items."""
    for card_width in (None, 54, 40, 24):
        game = sw.new_game(name, seed=3)
        picture = game.picture(card_width=card_width)
        status = "Moves 0 · " + picture.alt.split("Moves 0 · ", 1)[1]
        lines = [t for t in ET.fromstring(picture).iter(f"{SVG}text") if t.text and t.text.startswith(
            tuple(item + " " for item in ("Moves", "Home", "Score", "Stock", "Passes", "Redeals")) + ("Playing",))]
        assert " · ".join(t.text for t in lines) == status, (card_width, [t.text for t in lines])
        for line in lines:
            x = float(line.get("x"))
            right = x if line.get("text-anchor") == "end" else x + len(line.text) * 12 * 0.58
            left = x - len(line.text) * 12 * 0.58 if line.get("text-anchor") == "end" else x
            assert 0 <= left and right <= picture.width, (card_width, line.text, picture.width)
        if len(lines) > 1:  # under the title, one line under the other, all above the felt's labels
            ys = [float(t.get("y")) for t in lines]
            assert ys == sorted(ys) and len(set(ys)) == len(ys)
    bobby = sw.Bobby(seed=3).picture(card_width=54)
    assert "Stock 51 · Passes left 3 · Playing" in [t.text for t in ET.fromstring(bobby).iter(f"{SVG}text")]


# --- text is text: titles and captions with markup ------------------------------------------------

MARKUP = '<img src=x onerror=alert(1)></svg><script>alert(2)</script> & "Q♠"'


def markup_game() -> type[sw.Game]:
    class Markup(sw.Game):
        name = "markup_game"
        title = MARKUP
        PILES, ROLES = sw.piles_by_role(foundation="f0", tableau=("t0", "t1"))
        ROUTES = {"t0": ("f0", "t1"), "t1": ("f0", "t0")}

        def _setup(self, order: list[int]) -> None:
            self._piles[1], self._piles[2] = order[:26], order[26:]

        def _wants(self, t: int) -> Any:
            return ANY

        def _build_reason(self, t: int, card: int) -> str:
            return ""

    return Markup


def test_markup_in_a_title_or_caption_is_drawn_as_characters() -> None:
    game = markup_game()(seed=1)
    picture = game.picture(caption=MARKUP + "\x00\x07")
    root = ET.fromstring(picture)  # well-formed XML: nothing broke out of its text
    assert not [el for el in root.iter() if el.tag.split("}")[-1] in ("script", "img", "foreignObject")]
    texts = [el.text for el in root.iter(f"{SVG}text")]
    assert root.find(f"{SVG}title").text.startswith(MARKUP + "  seed 1")
    assert MARKUP + "  seed 1" in texts  # the title line
    assert MARKUP in " ".join(texts)  # the caption, in lines as wide as the picture (\x00\x07 dropped)
    assert "<script" not in picture and "onerror=alert" not in picture.replace("onerror=alert(1)&gt;", "")
    html = picture.img_tag()
    assert html.count("<") == 1 and "<script" not in html  # the alt text is escaped too


# --- display outputs ----------------------------------------------------------------------------


def test_a_picture_shows_as_svg_and_as_an_img_tag() -> None:
    picture = sw.Bobby(seed=2).picture()
    bundle = picture._repr_mimebundle_()
    assert bundle["image/svg+xml"] == picture == picture._repr_svg_()
    src = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', bundle["text/html"])[1]
    assert base64.b64decode(src).decode() == picture
    assert bundle["text/plain"] == repr(picture) and repr(picture).startswith("<Picture of Bobby: 348 × ")


def test_a_bare_game_outside_a_kernel_shows_its_picture_and_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "ipykernel", raising=False)  # other tests may have imported it
    game = sw.Bobby(seed=2)
    bundle = game._repr_mimebundle_()
    assert bundle["image/svg+xml"] == game.picture() and bundle["text/plain"] == str(game)
    assert "application/vnd.jupyter.widget-view+json" not in bundle


def test_the_tables_output_carries_a_picture_of_the_position_when_shown() -> None:
    table = sw.SolitaireWidget("cruel", seed=7)
    data, _metadata = table._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == table.model_id
    assert data["text/html"] == table.game.picture().img_tag() and data["text/plain"] == str(table.game)
    assert "image/svg+xml" not in data  # LaTeX exports would need Inkscape for it (see widget.py)
    table.game.play("t1 t8")
    again, _ = table._repr_mimebundle_()
    assert again["text/html"] == table.game.picture().img_tag() != data["text/html"]


# --- the command line, and the pictures of the README and the docs -------------------------------


def test_the_command_line_writes_the_picture_game_picture_makes(tmp_path: Path) -> None:
    from solitaire_widgets.__main__ import main

    out = tmp_path / "cruel.svg"
    assert main(["picture", "cruel", "--seed", "7", "--move", "t2 f0", "--arrow", "t1 t8", "--highlight", "6H",
                 "--card-width", "50", "--no-labels", "--caption", "t1 t8", "--output", str(out)]) == 0
    game = sw.Cruel(seed=7)
    game.play("t2 f0")
    assert out.read_text(encoding="utf-8") == game.picture(card_width=50, labels=False, arrow="t1 t8",
                                                            highlight=["6H"], caption="t1 t8")


def test_the_readme_and_docs_pictures_are_what_the_renderer_makes_now(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO / "docs"))
    import pictures

    stale = []
    for path, args in pictures.PICTURES.items():
        made = tmp_path / Path(path).name
        pictures.make(args, made)
        if not (REPO / path).is_file() or (REPO / path).read_bytes() != made.read_bytes():
            stale.append(path)
    assert not stale, f"{stale} differ from the renderer's pictures: run `python docs/pictures.py`"
    readme = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert any("docs/img/table.svg" in line for line in readme[:20]), "the README's first screen shows the table"
