"""Accordion's rules, from the rules text: the 52 cards in a row of piles;
a pile moves whole onto the first or the third pile to its left that holds
cards, when the two top cards match in suit or in rank."""

from __future__ import annotations

from typing import Optional

from catalogue import Table

GAMES = ("accordion",)
ROW = tuple(f"t{i}" for i in range(52))


def moves(table: Table) -> set[str]:
    held = [pile for pile in ROW if table.piles[pile]]
    found = set()
    for i, pile in enumerate(held):
        mine = table.top(pile)
        for step in (1, 3):
            if i >= step:
                other = held[i - step]
                theirs = table.top(other)
                if mine.suit == theirs.suit or mine.rank == theirs.rank:
                    found.add(f"{pile} {other}")
    return found


def after(table: Table, move: str) -> Optional[Table]:
    source, target = move.split()
    return table.moved(**{target: table.piles[target] + table.piles[source], source: ()})
