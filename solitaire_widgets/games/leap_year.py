"""Leap Year: four decks, sixteen foundations built up in rank regardless of
suit, eight tableau piles that only the stock feeds, one card each per deal.

>>> import solitaire_widgets as sw
>>> g = sw.LeapYear(seed=5)
>>> len(g["stock"]), [len(g[f"t{i}"]) for i in range(8)] == [1] * 8
(184, True)
"""

from __future__ import annotations

from ..kit import (NOTHING, RANK, UP_BY_RANK, DealRow, Foundation, Game, GatherToStock, Guide, Layout, Pace, Restart,
                   Row, Slot, Tableau, by_option, piles_by_role, run)

FOUNDATIONS = tuple(f"f{i}" for i in range(16))
COLUMNS = tuple(f"t{i}" for i in range(8))


class LeapYear(Game):
    """Leap Year.

    * Deal: the 16 aces go to ``f0``–``f15`` in deck order; the next 8 cards
      one each to ``t0``–``t7``; the other 184 are the stock.
    * Foundations: up in rank to king, any suit.  No building on the tableau.
    * ``deal`` (any time the stock has cards) puts one card on every tableau
      pile, empty ones included.  One pass (option ``redeal="none"``), or
      ``redeal="once"``: when the stock is empty, ``redeal`` gathers ``t0`` …
      ``t7`` (each bottom to top) into the stock once more, order kept.
    """

    name = "leap_year"
    title = "Leap Year"
    decks = 4
    PILES, ROLES = piles_by_role(stock="stock", foundation=FOUNDATIONS, tableau=COLUMNS)
    ROUTES = {pile: FOUNDATIONS for pile in COLUMNS}
    FOUNDATION = Foundation(UP_BY_RANK)
    TABLEAU = Tableau(empty=NOTHING)  # no building: the stock alone fills the piles
    STOCK = (DealRow(what="deals a card onto every pile"),
             GatherToStock(passes=by_option("redeal", none=1, once=2)))
    OPTIONS = {"redeal": ("none", "once")}
    REDEALS_MATTER = True  # with redeal="once" the redeal can be spent
    GUIDE = Guide(home_before_stock=True)
    # On seeds 0-99 the first pace wins no deal after 17,426 positions, while
    # other paces win some of those it loses itself in within a few thousand:
    # from 18,000 on the budget goes to them.  Which paces, and how long each:
    # those whose wins in their first 6,000 positions (each pace alone, seeds
    # 0-199) together cover the most deals at 30,000 positions.
    RESTARTS = (Restart(after=18_000, pace=Pace(covering=0.5)), Restart(after=22_000, pace=Pace(knot=6.0)),
                Restart(after=24_500, pace=Pace(covering=0.5, knot=1.0)),
                Restart(after=26_000, pace=Pace(covering=1.0)))
    # Few deals are won, and most of those within 1,000 positions, while the
    # others use up any budget: a small one tries more seeds in the same time.
    DEAL_STATES = 1_000
    # The stock at the left, the sixteen foundations in two rows of eight,
    # the tableau under them fanned down (a pile reaches 24 cards).
    LAYOUT = Layout(cols=9, rows=(Row(), Row(), Row(height=2, gap_before=2)), slots=(
        Slot("stock", 0, 0, badge=True), *run(FOUNDATIONS[:8], 0, 1), *run(FOUNDATIONS[8:], 1, 1),
        *run(COLUMNS, 2, 1, fan="down"),
    ))
    RULES = (
        ("Cards", "four decks, 208 cards. Stock, foundations f0–f15, tableau piles t0–t7."),
        ("Deal", "the 16 aces go to f0–f15 in deck order; the next 8 cards go face up, one each, to "
                 "t0–t7; the other 184 are the stock, face down."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Tableau", "a top card goes only to a foundation. No building on the tableau, nothing moves "
                    "between its piles, and an empty pile stays empty until the next deal."),
        ("Stock", "at any time, deal one card face up onto each of t0, t1, … t7, empty piles included. "
                  "{redeal}"),
        ("End", "won when all 208 cards are home; lost when no move is left."),
    )
    OPTION_RULES = {"redeal": {
        "none": "One pass through the stock, no redeal.",
        "once": "One redeal: when the stock is empty, gather t0, t1, … t7, each bottom to top, into "
                "a new stock that deals them again in that order.",
    }}

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.aces_to(FOUNDATIONS)
        deal.rows(COLUMNS)
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        # The tableau never builds, so no card is ever needed there; but a
        # card that goes home takes a place another copy of its rank may
        # need (as in Frog): safe once no foundation is below the rank under it.
        rank = RANK[self._piles[s][-1]]
        return all(len(self._piles[f]) >= rank - 1 for f in self._FOUNDATIONS)

    def _route_reason(self, source: str, target: str) -> str:
        if source in COLUMNS and target in COLUMNS:
            return "Leap Year has no building on the tableau: cards go only to the foundations"
        return super()._route_reason(source, target)
