"""Golf, Black Hole and TriPeaks: one foundation built a rank up or down, in
any suit, from the top cards of the tableau.

Rulings where the sources differ:

* Golf: seven columns of five, face up; one card onto the foundation, the
  other 16 the stock (PySolFC and Solvitaire; Aisleriot leaves the
  foundation empty until the first draw).  Without wrap, a queen may go on
  a king (PySolFC's Golf and Solvitaire's); Aisleriot puts nothing on a king
  (PySolFC's "Dead King Golf").  Option ``wrap="yes"`` joins king and ace
  (PySolFC's "Relaxed Golf").  Won once the columns are cleared, as PySolFC
  and Aisleriot have it (the stock left could only be turned onto the
  foundation).
* Black Hole: A♠ alone in the hole, the other 51 cards dealt in rows onto
  17 fans of three (PySolFC, Solvitaire), king and ace joined.
* TriPeaks: 18 cards face down in three peaks, covered by a row of ten face
  up; a card turns up once nothing lies on it (PySolFC and Aisleriot); one
  card onto the foundation, the other 23 the stock, one pass.  King and ace
  join by default, as both play it (``wrap="no"`` parts them).  Won once
  the peaks are cleared.

>>> import solitaire_widgets as sw
>>> [len(sw.Golf(seed=1)[f"t{i}"]) for i in range(7)], len(sw.Golf(seed=1)["stock"])
([5, 5, 5, 5, 5, 5, 5], 16)
>>> str(sw.BlackHole(seed=1)["f0"][0]), sw.TriPeaks(seed=1).face_down("t0")
('A♠', 1)
"""

from __future__ import annotations

from typing import Optional

from ..kit import (ANY_CARD, NOTHING, UP_OR_DOWN, Card, Draw, Foundation, Game, Guide, Layout, Pace, Row, Slot,
                   Tableau, by_option, piles_by_role, run)

GOLF_COLUMNS = tuple(f"t{i}" for i in range(7))
FANS = tuple(f"t{i}" for i in range(17))
PEAKS = tuple(f"t{i}" for i in range(28))
WRAP_RULES = {
    "no": "A king ends a run going up: only a queen goes on a king, and only a 2 on an ace.",
    "yes": "King and ace join: a queen or an ace goes on a king, a king or a 2 on an ace.",
}
# The foundation's build, king and ace joined or not as the option says.
BY_WRAP = by_option("wrap", no=UP_OR_DOWN, yes=UP_OR_DOWN.with_wrap())
# The solver (Golf and TriPeaks): its guided pass turns no stock card while a
# card can go home, and a position counts the cards that lie on one the
# foundation takes now.  On Golf's seeds 0-11 at 30,000 states: 3 won
# against 0 without them.
GUIDE_UP_OR_DOWN = Guide(home_before_stock=True)
PACE_UP_OR_DOWN = Pace(covering=1.0)


def cleared(game: Game, piles: tuple[str, ...]) -> bool:
    """Whether every one of ``piles`` is empty."""
    return not any(game._piles[game._INDEX[p]] for p in piles)


class Golf(Game):
    """Golf: clear seven columns onto one foundation, a rank up or down at a time."""

    name = "golf"
    title = "Golf"
    PILES, ROLES = piles_by_role(stock="stock", foundation="f0", tableau=GOLF_COLUMNS)
    ROUTES = {column: ("f0",) for column in GOLF_COLUMNS}
    FOUNDATION = Foundation(BY_WRAP, empty=ANY_CARD)
    TABLEAU = Tableau(empty=NOTHING)
    STOCK = Draw(to="f0")
    OPTIONS = {"wrap": ("no", "yes")}
    OPTION_RULES = {"wrap": WRAP_RULES}
    INTERCHANGEABLE = GOLF_COLUMNS  # each column only gives its top card home
    GUIDE, PACE = GUIDE_UP_OR_DOWN, PACE_UP_OR_DOWN
    # Most deals the solver wins it wins within 1,000 positions, and the
    # others use up any budget: a small one tries more seeds in the same time.
    DEAL_STATES = 1_000
    RULES = (
        ("Cards", "one deck of 52. A stock, one foundation f0 and seven columns t0–t6."),
        ("Deal", "five cards face up onto each column, one onto f0; the other 16 are the stock."),
        ("Play", "a column's top card goes onto f0 when it ranks one above or one below f0's top card, whatever "
                 "the suits. {wrap} Nothing ever goes onto a column."),
        ("Stock", "{stock}"),
        ("End", "won once the seven columns are cleared (the stock need not be); lost when no move is left."),
    )
    # The stock and the foundation on top; the columns fanned down under them.
    LAYOUT = Layout(cols=7, rows=(Row(), Row(height=2.4)), slots=(
        Slot("stock", 0, 2, badge=True), Slot("f0", 0, 4, badge=True), *run(GOLF_COLUMNS, 1, 0, fan="down")))

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.packets(GOLF_COLUMNS, 5)
        deal.to("f0")
        deal.rest_to("stock")

    def _won(self) -> Optional[str]:
        return "the seven columns are cleared" if cleared(self, GOLF_COLUMNS) else None


# Black Hole: the hole in the middle of the top row, the 17 fans of three in
# rows under it (six a row; three on narrow tables).
FAN_SPAN = 1.7
FAN_STEP = FAN_SPAN + 0.25


def fans_layout(per_row: int) -> Layout:
    """The hole centred on top, the fans in rows of ``per_row`` under it."""
    cols = (per_row - 1) * FAN_STEP + FAN_SPAN
    rows = (len(FANS) + per_row - 1) // per_row
    slots = tuple(Slot(pile, 1 + i // per_row, (i % per_row) * FAN_STEP, span=FAN_SPAN, fan="right")
                  for i, pile in enumerate(FANS))
    return Layout(cols, (Row(),) + tuple(Row(gap_before=1.5 if r == 0 else 1) for r in range(rows)),
                  (Slot("f0", 0, (cols - 1) / 2, badge=True),) + slots)


ACE_OF_SPADES = Card.parse("AS").face


class BlackHole(Game):
    """Black Hole: 17 fans of three into the hole, a rank up or down at a time."""

    name = "black_hole"
    title = "Black Hole"
    PILES, ROLES = piles_by_role(foundation="f0", tableau=FANS)
    ROUTES = {fan: ("f0",) for fan in FANS}
    FOUNDATION = Foundation(UP_OR_DOWN.with_wrap(), empty=ANY_CARD)
    TABLEAU = Tableau(empty=NOTHING)
    INTERCHANGEABLE = FANS
    RULES = (
        ("Cards", "one deck of 52. One foundation, the hole f0, and 17 fans t0–t16; no stock."),
        ("Deal", "A♠ alone into the hole; the other 51 cards face up in rows across the fans, three rounds, so "
                 "each fan holds three."),
        ("Play", "a fan's top card goes into the hole when it ranks one above or one below the hole's top card, "
                 "whatever the suits; king and ace join (a king or a 2 on an ace, a queen or an ace on a king). "
                 "Nothing ever goes onto a fan."),
        ("End", "won when all 52 cards are in the hole; lost when no move is left."),
    )
    LAYOUT = fans_layout(6)
    NARROW_LAYOUTS = (fans_layout(4), fans_layout(3))

    def _setup(self, order: list[int]) -> None:
        self._piles[self._INDEX["f0"]].append(ACE_OF_SPADES)
        deal = self.dealer([card for card in order if card != ACE_OF_SPADES])
        deal.rows(FANS, 3)


# TriPeaks: three peaks of 3 rows (1, 2 and 3 cards a peak), then a row of
# ten across; each card is covered by the two below it, half a card lower.
def peaks_covered_by() -> dict[str, tuple[str, ...]]:
    """Which piles lie on which: rows of 3, 6, 9 and 10 piles."""
    covered: dict[str, tuple[str, ...]] = {}
    for peak in range(3):  # the tops: each covered by two of the next row
        covered[PEAKS[peak]] = (PEAKS[3 + 2 * peak], PEAKS[4 + 2 * peak])
    for i in range(6):  # the second row: pairs of one peak side by side
        peak, side = divmod(i, 2)
        left = 9 + 3 * peak + side
        covered[PEAKS[3 + i]] = (PEAKS[left], PEAKS[left + 1])
    for i in range(9):  # the third row, over the full row of ten
        covered[PEAKS[9 + i]] = (PEAKS[18 + i], PEAKS[19 + i])
    return covered


def peaks_layout(step: float, max_width: Optional[int] = None) -> Layout:
    """The peaks, ``step`` columns from one card to the next in a row (less
    than 1: the cards of a row overlap, leaving their indices to show), each
    row half a card under the one above; the stock and the foundation under
    them."""
    def col(x: float) -> float:
        return x * step

    tops = [col(1.5 + 3 * peak) for peak in range(3)]
    second = [col(1 + 3 * peak + side) for peak in range(3) for side in range(2)]
    third = [col(0.5 + i) for i in range(9)]
    row = [col(i) for i in range(10)]
    cols = col(9) + 1
    slots = [Slot(pile, r, x) for r, xs, piles in ((0, tops, PEAKS[:3]), (1, second, PEAKS[3:9]),
                                                    (2, third, PEAKS[9:18]), (3, row, PEAKS[18:]))
             for x, pile in zip(xs, piles)]
    middle = cols / 2
    slots += [Slot("stock", 4, middle - 1.5, badge=True), Slot("f0", 4, middle + 0.5, badge=True)]
    overlap = Row(height=0.5, gap_before=0)
    return Layout(cols, (overlap, overlap, overlap, Row(), Row(gap_before=1.5)), slots, max_width=max_width)


class TriPeaks(Game):
    """TriPeaks: clear three peaks onto one foundation, a rank up or down at a time."""

    name = "tri_peaks"
    title = "TriPeaks"
    PILES, ROLES = piles_by_role(stock="stock", foundation="f0", tableau=PEAKS)
    ROUTES = {pile: ("f0",) for pile in PEAKS}
    FOUNDATION = Foundation(BY_WRAP, empty=ANY_CARD)
    TABLEAU = Tableau(empty=NOTHING)
    COVERED_BY = peaks_covered_by()
    STOCK = Draw(to="f0")
    OPTIONS = {"wrap": ("yes", "no")}
    OPTION_RULES = {"wrap": {"yes": WRAP_RULES["yes"], "no": WRAP_RULES["no"]}}
    GUIDE, PACE = GUIDE_UP_OR_DOWN, PACE_UP_OR_DOWN
    RULES = (
        ("Cards", "one deck of 52. A stock, one foundation f0 and 28 tableau piles t0–t27 of one card each: "
                  "three peaks (t0–t17) over a row of ten (t18–t27)."),
        ("Deal", "18 cards face down into the peaks, a row of ten face up across their foot, each card half "
                 "covering the two above it; one card onto f0; the other 23 are the stock."),
        ("Play", "a card plays only once no card lies on it; a face-down card turns up as soon as the last card "
                 "on it leaves. It goes onto f0 when it ranks one above or one below f0's top card, whatever the "
                 "suits. {wrap}"),
        ("Stock", "{stock}"),
        ("End", "won once the peaks are cleared (the stock need not be); lost when no move is left."),
    )
    LAYOUT = peaks_layout(1)
    NARROW_LAYOUTS = (peaks_layout(0.78, max_width=700),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        for pile in PEAKS[:18]:
            deal.to(pile, face_down=1)
        for pile in PEAKS[18:]:
            deal.to(pile)
        deal.to("f0")
        deal.rest_to("stock")

    def _won(self) -> Optional[str]:
        return "the peaks are cleared" if cleared(self, PEAKS) else None


GAMES: tuple[type[Game], ...] = (Golf, BlackHole, TriPeaks)
