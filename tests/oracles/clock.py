"""Clock's rules, from the rules text: thirteen packets of four, face down,
one for each rank (h1 the aces' … h13 the kings'); each turn takes the top
face-down card of the pile of the last rank turned up (the kings' first)
and puts it face up with the pile of its own rank.  Lost when the fourth
king is up while cards still lie face down."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from catalogue import Table

GAMES = ("clock",)


def over(table: Table) -> bool:
    down = sum(table.down.values())
    kings = table.piles["h13"][table.down["h13"]:]
    return down == 0 or (sum(1 for card in kings if card.rank == 13) == 4)


def moves(table: Table) -> set[str]:
    if over(table):
        return set()
    return {"turn"} if table.down[f"h{table.state['_hour']}"] else set()


def after(table: Table, move: str) -> Optional[Table]:
    source = f"h{table.state['_hour']}"
    cards, down = list(table.piles[source]), table.down[source]
    card = cards.pop(down - 1)
    piles = {**table.piles, source: tuple(cards)}
    target = f"h{card.rank}"
    piles[target] = piles[target] + (card,)
    return replace(table, piles=piles, down={**table.down, source: down - 1},
                   state={"_hour": card.rank})
