"""Cruel: one deck, aces out to four foundations built up in suit, twelve
packets of four built down in suit, unlimited redeals that keep card order.

>>> import solitaire_widgets as sw
>>> g = sw.Cruel(seed=5)
>>> [len(g[f"t{i}"]) for i in range(12)] == [4] * 12
True
"""

from __future__ import annotations

from ..kit import (DOWN_IN_SUIT, NOTHING, UP_IN_SUIT, Foundation, Game, Guide, Layout, Pace, Regather, Tableau,
                   by_option, piles_by_role)
from ..layout import fanned_rows

FOUNDATIONS = tuple(f"f{i}" for i in range(4))
PACKETS = tuple(f"t{i}" for i in range(12))
PACKET = 4
# A packet is fanned to the right, wide enough for four cards at the full
# step (more wrap onto a second line on the page).
PACKET_SPAN = 1.95


def packets_layout(per_row: int) -> Layout:
    """The four foundations centred on top, the twelve packets under them in
    rows of ``per_row``, each fanned to the right."""
    return fanned_rows(FOUNDATIONS, PACKETS, per_row, span=PACKET_SPAN)


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
    PILES, ROLES = piles_by_role(foundation=FOUNDATIONS, tableau=PACKETS)
    ROUTES = {pile: FOUNDATIONS + PACKETS for pile in PACKETS}
    FOUNDATION = Foundation(UP_IN_SUIT)
    TABLEAU = Tableau(DOWN_IN_SUIT, empty=NOTHING)
    STOCK = Regather(packets=PACKET, order=by_option("gather", in_order="in_order", pysol="from_end"))
    OPTIONS = {"gather": ("in_order", "pysol")}
    RULES = (
        ("Cards", "one deck of 52. Foundations f0–f3, tableau piles t0–t11, no stock."),
        ("Deal", "the four aces go to f0–f3 in deck order; the other 48 cards are dealt face up "
                 "in packets of four, t0 first, the first card of a packet at the bottom."),
        ("Foundations", "{foundation} A card on a foundation never moves again."),
        ("Tableau", "only a top card moves, one at a time: to a foundation, or onto another pile's top card. "
                    "{tableau}"),
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
    GUIDE = Guide(home_alone=True)  # a card that can go home goes at once
    PACE = Pace(per_redeal=10.0)  # play out the packets before gathering them again
    # Packets in two rows of six; in three or four rows on narrow tables.
    LAYOUT = packets_layout(6)
    NARROW_LAYOUTS = (packets_layout(4), packets_layout(3))

    def _setup(self, order: list[int]) -> None:
        deal = self.dealer(order)
        deal.aces_to(FOUNDATIONS)
        deal.packets(PACKETS, PACKET)

    def _safe_drop(self, s: int, t: int) -> bool:
        # One deck, tableau down in suit: the only card that could ever go on
        # this one is the next lower of its suit, which is home already.
        return True
