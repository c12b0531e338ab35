"""Midshipman: two decks, nine tableau piles of four (two face down), built down
by one rank in a different suit; foundations up in suit; one pass.

>>> import solitaire_widgets as sw
>>> g = sw.Midshipman(seed=5)
>>> len(g["stock"]), g.face_down("t0")
(68, 2)
"""

from __future__ import annotations

from ..cards import SUITS
from ..kit import (ANY_CARD, DOWN_ALTERNATE_COLOURS, DOWN_OTHER_SUIT, KINGS, RANK, SUIT, UP_IN_SUIT, Draw, Foundation,
                   Game, Guide, Layout, Pace, Restart, Row, Slot, Tableau, by_option, piles_by_role, run)

FOUNDATIONS = tuple(f"f{i}" for i in range(8))
COLUMNS = tuple(f"t{i}" for i in range(9))
ROUNDS = 4
FACE_DOWN_ROUNDS = 2


class Midshipman(Game):
    """Midshipman.

    * Deal: four rounds across ``t0``–``t8``; the first two rounds face down,
      the last two face up.  The other 68 cards are the stock.
    * Foundations: an ace on an empty one, then up in suit to king.
    * Tableau: down by one rank on a card of a different suit (option
      ``build="other_colour"``: of the other colour); an empty pile takes any
      single card (option ``empty="king"``: only a king).  A face-down card
      turns up when it becomes the top card (undo turns it back down).
    * ``draw``: stock top onto the waste; its top plays to a foundation or the
      tableau.  One pass.
    """

    name = "midshipman"
    title = "Midshipman"
    decks = 2
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation=FOUNDATIONS, tableau=COLUMNS)
    ROUTES = {
        "waste": FOUNDATIONS + COLUMNS,
        **{pile: FOUNDATIONS + COLUMNS for pile in COLUMNS},
    }
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(by_option("build", different_suit=DOWN_OTHER_SUIT, other_colour=DOWN_ALTERNATE_COLOURS),
                      empty=by_option("empty", any=ANY_CARD, king=KINGS))
    STOCK = Draw()
    OPTIONS = {"build": ("different_suit", "other_colour"), "empty": ("any", "king")}
    INTERCHANGEABLE = COLUMNS  # all nine piles follow the same rules
    GUIDE = Guide(home_before_stock=True)
    PACE = Pace(per_move=0.35)  # single-card moves let a line shuffle cards for hundreds of moves
    # Started again after 10,000 positions, the guided pass also clears what
    # covers the cards the foundations take (seeds 0-99 at 30,000 positions:
    # 73 won instead of 66).
    RESTARTS = (Restart(after=10_000, pace=Pace(per_move=0.35, covering=0.5)),)
    # Stock, waste and the eight foundations in one row, the nine piles under
    # them fanned down; on a narrow table the foundations in two rows of four.
    LAYOUT = Layout(cols=10.4, rows=(Row(), Row(height=2.2, gap_before=2)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
        *run(FOUNDATIONS, 0, 2.4), *run(COLUMNS, 1, 0.7, fan="down"),
    ))
    NARROW_LAYOUTS = (Layout(cols=9, max_width=699, rows=(Row(), Row(), Row(height=2.2, gap_before=2)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
        *run(FOUNDATIONS[:4], 0, 5), *run(FOUNDATIONS[4:], 1, 5), *run(COLUMNS, 2, 0, fan="down"),
    )),)
    RULES = (
        ("Cards", "two decks, 104 cards. Stock, waste, foundations f0–f7, tableau piles t0–t8."),
        ("Deal", "four rounds across t0–t8: the first two face down, the last two face up. The other "
                 "68 cards are the stock, face down; the waste starts empty."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Tableau", "only a top card moves, one at a time, to a foundation or onto another pile. "
                    "{build} {empty} A face-down card turns up as soon as it is the top card."),
        ("Draw", "turns the stock's top card onto the waste; the waste's top card plays to a "
                 "foundation or the tableau."),
        ("End", "one pass through the stock, no redeal. Won when all 104 cards are home; lost when "
                "no move is left."),
    )
    OPTION_RULES = {
        "build": {
            "different_suit": "Build down by one rank on a card of any other suit (6♦ on 7♠, 7♥ or "
                              "7♣, not on 7♦).",
            "other_colour": "Build down by one rank on a card of the other colour (6♦ on 7♠ or 7♣, "
                            "red on black and black on red).",
        },
        "empty": {
            "any": "An empty pile takes any single card.",
            "king": "An empty pile takes only a king.",
        },
    }

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.rows(COLUMNS, ROUNDS, face_down=FACE_DOWN_ROUNDS)
        deal.rest_to("stock")

    def _safe_drop(self, s: int, t: int) -> bool:
        # Two decks.  Each suit has two foundations: the other copy of this
        # card may need this one's place (lying on the card the other
        # foundation waits for), so safe only where both are at the rank
        # under it.  And the tableau builds down by one on another suit: a
        # card of rank r > 2 may be needed to hold an r-1 of any other suit,
        # so both copies of those must be home too.  Aces always go home
        # (every empty foundation is alike).
        card = self._piles[s][-1]
        rank, suit = RANK[card], SUIT[card]
        if rank == 1:
            return True
        own = [p for p in map(self._piles.__getitem__, self._FOUNDATIONS) if p and SUIT[p[0]] == suit]
        if sum(len(p) >= rank - 1 for p in own) < 2:
            return False
        if rank == 2:
            return True
        home = {u: 0 for u in SUITS if u != suit}
        for f in self._FOUNDATIONS:
            pile = self._piles[f]
            if pile and SUIT[pile[0]] != suit and RANK[pile[-1]] >= rank - 1:
                home[SUIT[pile[0]]] += 1
        return all(n == 2 for n in home.values())
