"""Pyramid, from its rules text: the 28 piles lie as a pyramid, each card
half covering the two above it; a card plays once no card lies on it, and
so does the waste's top card.  Two such cards whose ranks make 13 go to the
discard pile together, a king alone; ``draw`` turns the stock's top card
onto the waste; once the stock is empty, ``redeal`` turns the waste over
into it while passes are left (three, or one with ``passes="1"``)."""

from __future__ import annotations

from itertools import combinations
from typing import Optional

from catalogue import Table

GAMES = ("pyramid",)
ROWS = 7


def lying_on(pile: str) -> tuple[str, ...]:
    """The two piles of the next row that lie on ``pile`` (none for the last row)."""
    i = int(pile[1:])
    row = next(r for r in range(ROWS) if i < (r + 1) * (r + 2) // 2)
    if row == ROWS - 1:
        return ()
    place = i - row * (row + 1) // 2
    below = (row + 1) * (row + 2) // 2 + place
    return (f"p{below}", f"p{below + 1}")


def exposed(table: Table) -> list[str]:
    """The piles whose top card may play now, in the game's pile order."""
    found = []
    for pile in table.piles:
        if pile.startswith("p") and table.piles[pile] and not any(table.piles[p] for p in lying_on(pile)):
            found.append(pile)
        elif pile == "waste" and table.piles[pile]:
            found.append(pile)
    return found


def moves(table: Table) -> set[str]:
    free = exposed(table)
    found = {f"{p} f0" for p in free if table.top(p).rank == 13}
    for a, b in combinations(free, 2):
        if table.top(a).rank + table.top(b).rank == 13:
            found.add(f"{a}+{b} f0")
    passes = int(table.options["passes"])
    if table.piles["stock"]:
        found.add("draw")
    elif table.piles["waste"] and table.redeals + 1 < passes:
        found.add("redeal")
    return found


def after(table: Table, move: str) -> Optional[Table]:
    piles = table.piles
    if move == "draw":
        return table.moved(stock=piles["stock"][:-1], waste=piles["waste"] + piles["stock"][-1:])
    if move == "redeal":
        new = table.moved(stock=tuple(reversed(piles["waste"])), waste=())
        return Table(**{**new.__dict__, "redeals": table.redeals + 1})
    sources = move.split()[0].split("+")
    gone = {p: piles[p][:-1] for p in sources}
    return table.moved(**gone, f0=piles["f0"] + tuple(piles[p][-1] for p in sources))
