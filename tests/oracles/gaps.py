"""Gaps' rules, from the rules text: four rows of thirteen slots, the aces
out of play; a card moves into a gap: any 2 into a gap at a row's left,
else only the card of the left neighbour's suit one rank higher (nothing
right of a king or of another gap); a redeal, while one is left, gathers
the cards out of sequence (the shuffle is the deal's: left to the engine)."""

from __future__ import annotations

from typing import Optional

from catalogue import Table

GAMES = ("gaps",)
ROWS = tuple(tuple(f"{row}{col}" for col in range(1, 14)) for row in "abcd")
DEALS = {"two": 3, "three": 4, "none": 1}


def run_length(table: Table, row: tuple[str, ...]) -> int:
    """The cards in sequence from the row's left: a 2, then one up in its suit."""
    count = 0
    for col, slot in enumerate(row):
        card = table.top(slot)
        if card is None or card.rank != col + 2 or (col and card.suit != table.top(row[0]).suit):
            break
        count += 1
    return count


def moves(table: Table) -> set[str]:
    where = {table.top(slot): slot for row in ROWS for slot in row if table.piles[slot]}
    found = set()
    for row in ROWS:
        for col, gap in enumerate(row):
            if table.piles[gap]:
                continue
            if col == 0:
                found |= {f"{slot} {gap}" for card, slot in where.items() if card.rank == 2}
                continue
            left = table.top(row[col - 1])
            if left is None or left.rank == 13:
                continue
            wanted = next(card for card in where if card.suit == left.suit and card.rank == left.rank + 1)
            found.add(f"{where[wanted]} {gap}")
    if table.redeals < DEALS[table.options["redeals"]] - 1 and any(run_length(table, row) < 12 for row in ROWS):
        found.add("redeal")
    return found


def after(table: Table, move: str) -> Optional[Table]:
    if move == "redeal":
        return None
    source, target = move.split()
    return table.moved(**{source: (), target: table.piles[source]})
