"""Pictures of positions: a game drawn as a static SVG image, for lessons,
handouts and exported notebooks (kept apart from the rules, like the text
table of ``solitaire_widgets.text``).

A picture uses the layout the card table uses (``Game.layouts()``), places
cards as the table's page does (``solitaire_widgets.geometry``) and draws
face-down cards as backs: the SVG holds nothing of a card that lies face
down.  ``game.picture(...)`` is the way in.

>>> import solitaire_widgets as sw
>>> game = sw.Cruel(seed=7)
>>> pic = game.picture(arrow="t1 t8", highlight=["6H"])
>>> pic
<Picture of Cruel: 880 × 367 px, 35 KB>
>>> pic.startswith("<svg") and pic == sw.Cruel(seed=7).picture(arrow="t1 t8", highlight=["6H"])
True
"""

from __future__ import annotations

import base64
import hashlib
import math
import os
import re
import sys
from html import escape
from numbers import Integral
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence, Union

from .arguments import whole_number
from .cards import Card
from .geometry import Geometry, PileBox, fan_extent, fan_positions, layout_for, table_geometry
from .look import LOOK
from .moves import Move
from .text import passes_words, status_items

if TYPE_CHECKING:
    from .game import Game

HighlightLike = Union[Card, str, int, Iterable[Union[Card, str, int]]]
MoveLike = Union[Move, str, Any]  # a Move, "t3 f0", "draw", or a hint (anything with .move)

DEFAULT_CARD_WIDTH = 60
FONT = "DejaVu Sans,Helvetica Neue,Helvetica,Arial,sans-serif"
SERIF = "Georgia,DejaVu Serif,Times New Roman,serif"
# The table's colours (look.json, which the page reads too).
_COLOURS = LOOK["colours"]
RED, BLACK = _COLOURS["red"], _COLOURS["ink"]
FACE, BACK, BACK_FRAME = _COLOURS["face"], _COLOURS["back"], _COLOURS["backFrame"]
FELT, FELT_LIGHT, FELT_EDGE = _COLOURS["felt"], _COLOURS["feltLight"], _COLOURS["feltEdge"]
MARK = _COLOURS["mark"]  # highlights and arrows: the table's target colour
# A move that gave up the win (``mistake``): the red of the table's ring round
# a card that can never leave, dashed on a white edge, so it differs from
# ``arrow``'s solid yellow in grey print too.
MISTAKE = _COLOURS["mistake"]
TITLE_HEIGHT = 24
LABEL_HEIGHT = 13
_ID = "\x01"  # stands for the id prefix while drawing (text never holds it: see _text)
Rect = tuple[float, float, float, float]  # left, top, right, bottom

# Suit outlines in a 20 × 20 box centred on (0, 0), and the pip centres of
# the number cards on the 100 × 140 face: the page's faces (look.json).
SUIT_PATHS: dict[str, str] = LOOK["suitPaths"]
PIPS: dict[int, list[tuple[float, float]]] = {int(rank): [(x, y) for x, y in spots]
                                              for rank, spots in LOOK["pips"].items()}
_M = LOOK["face"]["w"] / 2  # the face's middle


class Picture(str):
    """A picture of a position: the SVG text itself (a ``str``), which a
    notebook shows as an image.  ``save(path)`` writes it to a file;
    ``width`` and ``height`` are its size in px.  A picture never changes:
    it shows the position it was made from, whatever the game does next.

    >>> import solitaire_widgets as sw
    >>> pic = sw.Bobby(seed=3).picture(card_width=40, labels=False)
    >>> (pic.width, pic.height), pic.count("<svg")
    ((240, 156), 1)
    """

    width: int
    height: int
    title: str  # type: ignore[assignment]  # the game's title (a Picture is a str: this hides str.title)
    alt: str  # what the picture shows, in words (its title line)

    def __new__(cls, svg: str, width: int, height: int, title: str = "", alt: str = "") -> "Picture":
        self = super().__new__(cls, svg)
        self.width, self.height, self.title, self.alt = width, height, title, alt or title
        return self

    def __repr__(self) -> str:
        size = max(1, round(len(self.encode()) / 1024))
        return f"<Picture of {self.title}: {self.width} × {self.height} px, {size} KB>"

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        # The SVG, and the same picture as an <img> for HTML front ends that
        # show no SVG output: JupyterLab shows an untrusted notebook's SVG as
        # text, but its HTML (sanitized, the image kept).
        return {"image/svg+xml": str(self), "text/html": self.img_tag(), "text/plain": repr(self)}

    def img_tag(self) -> str:
        """An HTML ``<img>`` holding the picture (a ``data:`` URL): a picture
        inside an HTML page or a notebook's HTML output, isolated from the
        page's styles and scripts.

        >>> import solitaire_widgets as sw
        >>> sw.Frog(seed=1).picture().img_tag()[:60]
        '<img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDov'
        """
        data = base64.b64encode(self.encode()).decode("ascii")
        return (f'<img src="data:image/svg+xml;base64,{data}" width="{self.width}" height="{self.height}" '
                f'alt="{_text(self.alt)}" style="max-width:100%;height:auto">')

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write the SVG to ``path`` (UTF-8), e.g. ``pic.save("deal.svg")``."""
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(self)


def picture(game: "Game", *, card_width: Optional[int] = None, width: Optional[int] = None, labels: bool = True,
            title: Union[bool, str] = True, highlight: HighlightLike = (), arrow: Optional[MoveLike] = None,
            caption: str = "", mistake: Optional[MoveLike] = None) -> Picture:
    """A picture of ``game``'s position (``Game.picture`` calls this).

    ``card_width`` (px, default 60) sets the size; or ``width`` (px): the
    picture as the table draws it that wide (cards as large as fit, and the
    narrow layout the table would take); numpy's integers do too.
    ``labels`` (True or False: anything else is refused) writes each pile's
    id over it; ``title`` the status line (True), a text of your own, or none
    (False); ``caption`` a text under the felt.  ``highlight`` outlines
    cards: a ``Card`` or a code like ``"7S"`` (every face-up copy of it) or a
    card id (that one card, as ``game.card_ids(pile)`` gives it), or a list
    of them.  ``arrow`` marks a move: a ``Move``, ``"t3 f0"``,
    ``"t3 t5 3"`` (a run of three cards: the arrow starts at its bottom card
    and the run is outlined), an action (``"draw"``) or a hint
    (``game.hint()``).  ``mistake`` marks a second move, red and dashed,
    under ``arrow``: the move played where ``arrow`` shows a better one (an
    analysis's picture).

    >>> import solitaire_widgets as sw
    >>> pic = picture(sw.Cruel(seed=7), arrow="t1 t8", mistake="redeal")
    >>> 'data-arrow="t1 t8"' in pic, 'data-mistake="redeal"' in pic
    (True, True)
    """
    if card_width is not None and width is not None:
        raise ValueError("give card_width or width, not both")
    for name, value, low in (("card_width", card_width, 16), ("width", width, 100)):
        if value is not None and not whole_number(value, at_least=low, below=4001):
            raise ValueError(f"{name} must be a whole number of px from {low} to 4000, not {value!r}")
    card_width = None if card_width is None else int(card_width)  # numpy's integers too
    width = None if width is None else int(width)
    if not isinstance(labels, bool):
        raise TypeError(f"labels must be True or False, not {labels!r}")
    if not isinstance(title, (bool, str)):
        raise TypeError(f"title must be True, False or a text, not {type(title).__name__}")
    if not isinstance(caption, str):
        raise TypeError(f"caption must be a text, not {type(caption).__name__}")
    faces, ids = _highlighted(game, highlight)
    move = _move_of(game, arrow)
    wrong = _move_of(game, mistake, "mistake")
    return _Drawing(game, card_width, width, labels, title, caption, faces, ids, move, wrong).picture()


def notebook_bundle(game: "Game", include: Any = None, exclude: Any = None) -> dict[str, Any]:
    """How ``game`` shows as a notebook's output (``Game._repr_mimebundle_``):
    in a Jupyter kernel its table (whose output carries a picture of the
    position too, for exports), elsewhere its picture; its text besides.
    The widget layer (anywidget) loads only in a kernel.

    >>> import solitaire_widgets as sw
    >>> bundle = notebook_bundle(sw.Frog(seed=1))
    >>> bundle["text/plain"] == str(sw.Frog(seed=1)), "text/html" in bundle
    (True, True)
    """
    data: dict[str, Any] = {}
    if "ipykernel" in sys.modules:
        try:
            from .widget import widget_for
        except ImportError:
            pass
        else:
            shown = widget_for(game)._repr_mimebundle_(include=include, exclude=exclude)
            data = dict(shown[0] if isinstance(shown, tuple) else shown or {})
    if not data:
        data = picture(game)._repr_mimebundle_()
    data["text/plain"] = str(game)
    return data


def _highlighted(game: "Game", highlight: HighlightLike) -> tuple[set[int], set[int]]:
    """The faces (0–51) and the card ids that ``highlight`` names."""
    items = [highlight] if isinstance(highlight, (Card, str, Integral)) else highlight
    faces: set[int] = set()
    ids: set[int] = set()
    in_play: Optional[set[int]] = None
    try:
        entries = list(items)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"highlight takes cards ('7S', a Card or a card id) or a list of them, "
                        f"not {type(highlight).__name__}") from None
    for entry in entries:
        if isinstance(entry, Card):
            faces.add(entry.face)
        elif isinstance(entry, str):
            try:
                faces.add(Card.parse(entry).face)
            except ValueError as err:
                raise ValueError(f"highlight: {err}") from None
        elif isinstance(entry, Integral) and not isinstance(entry, bool):
            # The ids of the cards in play: a position's cards keep their ids in the pack.
            in_play = in_play if in_play is not None else {i for pile in game.PILES for i in game.card_ids(pile)}
            if int(entry) not in in_play:
                raise ValueError(f"highlight: card id {entry} is not a card of this {game.title} game "
                                 "(game.card_ids(pile) gives the ids of a pile's cards)")
            ids.add(int(entry))
        else:
            raise TypeError(f"highlight: {entry!r} is not a card; write '7S', a Card or a card id")
    return faces, ids


def _move_of(game: "Game", arrow: Optional[MoveLike], name: str = "arrow") -> Optional[Move]:
    """The move ``arrow`` names, checked against the game's piles and
    actions (``name``: the argument's name, for errors)."""
    if arrow is None:
        return None
    if not isinstance(arrow, (Move, str)) and hasattr(arrow, "move"):
        arrow = arrow.move  # a hint
        if arrow is None:
            return None
    if isinstance(arrow, str):
        try:
            arrow = Move.parse(arrow)
        except ValueError as err:
            raise ValueError(f"{name}: {err}") from None
    if not isinstance(arrow, Move):
        raise TypeError(f"{name} takes a move ('t3 f0', 'draw', a Move or a hint), not {type(arrow).__name__}")
    if arrow.action is not None:
        if arrow.action not in game.ACTION_NAMES:
            raise ValueError(f"{name}: {game.title} has no {arrow.action}")
        return arrow
    for pile in (arrow.source, arrow.target) + ((arrow.partner,) if arrow.partner is not None else ()):
        if pile not in game.PILES:
            raise ValueError(f"{name}: {game.title} has no pile {pile} (its piles: {', '.join(game.PILES)})")
    if arrow.count > 1 and arrow.partner is None:
        up = len(game.card_ids(arrow.source)) - game.face_down(arrow.source)  # type: ignore[arg-type]
        if arrow.count > up:
            cards = f"{up} card{'s' * (up != 1)} of {arrow.source} lie{'s' * (up == 1)}"
            raise ValueError(f"{name}: only {cards} face up, so no move of {arrow.count} cards starts there")
    return arrow


# Characters XML 1.0 does not allow (control characters, lone surrogates, U+FFFE/U+FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(text: str) -> str:
    """Text for the SVG, as characters: markup escaped, what XML cannot hold dropped."""
    return escape(_NOT_XML.sub("", text), quote=True)


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """A rough width of a line of text in px (sans-serif: about 0.6 em a
    character, bold a little wider)."""
    return len(text) * size * (0.64 if bold else 0.58)


def _wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines that fit ``width`` px (by the rough measure), broken
    at spaces; its own line breaks kept."""
    most = max(8, int(width / (size * 0.58)))
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            if line and len(line) + 1 + len(word) > most:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines


def _steps(low: float, high: float, step: float = 4) -> list[float]:
    """``low``, ``low + step`` … up to ``high`` (none when ``high < low``).

    >>> _steps(0, 10), _steps(3, 2)
    ([0, 4, 8], [])
    """
    return [low + step * i for i in range(int((high - low) // step) + 1)] if high >= low else []


def _overlap(a: Rect, b: Rect) -> bool:
    """Whether two rectangles (left, top, right, bottom) share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _n(x: float) -> str:
    """A short number for SVG: to two decimals, integers bare, no leading zero.

    >>> [_n(3.0), _n(0.78), _n(-0.5), _n(12.345), _n(-0.001)]
    ['3', '.78', '-.5', '12.35', '0']
    """
    x = round(x, 2)
    if x == int(x):
        return str(int(x))
    text = f"{x:.2f}".rstrip("0")
    return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text


class _Drawing:
    """One picture being drawn.  Its ids start with ``_ID`` while it is
    drawn, then with a prefix made from the picture's content: two different
    pictures inline in one HTML page never take each other's definitions."""

    def __init__(self, game: "Game", card_width: Optional[int], width: Optional[int], labels: bool,
                 title: Union[bool, str], caption: str, faces: set[int], ids: set[int],
                 move: Optional[Move], mistake: Optional[Move] = None) -> None:
        self.game, self.labels, self.caption, self.move = game, labels, caption, move
        self.mistake = mistake
        self.faces, self.ids = faces, ids
        self.items: list[str] = []  # the status line's items (with title=True)
        self.title, self.status = self._heading() if title is True else (title or "", "")
        layouts = game.layouts()
        self.layout = layout_for(layouts, width) if width is not None else layouts[0]
        self.geometry = self._geometry(card_width, width)
        self.defs: dict[str, str] = {}  # id (without the prefix) -> its definition
        self.spots: dict[str, list[tuple[float, float]]] = {}  # pile -> where each card lies (top left), bottom first
        self.labelled: list[Rect] = []  # the action labels drawn (see _label_spot)

    # --- where everything lies -----------------------------------------------------------
    def _geometry(self, card_width: Optional[int], width: Optional[int]) -> Geometry:
        """The table's geometry, rows grown to hold the fans they hold now
        (and, the game over, no taller: as the table fits its rows)."""
        size: dict[str, Any] = dict(card_width=DEFAULT_CARD_WIDTH if width is None and card_width is None
                                    else card_width)
        first = table_geometry(self.layout, width, **size)
        extents = {}
        for pile, box in first.piles.items():
            n = len(self.game.card_ids(pile))
            if box.fan != "none" and n:
                pos = fan_positions(n, self.game.face_down(pile), box.fan, box.w, 0, first.card_width,
                                    first.card_height, first.index)
                extents[pile] = fan_extent(pos, first.card_width, first.card_height)[1]
        return table_geometry(self.layout, width, extents, reserve=self.game.status == "playing", **size)

    def _heading(self) -> tuple[str, str]:
        """The title line as the table's header has it: the title, the rule
        options that differ from the defaults and the seed; then the status
        line's items (``text.status_items``, as the table and the text show them)."""
        game = self.game
        defaults = {name: values[0] for name, values in game.OPTIONS.items()}
        head = [game.title] + [f"{k}={v}" for k, v in game.options.items() if v != defaults.get(k)]
        if game.seed is not None:
            head.append(f"seed {game.seed}")
        self.items = [item["text"] for item in status_items(game)]  # the table's status line
        return "  ".join(head), " · ".join(self.items)

    # --- definitions ---------------------------------------------------------------------
    def _define(self, key: str, markup: str) -> str:
        self.defs.setdefault(key, markup)
        return f"#\x01{key}"

    def _suit(self, suit: str) -> str:
        return self._define(suit, f'<path id="\x01{suit}" d="{SUIT_PATHS[suit]}"/>')

    def _pip(self, suit: str, x: float, y: float, scale: float, flip: bool = False) -> str:
        href = self._suit(suit)
        turn = " rotate(180)" if flip else ""
        return f'<use href="{href}" transform="translate({_n(x)} {_n(y)}) scale({_n(scale)}){turn}"/>'

    def _sized_pip(self, suit: str, x: float, y: float, size: str) -> str:
        """A pip of one of the sizes every face uses, defined once per suit:
        ``i`` in the index, ``t`` top right, ``p`` and (turned) ``q`` the
        number cards' pips, ``c`` and (turned) ``d`` the court cards'."""
        scale, turn = {"i": (0.62, ""), "t": (0.55, ""), "p": (0.78, ""), "q": (0.78, " rotate(180)"),
                       "c": (0.6, ""), "d": (0.6, " rotate(180)")}[size]
        key = suit + size
        self._define(key, f'<use id="\x01{key}" href="{self._suit(suit)}" transform="scale({_n(scale)}){turn}"/>')
        return f'<use href="#\x01{key}" x="{_n(x)}" y="{_n(y)}"/>'

    def _card_body(self, key: str, fill: str) -> str:
        """A blank card in the 100 × 140 face box, its border 1 px once scaled."""
        g = self.geometry
        stroke = _n(round(100 / g.card_width, 2))
        return self._define(key, f'<rect id="\x01{key}" x="{_n(float(stroke) / 2)}" y="{_n(float(stroke) / 2)}" '
                                 f'width="{_n(100 - float(stroke))}" height="{_n(140 - float(stroke))}" rx="8" '
                                 f'fill="{fill}" stroke="#000" stroke-opacity=".38" stroke-width="{stroke}"/>')

    def _scale(self) -> str:
        g = self.geometry
        return f"scale({_n(round(g.card_width / 100, 4))} {_n(round(g.card_height / 140, 4))})"

    def _blank(self) -> str:
        """A face-up card under the top of a stack: only its edge shows."""
        body = self._card_body("c", FACE)
        return self._define("e", f'<g id="\x01e" transform="{self._scale()}"><use href="{body}"/></g>')

    def _back(self) -> str:
        body = self._card_body("k", BACK_FRAME)
        self._define("h", '<pattern id="\x01h" width="7" height="7" patternUnits="userSpaceOnUse" '
                          'patternTransform="rotate(45)"><path d="M0 0h2v7H0zM2 0h5v2H2z" fill="#fff" '
                          'fill-opacity=".16"/></pattern>')
        return self._define("b", f'<g id="\x01b" transform="{self._scale()}"><use href="{body}"/>'
                                 f'<rect x="6" y="6" width="88" height="128" rx="4" fill="{BACK}"/>'
                                 f'<rect x="6" y="6" width="88" height="128" rx="4" fill="url(#\x01h)"/></g>')

    def _face(self, face: int) -> str:
        """A face-up card: the page's face design (js/src/faces.js), in the
        100 × 140 box, scaled to the card size."""
        card = Card.from_face(face)
        key = card.code
        if key in self.defs:
            return f"#\x01{key}"
        suit, rank = card.suit, card.rank
        rank_text = card.code[:-1]
        scale = self.geometry.index_scale
        body = self._card_body("c", FACE)
        ten = rank_text == "10"
        spacing = ' letter-spacing="-1.6"' if ten else ""
        corner = f'<text x="{11.2 if ten else 11}" y="21" font-size="20"{spacing}>{rank_text}</text>'
        parts = [f'<use href="{body}"/>']
        if scale > 1:
            parts.append(f'<g transform="scale({_n(scale)})">{corner}{self._sized_pip(suit, 11, 33.5, "i")}</g>')
            parts.append(self._pip(suit, 100 - 11.5 * scale, 13 * scale, 0.55 * scale))
            big = min(2.4, (100 - 26 * scale) / 22)
            y = max(42 * scale + big * 11, 140 - 8 - big * 11)
            parts.append(self._pip(suit, round(100 - 6 - big * 11, 2), round(y, 2), round(big, 3)))
        else:
            parts.append(f'<g id="\x01{key}x">{corner}{self._sized_pip(suit, 11, 33.5, "i")}</g>')
            parts.append(f'<use href="#\x01{key}x" transform="rotate(180 50 70)"/>')
            parts.append(self._sized_pip(suit, 88.5, 13, "t"))
            if rank == 1:
                parts.append(self._pip(suit, _M, 70, 2.3 if suit == "S" else 1.9))
            elif rank <= 10:
                parts.extend(self._sized_pip(suit, x, y, "q" if y > 71 else "p") for x, y in PIPS[rank])
            else:
                ink = RED if card.color == "red" else BLACK
                parts.append(f'<rect x="23" y="25" width="54" height="90" rx="4" fill="{ink}" fill-opacity=".07" '
                             f'stroke="{ink}" stroke-width="1.2"/>')
                parts.append(f'<text x="50" y="79" font-family="{SERIF}" font-size="38">{rank_text}</text>')
                parts.append(self._sized_pip(suit, _M, 41, "c"))
                parts.append(self._sized_pip(suit, _M, 99, "d"))
        ink = RED if card.color == "red" else BLACK
        return self._define(key, f'<g id="\x01{key}" fill="{ink}" transform="{self._scale()}">{"".join(parts)}</g>')

    # --- the drawing -----------------------------------------------------------------------
    def _offsets(self) -> tuple[int, list[int]]:
        """The height of the title strip, and how far down each row moves
        (the title, and a strip for the labels above each row)."""
        top = 0
        if self.title or self.status:
            top = TITLE_HEIGHT
            x = self.geometry.gap + 4
            wide = _text_width(self.title, 13, True) + 16 + _text_width(self.status, 12) + 2 * x
            if self.status and wide > math.ceil(self.geometry.width):
                top += 16 * len(self._status_lines())  # the status under the title
        label = LABEL_HEIGHT if self.labels else 0
        return top, [top + label * (r + 1) for r in range(len(self.geometry.rows))]

    def picture(self) -> Picture:
        g, game = self.geometry, self.game
        top, shift = self._offsets()
        width = math.ceil(g.width)
        caption = _wrap(self.caption, 13, width - 2 * g.gap) if self.caption else []
        height = g.height + shift[-1] + 18 * len(caption) + (2 if caption else 0)
        body: list[str] = []
        boxes = {pile: PileBox(b.x, b.y + shift[b.row], b.w, b.h, b.fan, b.row, b.badge)
                 for pile, b in g.piles.items()}
        tops: dict[str, tuple[float, float]] = {}
        for pile in self.layout.piles:
            body.append(self._pile(pile, boxes[pile], tops))
        if self.mistake is not None:  # under the better move's arrow
            body.append(self._arrow(self.mistake, boxes, tops, wrong=True))
        if self.move is not None:
            body.append(self._arrow(self.move, boxes, tops))
        if self.title or self.status:
            body.append(self._title_line(width, top))
        for i, line in enumerate(caption):
            y = height - 8 - 18 * (len(caption) - 1 - i)
            body.append(f'<text x="{_n(width / 2)}" y="{y}" font-size="13" fill="#fff" font-weight="400">'
                        f'{_text(line)}</text>')
        defs = "".join(self.defs[key] for key in sorted(self.defs))
        gradient = (f'<radialGradient id="\x01f" cx=".5" cy=".35" r=".85"><stop offset="0" stop-color="{FELT_LIGHT}"/>'
                    f'<stop offset=".46" stop-color="{FELT}"/><stop offset="1" stop-color="{FELT_EDGE}"/>'
                    f'</radialGradient>')
        alt = "  ·  ".join(filter(None, (self.title, self.status))) or game.title
        label = _text(alt)
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
               f'viewBox="0 0 {width} {height}" role="img" aria-label="{label}" font-family="{FONT}" '
               f'font-weight="700" text-anchor="middle"><title>{label}</title><defs>{gradient}{defs}</defs>'
               f'<rect width="{width}" height="{height}" rx="10" fill="url(#\x01f)"/>{"".join(body)}</svg>')
        prefix = "s" + hashlib.sha1(svg.encode()).hexdigest()[:6]
        return Picture(svg.replace(_ID, prefix), width, height, game.title, alt)

    def _title_line(self, width: int, top: int) -> str:
        """The title at the left, the status at the right; when the two
        would overlap (by a rough measure of their text), the status goes
        under the title."""
        x = self.geometry.gap + 4
        out = [f'<text x="{x}" y="17" font-size="13" fill="#fff" text-anchor="start">{_text(self.title)}</text>']
        if self.status:
            under = top > TITLE_HEIGHT
            lines = self._status_lines() if under else [self.status]
            for i, line in enumerate(lines):
                if under:  # under the title, as many lines as it takes
                    at = f'x="{x}" y="{TITLE_HEIGHT + 16 * (i + 1) - 5}" text-anchor="start"'
                else:
                    at = f'x="{width - x}" y="17" text-anchor="end"'
                out.append(f'<text {at} font-size="12" font-weight="400" fill="#fff" fill-opacity=".9">'
                           f'{_text(line)}</text>')
        return "".join(out)

    def _status_lines(self) -> list[str]:
        """The status under the title in lines that fit the picture (by the
        rough measure), broken between its items, never inside one."""
        room = math.ceil(self.geometry.width) - 2 * (self.geometry.gap + 4)
        lines: list[str] = []
        for item in self.items:
            if lines and _text_width(f"{lines[-1]} · {item}", 12) <= room:
                lines[-1] = f"{lines[-1]} · {item}"
            else:
                lines.append(item)
        return lines

    def _pile(self, pile: str, box: PileBox, tops: dict[str, tuple[float, float]]) -> str:
        game, g = self.game, self.geometry
        cw, ch = g.card_width, g.card_height
        ids = game.card_ids(pile)
        down = game.face_down(pile)
        n = len(ids)
        out = [f'<g data-pile="{_text(pile)}">']
        if self.labels:
            out.append(f'<text x="{box.x + 1}" y="{box.y - 3}" font-size="11" font-weight="400" fill="#fff" '
                       f'fill-opacity=".85" text-anchor="start">{_text(pile)}</text>')
        if n == 0:
            out.append(self._slot(pile, box))
        pos = fan_positions(n, down, box.fan, box.w, box.h, cw, ch, g.index)
        top = pos[-1] if pos else (0, 0)
        tops[pile] = (box.x + top[0] + cw / 2, box.y + top[1] + ch / 2)  # an arrow to this pile ends here
        self.spots[pile] = [(box.x + px, box.y + py) for px, py in pos]
        shown: Sequence[int] = range(n)
        if box.fan == "none":  # a stack: its top card, and the edges of the layers under it
            shown = [i for i in range(n) if i == n - 1 or pos[i] != pos[i + 1]]
        for i in shown:
            x, y = box.x + pos[i][0], box.y + pos[i][1]
            card = ids[i]
            if i < down:
                href = self._back()
            elif box.fan == "none" and i < n - 1:
                href = self._blank()
            else:
                href = self._face(card % 52)
            out.append(f'<use href="{href}" x="{x}" y="{y}"/>')
            if i >= down and (card in self.ids or card % 52 in self.faces) and (box.fan != "none" or i == n - 1):
                out.append(self._outline(x, y, cw, ch))
        if box.badge and n:
            text = str(n)
            w = max(19, 7 * len(text) + 10)
            bx, by = box.x + cw / 2 - w / 2, box.y + ch - 0.6 * 17
            out.append(f'<rect x="{_n(round(bx, 1))}" y="{_n(round(by, 1))}" width="{w}" height="17" rx="8.5" '
                       f'fill="#000" fill-opacity=".68"/><text x="{_n(box.x + cw / 2)}" y="{_n(round(by + 12.5, 1))}" '
                       f'font-size="11" fill="#fff">{text}</text>')
        if game.ROLES[pile] == "stock":
            passes_left = game.passes_left
            if passes_left is not None and game.status == "playing":
                words = passes_words(passes_left)
                # Centred under the stock, but whole inside the picture.
                centre = max(box.x + cw / 2, _text_width(words, 12, bold=True) / 2 + 3)
                out.append(f'<text x="{_n(round(centre, 1))}" y="{box.y + ch + round(g.gap / 2) + 13}" font-size="12" '
                           f'font-weight="600" fill="#fff" fill-opacity=".9">{words}</text>')
        out.append("</g>")
        return "".join(out)

    def _outline(self, x: float, y: float, cw: int, ch: int) -> str:
        rx = _n(round(cw * 0.08, 1))
        return (f'<rect x="{_n(x - 1.5)}" y="{_n(y - 1.5)}" width="{cw + 3}" height="{ch + 3}" rx="{rx}" fill="none" '
                f'stroke="{MARK}" stroke-width="3"/>')

    def _slot(self, pile: str, box: PileBox) -> str:
        """An empty pile: a dashed outline with what it takes ("A", "K", "waste")."""
        g, game = self.geometry, self.game
        cw, ch = g.card_width, g.card_height
        rx = _n(round(cw * 0.08, 1))
        out = [f'<rect x="{box.x + 1}" y="{box.y + 1}" width="{cw - 2}" height="{ch - 2}" rx="{rx}" fill="#000" '
               f'fill-opacity=".1" stroke="#fff" stroke-opacity=".5" stroke-width="2" stroke-dasharray="6 4"/>']
        if game.ROLES[pile] == "stock":
            text = "↻" if any(game.is_legal(action) for action in game.redeal_actions()) else ""
            size = cw * 0.5
        else:
            text = game.empty_label(pile)
            size = cw * (0.34 if len(text) <= 1 else 0.15)
            if len(text) > 1:
                text = text.upper()
        if text:
            spacing = ' letter-spacing="1"' if len(text) > 1 else ""
            out.append(f'<text x="{_n(box.x + cw / 2)}" y="{_n(round(box.y + ch / 2 + size * 0.36, 1))}" '
                       f'font-size="{_n(round(size, 1))}" fill="#fff" fill-opacity=".78"{spacing}>{_text(text)}</text>')
        return "".join(out)

    def _arrow(self, move: Move, boxes: dict[str, PileBox], tops: dict[str, tuple[float, float]],
               wrong: bool = False) -> str:
        """An arrow from the card that moves to the card it goes onto (or
        the empty pile); for a run, from the run's bottom card, the run
        outlined.  An action that moves no one card marks the stock (or, in
        a game without one, says its name).  ``wrong``: the ``mistake``
        arrow, red and dashed on a white edge."""
        game, g = self.game, self.geometry
        cw, ch = g.card_width, g.card_height
        if move.action is not None:
            pair = game.DRAWS.get(move.action)
            if pair is None:
                return self._action_mark(move.action, boxes, wrong)
            source, target = pair
        else:
            source, target = move.source, move.target  # type: ignore[assignment]
        tx, ty = tops[target]  # the top cards' centres
        run = ""
        colour, key = (MISTAKE, "w") if wrong else (MARK, "m")
        starts = [tops[source]]
        if move.partner is not None:  # a pair: an arrow from each of its two cards
            starts.append(tops[move.partner])
        elif move.count > 1:
            starts[0], run = self._run_start(source, move.count, boxes[source].fan, colour)
        stroke = max(3, round(cw * 0.07))
        self._define(key, f'<marker id="\x01{key}" viewBox="0 0 10 10" refX="4" refY="5" markerWidth="3" '
                          f'markerHeight="3" orient="auto"><path d="M0 0L10 5 0 10z" fill="{colour}"/></marker>')
        edge, dash = ('#fff" stroke-opacity=".9', f'butt" stroke-dasharray="{stroke * 2} {_n(stroke * 1.5)}') \
            if wrong else ('#000" stroke-opacity=".35', "round")
        lines = ""
        for sx, sy in starts:
            length = math.hypot(tx - sx, ty - sy) or 1
            # Stop short of the centre so the head does not cover the card's middle.
            back = min(length / 3, ch * 0.2)
            ex, ey = tx - (tx - sx) * back / length, ty - (ty - sy) * back / length
            line = f'x1="{_n(round(sx, 1))}" y1="{_n(round(sy, 1))}" x2="{_n(round(ex, 1))}" y2="{_n(round(ey, 1))}"'
            lines += (f'<line {line} stroke="{edge}" stroke-width="{stroke + 3}" stroke-linecap="round"/>'
                      f'<line {line} stroke="{colour}" stroke-width="{stroke}" stroke-linecap="{dash}" '
                      f'marker-end="url(#\x01{key})"/>')
        return f'<g data-{"mistake" if wrong else "arrow"}="{_text(str(move))}">{run}{lines}</g>'

    def _run_start(self, pile: str, count: int, fan: str, colour: str = MARK) -> tuple[tuple[float, float], str]:
        """Where the arrow of a move of ``count`` cards from ``pile`` starts:
        the middle of what shows of the run's bottom card (a stack shows
        only its top card); and the outline around the run, in ``colour``."""
        g = self.geometry
        cw, ch = g.card_width, g.card_height
        spots = self.spots[pile]
        bottom, top = spots[-count], spots[-1]
        above = spots[-count + 1]  # the next card up the run, which covers the rest of the bottom one
        if fan == "down":
            start = (bottom[0] + cw / 2, (bottom[1] + above[1]) / 2)
        elif fan == "right":
            start = ((bottom[0] + above[0]) / 2, bottom[1] + ch / 2)
        else:
            start = (top[0] + cw / 2, top[1] + ch / 2)
        x, y = min(bottom[0], top[0]), min(bottom[1], top[1])
        w, h = max(bottom[0], top[0]) - x + cw, max(bottom[1], top[1]) - y + ch
        rx = _n(round(cw * 0.08, 1))
        outline = (f'<rect x="{_n(x - 1.5)}" y="{_n(y - 1.5)}" width="{_n(w + 3)}" height="{_n(h + 3)}" rx="{rx}" '
                   f'fill="none" stroke="{colour}" stroke-width="3" data-run="{count}"/>')
        return start, outline

    def _action_mark(self, action: str, boxes: dict[str, PileBox], wrong: bool = False) -> str:
        """An action's name on the stock (outlined), or over the table in a
        game without one; the ``mistake``'s in red, under the other's place."""
        g = self.geometry
        cw, ch = g.card_width, g.card_height
        stock = next(iter(self.game.piles_of("stock")), None)
        out = [f'<g data-{"mistake" if wrong else "arrow"}="{_text(action)}">']
        if stock is not None:
            box = boxes[stock]
            if not wrong:
                out.append(self._outline(box.x, box.y, cw, ch))
            x, y = box.x + cw / 2, box.y + ch / 2
        w = 8 * len(action) + 16
        if stock is not None:
            y += 24 if wrong else 0
        else:  # near the middle of the first row, where it covers no card's index
            x, y = self._label_spot(w, 20, g.width / 2, boxes[self.layout.piles[0]].y + ch / 2, boxes)
        fill, ink = (MISTAKE, "#fff") if wrong else (MARK, BLACK)
        out.append(f'<rect x="{_n(round(x - w / 2, 1))}" y="{_n(round(y - 10, 1))}" width="{w}" height="20" rx="10" '
                   f'fill="{fill}"/><text x="{_n(round(x, 1))}" y="{_n(round(y + 4.5, 1))}" font-size="13" '
                   f'fill="{ink}">{_text(action)}</text></g>')
        return "".join(out)

    def _label_spot(self, w: float, h: float, x: float, y: float, boxes: dict[str, PileBox]) -> tuple[float, float]:
        """Where the centre of a label ``w`` × ``h`` px goes, as near
        (``x``, ``y``) as can be: over no card's index (the corner a fan
        leaves showing), no pile's name and no label drawn before; over no
        card at all where the felt has room within a few card widths."""
        g, game = self.geometry, self.game
        cw, ch = g.card_width, g.card_height
        read: list[Rect] = list(self.labelled)  # what a player reads: never covered
        cards: list[Rect] = []
        for pile, spots in self.spots.items():
            box, down = boxes[pile], game.face_down(pile)
            iw, ih = (cw, g.index.down) if box.fan == "down" else (g.index.right, g.index.line)
            for i, (cx, cy) in enumerate(spots):
                cards.append((cx, cy, cx + cw, cy + ch))
                if i >= down and (box.fan != "none" or i == len(spots) - 1):
                    read.append((cx, cy, cx + iw, cy + ih))
            if self.labels:
                read.append((box.x, box.y - LABEL_HEIGHT, box.x + 2 + _text_width(pile, 11), box.y))
        top = self._offsets()[0]
        reach = 4 * cw
        bottom = max(b.y + b.h for b in boxes.values())
        spots = [(cx, cy) for cx in _steps(max(w / 2 + 2, x - reach), min(g.width - w / 2 - 2, x + reach))
                 for cy in _steps(max(top + h / 2 + 2, y - reach), min(bottom - h / 2, y + reach))]
        spots.sort(key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
        found: Optional[tuple[float, float]] = None
        for cx, cy in spots:
            rect = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if any(_overlap(rect, r) for r in read):
                continue
            if not any(_overlap(rect, r) for r in cards):
                found = (cx, cy)
                break
            found = found or (cx, cy)
        cx, cy = found or (x, y)
        self.labelled.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        return cx, cy
