"""Why a position has no win, in words: the solver's proofs of loss told to
a player.

The search proves a position lost either by searching every line or at once
by a game's dead-end test (``Search._dead_end``), which returns what it
found: the card that can never leave, the rank that can never be completed,
the ranks the foundations can no longer reach.  This module turns that into
one sentence, and names the cards it is about so a view can mark them.

>>> import solitaire_widgets as sw
>>> print(sw.solve(sw.Cruel(seed=4)).reason[:65])
K♠ can never leave t0, as it covers 7♠ (so it cannot go home) and
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Optional, cast

from ..cards import CARD, RANK, RANK_TEXT, describe_rank, rank_word

if TYPE_CHECKING:
    from .search import Search


class OutOfReach(NamedTuple):
    """The witness of ``Search._waste_out_of_reach``: the waste ``card`` no
    foundation can take in its turn, how many waste cards lie ``above`` it,
    and the foundations' ``tops`` (ranks)."""

    card: int
    above: int
    tops: tuple[int, ...]


def why_lost(search: Search) -> tuple[str, tuple[int, ...]]:
    """Why ``search``'s position (searched and found lost) has no win: one
    sentence, and the ids of the cards it is about (for a view to mark).

    >>> import solitaire_widgets as sw
    >>> from solitaire_widgets.solver.search import Search
    >>> reason, cards = why_lost(Search(sw.Cruel(seed=4)))
    >>> cards  # K♠ and 7♠
    (12, 6)
    """
    g = search.game
    if not g._move_codes():
        return "no legal move is left", ()
    witness = search._dead_end()
    if witness is None:
        return "every line was searched", ()
    test = search._dead_end_test
    if test == search._bottom_locked:
        card, low, up = cast(tuple[int, int, Optional[int]], witness)
        onto = "a king goes onto no card" if up is None else f"{CARD[up]} (the one card it could go onto)"
        return (f"{CARD[card]} can never leave {g.PILES[search.kept_pile]}, as it covers {CARD[low]} "
                f"(so it cannot go home) and {onto}, and every redeal deals it back there",
                (card, low) if up is None else (card, low, up))
    if test == search._rank_stuck:
        rank = cast(int, witness)
        ranks = plural(rank)
        # the cards of that rank with one of their rank or higher above them
        buried = tuple(card for i in search.final_piles for j, card in enumerate(g._piles[i])
                       if RANK[card] == rank and any(RANK[above] >= rank for above in g._piles[i][j + 1:]))
        return (f"the {ranks} can never all go home: too many lie under cards "
                f"that need more {ranks} home before they can leave", buried)
    if isinstance(witness, OutOfReach):  # _walks_blocked, in the last pass
        # the card is marked where it shows: on top of the waste
        return why_out_of_reach(witness), () if witness.above else (witness.card,)
    arc, tops = cast(tuple[list[int], list[int]], witness)  # _walks_blocked: _walks_cut_off
    return why_walks_fail(arc, tops), ()  # the cards left lie face down in the stock, or on the waste


def plural(rank: int) -> str:
    """A rank's cards in words.

    >>> [plural(r) for r in (1, 2, 10, 11, 13)]
    ['aces', '2s', '10s', 'jacks', 'kings']
    """
    return rank_word(rank) + "s"


def why_walks_fail(arc: list[int], tops: list[int]) -> str:
    """Bobby's dead end in words: the arc of ranks (round the circle, from
    ``search._cut_off_arc``) whose cards walks from ``tops`` cannot take.

    >>> why_walks_fail([2, 3], [7, 9])
    'the cards left from 2 to 3 can never be played: no ace or 4 is left to reach them from a foundation'
    >>> why_walks_fail([12, 13, 1, 2], [13, 7])[:67]
    'the cards left from Q through K and A to 2 can never all be played '
    """
    def text(rank: int) -> str:
        return RANK_TEXT.get(rank, str(rank))

    first, last = arc[0], arc[-1]
    if len(arc) == 1:
        cards = f"the {plural(first)} left"
    else:  # round the circle, K and A are neighbours: say so when the arc passes them
        passed = " and ".join(text(r) for r in (13, 1) if r in arc[1:-1])
        cards = f"the cards left from {text(first)}{' through ' + passed if passed else ''} to {text(last)}"
    below, above = first - 1 or 13, last % 13 + 1
    cuts = rank_word(below) if below == above else f"{rank_word(below)} or {rank_word(above)}"
    if not any(top in arc for top in tops):
        return f"{cards} can never be played: no {cuts} is left to reach them from a foundation"
    shown = " and ".join(text(top) for top in tops)
    return (f"{cards} can never all be played going up and down one rank at a time "
            f"from the foundation tops ({shown}), as no {cuts} is left to step across")


def why_out_of_reach(witness: OutOfReach) -> str:
    """Bobby's last-pass dead end in words (``Search._waste_out_of_reach``).

    >>> why_out_of_reach(OutOfReach(card=8, above=2, tops=(5, 12)))[:95]
    '9♠ on the waste can never go home: no redeal is left, so it must wait for the 2 cards above it,'
    >>> why_out_of_reach(OutOfReach(card=0, above=0, tops=(5, 9)))
    'A♠ on the waste can never go home: no redeal is left, and no foundation can reach a king or a 2 by way of the cards left in the stock'
    """
    card = CARD[witness.card]
    reach = (f"no foundation can{' then' if witness.above else ''} reach {describe_rank((card.rank - 2) % 13 + 1)} "
             f"or {describe_rank(card.rank % 13 + 1)} by way of the cards left in the stock")
    if not witness.above:
        return f"{card} on the waste can never go home: no redeal is left, and {reach}"
    cards = "the card" if witness.above == 1 else f"the {witness.above} cards"
    return (f"{card} on the waste can never go home: no redeal is left, so it must wait for {cards} above it, "
            f"and however they go, {reach}")
