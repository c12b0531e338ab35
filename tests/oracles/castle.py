"""Beleaguered Castle and Streets and Alleys, from their rules: only a row's
top card moves, one at a time; home onto the foundation of its suit one rank
below it (an ace onto any empty foundation), or onto another row's top card
one rank higher in any suit, or onto an empty row.

The helpers here (a card going home, a card moving) serve the other
families of one-card moves too (tests/oracles/fan.py)."""

from __future__ import annotations

from typing import Callable, Optional

from catalogue import Table

from solitaire_widgets import Card

GAMES = ("beleaguered_castle", "streets_and_alleys")
# whether a card may go onto a tableau pile topped by a card (None: empty)
Builds = Callable[[Card, Optional[Card]], bool]


def goes_home(card: Card, top: Optional[Card]) -> bool:
    """A foundation built up in suit from the ace takes ``card``."""
    return card.rank == 1 if top is None else (card.suit, card.rank) == (top.suit, top.rank + 1)


def one_card_moves(table: Table, builds: Builds) -> set[str]:
    """Each tableau pile's top card home, or onto another tableau pile that
    ``builds`` lets it go on."""
    piles, homes = table.of_role("tableau"), table.of_role("foundation")
    found = set()
    for source in piles:
        card = table.top(source)
        if card is None:
            continue
        found |= {f"{source} {home}" for home in homes if goes_home(card, table.top(home))}
        found |= {f"{source} {pile}" for pile in piles if pile != source and builds(card, table.top(pile))}
    return found


def one_card_moved(table: Table, move: str) -> Table:
    """The table after a one-card move: the top card of the source on the target."""
    source, target = move.split()
    return table.moved(**{source: table.piles[source][:-1], target: table.piles[target] + table.piles[source][-1:]})


def down_by_rank(card: Card, top: Optional[Card]) -> bool:
    """Onto a card one rank higher, any suit, or onto an empty row."""
    return top is None or top.rank == card.rank + 1


def moves(table: Table) -> set[str]:
    return one_card_moves(table, down_by_rank)


def after(table: Table, move: str) -> Table:
    return one_card_moved(table, move)
