"""Moves: cards from the top of one pile onto another, or a stock action.

A card move names its source and target piles and, when it moves several
cards at once (a run), how many: ``"t3 t5 3"`` moves the top three cards of
``t3`` onto ``t5``, in their order.  A move of one card is written without a
count, ``"t3 f0"``.  Two cards that leave together (Pyramid's pairs) are
written with a ``+``: ``"t3+t5 f0"``.  A stock action is one word, the name
the game gives it (``"draw"``, ``"deal"``, ``"redeal"`` …).

>>> Move.parse("t3 f0"), Move.parse("t3 t5 3"), Move.parse("draw"), Move.parse("t3+t5 f0")
(Move('t3', 'f0'), Move('t3', 't5', 3), Move('draw'), Move('t3', 'f0', partner='t5'))
>>> str(Move("t3", "t5", 3)), Move.parse("draw").is_action, Move("t3", "f0", 1) == Move("t3", "f0")
('t3 t5 3', True, True)
"""

from __future__ import annotations

import re
from typing import Optional, Union

from .arguments import whole_number

# A pile id: a lowercase word, maybe with digits after it ("stock", "f0", "t11",
# "c3"); an action name: a lowercase word ("draw", "deal_row").  Both short.
PILE_ID = re.compile(r"[a-z][a-z_]*[0-9]*")
ACTION_NAME = re.compile(r"[a-z][a-z_]*")
LONGEST_NAME = 16
_WORDS = re.compile(r"\s*(?:->|→|,|\s)\s*")
COUNT = re.compile(r"[0-9]+")  # how many cards: ASCII digits only ("³" and "٢" are not counts)
LONGEST_COUNT = 18  # digits: more cards than any game holds, whatever the count


def is_pile_id(text: object) -> bool:
    """Whether ``text`` is written like a pile id (``"t3"``, ``"stock"``, ``"c0"``)."""
    return isinstance(text, str) and len(text) <= LONGEST_NAME and PILE_ID.fullmatch(text) is not None


def is_action_name(text: object) -> bool:
    """Whether ``text`` is written like a stock action's name (``"draw"``)."""
    return isinstance(text, str) and len(text) <= LONGEST_NAME and ACTION_NAME.fullmatch(text) is not None


class Move:
    """An immutable, hashable move.

    A card move has a ``source`` and a ``target`` pile id and a ``count``,
    the cards it moves (1 unless a run moves at once: ``Move("t3", "t5",
    3)`` moves the top three cards of ``t3`` onto ``t5``, keeping their
    order).  A pair's move also names the ``partner`` pile whose top card
    leaves with the source's (``Move("t3", "f0", partner="t5")``, count 2;
    the two sources in either order are the same move).  A stock action has
    ``action`` set, no piles and a count of 0.

    >>> Move("t3", "f0") == Move.parse("t3 f0") and hash(Move("t3", "f0")) == hash(Move.parse("t3,f0"))
    True
    >>> Move("t3", "t5", 0)
    Traceback (most recent call last):
    ...
    ValueError: a move's count is how many cards it moves, a whole number from 1 up, not 0
    """

    __slots__ = ("source", "target", "action", "count", "partner", "_hash", "_text")
    source: Optional[str]
    target: Optional[str]
    action: Optional[str]
    count: int
    partner: Optional[str]
    _hash: int
    _text: str

    def __init__(self, source: str, target: Optional[str] = None, count: int = 1, *,
                 partner: Optional[str] = None) -> None:
        if partner is not None:
            for pile in (source, target, partner):
                if not is_pile_id(pile):
                    raise ValueError(f"{pile!r} is not a pile id: piles are written like stock, waste, f0, t3, c1")
            if partner == source:
                raise ValueError(f"a pair's two cards come from two piles, not {source} twice")
            first, second = sorted((source, partner))
            set_ = object.__setattr__
            set_(self, "source", source)
            set_(self, "target", target)
            set_(self, "action", None)
            set_(self, "count", 2)
            set_(self, "partner", partner)
            set_(self, "_hash", hash((first, second, target, "+")))
            set_(self, "_text", f"{source}+{partner} {target}")
            return
        if target is None:
            if not is_action_name(source):
                raise ValueError(
                    f"{source!r} is not a move: write 'SOURCE TARGET' like 't3 f0', 'SOURCE TARGET COUNT' "
                    "like 't3 t5 3', or a stock action like 'draw'"
                )
            if count not in (0, 1) or isinstance(count, bool):  # (0 is an action's own count)
                raise ValueError(f"a stock action moves no count of cards: write Move({source!r}), "
                                 f"not Move({source!r}, None, {count!r})")
            fields: tuple = (None, None, source)
            text = source
            count = 0
        else:
            for pile in (source, target):
                if not is_pile_id(pile):
                    raise ValueError(f"{pile!r} is not a pile id: piles are written like stock, waste, f0, t3, c1")
            if source == target:
                raise ValueError(f"{source} onto itself moves nothing")
            if not whole_number(count, at_least=1):  # (numpy's integers too, as every count and seed)
                raise ValueError(f"a move's count is how many cards it moves, a whole number from 1 up, not {count!r}")
            count = int(count)
            # A one-card move hashes as it always did: its fields, no count.
            fields = (source, target, None) if count == 1 else (source, target, None, count)
            text = f"{source} {target}" if count == 1 else f"{source} {target} {count}"
        set_ = object.__setattr__
        set_(self, "source", fields[0])
        set_(self, "target", fields[1])
        set_(self, "action", fields[2])
        set_(self, "count", int(count))
        set_(self, "partner", None)
        set_(self, "_hash", hash(fields))
        set_(self, "_text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple:
        if self.action:
            return (Move, (self.action,))
        if self.partner is not None:
            return (_pair, (self.source, self.target, self.partner))
        return (Move, (self.source, self.target) if self.count == 1 else (self.source, self.target, self.count))

    @property
    def is_action(self) -> bool:
        """True for a stock action (``draw``, ``deal``, ``redeal`` …)."""
        return self.action is not None

    @classmethod
    def parse(cls, text: Union[str, "Move"]) -> "Move":
        """Read ``"t3 f0"``, ``"t3,f0"``, ``"t3->f0"``, ``"t3 t5 3"`` (three
        cards) or an action word."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a move is written like 't3 f0', 't3 t5 3' or 'draw', not {text!r}")
        words = [w for w in _WORDS.split(text.strip().lower()) if w]
        if "+" in text:
            joined = [w for w in re.split(r"\s*\+\s*", " ".join(words)) if w]
            if len(joined) == 2 and len(joined[1].split()) == 2 and len(joined[0].split()) == 1:
                partner, target = joined[1].split()
                return cls(joined[0], target, partner=partner)
            raise ValueError(f"{text!r} is not a move: a pair is written 'SOURCE+PARTNER TARGET' like 't3+t5 f0'")
        if len(words) == 1:
            return cls(words[0])
        if len(words) == 2 and COUNT.fullmatch(words[1]):
            raise ValueError(f"{text!r} is not a move: a count of cards follows two piles, like 't3 t5 3', and a "
                             "stock action is one word, like 'draw'")
        if len(words) == 2:
            return cls(words[0], words[1])
        if len(words) == 3 and COUNT.fullmatch(words[2]):
            if len(words[2]) > LONGEST_COUNT:
                raise ValueError(f"{text!r} is not a move: a count of {len(words[2])} digits is more cards than any "
                                 "game holds")
            return cls(words[0], words[1], int(words[2]))
        raise ValueError(f"{text!r} is not a move: write 'SOURCE TARGET' like 't3 f0', 'SOURCE TARGET COUNT' "
                         "like 't3 t5 3' (three cards at once, the count in digits 0-9), or a stock action "
                         "like 'draw'")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        if self.partner is not None or other.partner is not None:
            return (self.target == other.target and other.partner is not None and self.partner is not None
                    and {self.source, self.partner} == {other.source, other.partner})
        return (self.source, self.target, self.action, self.count) == (other.source, other.target, other.action,
                                                                        other.count)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        if self.action:
            return f"Move({self.action!r})"
        if self.partner is not None:
            return f"Move({self.source!r}, {self.target!r}, partner={self.partner!r})"
        if self.count != 1:
            return f"Move({self.source!r}, {self.target!r}, {self.count})"
        return f"Move({self.source!r}, {self.target!r})"


def _pair(source: str, target: str, partner: str) -> Move:
    """A pair's move again (what pickle calls)."""
    return Move(source, target, partner=partner)
