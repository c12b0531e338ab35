"""Dead-end tests: proofs that a position is lost, found without searching it.

Each test is a small class.  ``build(game)`` sets it up for a search of
``game``, or returns None where its proof does not hold under the game's
rules: that is asked of the game's own rule code through the engine's
probes (``FastPath.wants_holding``), never of a second copy of the rules.
``witness()`` then returns None, or a witness of why the search's current
position is lost, which explains itself: ``reason()`` in one sentence, and
``cards``, the ids of the cards it is about, for a view to mark.

* ``StuckRankTest``: foundations climb by rank in any suit and some piles'
  cards only ever go home, so their order is final (Frog, Leap Year).
* ``WalksTest``: foundations walk the ranks up or down, king and ace joined
  (Bobby).
* ``LockedBottomTest``: every redeal deals a pile's bottom cards back in
  place, and cards build down in suit (Cruel, gathering in order).
* ``PairsTest``: cards go home in pairs whose ranks make a total (Pyramid).

>>> import solitaire_widgets as sw
>>> test = dead_end_test_for(FastPath(sw.Cruel(seed=4)))
>>> witness = test.witness()
>>> witness.reason()[:48], [str(sw.Card.from_id(c)) for c in witness.cards]
('K♠ can never leave t0, as it covers 7♠ (so it ca', ['K♠', '7♠'])
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import sub
from typing import Callable, Optional

from ..cards import CARD, FACE, RANK, RANK_TEXT, describe_rank, rank_word
from ..fast_path import ANY, FastPath
from .walks import cut_off_arc, follows


class Witness:
    """Why a position is lost, as a dead-end test found it."""

    __slots__ = ()

    def reason(self) -> str:
        """The proof in one sentence, for a player."""
        raise NotImplementedError

    @property
    def cards(self) -> tuple[int, ...]:
        """The ids of the cards the reason is about that a view can mark."""
        return ()


@dataclass(frozen=True)
class StuckRank(Witness):
    """A rank whose cards can never all go home: too many wait, in piles
    whose order is final (``piles``, bottom first), under cards that need
    more of that rank home before they can leave."""

    rank: int
    piles: tuple[tuple[int, ...], ...]

    def reason(self) -> str:
        ranks = plural(self.rank)
        return (f"the {ranks} can never all go home: too many lie under cards "
                f"that need more {ranks} home before they can leave")

    @property
    def cards(self) -> tuple[int, ...]:
        """The rank's cards with a card of that rank or higher above them."""
        buried: list[int] = []
        for pile in self.piles:
            highest, above = 0, []  # above[j]: the highest rank above pile[j]
            for card in reversed(pile):
                above.append(highest)
                highest = max(highest, RANK[card])
            buried += [card for card, high in zip(pile, reversed(above)) if RANK[card] == self.rank <= high]
        return tuple(buried)


@dataclass(frozen=True)
class WalksCutOff(Witness):
    """The cards of ``arc`` (ranks in order round the circle) cannot all be
    taken by walks from the foundations' ``tops`` (ranks).  Nothing to mark:
    those cards lie face down in the stock, or on the waste."""

    arc: tuple[int, ...]
    tops: tuple[int, ...]

    def reason(self) -> str:
        """
        >>> WalksCutOff((2, 3), (7, 9)).reason()
        'the cards left from 2 to 3 can never be played: no ace or 4 is left to reach them from a foundation'
        >>> WalksCutOff((12, 13, 1, 2), (13, 7)).reason()[:67]
        'the cards left from Q through K and A to 2 can never all be played '
        """
        arc = self.arc
        first, last = arc[0], arc[-1]
        if len(arc) == 1:
            cards = f"the {plural(first)} left"
        else:  # round the circle, K and A are neighbours: say so when the arc passes them
            passed = " and ".join(_rank_text(r) for r in (13, 1) if r in arc[1:-1])
            through = f" through {passed}" if passed else ""
            cards = f"the cards left from {_rank_text(first)}{through} to {_rank_text(last)}"
        below, above = first - 1 or 13, last % 13 + 1
        cuts = rank_word(below) if below == above else f"{rank_word(below)} or {rank_word(above)}"
        if not any(top in arc for top in self.tops):
            return f"{cards} can never be played: no {cuts} is left to reach them from a foundation"
        shown = " and ".join(_rank_text(top) for top in self.tops)
        return (f"{cards} can never all be played going up and down one rank at a time "
                f"from the foundation tops ({shown}), as no {cuts} is left to step across")


@dataclass(frozen=True)
class WasteOutOfReach(Witness):
    """In the last pass, the waste's ``card`` (with ``above`` waste cards
    over it) that no foundation can reach in its turn from ``tops`` (ranks)."""

    card: int
    above: int
    tops: tuple[int, ...]

    def reason(self) -> str:
        """
        >>> WasteOutOfReach(card=8, above=2, tops=(5, 12)).reason()[:95]
        '9♠ on the waste can never go home: no redeal is left, so it must wait for the 2 cards above it,'
        >>> for part in WasteOutOfReach(card=0, above=0, tops=(5, 9)).reason().split(", and "):
        ...     print(part)
        A♠ on the waste can never go home: no redeal is left
        no foundation can reach a king or a 2 by way of the cards left in the stock
        """
        card = CARD[self.card]
        reach = (f"no foundation can{' then' if self.above else ''} reach {describe_rank((card.rank - 2) % 13 + 1)} "
                 f"or {describe_rank(card.rank % 13 + 1)} by way of the cards left in the stock")
        if not self.above:
            return f"{card} on the waste can never go home: no redeal is left, and {reach}"
        cards = "the card" if self.above == 1 else f"the {self.above} cards"
        return (f"{card} on the waste can never go home: no redeal is left, so it must wait for {cards} above it, "
                f"and however they go, {reach}")

    @property
    def cards(self) -> tuple[int, ...]:
        """The card, where it shows: on top of the waste."""
        return () if self.above else (self.card,)


@dataclass(frozen=True)
class LockedBottom(Witness):
    """``card``, among the bottom cards of ``pile`` that every redeal deals
    back, covers ``low``, a lower card of its suit, and ``up``, the one card
    it could go onto (None for a king): it never leaves, nor does ``low``."""

    pile: str
    card: int
    low: int
    up: Optional[int]

    def reason(self) -> str:
        onto = "a king goes onto no card" if self.up is None else f"{CARD[self.up]} (the one card it could go onto)"
        return (f"{CARD[self.card]} can never leave {self.pile}, as it covers {CARD[self.low]} "
                f"(so it cannot go home) and {onto}, and every redeal deals it back there")

    @property
    def cards(self) -> tuple[int, ...]:
        return (self.card, self.low) if self.up is None else (self.card, self.low, self.up)


@dataclass(frozen=True)
class Unpaired(Witness):
    """Cards of one rank (``stuck``) that can never all leave in pairs: the
    cards left that any of them could pair with (``partners``) are fewer."""

    stuck: tuple[int, ...]
    partners: tuple[int, ...]

    def reason(self) -> str:
        """
        >>> Unpaired(stuck=(7,), partners=()).reason()[:62]
        '8♠ can never go home: no card left could pair with it (no two '
        >>> Unpaired(stuck=(7, 20, 33), partners=(4, 17)).reason()[:70]
        '8♠, 8♥ and 8♦ can never all go home: they could pair only with 5♠ and '
        """
        stuck = self.stuck
        both = "" if len(stuck) == 1 else " both" if len(stuck) == 2 else " all"
        with_them = (f"{'it' if len(stuck) == 1 else 'they'} could pair only with {_card_list(self.partners)}"
                     if self.partners else f"no card left could pair with {'it' if len(stuck) == 1 else 'them'}")
        return (f"{_card_list(stuck)} can never{both} go home: {with_them} (no two cards from the stock and "
                "waste pair, nor a card with one it covers)")

    @property
    def cards(self) -> tuple[int, ...]:
        return self.stuck + self.partners


def _card_list(ids: tuple[int, ...]) -> str:
    """Cards in words: "8♠", "8♠ and 8♥", "8♠, 8♥ and 8♦"."""
    names = [str(CARD[card]) for card in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def plural(rank: int) -> str:
    """A rank's cards in words.

    >>> [plural(r) for r in (1, 2, 10, 11, 13)]
    ['aces', '2s', '10s', 'jacks', 'kings']
    """
    return rank_word(rank) + "s"


def _rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


# --- the tests ------------------------------------------------------------------
class DeadEndTest:
    """A proof of loss for the positions of one search's game."""

    @classmethod
    def build(cls, game: FastPath, home_count: Optional[list[int]] = None) -> Optional["DeadEndTest"]:
        """The test for positions of ``game`` (the fast path of the search's
        copy), or None where its proof does not hold under the game's rules.  ``home_count[key]``: the cards of
        each card key on the foundations, kept up to date by the caller as
        the game moves (default: counted once, for a test of one position)."""
        raise NotImplementedError

    def witness(self) -> Optional[Witness]:
        """Why the game's current position is lost, or None (not proved)."""
        raise NotImplementedError


def home_counts(game: FastPath) -> list[int]:
    """The cards of each card key (index) on ``game``'s foundations."""
    counts = [0] * 256
    piles, keys = game.piles, game.shape.keys
    for f in game.shape.foundations:
        for card in piles[f]:
            counts[keys[card]] += 1
    return counts


def key_copies(game: FastPath) -> list[int]:
    """The cards of each card key (index) in ``game``'s position."""
    counts = [0] * 256
    keys = game.shape.keys
    for pile in game.piles:
        for card in pile:
            counts[keys[card]] += 1
    return counts


def final_piles(game: FastPath) -> tuple[int, ...]:
    """The piles, stock and waste aside, whose cards only ever leave for a
    foundation (Frog's reserve and columns, Leap Year's tableau): their order
    is final while no redeal gathers them."""
    shape = game.shape
    unplayed = shape.with_role("stock", "waste")
    return tuple(s for s in shape.sources if s not in unplayed
                 and all(t in shape.foundations for t, code in enumerate(shape.routes[s]) if code is not None))


def foundations_take(game: FastPath, when_empty: object, on_rank: Callable[[int], set]) -> bool:
    """True when the game's keys are ranks and every foundation takes
    ``when_empty`` (ANY or a set of ranks) when empty and ``on_rank(r)``
    with a card of rank r on it, for every rank: asked of the game's rules."""
    if game.shape.key != "rank":
        return False
    return all(_wants(game, f, []) == when_empty
               and all(_wants(game, f, [card]) == on_rank(RANK[card]) for card in range(13))  # A♠ … K♠
               for f in game.shape.foundations)


def _wants(game: FastPath, pile: int, cards: list[int]) -> object:
    """What ``pile`` would take holding ``cards``: ANY or a set of keys."""
    wants = game.wants_holding(pile, cards)
    return wants if wants is ANY else set(wants)


class StuckRankTest(DeadEndTest):
    """Where foundations climb by rank in any suit (an ace, then one rank up
    at a time) and some piles' cards only ever go home, with no redeal to
    come: a rank that can never be completed.

    ``h[k]`` (the rank-k cards home) never exceeds ``h[j]`` for ``j < k``.  A
    card of rank r in a final pile leaves only after every card above it:
    each rank-t card above it (t ≥ r) first needs h[t] to grow, so h[r] with
    it.  So the card needs h[r] ≥ ``need``, the largest over ranks t ≥ r of
    h[t] + the rank-t cards above it.  Cards elsewhere (stock, waste) need
    only h[r]: once they are home, the k-th rank-r card of the final piles to
    go home finds h[r] = (rank-r cards not in them) + k, taking them in order
    of need.  If some card's need is beyond that, the rank is stuck.  Cards
    still to come onto these piles only add to the needs, so ignoring them
    keeps the test sound.  It looks only at ranks with at most one card left
    in the stock and waste: almost every dead end is found there, and most
    ranks are skipped cheaply.

    >>> import solitaire_widgets as sw
    >>> StuckRankTest.build(FastPath(sw.LeapYear(seed=0))).witness() is None
    True
    """

    def __init__(self, game: FastPath, home_count: list[int], final: tuple[int, ...]) -> None:
        self.piles = game.piles
        self.home = home_count
        self.copies = key_copies(game)
        self.final = final
        self.unplayed = game.shape.with_role("stock", "waste")
        self.table = game.shape.key_table

    @classmethod
    def build(cls, game: FastPath, home_count: Optional[list[int]] = None) -> Optional["StuckRankTest"]:
        final = final_piles(game)
        if not final or game.may_redeal() or not foundations_take(
                game, {1}, lambda rank: {rank + 1} if rank < 13 else set()):
            return None
        return cls(game, home_counts(game) if home_count is None else home_count, final)

    def witness(self) -> Optional[StuckRank]:
        piles, home, copies, table = self.piles, self.home, self.copies, self.table
        unplayed = b"".join(bytes(piles[i]) for i in self.unplayed).translate(table)
        ranks = [r for r in range(1, 14) if home[r] < copies[r] and unplayed.count(r) < 2]
        if not ranks:
            return None
        needs: dict[int, list[int]] = {rank: [] for rank in ranks}
        for i in self.final:
            # Reading the pile down from the top: reach[t] = h[t] + the rank-t
            # cards above the card looked at, and need[r] = the largest
            # reach[t] for t ≥ r, kept up to date as each card is passed (h
            # never grows with rank, so need starts as h).
            reach = home[:14]
            need = home[:14]
            need[0] = 1 << 30  # below rank 1: stops the lifting
            for rank in reversed(bytes(piles[i]).translate(table)):
                if rank in needs:
                    needs[rank].append(need[rank])
                reach[rank] += 1
                lifted, r = reach[rank], rank
                while need[r] < lifted:
                    need[r] = lifted
                    r -= 1
        for rank, waiting in needs.items():
            if not waiting:
                continue
            first = copies[rank] - len(waiting)  # h[rank] once every rank-r card elsewhere is home
            waiting.sort()
            # the k-th of these cards to go home finds h[rank] = first + k
            if max(map(sub, waiting, range(first, first + len(waiting)))) > 0:
                return StuckRank(rank, tuple(tuple(piles[i]) for i in self.final))
        return None


class WalksTest(DeadEndTest):
    """Where every foundation takes any card when empty, then one rank up or
    down in any suit, king and ace joined: once no foundation is empty, the
    cards left must fit the walks from the foundations' tops
    (``walks.walks_cannot_take``, ignoring the order the stock and waste give
    them in); and in the last pass, the waste's cards, which must go home top
    first, must each find a foundation in their turn.

    >>> import solitaire_widgets as sw
    >>> WalksTest.build(FastPath(sw.Bobby(seed=0))).witness() is None  # f1 starts empty
    True
    """

    def __init__(self, game: FastPath) -> None:
        shape = game.shape
        self.game = game
        self.piles = game.piles
        self.foundations = shape.foundations
        self.off_foundations = tuple(i for i in range(len(shape.piles)) if i not in shape.foundations)
        self.table = shape.key_table
        stock = shape.with_role("stock")
        self.stock = stock[0] if stock else None
        # The one pile passed over whose cards only ever go home: in the last
        # pass they leave it in order (``waste_out_of_reach``).
        homeward = [i for i in shape.with_role("waste")
                    if all(t in shape.foundations for t, code in enumerate(shape.routes[i]) if code is not None)]
        self.waste = homeward[0] if len(homeward) == 1 and self.stock is not None else None

    @classmethod
    def build(cls, game: FastPath, home_count: Optional[list[int]] = None) -> Optional["WalksTest"]:
        if not foundations_take(game, ANY, lambda rank: {rank % 13 + 1, (rank - 2) % 13 + 1}):
            return None
        return cls(game)

    def witness(self) -> Optional[Witness]:
        return self.walks_cut_off() or self.waste_out_of_reach()

    def foundation_ranks(self) -> Optional[list[int]]:
        """The ranks of the foundations' top cards, or None while one is
        empty (its walk may start anywhere)."""
        piles = self.piles
        if not all(piles[f] for f in self.foundations):
            return None
        return [RANK[piles[f][-1]] for f in self.foundations]

    def walks_cut_off(self) -> Optional[WalksCutOff]:
        """The stretch of ranks the foundations' walks cannot take, if any."""
        tops = self.foundation_ranks()
        if tops is None:
            return None
        left = b"".join(bytes(self.piles[i]) for i in self.off_foundations).translate(self.table)
        arc = cut_off_arc([left.count(rank) for rank in range(1, 14)], tops)
        return None if arc is None else WalksCutOff(tuple(arc), tuple(tops))

    def waste_out_of_reach(self) -> Optional[WasteOutOfReach]:
        """In the last pass, a waste card no foundation can reach in its turn.

        With no redeal to come, the waste's cards (which only ever go home)
        leave it top first, so they go home in that order, whatever is
        played between them.  Between two of them the foundations can take
        only cards still in the stock: suppose they could take any number of
        those, of any rank the stock still holds, at any time.  Then a
        foundation topped by rank a can step to any rank of the stretch of
        stock ranks next to a, round the circle, and play a card one rank
        from there.  Following every choice of foundation for each waste
        card from the top (a set of the foundations' tops, at most 91 for
        two), if some waste card finds no foundation in every case, no line
        wins.  Not asked while a foundation is empty or a redeal may come.

        >>> import solitaire_widgets as sw
        >>> piles = {"stock": "8D", "waste": "4H 3C", "f0": "5S", "f1": "9C"}
        >>> WalksTest(FastPath(sw.Bobby.from_position(piles, redeals=2))).waste_out_of_reach()  # 3♣ goes first
        WasteOutOfReach(card=41, above=0, tops=(5, 9))
        >>> WalksTest(FastPath(sw.Bobby.from_position(piles, redeals=1))).waste_out_of_reach() is None  # a pass to come
        True
        """
        if self.waste is None or self.game.may_redeal():
            return None
        tops = self.foundation_ranks()
        if tops is None:
            return None
        stock_ranks = 0
        for card in self.piles[self.stock]:  # type: ignore[index]  # a waste needs a stock
            stock_ranks |= 1 << RANK[card]
        steps = follows(stock_ranks)
        reachable = {tuple(sorted(tops))}
        for above, card in enumerate(reversed(self.piles[self.waste])):
            rank = RANK[card]
            after = set()
            for state in reachable:
                for i, top in enumerate(state):
                    if steps[top] >> rank & 1:
                        after.add(tuple(sorted(state[:i] + (rank,) + state[i + 1:])))
            if not after:
                return WasteOutOfReach(card, above, tuple(tops))
            reachable = after
        return None


class LockedBottomTest(DeadEndTest):
    """Where every redeal deals a pile's bottom cards back in place
    (``FastPath.redeal_keeps_bottom``), cards build down in suit one rank at a
    time and go home up in suit: one of those bottom cards that can never
    leave.

    Take a card c among those bottom cards with, under it in the pile, a
    lower card of its suit (so c cannot go home while they stay) and either c
    is a king or the card one rank above it lies under it too (so c has
    nowhere to go on the tableau).  Then neither c nor any card under it can
    be the first of them to leave: the cards under c are covered by it.
    Redeals deal them back in place, since none of the cards before them in
    the gathered sequence ever leaves.  So the lower card under c never goes
    home.

    >>> import solitaire_widgets as sw
    >>> LockedBottomTest.build(FastPath(sw.Cruel(seed=1))).witness() is None
    True
    >>> LockedBottomTest.build(FastPath(sw.Cruel(seed=4))).witness()  # K♠ over 7♠ in t0
    LockedBottom(pile='t0', card=12, low=6, up=None)
    """

    def __init__(self, game: FastPath, pile: int, size: int) -> None:
        self.piles = game.piles
        self.pile = pile
        self.pile_id = game.shape.piles[pile]
        self.size = size

    @classmethod
    def build(cls, game: FastPath, home_count: Optional[list[int]] = None) -> Optional["LockedBottomTest"]:
        kept = game.redeal_keeps_bottom()
        if kept is None or not cls._builds_in_suit_by_one(game):
            return None
        return cls(game, *kept)

    @staticmethod
    def _builds_in_suit_by_one(game: FastPath) -> bool:
        """True when the game plays one deck whose keys are faces, its cards
        come only from tableau piles, every foundation takes the aces when
        empty and then the next card up in suit, and a tableau card takes
        only the next card down in its suit: asked of the game's rules."""
        shape = game.shape
        if shape.key != "face" or game.game.decks != 1 or not set(shape.sources) <= set(shape.tableau):
            return False
        aces = {face for face in range(52) if RANK[face] == 1}
        # One deck: card c is face c, and the face one up (down) in its suit is c + 1 (c - 1).
        return (all(_wants(game, f, []) == aces
                    and all(_wants(game, f, [c]) == ({c + 1} if RANK[c] < 13 else set()) for c in range(52))
                    for f in shape.foundations)
                and all(_wants(game, t, [c]) == ({c - 1} if RANK[c] > 1 else set())
                        for t in shape.tableau for c in range(52)))

    def witness(self) -> Optional[LockedBottom]:
        bottom = self.piles[self.pile][:self.size]
        faces = [FACE[card] for card in bottom]
        for p, face in enumerate(faces):
            under = faces[:p]
            stuck = face % 13 == 12 or face + 1 in under  # a king, or its way up lies under it
            if stuck:
                for q, low in enumerate(under):
                    if low // 13 == face // 13 and low < face:
                        up = None if face % 13 == 12 else bottom[under.index(face + 1)]
                        return LockedBottom(self.pile_id, bottom[p], bottom[q], up)
        return None


class PairsTest(DeadEndTest):
    """Where cards go home in pairs whose ranks make a total (or alone, a
    rank the foundation takes by itself): each card left must find a
    partner, and some never can.

    It holds where a single foundation takes the pairs, every card goes
    nowhere but home, nothing is laid on a pile, and the stock's cards come
    into play only through the waste (no two of them pair, as the stock's
    top card never plays).  Then who could pair with whom never changes
    while cards go home: two cards of the stock and waste never do, nor two
    cards of the table where one covers the other (it lies above it in its
    pile, or must leave before the other plays: on a pile covering the
    other's, or on one covering a pile with cards that covers it …), and
    any other two of partner ranks might.  For each two partner ranks, the
    cards left of the one rank must be matched one to one with those of
    the other along these links; where no matching exists, some cards can
    never all go home, and the position is lost.

    >>> import solitaire_widgets as sw
    >>> PairsTest.build(FastPath(sw.Pyramid(seed=2))).witness() is None  # every card may find a partner
    True
    >>> PairsTest.build(FastPath(sw.Pyramid(seed=0))).witness().reason()[:69]
    'A♠, A♥ and A♦ can never all go home: they could pair only with Q♠ and'
    """

    def __init__(self, game: FastPath, foundation: int, classes: list[tuple[list[int], list[int], list[set[int]]]]) \
            -> None:
        self.home = game.piles[foundation]
        self.classes = classes
        self.known: list[dict[int, Optional[Unpaired]]] = [{} for _ in classes]

    @classmethod
    def build(cls, game: FastPath, home_count: Optional[list[int]] = None) -> Optional["PairsTest"]:
        shape = game.shape
        totals = game.pair_totals()
        if len(totals) != 1 or shape.foundations != tuple(totals) or shape.key != "rank" or shape.max_run > 1 \
                or shape.cells or shape.wholes or shape.suit_targets:
            return None
        (foundation, total), = totals.items()
        n = len(shape.piles)
        passed = frozenset(shape.with_role("stock", "waste"))
        moved = {i for action in shape.actions for i in game.action_pile_indices(action)}
        if not moved <= passed or any(s in passed and t in passed for s, t, _ in shape.pairs) or any(
                shape.routes[s][t] is not None and t != foundation for s in range(n) for t in range(n)):
            return None  # a card may go elsewhere than home, or two of the stock's side pair
        if any(s not in passed and game.reached(s) is not None for s in shape.sources):
            return None  # the position decides where a card goes
        alone: set[int] = set()
        for cards in ([], *([card] for card in range(13))):
            wants = game.wants_holding(foundation, cards)
            if wants is ANY:
                return None
            alone.update(wants)
        # Each card in play: its pile and height there; the piles over each pile.
        where = {card: (i, height) for i, pile in enumerate(game.piles) if i != foundation
                 for height, card in enumerate(pile)}
        over = [_over(shape.covered_by, game.piles, i) for i in range(n)]

        def may_pair(a: int, b: int) -> bool:
            (p, _), (q, _) = where[a], where[b]
            if p in passed or q in passed:
                return not (p in passed and q in passed)
            return p != q and p not in over[q] and q not in over[p]

        classes = []
        for rank in range(1, 14):
            partner = total - rank
            if not rank < partner <= 13 or rank in alone or partner in alone:
                continue
            low = [card for card in where if RANK[card] == rank]
            high = [card for card in where if RANK[card] == partner]
            classes.append((low, high, [{j for j, b in enumerate(high) if may_pair(a, b)} for a in low]))
        return cls(game, foundation, classes) if classes else None

    def witness(self) -> Optional[Unpaired]:
        home = set(self.home)
        for known, (low, high, links) in zip(self.known, self.classes):
            gone = 0
            for bit, card in enumerate(low + high):
                if card in home:
                    gone |= 1 << bit
            if gone not in known:
                known[gone] = _unmatched(low, high, links, gone)
            found = known[gone]
            if found is not None:
                return found
        return None


def _over(covered_by: tuple[tuple[int, ...], ...], piles: list[list[int]], pile: int) -> frozenset[int]:
    """The piles whose cards must all leave before ``pile``'s cards play:
    those covering it, and those covering a pile that covers it and holds
    cards (whose cards must leave first in turn), and so on."""
    found: set[int] = set()
    todo = list(covered_by[pile])
    while todo:
        p = todo.pop()
        if p not in found and piles[p]:
            found.add(p)
            todo.extend(covered_by[p])
    return frozenset(found)


def _unmatched(low: list[int], high: list[int], links: list[set[int]], gone: int) -> Optional[Unpaired]:
    """Cards of ``low`` and ``high`` left (not in the bits of ``gone``, low
    first) that cannot all be matched one to one along ``links`` (for each
    card of ``low``, the indexes of the cards of ``high`` it may pair with):
    a set of cards with fewer partners than they are (Hall's condition), or
    None where a matching exists."""
    left = [i for i in range(len(low)) if not gone >> i & 1]
    right = [j for j in range(len(high)) if not gone >> (len(low) + j) & 1]
    link = {i: links[i].intersection(right) for i in left}
    back = {j: {i for i in left if j in link[i]} for j in right}
    for side, edges, names, partner_names in ((left, link, low, high), (right, back, high, low)):
        match: dict[int, int] = {}  # a card of the other side -> its match on this side
        for i in side:
            seen: set[int] = set()
            if not _augment(i, edges, match, seen):
                # The cards reached from i by alternating paths have fewer partners than they are.
                stuck = {i} | {match[j] for j in seen}
                return Unpaired(tuple(sorted(names[k] for k in stuck)), tuple(sorted(partner_names[j] for j in seen)))
    return None


def _augment(i: int, edges: dict[int, set[int]], match: dict[int, int], seen: set[int]) -> bool:
    """Match ``i`` along ``edges``, moving earlier matches along as needed
    (an augmenting path); ``seen`` gathers the partners tried."""
    for j in edges[i]:
        if j not in seen:
            seen.add(j)
            if j not in match or _augment(match[j], edges, match, seen):
                match[j] = i
                return True
    return False

# In this order: the first that holds for a game is its test.
DEAD_END_TESTS: tuple[type[DeadEndTest], ...] = (StuckRankTest, WalksTest, LockedBottomTest)


def dead_end_test_for(game: FastPath, home_count: Optional[list[int]] = None) -> Optional[DeadEndTest]:
    """The first of ``DEAD_END_TESTS`` that holds for ``game`` (a search's
    fast path), set up for its positions (see ``DeadEndTest.build``), or None.

    Every proof reasons from single cards reaching the foundations only by
    the moves their rules accept, and from a game won with every card home:
    a game with a stock action that puts cards there (a draw onto a
    foundation), with runs, free cells or suits taken home at once, or with
    a win of its own or cards home of its own count, gets none; one whose
    cards go home in pairs gets ``PairsTest`` or none."""
    shape = game.shape
    if game.actions_reach_foundations() or shape.declares_win or type(game.game).FACTS.own_cards_home:
        return None
    if shape.pairs:
        return PairsTest.build(game, home_count)
    if shape.general:
        return None
    for test in DEAD_END_TESTS:
        built = test.build(game, home_count)
        if built is not None:
            return built
    return None
