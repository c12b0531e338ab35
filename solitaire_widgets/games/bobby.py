"""Bobby: one deck, two foundations built up or down by one rank in any suit
(K and A join), a stock with three passes.

>>> import solitaire_widgets as sw
>>> g = sw.Bobby(seed=5)
>>> len(g["f0"]), len(g["stock"]), g.passes_left
(1, 51, 3)
"""

from __future__ import annotations

from ..kit import (ANY_CARD, UP_OR_DOWN, Draw, Foundation, Game, Layout, Pace, Restart, Row, Slot, by_option,
                   piles_by_role)


class Bobby(Game):
    """Bobby.

    * Deal: the first card face up onto ``f0``; the rest is the stock.
    * ``draw``: stock top onto the waste.  Only the waste top plays.
    * Foundations: an empty one takes any card; otherwise one rank up or down,
      any suit, wrapping K↔A.  Won with all 52 home, however split.
    * ``redeal`` when the stock is empty: the waste becomes the stock again,
      reshuffled (option ``redeal="shuffle"``, by a shuffle fixed by the seed
      and the pass) or turned over (``redeal="turn"``, as PySolFC plays).  Two
      redeals, three passes in all.
    """

    name = "bobby"
    title = "Bobby"
    decks = 1
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation=("f0", "f1"))
    ROUTES = {"waste": ("f0", "f1")}
    FOUNDATION = Foundation(UP_OR_DOWN.with_wrap(), empty=ANY_CARD)  # no limit of 13: any split wins
    STOCK = Draw(passes=3, turn=by_option("redeal", shuffle="shuffle", turn="over"))
    OPTIONS = {"redeal": ("shuffle", "turn")}
    RULES = (
        ("Cards", "one deck of 52. Stock, waste, foundations f0 and f1."),
        ("Deal", "the first card goes face up to f0; the rest is the stock, face down."),
        ("Draw", "turns the stock's top card onto the waste. Only the waste's top card plays."),
        ("Foundations", "an empty one takes any card; otherwise one rank up or down in any suit, king "
                        "and ace joined (Q, K, A, 2 …). No limit of 13 cards: any split of the 52 wins."),
        ("Redeal", "allowed when the stock is empty and the waste is not. {redeal} Two redeals, "
                   "three passes in all."),
        ("End", "won when all 52 cards are home; lost when no move is left."),
    )
    OPTION_RULES = {"redeal": {
        "shuffle": "The waste is reshuffled to form the stock again, by a shuffle fixed by the seed and "
                   "the pass, so replays are exact.",
        "turn": "The waste is turned over to form the stock again, so the first card drawn comes up "
                "first again (as PySolFC plays).",
    }}
    REDEALS_MATTER = True  # passes are limited and each reshuffle has its own seed
    # No guide: holding cards on the waste is how Bobby is won.  Its stock and
    # waste hold every card not home, so the pace says how far a pass has gone.
    # Early positions, with few cards on the waste, look best: after 3,000
    # positions the search starts again with every 20th position taken
    # diving down its best line to the end (dives from the start: seeds
    # 100-299 at 30,000 positions, 179 won instead of 162; from 3,000 on,
    # deals won sooner are won as before).  The deals dives lose themselves
    # in, the pace without them often wins: after 15,000 positions the
    # search starts again without.
    PACE = Pace(stock=0.0, waste=0.8, per_redeal=16.0)
    RESTARTS = (Restart(after=3_000, pace=Pace(stock=0.0, waste=0.8, per_redeal=16.0, dive=20)),
                Restart(after=15_000, pace=PACE))
    # Stock and waste on the left, the two foundations on the right; room
    # under the row for the passes left, written under the stock.
    LAYOUT = Layout(cols=5, max_card_width=130, rows=(Row(below=0.3),), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
        Slot("f0", 0, 3, badge=True), Slot("f1", 0, 4, badge=True),
    ))

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.to("f0")
        deal.rest_to("stock")
