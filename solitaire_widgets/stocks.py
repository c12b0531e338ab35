"""What a game's stock does, declared as values (``Game.STOCK``).

Each value names its stock actions and gives everything the package asks
of them: when an action is allowed and, when it is not, why in words; the
piles it changes (derived from what it does, never listed by hand); what
it does; how it reads on the rules page and in hints; how many passes the
stock allows.

* ``Draw``: turn the stock's top cards onto the waste (or another pile),
  ``count`` at a time, for ``passes`` passes; a redeal turns the waste over
  into the stock again (or shuffles it).
* ``DealRow``: one card onto each of some piles (every tableau pile by
  default), refused while one of them is empty if the game says so.
* ``GatherToStock``: gather piles back into the stock, as a redeal.
* ``Regather``: gather the piles and deal them again in packets, in order
  or shuffled, as a redeal (Cruel, La Belle Lucie).

A game may declare several (``STOCK = (DealRow(), GatherToStock(...))``);
its actions are theirs, in that order.

>>> Draw(count=3, passes=None).actions(), DealRow().actions()
(('draw', 'redeal'), ('deal',))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Sequence

from .cards import CARD
from .pile_rules import ByOption
from .shuffle import shuffled

if TYPE_CHECKING:
    from .game import Game


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def number(n: int) -> str:
    """0 -> "no", 1 -> "one" … ten, then digits."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if n < len(words) else str(n)


def _all_used(title: str, passes: Optional[int]) -> str:
    """Why no redeal is left: "Bobby allows two redeals (three passes) and both are used"."""
    redeals = (passes or 1) - 1
    used = "it is" if redeals == 1 else "both are" if redeals == 2 else "all are"
    return (f"{title} allows {number(redeals)} redeal{'s' * (redeals != 1)} ({number(redeals + 1)} passes) "
            f"and {used} used")


def _destinations(game: "Game", pile: int) -> str:
    """Where the cards of ``pile`` may go, in words: " (to a foundation or onto t0–t4)"."""
    targets = game.ROUTES.get(game.PILES[pile], ())
    homes = [t for t in targets if game.ROLES[t] == "foundation"]
    others = [t for t in targets if game.ROLES[t] != "foundation"]
    parts = (["to a foundation"] if homes else []) + (
        [f"onto {others[0]}–{others[-1]}" if len(others) > 2 else "onto " + " or ".join(others)] if others else [])
    return f" ({' or '.join(parts)})" if parts else ""


@functools.cache
def _dealt_sizes(piles: int, size: int) -> list[list[int]]:
    """Cards in play -> the pile sizes a fresh deal of them in packets of
    ``size`` gives, over ``piles`` piles."""
    return [[min(size, max(0, left - size * i)) for i in range(piles)] for left in range(piles * size + 1)]


def _fixed(value: Any) -> bool:
    return not isinstance(value, ByOption)


def _may_exceed_one(passes: Any) -> bool:
    """Whether a pass count (maybe chosen by an option) can ever be above 1."""
    if isinstance(passes, ByOption):
        return any(_may_exceed_one(v) for v in (passes.values or {}).values())
    return passes is None or passes > 1


@dataclass(frozen=True)
class StockRule:
    """What every stock value answers (see the module docstring).

    ``passes_chosen``: the option that chose its number of passes, as its
    refusals name it (' (option redeal="none")'); set by the rule book."""

    passes_chosen: str = field(default="", compare=False, repr=False)

    def actions(self) -> tuple[str, ...]:
        """Its stock actions, in order."""
        raise NotImplementedError

    def redeal_actions(self) -> tuple[str, ...]:
        """Those of its actions that start a new pass through the stock."""
        return ()

    def draws(self, game_cls: Any) -> dict[str, tuple[str, str]]:
        """Those of its actions that turn one card from a pile onto another,
        which the engine plays as card moves: action -> (source, target)."""
        return {}

    def pass_limit(self) -> Optional[int]:
        """The passes it allows (options chosen), or None for no limit / no pass counted."""
        return None

    def words(self, action: str) -> str:
        """What ``action`` does, in a few words."""
        raise NotImplementedError

    def reason(self, game: "Game", action: str) -> Optional[str]:
        """Why ``action`` is not allowed in ``game`` now, or None."""
        raise NotImplementedError

    def allows(self, game: "Game", action: str) -> bool:
        """Whether ``action`` is allowed in ``game`` now: ``reason`` is None,
        answered without its words (the solver asks at every position)."""
        return self.reason(game, action) is None

    def changes(self, game: "Game", action: str) -> tuple[int, ...]:
        """The indexes of the piles ``action`` changes."""
        raise NotImplementedError

    def do(self, game: "Game", action: str) -> None:
        """Carry out the allowed ``action``."""
        raise NotImplementedError

    def sentence(self) -> str:
        """The stock's rule in words, for the rules page."""
        raise NotImplementedError

    def reshuffles(self) -> bool:
        """Whether a redeal shuffles (the deal then fixes how: keys and saves hold its seed)."""
        return False

    def uses_stock_pile(self) -> bool:
        """Whether it deals from a pile with the role ``"stock"``."""
        return True

    def keeps_bottom(self, game: "Game") -> Optional[tuple[int, int]]:
        """``(pile, n)`` when every redeal leaves the bottom ``n`` cards of
        ``pile`` in place (see ``Game._redeal_keeps_bottom``), else None."""
        return None

    def waits_for_piles(self) -> bool:
        """Whether an action may be refused while a pile is empty (then an
        emptied pile may hold play up)."""
        return False


def _stock(game: "Game") -> int:
    stock = game._book.first.get("stock")
    if stock is None:
        raise TypeError(f"{type(game).__name__}: its STOCK needs a pile with the role 'stock'")
    return stock


def _pile(game: "Game", pile: Optional[str], role: str) -> int:
    if pile is not None:
        return game._INDEX[pile]
    found = game._book.first.get(role)
    if found is None:
        raise TypeError(f"{type(game).__name__}: its STOCK needs a pile with the role {role!r}")
    return found


def _piles(game: "Game", piles: Optional[Sequence[str]]) -> tuple[int, ...]:
    return game._TABLEAU if piles is None else tuple(game._INDEX[p] for p in piles)


@dataclass(frozen=True)
class Draw(StockRule):
    """``draw`` turns the stock's top ``count`` cards (or the last ones) one
    by one onto ``to`` (the waste by default; a pile id), face up.  The
    stock allows ``passes`` passes (None: no limit); where more than one,
    ``redeal`` (once the stock is empty) turns the waste over into the stock
    again, its cards in the order they were drawn (``turn="over"``), or
    shuffles them (``turn="shuffle"``, by a shuffle the deal fixes).
    ``waste_holds``: the most cards the waste may hold for a draw to be
    allowed (Frog's waste holds one card, played before the next draw).

    >>> Draw(passes=3).words("redeal"), Draw(to="f0").actions()
    ('turns the waste over into the stock', ('draw',))
    """

    count: Any = 1
    passes: Any = 1
    turn: Any = "over"
    to: Optional[str] = None
    waste_holds: Optional[int] = None

    def actions(self) -> tuple[str, ...]:
        return ("draw", "redeal") if _may_exceed_one(self.passes) else ("draw",)

    def redeal_actions(self) -> tuple[str, ...]:
        return ("redeal",) if _may_exceed_one(self.passes) else ()

    def draws(self, game_cls: Any) -> dict[str, tuple[str, str]]:
        if _fixed(self.count) and self.count == 1:
            stock = next(p for p in game_cls.PILES if game_cls.ROLES[p] == "stock")
            to = self.to or next(p for p in game_cls.PILES if game_cls.ROLES[p] == "waste")
            return {"draw": (stock, to)}
        return {}

    def pass_limit(self) -> Optional[int]:
        return self.passes

    def words(self, action: str) -> str:
        if action == "redeal":
            if not _fixed(self.turn):
                return "makes the waste the stock again"
            return "shuffles the waste into the stock" if self.turn == "shuffle" else \
                "turns the waste over into the stock"
        if self.count == 1:
            return "turns up the next stock card" if self.to is None else f"turns the next stock card onto {self.to}"
        if not _fixed(self.count):
            return "turns up the next stock cards"
        return f"turns up the next {self.count} stock cards"

    def reason(self, game: "Game", action: str) -> Optional[str]:
        stock = game._piles[_stock(game)]
        if action == "draw" and stock:  # (asked at every position the solver meets: the usual answer first)
            if self.waste_holds is None:
                return None
            waste = _pile(game, self.to, "waste")
            to = game._piles[waste]
            if len(to) < self.waste_holds:
                return None
            where = _destinations(game, waste)
            return (f"the waste card {CARD[to[-1]]} must be played before the next draw{where}"
                    if self.waste_holds == 1 else
                    f"the waste holds {_plural(len(to), 'card')}: play from it before the next draw{where}")
        to = game._piles[_pile(game, self.to, "waste")]
        left = game.passes_left
        can_redeal = "redeal" in self.actions() and (left is None or left > 1)
        if action == "draw":
            if can_redeal and to:
                return "the stock is empty: redeal to turn the waste over into the stock again"
            if self.pass_limit() == 1:
                return f"the stock is empty: {game.title} has one pass through it and no redeal"
            return f"the stock is empty and {game.title} allows no more passes"
        if self.pass_limit() == 1:  # (a redeal another choice of the options allows)
            return f"{game.title} has one pass through the stock and no redeal"
        if stock:
            return f"the stock still holds {_plural(len(stock), 'card')}: redeal only when it is empty"
        if not to:
            return "the waste is empty: there is nothing to redeal"
        if not can_redeal:
            return _all_used(game.title, self.pass_limit())
        return None

    def allows(self, game: "Game", action: str) -> bool:
        piles = game._piles
        stock = piles[_stock(game)]
        if action == "draw":
            return bool(stock) and (self.waste_holds is None
                                    or len(piles[_pile(game, self.to, "waste")]) < self.waste_holds)
        left = game.passes_left
        return not stock and bool(piles[_pile(game, self.to, "waste")]) and (left is None or left > 1)

    def changes(self, game: "Game", action: str) -> tuple[int, ...]:
        return (_stock(game), _pile(game, self.to, "waste"))

    def do(self, game: "Game", action: str) -> None:
        s, w = _stock(game), _pile(game, self.to, "waste")
        piles = game._piles
        if action == "redeal":
            waste = piles[w]
            # (the engine counted the redeal already: this starts pass redeals + 1)
            piles[s] = shuffled(waste, game.reshuffle_seed(game.redeals + 1)) if self.turn == "shuffle" else waste[::-1]
            piles[w] = []
            return
        stock, to = piles[s], piles[w]
        for _ in range(min(self.count, len(stock))):
            to.append(stock.pop())

    def sentence(self) -> str:
        to = "the waste" if self.to is None else self.to
        text = (f"draw turns its top card onto {to}." if self.count == 1 else
                f"draw turns its top {self.count} cards (or the last ones) onto {to}; only the top one plays.")
        if self.waste_holds == 1:
            text += " The waste holds one card: play it before the next draw."
        passes = self.pass_limit()
        if passes == 1:
            return text + " One pass through the stock, no redeal."
        turned = ("shuffled into a new stock (by a shuffle the deal fixes, so replays are exact)"
                  if self.turn == "shuffle" else "turned over into a new stock, its cards in the same order")
        limit = "as often as you like" if passes is None else f"{_plural(passes - 1, 'time')} ({passes} passes in all)"
        return f"{text} Once the stock is empty, redeal: the waste is {turned}, {limit}."

    def reshuffles(self) -> bool:
        return self.turn == "shuffle"


@dataclass(frozen=True)
class DealRow(StockRule):
    """``deal`` puts the stock's next card onto each pile of ``onto`` (every
    tableau pile by default), in order, empty ones included unless
    ``while_empty`` is False (then no row is dealt while one is empty, as in
    Spider).  ``name`` and ``what`` name the action and say what it does.

    >>> DealRow(while_empty=False).words("deal")
    'deals a card onto every pile'
    """

    onto: Optional[tuple[str, ...]] = None
    while_empty: bool = True
    name: str = "deal"
    what: Optional[str] = None

    def actions(self) -> tuple[str, ...]:
        return (self.name,)

    def words(self, action: str) -> str:
        if self.what:
            return self.what
        if self.onto is None:
            return "deals a card onto every pile"
        return f"deals a card onto each of {', '.join(self.onto)}"

    def reason(self, game: "Game", action: str) -> Optional[str]:
        if not game._piles[_stock(game)]:
            passes, left = game.passes(), game.passes_left
            if passes == 1:
                return f"the stock is empty: {game.title} has one pass through it and no redeal"
            if left is not None and left > 1:
                gather = next((stock for stock in game._book.stocks if isinstance(stock, GatherToStock)), None)
                what = "the cards" if gather is None else gather.gathered()
                return f"the stock is empty: {game.redeal_actions()[0]} to gather {what} into it"
            if passes is not None:
                return "the stock is empty and its one redeal is used" if passes == 2 else \
                    "the stock is empty and every redeal is used"
            return "the stock is empty: every row is dealt"
        if not self.while_empty:
            empty = [game.PILES[t] for t in _piles(game, self.onto) if not game._piles[t]]
            if empty:
                return f"no row is dealt while a column is empty ({', '.join(empty)})"
        return None

    def allows(self, game: "Game", action: str) -> bool:
        piles = game._piles
        if not piles[_stock(game)]:
            return False
        return self.while_empty or all(piles[t] for t in _piles(game, self.onto))

    def waits_for_piles(self) -> bool:
        return not self.while_empty

    def changes(self, game: "Game", action: str) -> tuple[int, ...]:
        return (_stock(game),) + _piles(game, self.onto)

    def do(self, game: "Game", action: str) -> None:
        stock = game._piles[_stock(game)]
        for t in _piles(game, self.onto):
            if stock:
                game._piles[t].append(stock.pop())

    def sentence(self) -> str:
        onto = "every tableau pile" if self.onto is None else ", ".join(self.onto)
        text = f"{self.name} puts one card face up onto {onto}"
        return text + (", empty piles included." if self.while_empty else ", but only while none of them is empty.")


@dataclass(frozen=True)
class GatherToStock(StockRule):
    """``redeal`` (once the stock is empty) gathers ``piles`` (the tableau by
    default), each bottom to top, into a new stock that deals them again in
    that order; ``passes`` passes in all.

    >>> GatherToStock(passes=2).actions()
    ('redeal',)
    """

    piles: Optional[tuple[str, ...]] = None
    passes: Any = 2
    name: str = "redeal"

    def actions(self) -> tuple[str, ...]:
        return (self.name,)

    def redeal_actions(self) -> tuple[str, ...]:
        return (self.name,)

    def pass_limit(self) -> Optional[int]:
        return self.passes

    def words(self, action: str) -> str:
        return "deals the cards again"

    def reason(self, game: "Game", action: str) -> Optional[str]:
        passes = self.pass_limit()
        if passes == 1:
            return f"{game.title} has one pass through the stock and no redeal{self.passes_chosen}"
        stock = game._piles[_stock(game)]
        if stock:
            return f"the stock still holds {_plural(len(stock), 'card')}: redeal only when it is empty"
        left = game.passes_left
        if left is not None and left <= 1:
            return "the one redeal is used" if passes == 2 else "every redeal is used"
        if not any(game._piles[t] for t in _piles(game, self.piles)):
            return "the tableau is empty: there is nothing to redeal"
        return None

    def piles_of(self, game: "Game") -> tuple[int, ...]:
        return _piles(game, self.piles)

    def gathered(self) -> str:
        """What it gathers, in words: "the tableau", "t0, t1"."""
        return "the tableau" if self.piles is None else ", ".join(self.piles)

    def changes(self, game: "Game", action: str) -> tuple[int, ...]:
        return (_stock(game),) + self.piles_of(game)

    def do(self, game: "Game", action: str) -> None:
        gathered = [card for t in self.piles_of(game) for card in game._piles[t]]
        for t in self.piles_of(game):
            game._piles[t] = []
        game._piles[_stock(game)] = gathered[::-1]  # the first card gathered is dealt first

    def sentence(self) -> str:
        passes = self.pass_limit()
        if passes == 1:
            return "One pass through the stock, no redeal."
        return (f"When the stock is empty, {self.name} gathers the tableau piles in order, each bottom to top, into a "
                f"new stock that deals them again in that order ({passes} passes in all).")


@dataclass(frozen=True)
class Regather(StockRule):
    """``redeal`` gathers ``piles`` (the tableau by default) and deals them
    again in packets of ``packets``, at any time, ``passes`` passes in all
    (None: no limit).  ``order``: ``"in_order"`` (the piles gathered first to
    last, each bottom to top, packets dealt from the front, so a short packet
    comes last) or ``"from_end"`` (gathered last to first, packets cut from the
    end, as PySolFC plays Cruel); ``shuffle``: the gathered cards are shuffled
    first (by a shuffle the deal fixes, of the cards left whatever piles they
    lay on).  Without a shuffle, a redeal that would give back the same
    layout is not a move."""

    piles: Optional[tuple[str, ...]] = None
    packets: int = 4
    order: Any = "in_order"
    shuffle: bool = False
    passes: Any = None
    name: str = "redeal"

    def actions(self) -> tuple[str, ...]:
        return (self.name,)

    def redeal_actions(self) -> tuple[str, ...]:
        return (self.name,)

    def pass_limit(self) -> Optional[int]:
        return self.passes

    def words(self, action: str) -> str:
        return "deals the cards again"

    def _of(self, game: "Game") -> tuple[int, ...]:
        return _piles(game, self.piles)

    def regathered(self, game: "Game") -> list[list[int]]:
        """The piles a redeal would give, in pile order."""
        piles = [game._piles[t] for t in self._of(game)]
        size = self.packets
        if self.shuffle:
            # The cards left, not where they lay: a redeal then depends only on
            # which cards are still out, so piles alike stay interchangeable.
            cards = shuffled(sorted(c for pile in piles for c in pile), game.reshuffle_seed(game.redeals + 1))
            packets = [cards[i:i + size] for i in range(0, len(cards), size)]
        elif self.order == "in_order":
            cards = [card for pile in piles for card in pile]
            packets = [cards[i:i + size] for i in range(0, len(cards), size)]
        else:
            cards = [card for pile in reversed(piles) for card in pile]
            packets = [cards[max(0, end - size):end] for end in range(len(cards), 0, -size)]
        return packets + [[] for _ in range(len(piles) - len(packets))]

    def reason(self, game: "Game", action: str) -> Optional[str]:
        left = game.passes_left
        if left is not None and left <= 1:
            return _all_used(game.title, self.pass_limit())
        if not self.shuffle and self._as_dealt(game):
            return "a redeal now gives back the same layout: nothing has moved since the last deal"
        return None

    def allows(self, game: "Game", action: str) -> bool:
        left = game.passes_left
        return (left is None or left > 1) and (self.shuffle or not self._as_dealt(game))

    def _as_dealt(self, game: "Game") -> bool:
        """Whether the piles hold full packets, then one short, then none:
        exactly when either order gives back the same layout."""
        piles = game._piles
        lengths = [len(piles[t]) for t in self._of(game)]
        return lengths == _dealt_sizes(len(lengths), self.packets)[sum(lengths)]

    def changes(self, game: "Game", action: str) -> tuple[int, ...]:
        return self._of(game)

    def do(self, game: "Game", action: str) -> None:
        for t, packet in zip(self._of(game), self.regathered(game)):
            game._piles[t] = packet

    def sentence(self) -> str:
        passes = self.pass_limit()
        when = "at any time, as often as you like" if passes is None else \
            f"at any time, {_plural(passes - 1, 'time')} ({passes} passes in all)"
        how = ("shuffled and dealt again in packets of {n}" if self.shuffle else
               "dealt again in packets of {n}, card order kept").format(n=self.packets)
        return f"{self.name}, {when}: the piles are gathered and {how}."

    def reshuffles(self) -> bool:
        return self.shuffle

    def uses_stock_pile(self) -> bool:
        return False

    def keeps_bottom(self, game: "Game") -> Optional[tuple[int, int]]:
        # Gathered from the first pile up and dealt from the front: its
        # bottom packet comes first and goes back to it.
        return (self._of(game)[0], self.packets) if not self.shuffle and self.order == "in_order" else None
