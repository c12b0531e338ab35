"""Pixel boxes of a layout and where each card of a pile lies: the page's
geometry (``js/src/layout.js`` and ``js/src/fan.js``) in Python, for pictures
of positions (``solitaire_widgets.picture``).

The page and a picture must place piles and cards alike, so this module
follows those two files step for step, their rounding included (JavaScript's
``Math.round`` rounds halves up: ``js_round``); the steps' numbers (card
proportions, gaps, pads, fan steps, the index corner) both read from
``look.json`` (``solitaire_widgets.look``).  A test runs both on the same
layouts, those of the built-in and the classic games, and compares the numbers.

>>> import solitaire_widgets as sw
>>> g = table_geometry(sw.Cruel.LAYOUT, width=800)
>>> g.card_width, g.card_height, g.piles["f0"].x, g.piles["t0"].fan
(53, 74, 283, 'right')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping, Optional, Sequence, Union

from .layout import Fan, Layout
from .look import LOOK

# The numbers of the layout's steps, as the page reads them (look.json).
CARD_RATIO: float = LOOK["card"]["ratio"]  # height / width
GAP_RATIO: float = LOOK["card"]["gapRatio"]  # gap / card width
MIN_GAP: int = LOOK["card"]["minGap"]
MIN_CW: int = LOOK["card"]["minWidth"]
MAX_CW: int = LOOK["card"]["maxWidth"]
MAX_FELT_HEIGHT: int = LOOK["card"]["maxFeltHeight"]  # a layout's reserved felt stays within this height …
COMFORT_CW: int = LOOK["card"]["comfortWidth"]  # … unless its cards would get narrower than this
PAD: dict[str, int] = LOOK["pad"]  # the felt's padding: narrow below wideFrom px, else wide
FACE: dict[str, int] = LOOK["face"]  # the face is drawn in this box (100 × 140)
# The index corner of a face on the 100 × 140 face.
INDEX_BOX: dict[str, int] = LOOK["index"]["box"]
INDEX_FONT: int = LOOK["index"]["font"]  # the rank's size on the 100-wide face at index scale 1
MIN_INDEX_FONT_PX: int = LOOK["index"]["minFontPx"]
MAX_INDEX_SCALE: float = LOOK["index"]["maxScale"]
# Fan steps: fractions of the card height (down) or width (right), for
# face-up and face-down cards.
STEP: dict[str, dict[str, float]] = LOOK["fan"]["step"]
MIN_STEP: float = LOOK["fan"]["minStep"]
STACK_CARDS_PER_PX: int = LOOK["fan"]["stackCardsPerPx"]
STACK_MAX_PX: int = LOOK["fan"]["stackMaxPx"]

Point = tuple[int, int]


def js_round(x: float) -> int:
    """JavaScript's ``Math.round``: halves go up (``js_round(2.5) == 3``,
    ``js_round(-2.5) == -2``), where Python's ``round`` goes to even."""
    return math.floor(x + 0.5)


@dataclass(frozen=True)
class Index:
    """What of a card a fan leaves uncovered (px): ``down`` the top strip,
    ``right`` the corner's width, ``line`` the corner's height."""

    right: int
    line: int
    down: int


@dataclass(frozen=True)
class PileBox:
    """A pile's box on the felt (px), its fan and its slot's row."""

    x: int
    y: int
    w: int
    h: int
    fan: Fan
    row: int
    badge: bool


@dataclass(frozen=True)
class Geometry:
    """The felt's size, the card size, and every pile's box (px)."""

    width: float  # a whole number, but for a layout whose columns are not
    height: int
    card_width: int
    card_height: int
    gap: int
    index_scale: float
    index: Index
    rows: tuple[tuple[int, int], ...]  # (y, height) of each row
    piles: Mapping[str, PileBox] = field(default_factory=dict)


def index_scale(cw: int) -> float:
    """How much larger than usual a card ``cw`` px wide draws its index, so
    its rank is at least ``MIN_INDEX_FONT_PX`` tall (steps of 0.1).

    >>> index_scale(80), index_scale(40)
    (1, 1.5)
    """
    need = (MIN_INDEX_FONT_PX * FACE["w"]) / (INDEX_FONT * max(1, cw))
    scale = min(MAX_INDEX_SCALE, max(1, math.ceil(need * 10 - 1e-9) / 10))
    return 1 if scale == 1 else scale


def _gap_of(cw: int) -> int:
    return max(MIN_GAP, js_round(cw * GAP_RATIO))


def _pad(width: float) -> int:
    return PAD["narrow"] if width < PAD["wideFrom"] else PAD["wide"]


def _stack_rows(layout: Layout, cw: int, gap: int, pad: int, need: Sequence[float],
                reserve: bool = True) -> tuple[list[tuple[int, int]], int]:
    ch = js_round(cw * CARD_RATIO)
    rows: list[tuple[int, int]] = []
    y = pad
    for i, row in enumerate(layout.rows):
        if i > 0:
            y += js_round(gap * row.gap_before + layout.rows[i - 1].below * cw)
        reserved = row.height if reserve else min(1, row.height)
        h = max(js_round(reserved * ch), math.ceil(need[i] if i < len(need) else 0))
        rows.append((y, h))
        y += h
    return rows, y + js_round(layout.rows[-1].below * cw) + pad


def _place(layout: Layout, cw: int, pad: int, left: int, width: float, extents: Mapping[str, float],
           reserve: bool) -> Geometry:
    gap = _gap_of(cw)
    ch = js_round(cw * CARD_RATIO)
    step = cw + gap
    content = layout.cols * step - gap
    need = [0.0] * len(layout.rows)
    for slot in layout.slots:
        need[slot.row] = max(need[slot.row], extents.get(slot.pile, 0))
    rows, height = _stack_rows(layout, cw, gap, pad, need, reserve)
    piles = {}
    for slot in layout.slots:
        y, row_h = rows[slot.row]
        grown = math.ceil(extents.get(slot.pile, 0))
        piles[slot.pile] = PileBox(
            x=js_round(left + slot.col * step), y=y,
            w=js_round(slot.span * step - gap) if slot.span else cw,
            h=ch if slot.fan == "none" else max(row_h if slot.fan == "down" else ch, grown),
            fan=slot.fan, row=slot.row, badge=slot.badge)
    scale = index_scale(cw)
    # The face is drawn inside the card's 1 px border: its index ends 1 px further.
    index = Index(right=1 + math.ceil((INDEX_BOX["w"] * scale * cw) / FACE["w"]),
                  line=1 + math.ceil((INDEX_BOX["h"] * scale * ch) / FACE["h"]),
                  down=1 + math.ceil((INDEX_BOX["strip"] * scale * ch) / FACE["h"]))
    return Geometry(width=max(width, left + content + pad), height=height, card_width=cw, card_height=ch,
                    gap=gap, index_scale=scale, index=index, rows=tuple(rows), piles=piles)


def table_geometry(layout: Layout, width: Optional[float] = None, extents: Mapping[str, float] = {}, *,
                   card_width: Optional[int] = None, reserve: bool = True) -> Geometry:
    """The pile boxes of ``layout`` on a table ``width`` px wide, as the page
    computes them (``computeGeometry``): cards as large as fit, up to the
    layout's largest; rows grow to the fans' ``extents`` (px from each
    pile's top).  With ``card_width`` instead, cards that wide and a felt
    as wide as they need.  ``reserve=False`` (a game over): rows keep no
    room for fans to come, only for the cards they hold.

    >>> import solitaire_widgets as sw
    >>> table_geometry(sw.Frog.LAYOUT, card_width=60).width
    560
    """
    if card_width is not None:
        gap = _gap_of(card_width)
        content = layout.cols * (card_width + gap) - gap
        pad = _pad(content + 2 * PAD["wide"])
        return _place(layout, card_width, pad, pad, content + 2 * pad, extents, reserve)
    w = max(0, math.floor(width or 0))
    pad = _pad(w)
    cols = layout.cols
    fit = (w - 2 * pad) / (cols + (cols - 1) * GAP_RATIO)
    largest = MAX_CW if layout.max_card_width is None else layout.max_card_width
    cw = math.floor(max(MIN_CW, min(largest, fit)))
    # Rounding the gap may push the grid a few px too wide: shrink until it fits.
    while cw > MIN_CW and cols * (cw + _gap_of(cw)) - _gap_of(cw) > w - 2 * pad:
        cw -= 1
    # A tall layout stops growing before its felt outgrows a laptop screen.
    while cw > COMFORT_CW and _stack_rows(layout, cw, _gap_of(cw), pad, [])[1] > MAX_FELT_HEIGHT:
        cw -= 1
    content = cols * (cw + _gap_of(cw)) - _gap_of(cw)
    left = max(pad, math.floor((w - content) / 2))
    return _place(layout, cw, pad, left, w, extents, reserve)


def layout_for(layouts: Sequence[Layout], width: float = math.inf) -> Layout:
    """The layout the page takes for a table ``width`` px wide (``layoutFor``):
    of those meant for that width, one that fits it, with the largest cards
    (a later one only when its cards are over 10 % larger)."""
    main, *narrow = layouts
    if not math.isfinite(width):
        return main
    best, best_g = main, table_geometry(main, width)
    for other in narrow:
        if other.max_width is not None and width > other.max_width:
            continue
        g = table_geometry(other, width)
        fits, best_fits = g.width <= width, best_g.width <= width
        # One that fits beats one that scrolls sideways; else much larger cards only.
        if (fits and not best_fits) or (fits == best_fits and g.card_width > best_g.card_width * 1.1):
            best, best_g = other, g
    return best


# --- fans: where each card of a pile lies in its box (js/src/fan.js) ----------------


def fan_positions(n: int, face_down: int, fan: Fan, box_w: float, box_h: float, cw: int, ch: int,
                  index: Optional[Index] = None) -> list[Point]:
    """Positions of the ``n`` cards of a pile in its box, bottom card first
    (``fanPositions``): a stack shows a few px of thickness; a fan shows the
    index of every face-up card, face-down steps squeezed first; a downward
    fan too long for its box runs past it, one to the right wraps.

    >>> fan_positions(3, 1, "down", 60, 84 * 2, 60, 84, Index(right=17, line=27, down=16))
    [(0, 0), (0, 10), (0, 32)]
    """
    if n <= 0:
        return []
    if fan == "none":
        return [(-min(STACK_MAX_PX, i // STACK_CARDS_PER_PX),) * 2 for i in range(n)]
    down = fan == "down"
    unit = ch if down else cw
    room = max(0, box_h - ch if down else box_w - cw)
    need = math.ceil(index.down if down else index.right) if index else 0
    steps = STEP[fan]
    natural = [(steps["down"] if i < face_down else steps["up"]) * unit for i in range(n - 1)]
    natural = [s if i < face_down else max(s, need) for i, s in enumerate(natural)]
    if not down and need > 0 and (n - 1) * need > room:
        assert index is not None
        return _wrap_right(n, cw, box_w, need, math.ceil(index.line))
    if need:
        floors: Union[float, list[float]] = [MIN_STEP * unit if i < face_down else need for i in range(n - 1)]
    else:
        floors = MIN_STEP * unit
    out = [(0, 0)]
    at = 0.0
    for s in compress(natural, room, floors):
        at += s
        p = math.floor(at)
        out.append((0, p) if down else (p, 0))
    return out


def _wrap_right(n: int, cw: int, width: float, step: int, line_step: int) -> list[Point]:
    per_line = max(1, math.floor(max(0, width - cw) / step) + 1)
    lines = math.ceil(n / per_line)
    across = math.ceil(n / lines)  # balance the lines
    # The natural step, but never less than the index (small cards draw a wide one).
    gap = min(max(STEP["right"]["up"] * cw, step), (width - cw) / (across - 1)) if across > 1 else 0
    return [(math.floor((i % across) * gap), (i // across) * line_step) for i in range(n)]


def fan_extent(positions: Sequence[Point], cw: int, ch: int) -> tuple[int, int]:
    """The room (width, height) the cards take from the pile's top-left corner."""
    return (max((x + cw for x, _ in positions), default=0), max((y + ch for _, y in positions), default=0))


def compress(steps: Sequence[float], room: float, floor: Union[float, Sequence[float]]) -> list[float]:
    """Shrink fan steps to add up to at most ``room``, the bottom ones first,
    none below its floor (``compress``)."""
    total = sum(steps)
    if total <= room:
        return list(steps)
    out = list(steps)
    excess = total - room
    per_step = not isinstance(floor, (int, float))
    for i in range(len(out)):
        if excess <= 0:
            break
        low = floor if isinstance(floor, (int, float)) else floor[i]
        cut = min(excess, max(0, out[i] - low))
        out[i] -= cut
        excess -= cut
    if excess > 1e-9 and not per_step:
        total = sum(out)
        scale = room / total if total > 0 else 0
        out = [s * scale for s in out]
    return out
