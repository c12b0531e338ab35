"""Forty Thieves and Fortune's Favor: columns built down in suit, one card
at a time, a stock turned onto a waste once.

* **Forty Thieves** (also Napoleon at St Helena): two decks; ten columns
  of four cards, all face up; eight foundations up in suit from the ace;
  an empty column takes any card; one card a draw, one pass.
* **Fortune's Favor**: one deck; the four aces start the foundations;
  twelve columns of one card; an empty column is filled from the waste
  (from the stock when the waste is empty), and takes any card once both
  are empty; one card a draw, one pass.

Rulings where sources differ:

* Only the top card of a column moves, as the rule books, PySolFC and
  Solvitaire's presets say (no runs, even of one suit).
* Fortune's Favor's columns are filled by the player, from the waste's top
  card (kit: ``only_from("waste", "stock")``): while the waste or the stock
  holds cards, an empty column takes that card and no other, turned up
  first when it is still in the stock.  PySolFC and Solvitaire fill the
  column at once with the waste's top card; here the player may first turn
  up more cards and fill it with a later one, a little more freedom.
  PySolFC also turns the next stock card up at once when the waste is
  emptied; here the player draws.

>>> import solitaire_widgets as sw
>>> g = sw.FortyThieves(seed=1)
>>> [len(g[t]) for t in sw.FortyThieves.piles_of("tableau")] == [4] * 10, len(g["stock"])
(True, 64)
>>> h = sw.FortunesFavor(seed=1)
>>> [h[f][0].rank for f in h.piles_of("foundation")], len(h["stock"])
([1, 1, 1, 1], 36)
"""

from __future__ import annotations

from ..kit import (ANY_CARD, DOWN_IN_SUIT, RANK, SUIT, UP_IN_SUIT, Draw, Foundation, Game, Guide, Layout, Pace, Row,
                   Slot, Tableau, only_from, piles_by_role, run)

THIEVES_FOUNDATIONS = tuple(f"f{i}" for i in range(8))
THIEVES_COLUMNS = tuple(f"t{i}" for i in range(10))
FAVOR_FOUNDATIONS = tuple(f"f{i}" for i in range(4))
FAVOR_COLUMNS = tuple(f"t{i}" for i in range(12))


class FortyThieves(Game):
    """Forty Thieves: two decks, ten columns of four built down in suit,
    one card at a time; one pass through the stock."""

    name = "forty_thieves"
    title = "Forty Thieves"
    decks = 2
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation=THIEVES_FOUNDATIONS,
                                 tableau=THIEVES_COLUMNS)
    ROUTES = {pile: THIEVES_FOUNDATIONS + THIEVES_COLUMNS for pile in ("waste",) + THIEVES_COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=ANY_CARD)
    STOCK = Draw()
    RULES = (
        ("Cards", "two decks, 104 cards. A stock, its waste, foundations f0–f7 and ten columns t0–t9."),
        ("Deal", "four rounds across t0–t9, all face up. The other 64 cards are the stock, face down."),
        ("Foundations", "{foundation} Each suit has two. A card on a foundation stays there."),
        ("Columns", "only the top card moves, one at a time, to a foundation or onto another column. {tableau}"),
        ("Stock", "{stock}"),
        ("End", "won when all 104 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = THIEVES_COLUMNS
    CAN_CYCLE = True  # a lone card can go back and forth between empty columns
    # One pass: a card passed over onto the waste is hard to get back, so
    # the waste counts three times a card short of home and the stock little
    # (6 of 16 deals won at 30,000 positions; none with the defaults).
    GUIDE = Guide(home_before_stock=True, no_new_knots=True)
    PACE = Pace(stock=0.3, waste=3.0)
    # Stock, waste and the eight foundations in the top row, the ten
    # columns fanned down under them.
    LAYOUT = Layout(cols=10, rows=(Row(), Row(height=3)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True), *run(THIEVES_FOUNDATIONS, 0, 2),
        *run(THIEVES_COLUMNS, 1, 0, fan="down"),
    ))
    # Ten columns and ten piles above them need about 312 px side by side:
    # below 400 px, rows of five (the stock, the waste and eight foundations
    # on two, the columns on two).
    NARROW_LAYOUTS = (Layout(cols=5, max_width=400, rows=(Row(), Row(), Row(height=3), Row(height=3)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True), *run(THIEVES_FOUNDATIONS[:3], 0, 2),
        *run(THIEVES_FOUNDATIONS[3:], 1, 0),
        *run(THIEVES_COLUMNS[:5], 2, 0, fan="down"), *run(THIEVES_COLUMNS[5:], 3, 0, fan="down"),
    )),)

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(THIEVES_COLUMNS, 4)
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        # Only the next lower card of its suit goes on it, and there are two
        # of those: safe once both are home (an ace or a two always: aces
        # go home rather than onto a two).
        card = self._piles[s][-1]
        rank, suit = RANK[card], SUIT[card]
        if rank <= 2:
            return True
        reached = [RANK[p[-1]] for p in map(self._piles.__getitem__, self._FOUNDATIONS) if p and SUIT[p[-1]] == suit]
        return sum(r >= rank - 1 for r in reached) == 2


class FortunesFavor(Game):
    """Fortune's Favor: the aces out, twelve columns of one card built down
    in suit, filled from the waste; one pass through the stock."""

    name = "fortunes_favor"
    title = "Fortune's Favor"
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation=FAVOR_FOUNDATIONS, tableau=FAVOR_COLUMNS)
    ROUTES = {pile: FAVOR_FOUNDATIONS + FAVOR_COLUMNS for pile in ("waste",) + FAVOR_COLUMNS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=only_from("waste", "stock"))
    STOCK = Draw()
    RULES = (
        ("Cards", "one deck of 52. A stock, its waste, foundations f0–f3 and twelve columns t0–t11."),
        ("Deal", "the four aces go to f0–f3 in deck order; then one card face up to each column. The other 36 "
                 "cards are the stock, face down."),
        ("Foundations", "{foundation} A card on a foundation stays there."),
        ("Columns", "only the top card moves, one at a time, to a foundation or onto another column. {tableau} "
                    "While the waste is empty, a stock card fills a column once it is turned up onto the waste."),
        ("Stock", "{stock}"),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    INTERCHANGEABLE = FAVOR_COLUMNS
    CAN_CYCLE = True
    # Stock, waste and the foundations in the top row; the columns in two
    # rows of six under them, fanned down.
    LAYOUT = Layout(cols=6, rows=(Row(), Row(height=2), Row(height=2)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True), *run(FAVOR_FOUNDATIONS, 0, 2),
        *run(FAVOR_COLUMNS[:6], 1, 0, fan="down"), *run(FAVOR_COLUMNS[6:], 2, 0, fan="down"),
    ))

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.aces_to(FAVOR_FOUNDATIONS)
        deal.rows(FAVOR_COLUMNS)
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        # One deck, built down in suit: the only card that could go on it is
        # the next lower of its suit, which is home already.
        return True


GAMES: tuple[type[Game], ...] = (FortyThieves, FortunesFavor)
