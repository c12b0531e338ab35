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

from typing import Generator, TypeVar

from ..cards import CARD, RANK, card_ids_of_deck
from ..errors import IllegalMoveError
from ..fast_path import FastPath
from ..game import Game
from ..moves import Move
from ..shuffle import derive_seed, shuffled
from .search import finish

T = TypeVar("T")


def deal_from_a_win(cls: type[Game], options: dict[str, str], seed: int) -> Game:
    """A deal of ``cls`` under ``options`` built from a random win (see the
    module), dealt from its card order (``deck``; ``seed`` is None), with the
    win kept as its ``winning_line``; ``seed`` (an int ≥ 0) fixes it."""
    return finish(deal_from_a_win_steps(cls, options, seed))


def deal_from_a_win_steps(cls: type[Game], options: dict[str, str], seed: int) -> Generator[None, None, Game]:
    """``deal_from_a_win`` in slices: one game played at random each."""
    attempt = 0
    while True:
        win = RandomWin(cls, options, derive_seed("deal from a win", cls.name, seed, attempt))
        if win.play():
            game = cls(seed=None, deck=win.deck, **options)
            game.set_winning_line(win.line)
            return game
        attempt += 1
        yield


class RandomWin:
    """One game of ``cls`` played at random on free cards (see the module),
    every choice fixed by ``seed``: ``play()`` says whether it was won, and
    then ``deck`` is the deal's card order and ``line`` its moves."""

    def __init__(self, cls: type[Game], options: dict[str, str], seed: int) -> None:
        self.cls, self.options, self.seed = cls, options, seed
        start = cls(seed=seed, **options)
        self.pack = sorted(card for pile in cls.PILES for card in start.card_ids(pile))
        self.deck = [CARD[card].code for card in shuffled(self.pack, seed)]
        self.line: list[Move] = []
        fast = FastPath(start)
        totals = fast.pair_totals()
        if len(totals) != 1:
            raise ValueError(f"{cls.title} declares DEALS_FROM_A_WIN, but its cards do not go home in pairs to "
                             f"one pile (Pairs)")
        (home, self.total), = totals.items()
        self.home = cls.PILES[home]
        self.alone = frozenset(fast.wants_holding(home, []))  # ranks that go home alone
        self.stock_side = frozenset(cls.piles_of("stock") + cls.piles_of("waste"))
        self.stock = cls.piles_of("stock")
        self.pairs = [(cls.PILES[s1], cls.PILES[s2]) for s1, s2, t in cls.SHAPE.pairs if t == home]
        self.lone_home = [pile for i, pile in enumerate(cls.PILES) if cls.SHAPE.routes[i][home] is not None]
        self.game = cls(seed=None, deck=self.deck, **options)

    def play(self) -> bool:
        """Play on until the game is won (True) or stuck (False)."""
        for step in range(4 * len(self.pack)):
            if self.game.status != "playing":
                break
            if not self.step(step):
                return False
        return self.game.status == "won"

    def step(self, step: int) -> bool:
        """Play one step chosen at random; False where none is left."""
        game, home = self.game, self.home
        tops = {pile: game.card_ids(pile)[-1] for pile in self.cls.PILES if pile != home and game.movable(pile)}
        free = [card for pile in self.cls.PILES if pile != home for card in game.card_ids(pile)]
        by_rank: dict[int, list[int]] = {}
        for card in free:
            by_rank.setdefault(RANK[card], []).append(card)
        lone = sum(len(by_rank.get(rank, ())) for rank in self.alone)
        on_stock_side = sum(len(game.card_ids(pile)) for pile in self.stock_side)
        slack = len(free) - 2 * on_stock_side + lone  # table cards + lone cards - cards on the stock's side

        def room(leaving: tuple[str, ...], lone_used: int) -> bool:
            """Whether every card on the stock's side could still find a card
            of the table to go home with, or go alone, once ``leaving`` left."""
            side = sum(pile in self.stock_side for pile in leaving)
            return slack - (len(leaving) - side) + side - lone_used >= 0

        ranks = [(low, self.total - low) for low in by_rank if low < self.total - low and self.total - low in by_rank
                 and low not in self.alone and self.total - low not in self.alone]
        steps: dict[str, list[tuple[str, ...]]] = {
            "pair": [pair for pair in self.pairs if pair[0] in tops and pair[1] in tops and room(pair, 0)]
            if ranks else [],
            "alone": [(pile,) for pile in self.lone_home if pile in tops and room((pile,), 1)] if lone else [],
            "action": [(move.action,) for move in game.legal_moves() if move.action is not None]}
        # The kind of step first, each as likely as the steps of its kind left to play (pairs, cards
        # alone, cards in the stock), so that the lone cards are not all played at the start.
        left = {"pair": (len(free) - lone) // 2, "alone": lone,
                "action": sum(len(game.card_ids(pile)) for pile in self.stock) or 1}
        kinds = [kind for kind in steps if steps[kind] for _ in range(max(1, left[kind]))]
        if not kinds:
            return False
        kind = self.pick(kinds, step, "kind")
        piles = self.pick(steps[kind], step, "piles")
        if kind == "action":
            self.line.append(game.play(Move(piles[0])))
            return True
        if kind == "pair":
            low, high = self.pick(ranks, step, "ranks")
            chosen = [(tops[piles[0]], self.pick(by_rank[low], step, "low")),
                      (tops[piles[1]], self.pick(by_rank[high], step, "high"))]
            move = Move(piles[0], home, partner=piles[1])
        else:
            cards = [card for rank in sorted(self.alone) for card in by_rank.get(rank, ())]
            chosen = [(tops[piles[0]], self.pick(cards, step, "alone"))]
            move = Move(piles[0], home)
        self.deck = _swapped(self.cls.title, self.pack, self.deck, chosen)
        self.game = self.cls(seed=None, deck=self.deck, **self.options)
        try:
            for played in self.line + [move]:
                self.game.play(played)
        except IllegalMoveError as err:
            raise ValueError(f"{self.cls.title} declares DEALS_FROM_A_WIN, but a move of its random win depended "
                             f"on cards not yet home: {err}") from None
        self.line.append(move)
        return True

    def pick(self, items: list[T], step: int, what: str) -> T:
        """One of ``items``, chosen by this game's seed, the step and ``what`` is chosen."""
        return shuffled(items, derive_seed(self.seed, step, what))[0]


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
