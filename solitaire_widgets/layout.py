"""Where each pile lies on the card table, declared by the game in Python.

A layout places piles on a grid whose unit is one card width plus one gap:
``col=2.5`` means two and a half card-and-gap steps from the left.  Rows
stack top to bottom; a row is as tall as it reserves (``height``, in card
heights) or as its longest fan needs.  The page (``js/src/layout.js``) turns
a layout into pixel boxes for the width it has, so cards shrink to fit and
grow up to ``max_card_width``.

A game declares ``LAYOUT`` and, for narrow tables, ``NARROW_LAYOUTS`` (the
page takes the one with the largest cards, among those whose ``max_width``
allows the width).  A game that declares none gets ``default_layout``: the
stock, waste and reserve top left, the foundations top right, the tableau
fanned down below.

>>> lay = Layout(cols=3, rows=(Row(), Row(height=2, gap_before=2)),
...              slots=(Slot("stock", 0, 0, badge=True), *run(["t0", "t1"], 1, 1, fan="down")))
>>> lay.piles
('stock', 't0', 't1')
>>> lay.to_json()["slots"][1]
{'pile': 't0', 'row': 1, 'col': 1, 'fan': 'down'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal, Mapping, Optional, Sequence

Fan = Literal["none", "down", "right"]
FANS = ("none", "down", "right")


@dataclass(frozen=True)
class Row:
    """One row of a layout: ``height`` in card heights, ``gap_before`` the
    space above it in gaps, ``below`` extra room under it in card widths
    (for a caption such as the passes left under a stock)."""

    height: float = 1
    gap_before: float = 1
    below: float = 0

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"h": self.height}
        if self.gap_before != 1:
            data["gapBefore"] = self.gap_before
        if self.below:
            data["below"] = self.below
        return data


@dataclass(frozen=True)
class Slot:
    """Where one pile lies: its ``row`` (an index into the layout's rows) and
    ``col`` (grid columns from the left, may be fractional); ``span`` its
    width in columns (for a pile fanned right); ``fan`` how its cards spread
    (``"none"``, ``"down"`` or ``"right"``); ``badge`` a card count on it.

    >>> Slot("reserve", 0, 2.3, span=5.7, fan="right").to_json()
    {'pile': 'reserve', 'row': 0, 'col': 2.3, 'span': 5.7, 'fan': 'right'}
    """

    pile: str
    row: int
    col: float
    span: Optional[float] = None
    fan: Fan = "none"
    badge: bool = False

    def __post_init__(self) -> None:
        if self.fan not in FANS:
            raise ValueError(f"slot of {self.pile!r}: fan must be one of {', '.join(FANS)}, not {self.fan!r}")
        if not isinstance(self.row, int) or isinstance(self.row, bool) or self.row < 0:
            raise ValueError(f"slot of {self.pile!r}: row must be a row index (0, 1, …), not {self.row!r}")
        for name in ("col", "span"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0):
                raise ValueError(f"slot of {self.pile!r}: {name} must be a number ≥ 0, not {value!r}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"pile": self.pile, "row": self.row, "col": self.col}
        if self.span is not None:
            data["span"] = self.span
        if self.fan != "none":
            data["fan"] = self.fan
        if self.badge:
            data["badge"] = True
        return data


@dataclass(frozen=True)
class Layout:
    """A table layout: ``cols`` grid columns wide, ``rows`` top to bottom,
    one ``Slot`` per pile.  ``max_width`` (px): the widest table this layout
    is for (a narrow alternative); ``max_card_width`` (px): the largest card
    it draws (default the page's, 120)."""

    cols: float
    rows: Sequence[Row]
    slots: Sequence[Slot]
    max_width: Optional[int] = None
    max_card_width: Optional[int] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", tuple(self.rows))
        object.__setattr__(self, "slots", tuple(self.slots))
        if isinstance(self.cols, bool) or not isinstance(self.cols, (int, float)) or self.cols <= 0:
            raise ValueError(f"a layout is at least one column wide, not cols={self.cols!r}")
        if not self.rows or not all(isinstance(row, Row) for row in self.rows):
            raise ValueError("a layout needs rows=(Row(), …), at least one")
        if not all(isinstance(slot, Slot) for slot in self.slots):
            raise ValueError("a layout's slots are Slot(pile, row, col, …) values")
        seen: set[str] = set()
        for slot in self.slots:
            if slot.pile in seen:
                raise ValueError(f"pile {slot.pile!r} is placed twice")
            seen.add(slot.pile)
            if slot.row >= len(self.rows):
                raise ValueError(f"pile {slot.pile!r} is placed in row {slot.row}, but the layout has "
                                 f"{len(self.rows)} row{'s' * (len(self.rows) != 1)}")

    @property
    def piles(self) -> tuple[str, ...]:
        """The ids of the piles placed, in slot order."""
        return tuple(slot.pile for slot in self.slots)

    def check(self, piles: Iterable[str]) -> None:
        """Raise ``ValueError`` unless the layout places exactly ``piles``.

        >>> Layout(1, (Row(),), (Slot("f0", 0, 0),)).check(["f0", "t0"])
        Traceback (most recent call last):
        ...
        ValueError: it leaves out pile 't0'
        """
        wanted = list(piles)
        unknown = [p for p in self.piles if p not in wanted]
        if unknown:
            raise ValueError(f"it places pile {unknown[0]!r}, which the game does not have "
                             f"(its piles: {', '.join(wanted)})")
        missing = [p for p in wanted if p not in self.piles]
        if missing:
            raise ValueError(f"it leaves out pile {missing[0]!r}")

    def to_json(self) -> dict[str, Any]:
        """The plain-JSON form the page reads (``js/src/layout.js``)."""
        data: dict[str, Any] = {"cols": self.cols}
        if self.max_width is not None:
            data["maxWidth"] = self.max_width
        if self.max_card_width is not None:
            data["maxCw"] = self.max_card_width
        data["rows"] = [row.to_json() for row in self.rows]
        data["slots"] = [slot.to_json() for slot in self.slots]
        return data


def run(piles: Iterable[str], row: int, col: float, *, step: float = 1, **slot: Any) -> tuple[Slot, ...]:
    """Slots for a run of piles side by side: the first at ``col``, the next
    ``step`` columns further, and so on; ``slot`` keywords go to every one.

    >>> [(s.pile, s.col) for s in run(["t0", "t1", "t2"], 1, 0.5, fan="down")]
    [('t0', 0.5), ('t1', 1.5), ('t2', 2.5)]
    """
    return tuple(Slot(pile, row, col + i * step, **slot) for i, pile in enumerate(piles))


def fanned_rows(top: Sequence[str], piles: Sequence[str], per_row: int, *, span: float,
                space: float = 0.2, **layout: Any) -> Layout:
    """``top`` (the foundations, say) centred in the first row, ``piles``
    under them in rows of ``per_row``, each fanned to the right ``span``
    columns wide and ``space`` columns apart (Cruel's packets, Fan's fans);
    ``layout`` keywords go to the ``Layout``.

    >>> lay = fanned_rows(["f0"], ["t0", "t1", "t2"], 2, span=2)
    >>> lay.cols, len(lay.rows), [(s.pile, s.row, s.col) for s in lay.slots]
    (4.2, 3, [('f0', 0, 1.6), ('t0', 1, 0.0), ('t1', 1, 2.2), ('t2', 2, 0.0)])
    """
    step = span + space
    cols = (per_row - 1) * step + span
    rows = (Row(),) + tuple(Row(gap_before=1.5 if r else 2) for r in range(-(-len(piles) // per_row)))
    slots = run(top, 0, (cols - len(top)) / 2) + tuple(
        Slot(pile, 1 + i // per_row, (i % per_row) * step, span=span, fan="right") for i, pile in enumerate(piles))
    return Layout(cols, rows, slots, **layout)


def default_layout(piles: Sequence[str], roles: Mapping[str, str]) -> Layout:
    """The layout of a game that declares none: its stock, waste and reserve
    in the top row at the left, then its free cells, its foundations at the
    right of that row, its tableau fanned down in the row under it, centred.

    >>> lay = default_layout(("stock", "f0", "t0", "t1"), {"stock": "stock", "f0": "foundation",
    ...                      "t0": "tableau", "t1": "tableau"})
    >>> [(s.pile, s.row, s.col) for s in lay.slots]
    [('stock', 0, 0), ('f0', 0, 1), ('t0', 1, 0.0), ('t1', 1, 1.0)]
    >>> [s.pile for s in default_layout(("c0", "f0", "t0"), {"c0": "cell", "f0": "foundation", "t0": "tableau"}).slots]
    ['c0', 'f0', 't0']
    """
    top = [p for p in piles if roles[p] in ("stock", "waste", "reserve")]
    cells = [p for p in piles if roles[p] == "cell"]
    foundations = [p for p in piles if roles[p] == "foundation"]
    tableau = [p for p in piles if roles[p] == "tableau"]
    cols = max(1, len(top) + len(cells) + len(foundations), len(tableau))
    slots = (run(top, 0, 0, badge=True) + run(cells, 0, len(top)) + run(foundations, 0, cols - len(foundations))
             + run(tableau, 1, (cols - len(tableau)) / 2, fan="down"))
    return Layout(cols, (Row(), Row(height=3, gap_before=2)), slots)
