"""Bobby: one deck, two foundations built up or down by one rank in any suit
(K and A join), a stock with three passes.

>>> import solitaire_widgets as sw
>>> g = sw.Bobby(seed=5)
>>> len(g["f0"]), len(g["stock"]), g.passes_left
(1, 51, 3)
"""

from __future__ import annotations

from typing import Any, Optional

from ..cards import CARD, RANK, describe_rank
from ..game import ANY, Game
from ..layout import Layout, Row, Slot
from ..piles import piles_by_role
from ..shuffle import derive_seed, shuffled
from ..strategy import Pace


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
    ACTION_NAMES = ("draw", "redeal")
    DRAWS = {"draw": ("stock", "waste")}
    PASSES = 3
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
    KEY = "rank"
    REDEALS_MATTER = True  # passes are limited and each reshuffle has its own seed
    # No guide: holding cards on the waste is how Bobby is won.  Its stock and
    # waste hold every card not home, so the pace says how far a pass has gone.
    PACE = Pace(stock=0.0, waste=0.8, per_redeal=16.0)
    # Stock and waste on the left, the two foundations on the right; room
    # under the row for the passes left, written under the stock.
    LAYOUT = Layout(cols=5, max_card_width=130, rows=(Row(below=0.3),), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
        Slot("f0", 0, 3, badge=True), Slot("f1", 0, 4, badge=True),
    ))

    def _setup(self, order: list[int]) -> None:
        self._piles[self._INDEX["f0"]].append(order[0])
        self._piles[self._INDEX["stock"]] = order[:0:-1]  # next card on top

    def _wants(self, t: int) -> Any:
        pile = self._piles[t]
        if not pile:
            return ANY
        rank = RANK[pile[-1]]
        return (rank % 13 + 1, (rank - 2) % 13 + 1)  # one up, one down, K↔A

    def _build_reason(self, t: int, card: int) -> str:
        moving, top = CARD[card], CARD[self._piles[t][-1]]
        below, above = (top.rank - 2) % 13 + 1, top.rank % 13 + 1
        return (f"{moving} cannot go on {top} ({self.PILES[t]}): Bobby builds up or down by one "
                f"rank in any suit, K and A joined, so {top} takes only {describe_rank(below)} "
                f"or {describe_rank(above)}")

    def _action_reason(self, action: str) -> Optional[str]:
        stock = self._piles[self._INDEX["stock"]]
        waste = self._piles[self._INDEX["waste"]]
        if action == "draw":
            if stock:
                return None
            if (self.passes_left or 0) > 1 and waste:
                return "the stock is empty: redeal to turn the waste into the stock again"
            return "the stock is empty and Bobby allows no more passes"
        if stock:
            return f"the stock still holds {len(stock)} card{'s' * (len(stock) != 1)}: redeal only when it is empty"
        if not waste:
            return "the waste is empty: there is nothing to redeal"
        if (self.passes_left or 0) <= 1:
            return "Bobby allows two redeals (three passes) and both are used"
        return None

    def _action_piles(self, action: str) -> tuple[int, ...]:
        return (self._INDEX["stock"], self._INDEX["waste"])

    def _do_action(self, action: str) -> None:
        # Only the redeal comes here: the engine plays a draw itself (DRAWS).
        stock_i, waste_i = self._INDEX["stock"], self._INDEX["waste"]
        waste = self._piles[waste_i]
        if self._options["redeal"] == "turn":
            # Turned over: the first card drawn last pass comes up first again.
            self._piles[stock_i] = waste[::-1]
        else:
            self._piles[stock_i] = shuffled(waste, self._reshuffle_seed(self._redeals + 1))
        self._piles[waste_i] = []

    def _fixed_rules_key(self) -> bytes:
        # A reshuffled redeal depends on the deal (seed or deck) too.
        reshuffles = self._options["redeal"] == "shuffle"
        return super()._fixed_rules_key() + (self._reshuffle_seed(0).to_bytes(8, "big") if reshuffles else b"")

    def _reshuffle_seed(self, pass_number: int) -> int:
        origin = self._seed if self._deck is None else ",".join(self._deck) + f"|{self._seed}"
        return derive_seed("bobby", origin, pass_number)

