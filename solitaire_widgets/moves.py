"""Moves: one card from the top of a pile to another pile, or a stock action.

>>> Move.parse("t3 f0")
Move('t3', 'f0')
>>> str(Move.parse("draw")), Move.parse("draw").is_action
('draw', True)
"""

from __future__ import annotations

import re
from typing import Optional, Union

ACTIONS = ("draw", "deal", "redeal")

# Every pile id any game uses, in one canonical order.
PILE_IDS = ("stock", "waste", "reserve") + tuple(f"f{i}" for i in range(16)) + tuple(
    f"t{i}" for i in range(12)
)
_PILE_RE = re.compile(r"^(stock|waste|reserve|[ft]\d{1,2})$")


class Move:
    """An immutable, hashable move.

    A card move has a ``source`` and a ``target`` pile id (``"t3 f0"``: the top
    card of ``t3`` onto ``f0``).  A stock action (``draw``, ``deal``,
    ``redeal``) has ``action`` set and no piles.

    >>> Move("t3", "f0") == Move.parse("t3 f0") and hash(Move("t3", "f0")) == hash(Move.parse("t3 f0"))
    True
    """

    __slots__ = ("source", "target", "action", "_hash", "_text")
    source: Optional[str]
    target: Optional[str]
    action: Optional[str]
    _hash: int
    _text: str

    def __init__(self, source: str, target: Optional[str] = None) -> None:
        if target is None:
            if source not in ACTIONS:
                raise ValueError(
                    f"{source!r} is not a move: write 'SOURCE TARGET' like 't3 f0', "
                    f"or one of {', '.join(ACTIONS)}"
                )
            fields: tuple = (None, None, source)
            text = source
        else:
            for pile in (source, target):
                if not isinstance(pile, str) or not _PILE_RE.match(pile):
                    raise ValueError(
                        f"{pile!r} is not a pile id: piles are stock, waste, reserve, f0, f1 …, t0, t1 …"
                    )
            fields = (source, target, None)
            text = f"{source} {target}"
        set_ = object.__setattr__
        set_(self, "source", fields[0])
        set_(self, "target", fields[1])
        set_(self, "action", fields[2])
        set_(self, "_hash", hash(fields))
        set_(self, "_text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple:
        return (Move, (self.action,) if self.action else (self.source, self.target))

    @property
    def is_action(self) -> bool:
        """True for ``draw``, ``deal`` and ``redeal``."""
        return self.action is not None

    @classmethod
    def parse(cls, text: Union[str, "Move"]) -> "Move":
        """Read ``"t3 f0"``, ``"t3,f0"``, ``"t3->f0"`` or an action word."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a move is written like 't3 f0' or 'draw', not {text!r}")
        words = re.split(r"\s*(?:->|→|,|\s)\s*", text.strip().lower())
        words = [w for w in words if w]
        if len(words) == 1:
            return cls(words[0])
        if len(words) == 2:
            return cls(words[0], words[1])
        raise ValueError(f"{text!r} is not a move: write 'SOURCE TARGET' like 't3 f0', or draw / deal / redeal")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (self.source, self.target, self.action) == (other.source, other.target, other.action)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        if self.action:
            return f"Move({self.action!r})"
        return f"Move({self.source!r}, {self.target!r})"


DRAW = Move("draw")
DEAL = Move("deal")
REDEAL = Move("redeal")
