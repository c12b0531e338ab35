"""The rules of the games built on columns and a stock turned onto a waste
(Klondike, Whitehead, Yukon, Russian Solitaire, Canfield, Forty Thieves,
Fortune's Favor), stated from their rules text, without the engine's code.

Each game is a ``Rules`` entry: how one card goes on another in a column,
what an empty column takes, what may leave a column together, how the
foundations start and build, how many cards a draw turns and how many
passes the stock allows.  ``moves`` lists the moves a table allows;
``after`` plays one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional

from catalogue import Table

from solitaire_widgets import Card

Build = Callable[[Card, Card], bool]  # (under, over): may ``over`` lie on ``under``?


def red(card: Card) -> bool:
    return card.suit in "HD"


def one_below(under: Card, over: Card, wrap: bool = False) -> bool:
    if wrap:
        return over.rank % 13 + 1 == under.rank
    return over.rank + 1 == under.rank


def alternate_colours(under: Card, over: Card) -> bool:
    return one_below(under, over) and red(under) != red(over)


def alternate_colours_wrapping(under: Card, over: Card) -> bool:
    return one_below(under, over, wrap=True) and red(under) != red(over)


def same_colour(under: Card, over: Card) -> bool:
    return one_below(under, over) and red(under) == red(over)


def in_suit(under: Card, over: Card) -> bool:
    return one_below(under, over) and under.suit == over.suit


@dataclass(frozen=True)
class Rules:
    """One game's rules, as its rules text states them."""

    builds: Build  # a card on another in a column
    empty: str  # what an empty column takes: "king", "any", or "from <pile>" (then any card)
    leaves: str  # what leaves a column: "top" card, "runs" (in ``run_build``), or "face_up" cards
    run_build: Optional[Build] = None  # the cards of a run that moves together (None: as it builds)
    wrap_home: bool = False  # foundations go on from king to ace
    draw: Callable[[dict], int] = lambda options: 1  # cards a draw turns
    passes: Callable[[dict], Optional[int]] = lambda options: 1  # passes through the stock (None: no limit)


def klondike_draw(options: dict) -> int:
    return int(options["draw"])


def klondike_passes(options: dict) -> Optional[int]:
    return None if options["passes"] == "unlimited" else int(options["passes"])


RULES = {
    "klondike": Rules(alternate_colours, "king", "runs", draw=klondike_draw, passes=klondike_passes),
    "whitehead": Rules(same_colour, "any", "runs", run_build=in_suit),
    "yukon": Rules(alternate_colours, "king", "face_up"),
    "russian_solitaire": Rules(in_suit, "king", "face_up"),
    "canfield": Rules(alternate_colours_wrapping, "from reserve", "runs", wrap_home=True,
                      draw=lambda options: 3, passes=lambda options: None),
    "forty_thieves": Rules(in_suit, "any", "top"),
    "fortunes_favor": Rules(in_suit, "from waste", "top"),
}
GAMES = tuple(RULES)


def base_rank(table: Table) -> int:
    """The rank every foundation starts from: the bottom card of the first
    foundation holding one (Canfield deals it), else an ace."""
    for f in table.of_role("foundation"):
        if table.piles[f]:
            return table.piles[f][0].rank
    return 1


def goes_home(table: Table, rules: Rules, foundation: str, card: Card) -> bool:
    cards = table.piles[foundation]
    if not cards:
        return card.rank == base_rank(table)
    if len(cards) == 13:
        return False
    top = cards[-1]
    return card.suit == top.suit and card.rank == (top.rank % 13 + 1 if rules.wrap_home else top.rank + 1)


def fills(table: Table, rules: Rules, column: str, source: str, card: Card) -> bool:
    """Whether ``card`` from ``source`` may go on the empty ``column``."""
    if rules.empty == "king":
        return card.rank == 13
    if rules.empty == "any":
        return True
    feeder = rules.empty.split()[1]
    if table.piles[feeder] or (feeder == "waste" and table.piles["stock"]):
        return source == feeder  # (a stock card is turned onto the waste first)
    return True


def groups(table: Table, rules: Rules, pile: str) -> int:
    """How many cards at the top of ``pile`` may leave it together."""
    up = table.face_up(pile)
    if not up:
        return 0
    if table.role(pile) != "tableau" or rules.leaves == "top":
        return 1
    if rules.leaves == "face_up":
        return len(up)
    linked = rules.run_build or rules.builds
    count = 1
    while count < len(up) and linked(up[-count - 1], up[-count]):
        count += 1
    return count


def moves(table: Table) -> set[str]:
    rules = RULES[table.game]
    found: set[str] = set()
    sources = [p for p in table.piles if table.role(p) in ("tableau", "waste", "reserve")]
    targets = table.of_role("foundation") + table.of_role("tableau")
    for source in sources:
        cards = table.piles[source]
        for count in range(1, groups(table, rules, source) + 1):
            card = cards[-count]
            for target in targets:
                if target == source:
                    continue
                onto = table.top(target)
                if table.role(target) == "foundation":
                    legal = count == 1 and goes_home(table, rules, target, card)
                elif onto is None:
                    legal = fills(table, rules, target, source, card)
                else:
                    legal = rules.builds(onto, card)
                if legal:
                    found.add(f"{source} {target}" + (f" {count}" if count > 1 else ""))
    if table.piles.get("stock"):
        found.add("draw")
    elif table.piles.get("waste"):
        passes = rules.passes(table.options)
        if passes is None or table.redeals + 1 < passes:
            found.add("redeal")
    return found


def after(table: Table, move: str) -> Table:
    rules = RULES[table.game]
    if move == "draw":
        stock, waste = list(table.piles["stock"]), list(table.piles["waste"])
        for _ in range(min(rules.draw(table.options), len(stock))):
            waste.append(stock.pop())
        return table.moved(stock=tuple(stock), waste=tuple(waste))
    if move == "redeal":
        return replace(table.moved(stock=table.piles["waste"][::-1], waste=()), redeals=table.redeals + 1)
    source, target, *count = move.split()
    k = int(count[0]) if count else 1
    cards = table.piles[source]
    return table.moved(**{source: cards[:-k], target: table.piles[target] + cards[-k:]})
