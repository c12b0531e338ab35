"""Midshipman: two decks, nine tableau piles of four (two face down), built down
by one rank in a different suit; foundations up in suit; one pass.

>>> import solitaire_widgets as sw
>>> g = sw.Midshipman(seed=5)
>>> len(g["stock"]), g.face_down("t0")
(68, 2)
"""

from __future__ import annotations

from typing import Any, Optional

from ..building import foundation_refusal, up_in_suit_wants
from ..cards import CARD, FACE, RANK, SUIT, SUITS, describe_rank
from ..game import ANY, Game
from ..layout import Layout, Row, Slot, run
from ..piles import piles_by_role
from ..strategy import Guide, Pace

FOUNDATIONS = tuple(f"f{i}" for i in range(8))
TABLEAU = tuple(f"t{i}" for i in range(9))
ROUNDS = 4
FACE_DOWN_ROUNDS = 2
RED = (1, 2)  # suit indices of hearts and diamonds (S H D C)
KINGS = tuple(suit * 13 + 12 for suit in range(4))
SUIT_WORD = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def _builds_on(suit_allowed) -> tuple[tuple[int, ...], ...]:
    """For each top face, the faces one rank lower whose suit may go on it."""
    return tuple(
        tuple(s * 13 + face % 13 - 1 for s in range(4) if suit_allowed(face // 13, s)) if face % 13 else ()
        for face in range(52)
    )


# option build -> top face -> the faces that may go on it
BUILDS_ON = {
    "different_suit": _builds_on(lambda top, card: card != top),
    "other_colour": _builds_on(lambda top, card: (card in RED) != (top in RED)),
}


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
    PILES, ROLES = piles_by_role(stock="stock", waste="waste", foundation=FOUNDATIONS, tableau=TABLEAU)
    ROUTES = {
        "waste": FOUNDATIONS + TABLEAU,
        **{pile: FOUNDATIONS + TABLEAU for pile in TABLEAU},
    }
    ACTION_NAMES = ("draw",)
    DRAWS = {"draw": ("stock", "waste")}
    OPTIONS = {"build": ("different_suit", "other_colour"), "empty": ("any", "king")}
    KEY = "face"
    INTERCHANGEABLE = TABLEAU  # all nine piles follow the same rules
    GUIDE = Guide(home_before_stock=True)
    PACE = Pace(per_move=0.35)  # single-card moves let a line shuffle cards for hundreds of moves
    # Stock, waste and the eight foundations in one row, the nine piles under
    # them fanned down; on a narrow table the foundations in two rows of four.
    LAYOUT = Layout(cols=10.4, rows=(Row(), Row(height=2.2, gap_before=2)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
        *run(FOUNDATIONS, 0, 2.4), *run(TABLEAU, 1, 0.7, fan="down"),
    ))
    NARROW_LAYOUTS = (Layout(cols=9, max_width=699, rows=(Row(), Row(), Row(height=2.2, gap_before=2)), slots=(
        Slot("stock", 0, 0, badge=True), Slot("waste", 0, 1, badge=True),
        *run(FOUNDATIONS[:4], 0, 5), *run(FOUNDATIONS[4:], 1, 5), *run(TABLEAU, 2, 0, fan="down"),
    )),)
    RULES = (
        ("Cards", "two decks, 104 cards. Stock, waste, foundations f0–f7, tableau piles t0–t8."),
        ("Deal", "four rounds across t0–t8: the first two face down, the last two face up. The other "
                 "68 cards are the stock, face down; the waste starts empty."),
        ("Foundations", "an ace on an empty one, then up in suit to king. A card on a foundation "
                        "never moves again."),
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
        n = len(self._TABLEAU)
        for r in range(ROUNDS):
            for column, t in enumerate(self._TABLEAU):
                self._piles[t].append(order[r * n + column])
        for t in self._TABLEAU:
            self._down[t] = FACE_DOWN_ROUNDS
        self._piles[self._INDEX["stock"]] = order[ROUNDS * n:][::-1]  # next card on top

    def _safe_drop(self, s: int, t: int) -> bool:
        # Two decks, tableau down by one on another suit: a card of rank r may
        # be needed to hold an r-1 of any other suit, two copies each.  Safe
        # when r <= 2 (aces always go home) or both copies of r-1 of every
        # other suit are home already.
        card = self._piles[s][-1]
        rank, suit = RANK[card], SUIT[card]
        if rank <= 2:
            return True
        home = {u: 0 for u in SUITS if u != suit}
        for f in self._FOUNDATIONS:
            pile = self._piles[f]
            if pile and SUIT[pile[0]] != suit and RANK[pile[-1]] >= rank - 1:
                home[SUIT[pile[0]]] += 1
        return all(n == 2 for n in home.values())

    def _wants(self, t: int) -> Any:
        pile = self._piles[t]
        if self._ROLE_AT[t] == "foundation":
            return up_in_suit_wants(pile)
        if not pile:
            return ANY if self._options["empty"] == "any" else KINGS
        return BUILDS_ON[self._options["build"]][FACE[pile[-1]]]

    def _build_reason(self, t: int, card: int) -> str:
        pile_id, pile = self.PILES[t], self._piles[t]
        if self._ROLE_AT[t] == "foundation":
            return foundation_refusal(self.title, pile_id, pile, card, in_suit=True)
        moving = CARD[card]
        if not pile:
            return f"{pile_id} is empty, and with empty=\"king\" only a king may fill an empty pile"
        top = CARD[pile[-1]]
        rule = ("builds down in a different suit" if self._options["build"] == "different_suit"
                else 'builds down in the other colour (build="other_colour")')
        if moving.rank == 13:
            return (f"{moving} cannot go on {top}: Midshipman {rule}, and no card ranks above a king: "
                    "it goes only to an empty pile")
        if top.rank == 1:
            takes = "nothing goes on an ace"
        elif self._options["build"] == "different_suit":
            takes = f"{top} takes only {describe_rank(top.rank - 1)} that is not a {SUIT_WORD[top.suit]}"
        else:
            colour = "black" if top.color == "red" else "red"
            takes = f"{top} takes only a {colour} {describe_rank(top.rank - 1).split(' ', 1)[1]}"
        return f"{moving} cannot go on {top}: Midshipman {rule}, so {takes}"

    def _action_reason(self, action: str) -> Optional[str]:
        if not self._piles[self._INDEX["stock"]]:
            return "the stock is empty: Midshipman has one pass through it and no redeal"
        return None

