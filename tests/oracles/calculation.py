"""Calculation's rules, from the rules text: four foundations built by one,
two, three and four ranks at a time, suits ignored, king and ace joined, up
to 13 cards; the stock's card is drawn onto a one-card waste and played to
a foundation or onto any of four waste piles, whose top cards go only to
the foundations."""

from __future__ import annotations

from typing import Optional

from catalogue import Table

GAMES = ("calculation",)
FOUNDATIONS = {"f1": 1, "f2": 2, "f3": 3, "f4": 4}
WASTE_PILES = ("t1", "t2", "t3", "t4")


def takes(table: Table, foundation: str, rank: int) -> bool:
    """Whether ``foundation`` takes a card of ``rank`` now."""
    step, cards = FOUNDATIONS[foundation], table.piles[foundation]
    if not cards:
        return rank == step
    if len(cards) >= 13:
        return False
    return rank == (cards[-1].rank + step - 1) % 13 + 1


def moves(table: Table) -> set[str]:
    found = set()
    waste = table.top("waste")
    if table.piles["stock"] and waste is None:
        found.add("draw")
    for source in ("waste",) + WASTE_PILES:
        card = table.top(source)
        if card is None:
            continue
        found |= {f"{source} {f}" for f in FOUNDATIONS if takes(table, f, card.rank)}
        if source == "waste":
            found |= {f"waste {t}" for t in WASTE_PILES}
    return found


def after(table: Table, move: str) -> Optional[Table]:
    if move == "draw":
        stock = table.piles["stock"]
        return table.moved(stock=stock[:-1], waste=table.piles["waste"] + stock[-1:])
    source, target = move.split()
    return table.moved(**{source: table.piles[source][:-1], target: table.piles[target] + table.piles[source][-1:]})
