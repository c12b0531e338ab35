"""Aces Up, from its rules text: aces rank high; a column's top card is
discarded when another column's top card is of its suit and higher, or
moves to an empty column; ``deal`` puts one card onto each column while the
stock has cards.  Won once only the aces are left; lost once nothing is left
to deal or discard and every card lies alone in its column."""

from __future__ import annotations

from typing import Optional

from catalogue import Table

GAMES = ("aces_up",)


def high(rank: int) -> int:
    return 14 if rank == 1 else rank


def moves(table: Table) -> set[str]:
    columns = table.of_role("tableau")
    tops = {c: table.top(c) for c in columns if table.piles[c]}
    left = [card for p, cards in table.piles.items() if p != "f0" for card in cards]
    if all(card.rank == 1 for card in left):
        return set()  # won
    discards = {f"{c} f0" for c, card in tops.items()
                if any(o.suit == card.suit and high(o.rank) > high(card.rank) for o in tops.values())}
    if not table.piles["stock"] and not discards and all(len(table.piles[c]) <= 1 for c in columns):
        return set()  # lost
    found = discards | {f"{c} {e}" for c in tops for e in columns if not table.piles[e]}
    if table.piles["stock"]:
        found.add("deal")
    return found


def after(table: Table, move: str) -> Optional[Table]:
    piles = table.piles
    if move == "deal":
        stock = list(piles["stock"])
        dealt = {}
        for c in table.of_role("tableau"):
            if stock:
                dealt[c] = piles[c] + (stock.pop(),)
        return table.moved(stock=tuple(stock), **dealt)
    source, target = move.split()
    return table.moved(**{source: piles[source][:-1], target: piles[target] + piles[source][-1:]})
