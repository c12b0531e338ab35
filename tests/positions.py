"""Positions for tests: laid out (``Game.from_position``), or reached by random play.

>>> import solitaire_widgets as sw
>>> game = arrange(sw.Cruel(seed=0), {"t0": [sw.Card.parse("5S")], "t1": [sw.Card.parse("4S")]})
>>> game.legal_moves()
[Move('t1', 't0'), Move('redeal')]
"""

from __future__ import annotations

import random
from typing import Optional

from hypothesis import strategies as st

import solitaire_widgets as sw
from solitaire_widgets import Card

Piles = dict[str, list[Card]]  # pile id -> cards, bottom first


def cards(text: str) -> list[Card]:
    """``"A♠ 10♥ K♣"`` -> the cards.

    >>> [str(c) for c in cards("AS 10h KC")]
    ['A♠', '10♥', 'K♣']
    """
    return [Card.parse(word) for word in text.split()]


def arrange(game: sw.Game, piles: Piles, *, redeals: int = 0, down: Optional[dict[str, int]] = None) -> sw.Game:
    """A game of ``game``'s kind, options and seed laid out at ``piles``
    (piles not named are empty): ``Game.from_position``, which checks the
    position.  It need not hold the whole pack."""
    return type(game).from_position(piles, face_down=down, redeals=redeals, seed=game.seed, **game.options)


def lay_out_unchecked(game: sw.Game, piles: Piles) -> sw.Game:
    """Write ``piles`` straight into ``game``'s pile lists (piles not named
    are emptied), for positions no game can reach: the rule oracle checks
    every card against every top, the same card included, which
    ``from_position`` refuses in a one-deck game.  The k-th copy of a face
    gets id ``(k % 4)*52 + face``; legality reads only the piles."""
    copies: dict[int, int] = {}
    for i, pile in enumerate(game.PILES):
        ids = []
        for card in piles.get(pile, []):
            k = copies.get(card.face, 0)
            copies[card.face] = k + 1
            ids.append((k % 4) * 52 + card.face)
        game._piles[i] = ids
        game._down[i] = 0
    game._legal = None  # the cached legal moves belong to the old position
    return game


def position_of(game: sw.Game) -> Piles:
    return {pile: list(game[pile]) for pile in game.PILES}


def face_down_counts(game: sw.Game) -> dict[str, int]:
    return {pile: game.face_down(pile) for pile in game.PILES if pile != "stock"}


@st.composite
def played_positions(draw, name: str) -> sw.Game:
    """A position reached by random legal play from a real deal."""
    cls = sw.GAMES[name]
    opts = {key: draw(st.sampled_from(values)) for key, values in cls.OPTIONS.items()}
    game = cls(seed=draw(st.integers(0, 2**64 - 1)), **opts)
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 150))):
        moves = game.legal_moves()
        if not moves:
            break
        home = [m for m in moves if m.target and m.target[0] == "f"]
        game.play(rng.choice(home if home and rng.random() < 0.6 else moves))
    return game
