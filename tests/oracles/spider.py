"""Spider, Spiderette, Scorpion and Simple Simon, from their rules.

A suit goes home only whole: when the top thirteen cards of a column are
face up and run king down to ace in one suit, they go together onto the
first empty foundation.  No card goes home alone.

Spider, Spiderette, Simple Simon: a card goes onto the next higher card of
any suit, or into an empty column; the top face-up cards of a column that
run down in one suit move together, any number of them.  ``deal`` puts the
stock's next cards face up onto t0, t1 … one each, while the stock holds
cards and no column is empty (Simple Simon has no stock).

Scorpion: any face-up card moves with every card on it, onto the next
higher card of its own suit, or into an empty column if it is a king.
``deal`` puts the stock's three cards onto t0, t1 and t2, at any time.

A face-down card turns up once no card lies on it.
"""

from __future__ import annotations

from catalogue import Table

from solitaire_widgets import Card

GAMES = ("spider", "spiderette", "scorpion", "simple_simon")
SUIT = 13


def completed_suit(table: Table, pile: str) -> bool:
    """Whether the top 13 cards of ``pile`` lie face up, king down to ace, in one suit."""
    cards = table.face_up(pile)
    if len(cards) < SUIT:
        return False
    top = cards[-SUIT:]
    return all(card.suit == top[0].suit and card.rank == SUIT - i for i, card in enumerate(top))


def in_suit_run(cards: tuple[Card, ...]) -> int:
    """How many top cards of ``cards`` (all face up) run down in one suit."""
    n = 1 if cards else 0
    while n < len(cards) and (cards[-n].suit, cards[-n].rank) == (cards[-n - 1].suit, cards[-n - 1].rank - 1):
        n += 1
    return n


def takes(table: Table, pile: str, card: Card) -> bool:
    """Whether column ``pile`` takes ``card``, the bottom card of what moves."""
    top = table.top(pile)
    if table.game == "scorpion":
        return card.rank == 13 if top is None else (card.suit, card.rank) == (top.suit, top.rank - 1)
    return top is None or card.rank == top.rank - 1


def moves(table: Table) -> set[str]:
    columns = table.of_role("tableau")
    empty_homes = [home for home in table.of_role("foundation") if not table.piles[home]]
    found = set()
    for source in columns:
        up = table.face_up(source)
        if not up:
            continue
        if empty_homes and completed_suit(table, source):
            found.add(f"{source} {empty_homes[0]} {SUIT}")
        most = len(up) if table.game == "scorpion" else in_suit_run(up)
        for count in range(1, most + 1):
            found |= {f"{source} {target}" + (f" {count}" if count > 1 else "") for target in columns
                      if target != source and takes(table, target, up[-count])}
    stock = table.piles.get("stock", ())
    if stock and (table.game == "scorpion" or all(table.piles[column] for column in columns)):
        found.add("deal")
    return found


def after(table: Table, move: str) -> Table:
    if move == "deal":
        stock = list(table.piles["stock"])
        onto = {}
        for column in table.of_role("tableau"):
            if not stock:
                break
            onto[column] = table.piles[column] + (stock.pop(),)  # the stock's top card first
        return table.moved(stock=tuple(stock), **onto)
    source, target, *count = move.split()
    n = int(count[0]) if count else 1
    cards = table.piles[source]
    return table.moved(**{source: cards[:-n], target: table.piles[target] + cards[-n:]})
