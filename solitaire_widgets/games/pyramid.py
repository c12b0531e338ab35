"""Pyramid: two exposed cards that make 13 leave together; a king alone.

Rulings where the sources differ:

* The deal and the stock follow PySolFC: 28 cards face up in a pyramid of
  seven rows, each card half covering the two above it; one card turned
  onto the waste; the other 23 the stock, turned one at a time, three
  passes in all.  Option ``passes="1"``: one pass, no redeal (the older
  rule books).
* Only the waste's top card plays from the stock's side (the rule books);
  PySolFC's stock also shows its next card face up, playable too.
* Won when all 52 cards are home (PySolFC's Pyramid; its "Relaxed Pyramid"
  is won once the pyramid is cleared).

>>> import solitaire_widgets as sw
>>> game = sw.Pyramid(seed=1)
>>> len(game["waste"]), len(game["stock"]), game.movable("p0"), game.movable("p27")
(1, 23, 0, 1)
"""

from __future__ import annotations

from ..kit import NOTHING, Draw, Game, Layout, Pairs, Row, Slot, Tableau, by_option, piles_by_role, pyramid

PYRAMID = tuple(f"p{i}" for i in range(28))
ROWS = 7


def pyramid_slots(first_row: int, left: float) -> list[Slot]:
    """Slots of the pyramid: row ``r`` (from ``first_row``) holds ``r + 1``
    cards, centred on the seven of the bottom row, which starts at column
    ``left``."""
    slots, n = [], 0
    for r in range(ROWS):
        for i in range(r + 1):
            slots.append(Slot(PYRAMID[n], first_row + r, left + (ROWS - 1 - r) / 2 + i))
            n += 1
    return slots


# Each row of the pyramid half a card under the one above (a little more on
# narrow tables, whose small cards draw a larger index), the last whole.
PYRAMID_ROWS = tuple(Row(height=0.5, gap_before=0) for _ in range(ROWS - 1)) + (Row(),)
NARROW_STEP = 0.6


class Pyramid(Game):
    """Pyramid: clear a pyramid of 28 cards by pairs that make 13."""

    name = "pyramid"
    title = "Pyramid"
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation="f0", tableau=PYRAMID)
    ROUTES = {pile: ("f0",) for pile in PYRAMID + ("waste",)}
    FOUNDATION = Pairs(13)
    TABLEAU = Tableau(empty=NOTHING)
    COVERED_BY = pyramid(PYRAMID)
    STOCK = Draw(passes=by_option("passes", {"3": 3, "1": 1}))
    OPTIONS = {"passes": ("3", "1")}
    # With one pass about one deal in a thousand can be won: a winnable deal
    # is built from a win rather than searched for.
    DEALS_FROM_A_WIN = by_option("passes", {"3": False, "1": True})
    OPTION_RULES = {"passes": {
        "3": "Three passes through the stock: twice, once it is empty, redeal turns the waste over into a new "
             "stock, its cards in the same order.",
        "1": "One pass through the stock, no redeal.",
    }}
    RULES = (
        ("Cards", "one deck of 52. A stock, a waste, the discard pile f0 and 28 tableau piles p0–p27 of one "
                  "card each, laid out as a pyramid: p0 at the top, then rows of 2, 3 … 7 cards."),
        ("Deal", "28 cards face up into the pyramid, row by row, each card half covering the two above it; one "
                 "card onto the waste; the other 23 are the stock."),
        ("Play", "a card plays only once no card lies on it; the waste's top card plays too. {foundation} Jacks "
                 "count 11, queens 12, aces 1: a queen goes with an ace, a jack with a 2 … a 7 with a 6."),
        ("Stock", "draw turns the stock's top card onto the waste. {passes}"),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    # The stock and the waste on the left (room between them for the passes left), the
    # pyramid, the discard pile on the right.
    LAYOUT = Layout(cols=9.4, rows=PYRAMID_ROWS, slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 3, 0, badge=True), *pyramid_slots(0, 1.2),
        Slot("f0", 0, 8.4, badge=True)))
    # Narrow tables: the stock, the waste and the discard pile in a row above the pyramid.
    NARROW_LAYOUTS = (Layout(cols=7, rows=(Row(),) + tuple(Row(height=NARROW_STEP, gap_before=1.5 if r == 0 else 0)
                                                             for r in range(ROWS - 1)) + (Row(gap_before=0),),
                             slots=(Slot("stock", 0, 1, badge=True), Slot("waste", 0, 2, badge=True),
                                    Slot("f0", 0, 5, badge=True), *pyramid_slots(1, 0)), max_width=700),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(PYRAMID)
        deal.to("waste")
        deal.rest_to("stock")


GAMES: tuple[type[Game], ...] = (Pyramid,)
