"""Cruel: one deck, aces out to four foundations built up in suit, twelve
packets of four built down in suit, unlimited redeals that keep card order.

>>> import solitaire_widgets as sw
>>> g = sw.Cruel(seed=5)
>>> [len(g[f"t{i}"]) for i in range(12)] == [4] * 12
True
"""

from __future__ import annotations

from typing import Any, Optional

from ..building import foundation_refusal, up_in_suit_wants
from ..cards import CARD, RANK, Card
from ..game import Game
from ..layout import Layout, Row, Slot, run
from ..piles import piles_by_role
from ..strategy import Guide, Pace

FOUNDATIONS = tuple(f"f{i}" for i in range(4))
TABLEAU = tuple(f"t{i}" for i in range(12))
PACKET = 4
# cards left on the tableau -> the pile sizes a fresh deal of them gives
DEALT_SIZES = [[min(PACKET, max(0, left - PACKET * i)) for i in range(len(TABLEAU))]
               for left in range(PACKET * len(TABLEAU) + 1)]
# A packet is fanned to the right, wide enough for four cards at the full
# step (more wrap onto a second line on the page).
PACKET_SPAN = 1.95
PACKET_STEP = PACKET_SPAN + 0.2


def packets_layout(per_row: int) -> Layout:
    """The four foundations centred on top, the twelve packets under them in
    rows of ``per_row``, each fanned to the right."""
    cols = (per_row - 1) * PACKET_STEP + PACKET_SPAN
    packet_rows = tuple(Row(gap_before=1.5 if r else 2) for r in range(len(TABLEAU) // per_row))
    packets = tuple(Slot(pile, 1 + i // per_row, (i % per_row) * PACKET_STEP, span=PACKET_SPAN, fan="right")
                    for i, pile in enumerate(TABLEAU))
    return Layout(cols, (Row(),) + packet_rows, run(FOUNDATIONS, 0, (cols - len(FOUNDATIONS)) / 2) + packets)


class Cruel(Game):
    """Cruel.

    * Deal: the four aces to ``f0``–``f3`` in deck order; the other 48 cards
      in packets of four, ``t0`` first (first card at the bottom).
    * Foundations: up in suit.  Tableau: a top card onto another pile's top
      card of its suit and one rank higher.  An empty pile is never filled.
    * ``redeal`` (any time, unlimited): gather the piles and deal them again in
      packets of four, order kept.  A redeal that gives back the same layout
      is not a move.  Option ``gather``: ``"in_order"`` (the rules: ``t0`` …
      ``t11``, packets from the front) or ``"pysol"`` (``t11`` … ``t0``,
      packets cut from the end).
    * Score: cards moved to the foundations (48 at most).
    """

    name = "cruel"
    title = "Cruel"
    decks = 1
    PILES, ROLES = piles_by_role(foundation=FOUNDATIONS, tableau=TABLEAU)
    ROUTES = {pile: FOUNDATIONS + TABLEAU for pile in TABLEAU}
    ACTION_NAMES = ("redeal",)
    OPTIONS = {"gather": ("in_order", "pysol")}
    RULES = (
        ("Cards", "one deck of 52. Foundations f0–f3, tableau piles t0–t11, no stock."),
        ("Deal", "the four aces go to f0–f3 in deck order; the other 48 cards are dealt face up "
                 "in packets of four, t0 first, the first card of a packet at the bottom."),
        ("Foundations", "built up in suit from ace to king. A card on a foundation never moves again."),
        ("Tableau", "only a top card moves, one at a time: to a foundation, or onto another pile's top "
                    "card of the same suit and one rank higher. An empty pile is never filled."),
        ("Redeal", "at any time, as often as you like, the piles are gathered and dealt again in packets "
                   "of four, card order kept. {gather} A redeal that would give back the same layout is "
                   "not a move."),
        ("End", "won when all 52 cards are home; lost when no move is left. The score counts the cards "
                "you moved home (48 at most)."),
    )
    OPTION_RULES = {"gather": {
        "in_order": "Gather t0, t1, … t11, each bottom to top, and deal that sequence from the front, "
                    "so a short packet comes last.",
        "pysol": "Gather t11, t10, … t0, each bottom to top, and cut packets of four from the end, the "
                 "last four to t0 (as PySolFC plays), so a short packet comes last.",
    }}
    KEY = "face"
    GUIDE = Guide(home_alone=True)  # a card that can go home goes at once
    PACE = Pace(per_redeal=10.0)  # play out the packets before gathering them again
    # Packets in two rows of six; in three or four rows on narrow tables.
    LAYOUT = packets_layout(6)
    NARROW_LAYOUTS = (packets_layout(4), packets_layout(3))

    def _setup(self, order: list[int]) -> None:
        aces = [card for card in order if RANK[card] == 1]
        for f, ace in zip(self._FOUNDATIONS, aces):
            self._piles[f].append(ace)
        self._deal_packets([card for card in order if RANK[card] != 1])

    def _deal_packets(self, cards: list[int]) -> None:
        for n, t in enumerate(self._TABLEAU):
            self._piles[t] = cards[n * PACKET:(n + 1) * PACKET]

    def _safe_drop(self, s: int, t: int) -> bool:
        # One deck, tableau down in suit: the only card that could ever go on
        # this one is the next lower of its suit, which is home already.
        return True

    def _wants(self, t: int) -> Any:
        pile = self._piles[t]
        if self._ROLE_AT[t] == "foundation":
            return up_in_suit_wants(pile)
        if not pile:
            return ()  # an empty pile is never filled
        top = pile[-1]
        return (top % 52 - 1,) if RANK[top] > 1 else ()  # same suit, one rank lower

    def _build_reason(self, t: int, card: int) -> str:
        pile_id, pile = self.PILES[t], self._piles[t]
        if self._ROLE_AT[t] == "foundation":
            return foundation_refusal(self.title, pile_id, pile, card, in_suit=True)
        moving = CARD[card]
        if not pile:
            return f"{pile_id} is empty, and in Cruel an empty pile is never filled"
        top = CARD[pile[-1]]
        takes = f"{top} takes only {Card(top.rank - 1, top.suit)}" if top.rank > 1 else "nothing goes on an ace"
        return f"{moving} cannot go on {top}: Cruel builds down in suit, so {takes}"

    def _redealt(self) -> list[list[int]]:
        """The tableau a redeal would give, piles in order ``t0`` … ``t11``."""
        piles = [self._piles[t] for t in self._TABLEAU]
        if self._options["gather"] == "in_order":
            cards = [card for pile in piles for card in pile]
            packets = [cards[i:i + PACKET] for i in range(0, len(cards), PACKET)]
        else:
            cards = [card for pile in reversed(piles) for card in pile]
            ends = range(len(cards), 0, -PACKET)
            packets = [cards[max(0, end - PACKET):end] for end in ends]
        return packets + [[] for _ in range(len(piles) - len(packets))]

    def _action_reason(self, action: str) -> Optional[str]:
        # Either gather gives back the same layout exactly when the piles
        # already hold full packets of four (then one short, then empties).
        lengths = [len(self._piles[t]) for t in self._TABLEAU]
        if lengths == DEALT_SIZES[sum(lengths)]:
            return "a redeal now gives back the same layout: nothing has moved since the last deal"
        return None

    def _action_piles(self, action: str) -> tuple[int, ...]:
        return self._TABLEAU

    def _redeal_keeps_bottom(self) -> Optional[tuple[int, int]]:
        # Gathered from t0 up and dealt from the front in fours: t0's bottom
        # four come first and go back to t0.  PySolFC's gather cuts packets
        # from the end, so no pile keeps its bottom there.
        return (self._TABLEAU[0], PACKET) if self._options["gather"] == "in_order" else None

    def _do_action(self, action: str) -> None:
        for t, packet in zip(self._TABLEAU, self._redealt()):
            self._piles[t] = packet
