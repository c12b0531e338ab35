"""Pile roles: what each pile of a game is for, declared by the game.

Every pile of a game has one role.  The engine, the text table, the widget,
the page and the solver ask the role, never the pile's id:

* ``"stock"``: face-down cards that stock actions (draw, deal) turn up;
* ``"waste"``: where the stock's cards are turned up one by one;
* ``"reserve"``: cards dealt aside that play from their top;
* ``"cell"``: a free cell, which holds one card at a time (FreeCell's);
* ``"foundation"``: where cards go home; a card there never moves again;
* ``"tableau"``: the piles played on.

>>> PILES, ROLES = piles_by_role(stock="stock", foundation=("f0", "f1"), tableau=("t0",))
>>> PILES
('stock', 'f0', 'f1', 't0')
>>> ROLES["f1"]
'foundation'
"""

from __future__ import annotations

from typing import Iterable, Literal, Union

Role = Literal["stock", "waste", "reserve", "cell", "foundation", "tableau"]
ROLES: tuple[Role, ...] = ("stock", "waste", "reserve", "cell", "foundation", "tableau")


def piles_by_role(**groups: Union[str, Iterable[str]]) -> tuple[tuple[str, ...], dict[str, Role]]:
    """``PILES`` and ``ROLES`` of a game from one declaration: role -> a pile
    id or a sequence of them, in the order the piles are listed.

    >>> piles_by_role(stock="stock", waste="waste", tableau=["t0", "t1"])[0]
    ('stock', 'waste', 't0', 't1')
    >>> piles_by_role(discard="d0")
    Traceback (most recent call last):
    ...
    ValueError: unknown pile role 'discard'; the roles are stock, waste, reserve, cell, foundation, tableau
    """
    piles: list[str] = []
    roles: dict[str, Role] = {}
    for role, ids in groups.items():
        check_role(role)
        for pile in (ids,) if isinstance(ids, str) else tuple(ids):
            if pile in roles:
                raise ValueError(f"pile {pile!r} is given two roles, {roles[pile]} and {role}")
            piles.append(pile)
            roles[pile] = role  # type: ignore[assignment]
    return tuple(piles), roles


def check_role(role: object) -> None:
    """Refuse what is not a pile role.

    >>> check_role("tableau")
    >>> check_role("tableaux")
    Traceback (most recent call last):
    ...
    ValueError: unknown pile role 'tableaux'; the roles are stock, waste, reserve, cell, foundation, tableau
    """
    if role not in ROLES:
        raise ValueError(f"unknown pile role {role!r}; the roles are {', '.join(ROLES)}")
