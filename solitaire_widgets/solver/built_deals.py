"""Winnable deals built from a win, for games whose cards go home in pairs
(``Pairs``) and whose winnable deals are too rare to find seed by seed
(Pyramid with one pass: about one deal in a thousand).  Where a game
declares ``DEALS_FROM_A_WIN``, ``winnable_deal`` calls ``deal_from_a_win``.

It plays a game at random on cards not chosen yet: a card on the table
stays free until it goes home, and only then is it chosen.  Each step takes
one of the moves that some choice of the free cards makes legal (a stock
action the engine allows now; two exposed cards that may leave together; one
exposed card, where a rank goes home alone), picks cards that make it legal
among those not home, swaps them into those places in the deal's order and
plays the move on the engine.  No move played before depended on the cards
swapped (none of them had gone home), so the whole line replays from the
new order; the line is checked by replay on the deal it ends with
(``Game.set_winning_line``), and is the deal's ``winning_line``.

A step that would leave more cards on the stock's side (no two of which
ever pair) than the cards on the table and those left of the ranks that go
home alone could take is not taken.  A game that gets stuck is played
again from the next seed derived from the first.  Every choice comes from
seeds derived from ``seed``: the same seed builds the same deal anywhere.

>>> import solitaire_widgets as sw
>>> game = deal_from_a_win(sw.Pyramid, {"passes": "1"}, seed=1)
>>> game.status, game.seed, len(game.deck), len(game.winning_line)
('playing', None, 52, 51)
>>> deal_from_a_win(sw.Pyramid, {"passes": "1"}, seed=1).deck == game.deck
True
"""

from __future__ import annotations

from typing import Generator, Mapping, Optional, TypeVar

from ..cards import CARD, RANK, card_ids_of_deck
from ..errors import IllegalMoveError
from ..fast_path import FastPath
from ..game import Game
from ..moves import Move
from ..shuffle import derive_seed, shuffled
from .search import finish

T = TypeVar("T")
Step = tuple[str, Optional[str], Optional[str]]  # ("pair", pile, partner), ("alone", pile, None), ("action", name, None)


def deal_from_a_win(cls: type[Game], options: Mapping[str, str], seed: int) -> Game:
    """A deal of ``cls`` under ``options`` built from a random win (see the
    module), dealt from its card order (``deck``; ``seed`` is None), with the
    win kept as its ``winning_line``; ``seed`` (an int ≥ 0) fixes it."""
    return finish(deal_from_a_win_steps(cls, options, seed))


def deal_from_a_win_steps(cls: type[Game], options: Mapping[str, str], seed: int) -> Generator[None, None, Game]:
    """``deal_from_a_win`` in slices: one game played at random each."""
    attempt = 0
    while True:
        built = _play_at_random(cls, options, derive_seed("deal from a win", cls.name, seed, attempt))
        if built is not None:
            deck, line = built
            game = cls(deck=deck, **options)
            game.set_winning_line(line)
            return game
        attempt += 1
        yield


def _pick(items: list[T], seed: int) -> T:
    return shuffled(items, seed)[0]


def _play_at_random(cls: type[Game], options: Mapping[str, str], seed: int) -> Optional[tuple[list[str], list[Move]]]:
    """One game played at random on free cards (see the module): the deal's
    card order and the winning line, or None where it got stuck."""
    start = cls(seed=seed, **options)
    pack = sorted(card for pile in cls.PILES for card in start.card_ids(pile))
    deck = [CARD[card].code for card in shuffled(pack, seed)]
    fast = FastPath(start)
    totals = fast.pair_totals()
    if len(totals) != 1:
        raise ValueError(f"{cls.title} declares DEALS_FROM_A_WIN, but its cards do not go home in pairs to one "
                         f"pile (Pairs)")
    (home_index, total), = totals.items()
    home = cls.PILES[home_index]
    alone = frozenset(fast.wants_holding(home_index, []))
    stock_side = frozenset(cls.piles_of("stock") + cls.piles_of("waste"))
    stock = next(iter(cls.piles_of("stock")), None)
    shape = cls.SHAPE
    index = {pile: i for i, pile in enumerate(cls.PILES)}
    line: list[Move] = []
    game = cls(deck=deck, **options)
    for step in range(len(pack) * 4):
        if game.status != "playing":
            break
        tops = {pile: game.card_ids(pile)[-1] for pile in cls.PILES if pile != home and game.movable(pile)}
        free = [card for pile in cls.PILES if pile != home for card in game.card_ids(pile)]
        by_rank: dict[int, list[int]] = {}
        for card in free:
            by_rank.setdefault(RANK[card], []).append(card)
        on_stock_side = sum(len(game.card_ids(pile)) for pile in stock_side)
        on_table = len(free) - on_stock_side
        lone = sum(len(by_rank.get(rank, ())) for rank in alone)

        def room(leaving: tuple[str, ...], lone_used: int) -> bool:
            """Whether the stock's side could still all go home once ``leaving`` left."""
            side = sum(pile in stock_side for pile in leaving)
            return on_stock_side - side <= on_table - (len(leaving) - side) + lone - lone_used

        pairs = [(rank, total - rank) for rank in by_rank if rank < total - rank and total - rank in by_rank
                 and rank not in alone and total - rank not in alone]
        steps: dict[str, list[Step]] = {"pair": [], "alone": [], "action": []}
        if pairs:
            steps["pair"] = [("pair", cls.PILES[s1], cls.PILES[s2]) for s1, s2, t in shape.pairs
                             if t == home_index and cls.PILES[s1] in tops and cls.PILES[s2] in tops
                             and room((cls.PILES[s1], cls.PILES[s2]), 0)]
        if lone:
            steps["alone"] = [("alone", pile, None) for pile in tops
                              if shape.routes[index[pile]][home_index] is not None and room((pile,), 1)]
        steps["action"] = [("action", move.action, None) for move in game.legal_moves() if move.action is not None]
        # The kind of step first, each as likely as the steps of its kind left to play (pairs, cards
        # alone, cards in the stock), so that the lone cards are not all played at the start.
        left = {"pair": (len(free) - lone) // 2, "alone": lone, "action": len(game.card_ids(stock)) if stock else 1}
        kinds = [kind for kind in steps if steps[kind] for _ in range(max(1, left[kind]))]
        if not kinds:
            return None
        kind = _pick(kinds, derive_seed(seed, step, "kind"))
        kind, pile, partner = _pick(steps[kind], derive_seed(seed, step, "step"))
        if kind == "action":
            line.append(game.play(Move(pile)))  # type: ignore[arg-type]
            continue
        if kind == "pair":
            low, high = _pick(pairs, derive_seed(seed, step, "ranks"))
            chosen = [(pile, _pick(by_rank[low], derive_seed(seed, step, "low"))),
                      (partner, _pick(by_rank[high], derive_seed(seed, step, "high")))]
            move = Move(pile, home, partner=partner)  # type: ignore[arg-type]
        else:
            cards = [card for rank in sorted(alone) for card in by_rank.get(rank, ())]
            chosen = [(pile, _pick(cards, derive_seed(seed, step, "alone")))]
            move = Move(pile, home)  # type: ignore[arg-type]
        deck = _swapped(cls.title, pack, deck, [(tops[p], card) for p, card in chosen])  # type: ignore[index]
        game = cls(deck=deck, **options)
        try:
            for played in line + [move]:
                game.play(played)
        except IllegalMoveError as err:
            raise ValueError(f"{cls.title} declares DEALS_FROM_A_WIN, but a move of its random win depended on "
                             f"cards not yet home: {err}") from None
        line.append(move)
    return (deck, line) if game.status == "won" else None


def _swapped(title: str, pack: list[int], deck: list[str], wanted: list[tuple[int, int]]) -> list[str]:
    """``deck`` (card codes in deal order) with, for each ``(there, card)``,
    ``card`` dealt where ``there`` was (card ids as a game of ``pack`` deals
    ``deck``: the k-th copy of a card k*52 + its face)."""
    ids = card_ids_of_deck(deck, pack, title)
    spots = [ids.index(there) for there, _ in wanted]
    for spot, (_, card) in zip(spots, wanted):
        other = ids.index(card)
        ids[spot], ids[other] = ids[other], ids[spot]
    return [CARD[card].code for card in ids]
