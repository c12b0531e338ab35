"""The rules, written a second time: a small oracle checked against the engine.

``RULES`` below states each game's move rules from the project's rules text
(docs/rules.md, summarised in the game modules' docstrings),
in a few lines per game and without the engine's code: which pile may feed
which, what a foundation and a tableau top accept, when a stock action is
allowed.  The tests compare the engine with it

* exhaustively, on every pair (top card or empty pile, moving card) for
  every foundation and tableau of every game, complete foundations included;
* on random positions (hypothesis): every card move between any two piles
  and every stock action, on positions built at random and on positions
  reached by random play from real deals.

A rule option is stated in one place: the game's entry in ``RULES`` lists
the option values it knows and its rule functions read them from ``opts``.
An option the engine offers but the oracle does not know fails
``test_the_oracle_knows_every_rule_option``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from helpers import GAMES
from positions import arrange, cards, lay_out_unchecked, played_positions, position_of

import solitaire_widgets as sw
from solitaire_widgets import Card

Options = dict[str, str]
Piles = dict[str, list[Card]]  # pile id -> cards, bottom first


# ==============================================================================
# The oracle
# ==============================================================================

def kind(pile: str) -> str:
    """``"f"`` for a foundation, ``"t"`` for a tableau pile, else the pile id."""
    return pile[0] if pile[0] in "ft" and pile[1:].isdigit() else pile


def up_to_king(top: Optional[Card], card: Card, in_suit: bool) -> bool:
    """An ace on an empty foundation, then one rank up (in suit if asked), to king."""
    if top is None:
        return card.rank == 1
    return card.rank == top.rank + 1 and (card.suit == top.suit or not in_suit)


def nothing(top: Optional[Card], card: Card, opts: Options) -> bool:
    return False


def gather_in_order(tableau: list[list[Card]]) -> list[list[Card]]:
    """Cruel's redeal: t0 … t11 bottom to top, packets of four from the front."""
    cards = [c for pile in tableau for c in pile]
    packets = [cards[i:i + 4] for i in range(0, len(cards), 4)]
    return packets + [[]] * (len(tableau) - len(packets))


def gather_pysol(tableau: list[list[Card]]) -> list[list[Card]]:
    """PySolFC's: t11 … t0, packets cut from the end (last four to t0)."""
    cards = [c for pile in reversed(tableau) for c in pile]
    packets = []
    while cards:
        packets.append(cards[-4:])
        cards = cards[:-4]
    return packets + [[]] * (len(tableau) - len(packets))


@dataclass
class Rules:
    """One game's move rules as its rules text states them."""

    routes: dict[str, str]  # source kind -> the kinds of pile it may feed
    foundation: Callable[[Optional[Card], Card, Options], bool]  # (top or None, card, options)
    tableau: Callable[[Optional[Card], Card, Options], bool] = nothing
    actions: dict[str, Callable[[Piles, int, Options], bool]] = field(default_factory=dict)
    options: dict[str, tuple[str, ...]] = field(default_factory=dict)  # values this oracle states

    def allows(self, piles: Piles, source: str, target: str, opts: Options) -> bool:
        """May the top card of ``source`` go onto ``target`` now?"""
        if source == target or not piles[source] or kind(target) not in self.routes.get(kind(source), ""):
            return False
        card = piles[source][-1]
        top = piles[target][-1] if piles[target] else None
        rule = self.foundation if kind(target) == "f" else self.tableau
        return rule(top, card, opts)

    def legal(self, piles: Piles, redeals: int, opts: Options) -> set[str]:
        moves = {f"{s} {t}" for s in piles for t in piles if self.allows(piles, s, t, opts)}
        return moves | {a for a, allowed in self.actions.items() if allowed(piles, redeals, opts)}


def bobby_foundation(top: Optional[Card], card: Card, opts: Options) -> bool:
    # Any card on an empty foundation; else one rank up or down, any suit, K and A joined.
    return top is None or (card.rank - top.rank) % 13 in (1, 12)


def cruel_tableau(top: Optional[Card], card: Card, opts: Options) -> bool:
    # Down in suit; an empty pile is never filled.
    return top is not None and top.suit == card.suit and top.rank == card.rank + 1


def midshipman_tableau(top: Optional[Card], card: Card, opts: Options) -> bool:
    # Down by one in a different suit (or the other colour); an empty pile
    # takes any single card (or only a king).
    if top is None:
        return opts["empty"] == "any" or card.rank == 13
    differs = top.suit != card.suit if opts["build"] == "different_suit" else top.color != card.color
    return differs and top.rank == card.rank + 1


def cruel_redeal(piles: Piles, redeals: int, opts: Options) -> bool:
    tableau = [piles[f"t{i}"] for i in range(12)]
    gather = {"in_order": gather_in_order, "pysol": gather_pysol}[opts["gather"]]
    return gather(tableau) != tableau  # a redeal that changes nothing is no move


RULES: dict[str, Rules] = {
    "frog": Rules(
        routes={"waste": "ft", "reserve": "f", "t": "f"},
        foundation=lambda top, card, opts: up_to_king(top, card, in_suit=False),
        tableau=lambda top, card, opts: True,  # the waste card goes on anything
        actions={"draw": lambda p, r, o: bool(p["stock"]) and not p["waste"]},
        options={"aces": ("dealt", "all")},  # which aces start home: the deal differs, moves alike
    ),
    "leap_year": Rules(
        routes={"t": "f"},
        foundation=lambda top, card, opts: up_to_king(top, card, in_suit=False),
        actions={
            "deal": lambda p, r, o: bool(p["stock"]),
            # one redeal with redeal="once": the stock used up, cards left on the tableau
            "redeal": lambda p, r, o: (o["redeal"] == "once" and r < 1 and not p["stock"]
                                       and any(p[f"t{i}"] for i in range(8))),
        },
        options={"redeal": ("none", "once")},
    ),
    "bobby": Rules(
        routes={"waste": "f"},
        foundation=bobby_foundation,
        actions={
            "draw": lambda p, r, o: bool(p["stock"]),
            "redeal": lambda p, r, o: not p["stock"] and bool(p["waste"]) and r < 2,  # three passes
        },
        options={"redeal": ("shuffle", "turn")},  # how the waste becomes the stock: moves alike
    ),
    "cruel": Rules(
        routes={"t": "ft"},
        foundation=lambda top, card, opts: up_to_king(top, card, in_suit=True),
        tableau=cruel_tableau,
        actions={"redeal": cruel_redeal},
        options={"gather": ("in_order", "pysol")},
    ),
    "midshipman": Rules(
        routes={"waste": "ft", "t": "ft"},
        foundation=lambda top, card, opts: up_to_king(top, card, in_suit=True),
        tableau=midshipman_tableau,
        actions={"draw": lambda p, r, o: bool(p["stock"])},
        options={"build": ("different_suit", "other_colour"), "empty": ("any", "king")},
    ),
}

NAMES = sorted(GAMES)  # the seed games (the classics have tests/oracles/)
FACES = [Card.from_face(f) for f in range(52)]


# ==============================================================================
# Positions
# ==============================================================================

def check_against_oracle(game: sw.Game) -> None:
    """Every card move between any two piles, and every action, as the oracle says."""
    rules, opts, piles = RULES[game.name], game.options, position_of(game)
    for source in game.PILES:
        for target in game.PILES:
            if source == target:
                continue
            expected = rules.allows(piles, source, target, opts)
            assert game.is_legal(source, target) == expected, (
                f"{game.title} {opts}: {source} ({piles[source][-1:]}) -> {target} ({piles[target][-1:]}): "
                f"oracle says {'legal' if expected else 'illegal'}; engine: {game.why_illegal(source, target)}"
            )
    for action in game.ACTION_NAMES:
        expected = rules.actions[action](piles, game.redeals, opts)
        assert game.is_legal(action) == expected, (action, game.why_illegal(action), piles)
    assert {str(m) for m in game.legal_moves()} == rules.legal(piles, game.redeals, opts)
    assert len(set(game.legal_moves())) == len(game.legal_moves()), "a move is listed twice"


@st.composite
def built_positions(draw, name: str) -> sw.Game:
    """A random position: each foundation a real build of random height (often
    complete), every other pile a few random cards."""
    cls = sw.GAMES[name]
    opts = {key: draw(st.sampled_from(values)) for key, values in cls.OPTIONS.items()}
    rng = draw(st.randoms(use_true_random=False))
    pool = [Card.from_id(i) for i in range(52 * cls.decks)]
    rng.shuffle(pool)

    def take(want: Callable[[Card], bool]) -> Optional[Card]:
        card = next((c for c in pool if want(c)), None)
        if card is not None:
            pool.remove(card)
        return card

    piles: Piles = {pile: [] for pile in cls.PILES}
    dealt_aces = name in ("leap_year", "cruel")  # their foundations start with an ace
    for pile in (p for p in cls.PILES if kind(p) == "f"):
        height = rng.choice([0, 1, rng.randint(1, 13), 12, 13, 13])
        if dealt_aces:
            height = max(height, 1)
        built = piles[pile]
        while len(built) < height:
            top = built[-1] if built else None
            if name == "bobby":
                def want(c: Card, top: Optional[Card] = top) -> bool:
                    return top is None or (c.rank - top.rank) % 13 in (1, 12)
            else:
                def want(c: Card, top: Optional[Card] = top, in_suit: bool = name in ("cruel", "midshipman")) -> bool:
                    return up_to_king(top, c, in_suit)
            card = take(want)
            if card is None:
                break
            built.append(card)
    for pile in (p for p in cls.PILES if kind(p) != "f"):
        size = rng.choice([0, 1, 1, 2, 3, 5])
        if pile == "waste" and name == "frog":
            size = min(size, 1)  # Frog's waste holds one card
        piles[pile] = [pool.pop() for _ in range(min(size, len(pool)))]
    down = {p: rng.randint(0, len(c) - 1) for p, c in piles.items() if kind(p) == "t" and c and name == "midshipman"}
    redeals = {"bobby": rng.randint(0, 2), "cruel": rng.randint(0, 3), "leap_year": rng.randint(0, 1)}.get(name, 0)
    return arrange(cls(seed=0, **opts), piles, redeals=redeals, down=down)


# ==============================================================================
# Tests
# ==============================================================================

def test_the_oracle_knows_every_rule_option():
    """A new rule option must be stated in RULES too (one place: the game's entry)."""
    for name in GAMES:
        cls = sw.GAMES[name]
        assert {k: tuple(v) for k, v in cls.OPTIONS.items()} == RULES[name].options, (
            f"{cls.title}'s rule options differ from the oracle's in {__name__}: state the new rule there"
        )


def one_of_each_kind(piles: list[str]) -> list[str]:
    """The first pile of each kind (the rules treat piles of a kind alike)."""
    return list({kind(p): p for p in reversed(piles)}.values())


def foundation_cases(name: str):
    """(pile built to ``top`` or empty, top) for every top a foundation can show."""
    yield [], None
    for top in FACES:
        if name == "bobby":
            yield [top], top
        else:
            yield [Card(r, top.suit) for r in range(1, top.rank + 1)], top


@pytest.mark.parametrize("name", NAMES)
def test_every_foundation_top_against_every_card(name):
    """Every foundation state (empty, or built to each of the 52 faces) against
    every card: the engine accepts exactly what the rules say, from every
    source pile that may feed a foundation."""
    cls, rules = sw.GAMES[name], RULES[name]
    game = cls(seed=0)
    sources = one_of_each_kind([p for p in cls.PILES if "f" in rules.routes.get(kind(p), "")])
    for built, top in foundation_cases(name):
        for card in FACES:
            expected = rules.foundation(top, card, game.options)
            for source in sources:
                lay_out_unchecked(game, {"f0": built, source: [card]})
                assert game.is_legal(source, "f0") == expected, (name, built[-1:], card, source)
                assert (f"{source} f0" in {str(m) for m in game.legal_moves()}) == expected


@pytest.mark.parametrize("name", sorted(set(NAMES) - {"bobby"}))
def test_a_complete_foundation_refuses_every_card(name):
    """Ace to king is complete: no card goes on, an ace (a new round) included."""
    cls = sw.GAMES[name]
    game = cls(seed=0)
    source = next(p for p in cls.PILES if p in ("waste", "t0") and "f" in RULES[name].routes.get(kind(p), ""))
    for suit in "SHDC":
        for card in FACES:
            lay_out_unchecked(game, {"f0": [Card(r, suit) for r in range(1, 14)], source: [card]})
            why = game.why_illegal(source, "f0")
            assert why == "f0 is complete (ace to king): nothing more goes on it", (card, why)
            assert not any(m.target == "f0" for m in game.legal_moves())


def test_bobby_joins_king_and_ace_both_ways():
    game = sw.Bobby(seed=0)
    for top, accepted in (("K♠", {"A", "Q"}), ("A♥", {"K", "2"})):
        for card in FACES:
            lay_out_unchecked(game, {"f0": [Card.parse(top)], "waste": [card]})
            assert game.is_legal("waste f0") == (str(card)[:-1] in accepted), (top, card)


@pytest.mark.parametrize("name", NAMES)
def test_every_tableau_top_against_every_card(name):
    """Every tableau state (empty, or each of the 52 faces on top) against every
    card from every pile kind: accepted exactly when the rules allow."""
    cls, rules = sw.GAMES[name], RULES[name]
    game = cls(seed=0)
    sources = [p for p in ("waste", "reserve", "t1") if p in cls.PILES]
    for top in [None, *FACES]:
        for card in FACES:
            for source in sources:
                lay_out_unchecked(game, {"t0": [] if top is None else [top], source: [card]})
                piles = position_of(game)
                expected = rules.allows(piles, source, "t0", game.options)
                assert game.is_legal(source, "t0") == expected, (name, top, card, source)
                if not expected:
                    assert game.why_illegal(source, "t0")


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_random_positions_follow_the_rules(name, data):
    check_against_oracle(data.draw(built_positions(name)))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_positions_from_real_play_follow_the_rules(name, data):
    check_against_oracle(data.draw(played_positions(name)))


def test_cruel_gathers_match_the_rules_text():
    """The oracle's two gathers, on a small layout worked out by hand."""
    c = Card.parse
    tableau = [[c("2S"), c("3S"), c("4S")], [c("5S"), c("6S")]] + [[] for _ in range(10)]
    assert gather_in_order(tableau)[:3] == [[c("2S"), c("3S"), c("4S"), c("5S")], [c("6S")], []]
    # pysol strings t11 … t0: 5 6 2 3 4; cuts from the end: [6 2 3 4] to t0, [5] to t1
    assert gather_pysol(tableau)[:3] == [[c("6S"), c("2S"), c("3S"), c("4S")], [c("5S")], []]


# ==============================================================================
# Reasons: each refusal says which rule, in words pinned here
# ==============================================================================

REASONS = [
    # (game, piles laid out as text, move, the exact reason)
    ("frog", {"f0": "A♠ 2♠", "waste": "5♥"}, "waste f0",
     "5♥ cannot go on 2♠ (f0): Frog builds the foundations up in rank, any suit, so 2♠ takes only a 3"),
    ("frog", {"f0": "A♠ 2♠", "waste": "A♥"}, "waste f0",
     "A♥ cannot go on 2♠ (f0): Frog builds the foundations up in rank, any suit, so 2♠ takes only a 3"),
    ("frog", {"waste": "9♣"}, "waste f3", "9♣ cannot start f3: an empty foundation takes only an ace"),
    ("frog", {"reserve": "9♣"}, "reserve t0",
     "in Frog only the waste card may go onto a column; cards on the reserve go only to the foundations"),
    ("frog", {"t2": "9♣"}, "t2 t0",
     "in Frog only the waste card may go onto a column; cards on the columns go only to the foundations"),
    ("frog", {"t2": "9♣"}, "t2 reserve", "no card may be put on the reserve"),
    ("frog", {"t2": "9♣"}, "t2 waste", "only the stock feeds the waste"),
    ("frog", {"t2": "9♣"}, "t2 stock", "cards never go back to the stock"),
    ("frog", {"stock": "9♣"}, "stock t0", "cards are not taken from the stock by hand: use draw to turn them up"),
    ("frog", {"waste": "9♣", "stock": "2♣"}, "draw",
     "the waste card 9♣ must be played before the next draw (to a foundation or onto t0–t4)"),
    ("frog", {}, "draw", "the stock is empty: Frog has one pass through it and no redeal"),
    ("leap_year", {"f0": "A♣", "t0": "9♣"}, "t0 t1",
     "Leap Year has no building on the tableau: cards go only to the foundations"),
    ("leap_year", {"f0": "A♣", "t0": "9♣"}, "t0 f0",
     "9♣ cannot go on A♣ (f0): Leap Year builds the foundations up in rank, any suit, so A♣ takes only a 2"),
    ("leap_year", {"f0": "A♣ 2♣ 3♣", "t0": "Q♥"}, "t0 f0",
     "Q♥ cannot go on 3♣ (f0): Leap Year builds the foundations up in rank, any suit, so 3♣ takes only a 4"),
    ("bobby", {"stock": "9♣"}, "stock f0", "cards are not taken from the stock by hand: use draw to turn them up"),
    ("leap_year", {}, "deal", "the stock is empty: Leap Year has one pass through it and no redeal"),
    ("leap_year", {"stock": "9♣"}, "stock t0", "cards are not taken from the stock by hand: use deal to turn them up"),
    ("bobby", {"f0": "9♥", "waste": "5♠"}, "waste f0",
     "5♠ cannot go on 9♥ (f0): Bobby builds the foundations up or down by one rank in any suit, K and A joined, so 9♥ takes only an 8 or a 10"),
    ("bobby", {"f0": "9♥", "waste": "A♠"}, "waste f0",
     "A♠ cannot go on 9♥ (f0): Bobby builds the foundations up or down by one rank in any suit, K and A joined, so 9♥ takes only an 8 or a 10"),
    ("bobby", {"f0": "9♥", "waste": "K♠"}, "waste f0",
     "K♠ cannot go on 9♥ (f0): Bobby builds the foundations up or down by one rank in any suit, K and A joined, so 9♥ takes only an 8 or a 10"),
    ("bobby", {"waste": "K♠"}, "draw", "the stock is empty: redeal to turn the waste over into the stock again"),
    ("bobby", {"waste": "K♠", "redeals": 2}, "draw", "the stock is empty and Bobby allows no more passes"),
    ("bobby", {}, "draw", "the stock is empty and Bobby allows no more passes"),
    ("bobby", {"stock": "5♠ 6♠ 7♠"}, "redeal", "the stock still holds 3 cards: redeal only when it is empty"),
    ("bobby", {"stock": "5♠"}, "redeal", "the stock still holds 1 card: redeal only when it is empty"),
    ("bobby", {}, "redeal", "the waste is empty: there is nothing to redeal"),
    ("bobby", {"waste": "K♠", "redeals": 2}, "redeal", "Bobby allows two redeals (three passes) and both are used"),
    ("cruel", {"f0": "A♠ 2♠", "t0": "4♠"}, "t0 f0",
     "4♠ cannot go on 2♠ (f0): Cruel builds the foundations up in suit, so 2♠ takes only 3♠"),
    ("cruel", {"f0": "A♠ 2♠", "t0": "3♥"}, "t0 f0",
     "3♥ cannot go on 2♠ (f0): Cruel builds the foundations up in suit, so 2♠ takes only 3♠"),
    ("cruel", {"t1": "9♠", "t0": "4♠"}, "t0 t1", "4♠ cannot go on 9♠ (t1): Cruel builds down in suit, so 9♠ takes only 8♠"),
    ("cruel", {"t1": "9♠", "t0": "K♠"}, "t0 t1",
     "K♠ cannot go on 9♠ (t1): Cruel builds down in suit, so 9♠ takes only 8♠"),
    ("cruel", {"t0": "K♠"}, "t0 t1", "t1 is empty, and in Cruel an empty pile is never filled"),
    ("cruel", {"t0": "K♠ Q♠ J♠ 10♠"}, "redeal", "a redeal now gives back the same layout: nothing has moved since the last deal"),
    ("cruel", {"t0": "K♠"}, "draw", "Cruel has no draw: its one action is redeal, which deals the cards again"),
    ("cruel", {"t0": "K♠"}, "t0 t0", "t0 onto itself moves nothing"),
    ("cruel", {"t0": "K♠"}, "t2 f0", "t2 is empty: there is no card to move"),
    ("cruel", {"f0": "A♠"}, "f0 t0", "cards on the foundations never move: foundations are final"),
    ("midshipman", {"f0": "A♠ 2♠", "t0": "A♥"}, "t0 f0",
     "A♥ cannot go on 2♠ (f0): Midshipman builds the foundations up in suit, so 2♠ takes only 3♠"),
    ("midshipman", {"t1": "10♣", "t0": "K♠"}, "t0 t1",
     "K♠ cannot go on 10♣ (t1): Midshipman builds down in a different suit, and no card ranks above a king: it goes only to an empty pile"),
    *[("midshipman", {"t1": "10♣", "t0": f"5{s}"}, "t0 t1",
       f"5{s} cannot go on 10♣ (t1): Midshipman builds down in a different suit, so 10♣ takes only a 9 that is not a club")
      for s in "♠♥♦♣"],
    ("midshipman", {"t1": "9♣", "t0": "8♣"}, "t0 t1",
     "8♣ cannot go on 9♣ (t1): Midshipman builds down in a different suit, so 9♣ takes only an 8 that is not a club"),
    ("midshipman", {}, "draw", "the stock is empty: Midshipman has one pass through it and no redeal"),
    ("midshipman", {"t0": "8♣"}, "t0 t9", "Midshipman has no pile t9 (its piles: " + ", ".join(sw.Midshipman.PILES) + ")"),
]


@pytest.mark.parametrize("name, layout, move, why", REASONS, ids=[f"{r[0]}: {r[2]}" for r in REASONS])
def test_each_refusal_names_its_rule(name, layout, move, why):
    layout = dict(layout)
    redeals = layout.pop("redeals", 0)
    game = arrange(sw.GAMES[name](seed=0), {p: cards(t) for p, t in layout.items()}, redeals=redeals)
    assert game.why_illegal(move) == why
    with pytest.raises(sw.IllegalMoveError, match="^" + re.escape(why) + "$"):
        game.play(move)
