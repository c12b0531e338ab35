"""FreeCell, Baker's Game, Eight Off, Seahaven Towers and King Albert, from
their rules.

Every card lies face up.  A card goes home onto the foundation of its suit
one rank below it (an ace onto any empty foundation).  A column's top card
goes into an empty free cell (one in play: FreeCell's option ``cells``
closes the last ones); a free cell's or King Albert's reserve card goes home
or onto a column.  On a column a card goes onto the next higher card of the
other colour (FreeCell, King Albert) or of its own suit (the others); an
empty column takes any card, or only a king (Eight Off, Seahaven Towers).
The top cards of a column that follow one another by that rule move
together, as many as could move one by one through the empty free cells
and the empty columns that take any card: (cells + 1) × 2^(such columns
besides the target).  King Albert moves one card at a time.
"""

from __future__ import annotations

from typing import Optional

from catalogue import Table

from solitaire_widgets import Card

GAMES = ("freecell", "bakers_game", "eight_off", "seahaven_towers", "king_albert")
IN_SUIT = ("bakers_game", "eight_off", "seahaven_towers")
KINGS_ONLY = ("eight_off", "seahaven_towers")


def goes_home(card: Card, top: Optional[Card]) -> bool:
    """A foundation built up in suit from the ace takes ``card``."""
    return card.rank == 1 if top is None else (card.suit, card.rank) == (top.suit, top.rank + 1)


def lies_on(table: Table, card: Card, under: Card) -> bool:
    """Whether ``card`` may lie on ``under`` in a column of this game."""
    if card.rank != under.rank - 1:
        return False
    return card.suit == under.suit if table.game in IN_SUIT else card.color != under.color


def cells_in_play(table: Table) -> list[str]:
    cells = table.of_role("cell")
    return cells[:int(table.options["cells"])] if "cells" in table.options else cells


def takes(table: Table, pile: str, card: Card) -> bool:
    """Whether column ``pile`` takes ``card`` (the bottom card of what moves)."""
    top = table.top(pile)
    if top is None:
        return card.rank == 13 if table.game in KINGS_ONLY else True
    return lies_on(table, card, top)


def run_on_top(table: Table, pile: str) -> int:
    """How many top cards of ``pile`` follow one another by the column rule."""
    cards = table.piles[pile]
    if table.game == "king_albert":
        return 1 if cards else 0
    n = 1 if cards else 0
    while n < len(cards) and lies_on(table, cards[-n], cards[-n - 1]):
        n += 1
    return n


def most_at_once(table: Table, target: str) -> int:
    """The most cards a move onto column ``target`` may carry."""
    if table.game == "king_albert":
        return 1
    cells = sum(1 for cell in cells_in_play(table) if not table.piles[cell])
    spare = 0
    if table.game not in KINGS_ONLY:  # (a column that takes only a king holds no card of a run on its way)
        spare = sum(1 for pile in table.of_role("tableau") if pile != target and not table.piles[pile])
    return (cells + 1) * 2 ** spare


def moves(table: Table) -> set[str]:
    homes, columns = table.of_role("foundation"), table.of_role("tableau")
    found = set()
    singles = cells_in_play(table) + table.of_role("reserve")
    for source in singles + columns:
        card = table.top(source)
        if card is None:
            continue
        found |= {f"{source} {home}" for home in homes if goes_home(card, table.top(home))}
        if source in columns:
            found |= {f"{source} {cell}" for cell in cells_in_play(table) if not table.piles[cell]}
            run = run_on_top(table, source)
        else:
            run = 1
        for target in columns:
            if target == source:
                continue
            for count in range(1, min(run, most_at_once(table, target)) + 1):
                if takes(table, target, table.piles[source][-count]):
                    found.add(f"{source} {target}" + (f" {count}" if count > 1 else ""))
    return found


def after(table: Table, move: str) -> Table:
    source, target, *count = move.split()
    n = int(count[0]) if count else 1
    cards = table.piles[source]
    return table.moved(**{source: cards[:-n], target: table.piles[target] + cards[-n:]})
