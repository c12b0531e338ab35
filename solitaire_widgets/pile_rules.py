"""What each pile takes and what may leave it, declared as values.

A game says which rule each of its piles follows (``Game.FOUNDATION``,
``Game.TABLEAU``, ``Game.PILE_RULES`` …) instead of writing the rule as
code.  One value gives everything the package asks of a rule, so the three
cannot drift apart: the cards a pile takes now (for the engine, the solver
and the table), the words of a refusal (``why_illegal``, the table's
message) and the rule's sentence (the rules page and ``explain``).

* ``Build``: how a card goes on another — down, up, or either way; in suit,
  in alternating colours, in any suit …; by a step of one rank or more; with
  king and ace joined or not.  The same value says which cards lie in a
  run that moves together.
* ``Empty``: what an empty pile takes (any card, only kings, nothing …).
* ``Moves``: what may leave a pile by hand — its top card, runs, any face-up
  cards with all above them, or the whole pile.
* ``PileRule``: the three together, made by ``Foundation``, ``Tableau``,
  ``WholeSuits``, ``Pairs`` or the role defaults (``FREE_CELL``, ``RESERVE``,
  ``WASTE``).

Any field may depend on a rule option: ``by_option("build",
different_suit=DOWN_OTHER_SUIT, other_colour=DOWN_ALTERNATE_COLOURS)``.

>>> klondike = Tableau(DOWN_ALTERNATE_COLOURS, empty=KINGS, moves=RUNS)
>>> klondike.sentence()  # doctest: +ELLIPSIS
'build down in alternating colours; an empty pile takes only a king. A run built so moves together, or any...'
>>> from solitaire_widgets.cards import Card
>>> DOWN_ALTERNATE_COLOURS.takes(Card.parse("7S")), UP_OR_DOWN.with_wrap().takes(Card.parse("KH"))
('only a red 6', 'only a queen or an ace')
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from .cards import CARD, FACE, MAX_CARDS, RANK, SUIT, SUITS, Card, describe_rank, rank_word

if TYPE_CHECKING:
    from .game import Game

ANY: Any = "any"  # what a pile takes: any card (typed Any, so it passes for a tuple of keys)
Wants = Union[tuple[int, ...], Any]  # Any: ``ANY`` (a compiled module checks no tuple it cannot be)
RED = frozenset("HD")
SUIT_LENGTH = 13
DIRECTIONS = ("down", "up", "up_or_down", "any", "match")
# suit rule -> whether a card of suit ``over`` may lie on one of suit ``under``
SUIT_RULES: Mapping[str, Callable[[str, str], bool]] = {
    "in_suit": lambda under, over: under == over,
    "alternate_colours": lambda under, over: (under in RED) != (over in RED),
    "any_suit": lambda under, over: True,
    "other_suit": lambda under, over: under != over,
    "same_colour": lambda under, over: (under in RED) == (over in RED),
}
SUIT_WORD = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


# --- rule options ----------------------------------------------------------------
@dataclass(frozen=True)
class ByOption:
    """A value of a rule that a rule option chooses: ``values[options[option]]``.

    >>> ByOption("draw", {"1": 1, "3": 3}).resolve({"draw": "3"})
    3
    """

    option: str
    values: Optional[Mapping[str, Any]] = None  # None: the option's value itself

    def resolve(self, options: Mapping[str, str]) -> Any:
        value = options[self.option]
        return value if self.values is None else resolve(self.values[value], options)

    def __hash__(self) -> int:
        return hash((self.option, None if self.values is None else tuple(self.values.items())))


def by_option(option: str, values: Optional[Mapping[str, Any]] = None, **by_value: Any) -> Any:
    """A value chosen by rule option ``option``: one value for each of the
    option's values, as a dict or as keywords (the class checks that every
    value of the option is covered); with none, the option's value itself.

    >>> build = by_option("build", different_suit=DOWN_OTHER_SUIT, other_colour=DOWN_ALTERNATE_COLOURS)
    >>> resolve(Tableau(build), {"build": "other_colour"}).build == DOWN_ALTERNATE_COLOURS
    True
    >>> resolve(by_option("redeal"), {"redeal": "turn"})
    'turn'
    """
    if not isinstance(option, str) or not option.isidentifier():
        raise ValueError(f"by_option takes an option's name, not {option!r}")
    if values is None and not by_value:
        return ByOption(option)
    return ByOption(option, dict(values or {}, **by_value))


def resolve(value: Any, options: Mapping[str, str]) -> Any:
    """``value`` with every ``by_option`` in it (in a rule's fields, in a
    tuple) replaced by the value the options choose."""
    if isinstance(value, ByOption):
        return value.resolve(options)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: resolve(getattr(value, f.name), options) for f in dataclasses.fields(value)}
        return value if all(changed[k] is getattr(value, k) for k in changed) else dataclasses.replace(value, **changed)
    if isinstance(value, tuple):
        return tuple(resolve(item, options) for item in value)
    return value


def options_named(value: Any) -> set[str]:
    """The options a rule value depends on (its ``by_option`` choices, nested too)."""
    if isinstance(value, ByOption):
        return {value.option} | {name for v in (value.values or {}).values() for name in options_named(v)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name for f in dataclasses.fields(value) for name in options_named(getattr(value, f.name))}
    if isinstance(value, tuple):
        return {name for item in value for name in options_named(item)}
    return set()


def choices(value: Any) -> Iterable[ByOption]:
    """Every ``by_option`` inside ``value`` (for the class's checks)."""
    if isinstance(value, ByOption):
        yield value
        for v in (value.values or {}).values():
            yield from choices(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from choices(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from choices(item)


# --- how a card goes on another ----------------------------------------------------
@dataclass(frozen=True)
class Build:
    """How a card goes on another: ``direction`` ``"down"`` (a 6 on a 7),
    ``"up"``, ``"up_or_down"``, ``"any"`` (any rank) or ``"match"`` (a card of
    the same suit or the same rank, as in Accordion: ``SUIT_OR_RANK``);
    ``suit``: ``"in_suit"``,
    ``"alternate_colours"`` (red on black), ``"any_suit"``, ``"other_suit"``
    (any suit but the card's own) or ``"same_colour"``; ``step`` ranks at a
    time (Calculation builds by 2, 3 and 4); ``wrap``: king and ace join (a
    king on an ace going up, an ace on a king going down).

    >>> from solitaire_widgets.cards import Card
    >>> DOWN_IN_SUIT.follows(Card.parse("7S").face, Card.parse("6S").face), UP_BY_RANK.words()
    (True, 'up in rank, any suit')
    >>> Build("up", step=2, wrap=True).ranks_on(12)
    (1,)
    """

    direction: str = "down"
    suit: str = "any_suit"
    step: int = 1
    wrap: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.direction, ByOption) or isinstance(self.suit, ByOption):
            return
        if self.direction not in DIRECTIONS:
            raise ValueError(f"Build direction must be one of {', '.join(DIRECTIONS)}, not {self.direction!r}")
        if self.suit not in SUIT_RULES:
            raise ValueError(f"Build suit must be one of {', '.join(SUIT_RULES)}, not {self.suit!r}")
        if self.direction == "match" and (self.suit != "any_suit" or self.step != 1 or self.wrap):
            raise ValueError("a matching build (a card of the same suit or the same rank) takes no suit, step or "
                             "wrap: write Build(\"match\")")
        if isinstance(self.step, bool) or not isinstance(self.step, int) or not 1 <= self.step <= 12:
            raise ValueError(f"Build step must be a whole number of ranks from 1 to 12, not {self.step!r}")
        if not isinstance(self.wrap, (bool, ByOption)):
            raise ValueError(f"Build wrap must be True or False, not {self.wrap!r}")

    def with_wrap(self, wrap: Any = True) -> "Build":
        """The same build with king and ace joined (or as ``wrap`` says)."""
        return dataclasses.replace(self, wrap=wrap)

    @property
    def needs_suits(self) -> bool:
        """Whether the build looks at suits (a game then keys cards by face)."""
        return self.suit != "any_suit" or self.direction == "match"

    def ranks_on(self, rank: int) -> tuple[int, ...]:
        """The ranks of the cards that go on a card of ``rank``: down first, then up."""
        if self.direction in ("any", "match"):
            return tuple(range(1, 14))
        found = []
        for sign in {"down": (-1,), "up": (1,), "up_or_down": (-1, 1)}[self.direction]:
            to = rank + sign * self.step
            if self.wrap:
                found.append((to - 1) % 13 + 1)
            elif 1 <= to <= 13:
                found.append(to)
        return tuple(dict.fromkeys(found))  # (down first, then up; once each)

    def suits_on(self, suit: str) -> tuple[str, ...]:
        """The suits of the cards that go on a card of ``suit``."""
        follows = SUIT_RULES[self.suit]
        return tuple(s for s in SUITS if follows(suit, s))

    def faces_on(self, rank: int, suit: str) -> tuple[int, ...]:
        """The faces of the cards that go on a card of ``rank`` and ``suit``, in order.

        >>> [str(Card.from_id(face)) for face in SUIT_OR_RANK.faces_on(12, "S")][-4:]  # Q♠: spades and queens
        ['K♠', 'Q♥', 'Q♦', 'Q♣']
        """
        if self.direction == "match":
            return tuple(sorted({Card(r, suit).face for r in range(1, 14)} | {Card(rank, s).face for s in SUITS}))
        return tuple(sorted(Card(r, s).face for r in self.ranks_on(rank) for s in self.suits_on(suit)))

    def follows(self, under: int, over: int) -> bool:
        """Whether card ``over`` may lie on card ``under`` (ids or faces)."""
        if self.direction == "match":
            return SUIT[under] == SUIT[over] or RANK[under] == RANK[over]
        return RANK[over] in self.ranks_on(RANK[under]) and SUIT_RULES[self.suit](SUIT[under], SUIT[over])

    def words(self) -> str:
        """How the build reads after "builds": "down in alternating colours"."""
        if self.direction == "match":
            return "on a card of the same suit or the same rank"
        if self.direction == "any":
            return "any card on any card" if self.suit == "any_suit" else f"any rank {self.suit.replace('_', ' ')}"
        if self.direction == "up_or_down":
            way = "up or down by one rank" if self.step == 1 else f"up or down by {self.step} ranks"
            suit = {"any_suit": "in any suit", "in_suit": "in suit", "alternate_colours": "in alternating colours",
                    "other_suit": "in a different suit", "same_colour": "in the same colour"}[self.suit]
            text = f"{way} {suit}"
        else:
            way = self.direction if self.step == 1 else f"{self.direction} by {self.step} ranks"
            suit = {"in_suit": "in suit", "alternate_colours": "in alternating colours",
                    "any_suit": "by rank, any suit" if self.direction == "down" else "in rank, any suit",
                    "other_suit": "in a different suit", "same_colour": "in the same colour"}[self.suit]
            if self.step != 1 and self.suit == "any_suit":
                suit = "in any suit"
            text = f"{way} {suit}"
        return text + (", K and A joined" if self.wrap else "")

    def takes(self, top: Card) -> str:
        """What a pile topped by ``top`` takes by this build, in words:
        "only 5♥", "only a red 6", "a 6 or an 8", "nothing: …"."""
        if self.direction == "match":
            return f"only a {SUIT_WORD[top.suit]} or {describe_rank(top.rank)}"
        ranks = self.ranks_on(top.rank)
        if not ranks:
            return ("nothing: no card ranks below an ace" if self.direction == "down" else
                    "nothing: no card ranks above a king")
        if self.suit == "in_suit":
            return "only " + " or ".join(str(Card(r, top.suit)) for r in ranks)
        if self.suit in ("alternate_colours", "same_colour"):
            colour = top.color if self.suit == "same_colour" else ("black" if top.color == "red" else "red")
            return "only " + " or ".join(f"a {colour} {rank_word(r)}" for r in ranks)
        if self.suit == "other_suit":
            return "only " + " or ".join(describe_rank(r) for r in ranks) + f" that is not a {SUIT_WORD[top.suit]}"
        return "only " + " or ".join(describe_rank(r) for r in ranks)


DOWN_IN_SUIT = Build("down", "in_suit")
DOWN_ALTERNATE_COLOURS = Build("down", "alternate_colours")
DOWN_BY_RANK = Build("down", "any_suit")
DOWN_OTHER_SUIT = Build("down", "other_suit")
UP_IN_SUIT = Build("up", "in_suit")
UP_BY_RANK = Build("up", "any_suit")
UP_OR_DOWN = Build("up_or_down", "any_suit")
ANY_ORDER = Build("any", "any_suit")  # any card goes on any card
SUIT_OR_RANK = Build("match")  # a card of the same suit or the same rank (Accordion)


# --- what an empty pile takes -------------------------------------------------------
@dataclass(frozen=True)
class Empty:
    """What an empty pile takes: ``ANY_CARD``, ``NOTHING`` (never filled),
    cards of some ranks only (``KINGS``, ``ACES``, ``ranks(13, 12)``),
    ``BASE_RANK``: the rank of the first card dealt to the foundations (as
    Canfield's foundations start from it), or ``only_from(pile, …)``: only
    the top card of a named pile while it holds cards, then what ``then``
    says (Canfield's columns are filled from the reserve)."""

    kind: str  # "any", "nothing", "ranks", "base" or "from"
    ranks: tuple[int, ...] = ()
    piles: tuple[str, ...] = ()  # "from": the piles that feed it, the first holding cards gives
    then: Optional["Empty"] = None  # "from": what it takes once those piles are all empty

    def words(self) -> str:
        """What it takes, after "takes": "only a king", "any card", "nothing"."""
        if self.kind == "any":
            return "any card"
        if self.kind == "nothing":
            return "nothing"
        if self.kind == "base":
            return "only a card of the base rank"
        if self.kind == "from":
            first, then = self.piles[0], self.then.words() if self.then is not None else "nothing"
            if len(self.piles) == 1:
                return f"only the {first}'s top card while the {first} holds cards, {then} once it is empty"
            later = ", then of the ".join(self.piles[1:])
            return (f"only the top card of the {first} while it holds cards, then of the {later}, and {then} once all "
                    "are empty")
        return "only " + " or ".join(describe_rank(r) for r in self.ranks)

    def ranks_in(self, game: "Game") -> tuple[int, ...]:
        """The ranks it takes in ``game`` (all 13 for any card, none for nothing)."""
        if self.kind == "any":
            return tuple(range(1, 14))
        if self.kind == "base":
            return (game.base_rank,)
        if self.kind == "from":
            feeder = self.feeder(game)
            if feeder is None:
                return self.then.ranks_in(game) if self.then is not None else ()
            pile = game._piles[feeder]
            return (RANK[pile[-1]],) if game._ROLE_AT[feeder] != "stock" else ()
        return self.ranks

    def feeder(self, game: "Game") -> Optional[int]:
        """``only_from``: the index of the pile whose top card alone may
        fill an empty pile in ``game`` now (the first named one holding
        cards), or None once they are all empty."""
        for name in self.piles:
            i = game._INDEX[name]
            if game._piles[i]:
                return i
        return None


ANY_CARD = Empty("any")
NOTHING = Empty("nothing")
KINGS = Empty("ranks", (13,))
ACES = Empty("ranks", (1,))
BASE_RANK = Empty("base")


def only_from(*piles: str, then: Empty = ANY_CARD) -> Empty:
    """An empty pile that takes only the top card of ``piles[0]`` while it
    holds cards (of the next named pile once it is empty, and so on: a
    stock's card is turned up before it plays), and what ``then`` says once
    they are all empty.  The piles are named by id.

    >>> only_from("reserve").words()
    "only the reserve's top card while the reserve holds cards, any card once it is empty"
    """
    if not piles or not all(isinstance(p, str) and p for p in piles) or len(set(piles)) != len(piles):
        raise ValueError(f"only_from takes the ids of the piles that feed an empty pile, not {piles!r}")
    if not isinstance(then, Empty) or then.kind == "from":
        raise ValueError(f"only_from's then is what the pile takes once they are empty (ANY_CARD, KINGS …), "
                         f"not {then!r}")
    return Empty("from", piles=tuple(piles), then=then)


def ranks(*taken: int) -> Empty:
    """An empty pile that takes cards of these ranks only (``ranks(13)`` is ``KINGS``)."""
    if not taken or any(isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= 13 for r in taken):
        raise ValueError(f"ranks takes ranks from 1 (ace) to 13 (king), not {taken!r}")
    return Empty("ranks", tuple(sorted(set(taken))))


# --- what may leave a pile -------------------------------------------------------------
MOVE_KINDS = ("top", "runs", "face_up", "whole", "none")
RUN_LIMITS = ("none", "free_cells")


@dataclass(frozen=True)
class Moves:
    """What may leave a pile by hand: ``TOP_CARD`` (one card at a time),
    ``RUNS`` (a run at its top moves together, or any top part of it: cards
    lying by the pile's own build, or by ``runs(build)``), ``FACE_UP`` (any
    face-up card, with every card on it, as in Yukon), ``WHOLE_PILE`` (all
    its cards at once) or ``NONE``.  ``limit="free_cells"`` caps a run as
    FreeCell does: (empty free cells + 1) × 2^(empty tableau piles besides
    the target)."""

    kind: str = "top"
    build: Optional[Build] = None
    limit: str = "none"

    def __post_init__(self) -> None:
        if self.kind not in MOVE_KINDS:
            raise ValueError(f"Moves kind must be one of {', '.join(MOVE_KINDS)}, not {self.kind!r}")
        if not isinstance(self.limit, ByOption) and self.limit not in RUN_LIMITS:
            raise ValueError(f"a run's limit must be one of {', '.join(RUN_LIMITS)}, not {self.limit!r}")

    @property
    def several(self) -> bool:
        """Whether a move may take more than one card from the pile."""
        return self.kind in ("runs", "face_up", "whole")


TOP_CARD = Moves("top")
RUNS = Moves("runs")
FACE_UP = Moves("face_up")
WHOLE_PILE = Moves("whole")
NO_MOVES = Moves("none")


def runs(build: Optional[Build] = None, *, limit: str = "none") -> Moves:
    """Runs move together: cards lying by ``build`` (None: as the pile
    builds), at most as many as ``limit`` allows (``"free_cells"``).

    >>> runs(DOWN_IN_SUIT).build == DOWN_IN_SUIT, runs(limit="free_cells").limit
    (True, 'free_cells')
    """
    return Moves("runs", build, limit)


# --- where a pile's cards may go, by where the piles lie ------------------------------------------
SIDES = ("left", "right", "either")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


@dataclass(frozen=True)
class Neighbours:
    """A route that depends on the position: a pile's cards go only onto the
    pile ``steps`` places away along ``row`` on its ``side`` (``"left"``:
    towards the row's start, ``"right"`` or ``"either"``), counting only the
    piles that hold cards, so a row closes up as piles empty.  Accordion's
    piles go onto the first or the third pile to their left:
    ``Neighbours(ROW, steps=(1, 3))``.  A pile's rule names it
    (``Tableau(..., onto=...)``); ``routes()`` gives the ``ROUTES`` that let
    each pile reach every pile it ever may.

    >>> near = Neighbours(("t0", "t1", "t2", "t3"), steps=(1, 3))
    >>> near.routes()["t3"], "t0" in near.routes(), near.words()
    (('t2', 't1', 't0'), False, 'onto the first or the third pile to its left that holds cards')
    """

    row: tuple[str, ...]
    steps: tuple[int, ...] = (1,)
    side: str = "left"

    def __post_init__(self) -> None:
        row, steps = self.row, self.steps
        if not isinstance(row, tuple) or len(row) < 2 or not all(isinstance(p, str) for p in row) \
                or len(set(row)) != len(row):
            raise ValueError(f"Neighbours takes a row of two or more distinct pile ids, as a tuple, not {row!r}")
        if not isinstance(steps, tuple) or not steps or len(set(steps)) != len(steps) or any(
                isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= len(ORDINALS) for k in steps):
            raise ValueError(f"Neighbours steps are distinct whole numbers from 1 to {len(ORDINALS)} (the first, "
                             f"the third … pile that holds cards), as a tuple, not {steps!r}")
        if self.side not in SIDES:
            raise ValueError(f"Neighbours side must be one of {', '.join(SIDES)}, not {self.side!r}")

    def sides_of(self, pile: str) -> tuple[tuple[str, ...], ...]:
        """The piles on each side of ``pile`` it may reach, nearest first."""
        i = self.row.index(pile)
        left, right = self.row[:i][::-1], self.row[i + 1:]
        return {"left": (left,), "right": (right,), "either": (left, right)}[self.side]

    def routes(self) -> dict[str, tuple[str, ...]]:
        """``ROUTES`` for the row: each pile onto every pile of its side(s), nearest first."""
        reached = {pile: tuple(p for side in self.sides_of(pile) for p in side) for pile in self.row}
        return {pile: targets for pile, targets in reached.items() if targets}

    def words(self) -> str:
        """Where a pile's cards go, after "goes": "onto the first or the third pile to its left that holds cards"."""
        which = " or the ".join(ORDINALS[k - 1] for k in sorted(self.steps))
        side = "on either side" if self.side == "either" else f"to its {self.side}"
        return f"onto the {which} pile {side} that holds cards"


# --- a pile's whole rule ---------------------------------------------------------------------
@dataclass(frozen=True)
class PileRule:
    """What a pile takes and what may leave it (see the module docstring).

    ``build``: how a card goes on its top card (None: nothing goes on a
    card there); ``empty``: what it takes while empty; ``moves``: what may
    leave it by hand; ``holds``: the most cards it holds (a free cell one);
    ``whole_suits``: it takes a completed suit, king down to ace, at once
    (Spider's foundations); ``pairs``: it takes two exposed cards whose ranks
    make this total together, or one card of that rank alone (Pyramid's 13);
    ``onto``: its cards go only to the neighbours these ``Neighbours`` name
    in the position, of the piles ``ROUTES`` lets them reach (Accordion's).
    """

    build: Optional[Build] = None
    empty: Empty = ANY_CARD
    moves: Moves = TOP_CARD
    holds: Optional[int] = None
    whole_suits: bool = False
    pairs: Optional[int] = None
    onto: Optional[Neighbours] = None

    def __post_init__(self) -> None:
        for name, kind in (("build", Build), ("empty", Empty), ("moves", Moves)):
            value = getattr(self, name)
            if not isinstance(value, (kind, ByOption)) and not (name == "build" and value is None):
                raise ValueError(f"a pile rule's {name} must be a {kind.__name__}"
                                 f"{' or None' if name == 'build' else ''}, not {value!r}")
        if self.holds is not None and (isinstance(self.holds, bool) or not isinstance(self.holds, int)
                                       or self.holds < 1):
            raise ValueError(f"a pile rule's holds must be a whole number ≥ 1 or None, not {self.holds!r}")
        if self.pairs is not None and (isinstance(self.pairs, bool) or not isinstance(self.pairs, int)
                                       or not 2 <= self.pairs <= 26):
            raise ValueError(f"pairs must be the total two ranks make, from 2 to 26, not {self.pairs!r}")
        if self.onto is not None and not isinstance(self.onto, (Neighbours, ByOption)):
            raise ValueError(f"a pile rule's onto must be Neighbours(...) or None, not {self.onto!r}")

    @property
    def takes_anything(self) -> bool:
        """Whether any card may ever be put on the pile by hand."""
        return self.build is not None or self.empty.kind != "nothing" or self.whole_suits or bool(self.pairs)

    def sentence(self, role: str = "tableau") -> str:
        """The rule in words for the rules page: "build down in suit; an
        empty pile is never filled."."""
        if self.whole_suits:
            return ("a whole suit in order, king down to ace, at the top of a pile goes home: all 13 cards in one "
                    "move.")
        if self.pairs:
            alone = f"; a card of rank {self.pairs} goes alone" if self.pairs <= 13 else ""
            return (f"two exposed cards whose ranks make {self.pairs} go here together (a jack is 11, a queen "
                    f"12, a king 13){alone}.")
        if role == "foundation":
            start = {"any": "any card on an empty one", "nothing": "nothing on an empty one",
                     "base": "a card of the base rank on an empty one"}.get(
                self.empty.kind, f"{self.empty.words().removeprefix('only ')} on an empty one")
            build = self.build
            if build is None:
                return f"{start}; nothing more on it."
            if build.direction == "up" and build.step == 1 and not build.wrap:
                if build.suit == "any_suit":
                    return f"{start}, then up in rank to the king, in any suit."
                return f"{start}, then {build.words()} to the king."
            return f"{start}, then {build.words()}."
        parts = []
        if self.build is not None:
            parts.append(f"build {self.build.words()}")
        else:
            parts.append("nothing goes on its cards")
        parts.append("an empty pile is never filled" if self.empty.kind == "nothing"
                     else f"an empty pile takes {self.empty.words()}")
        text = "; ".join(parts) + "."
        moving = self.moves_sentence()
        return f"{text} {moving}" if moving else text

    def moves_sentence(self) -> str:
        """What may leave the pile, and where it may go where the position
        decides (``onto``), in words ("" for its top card alone, by ``ROUTES``)."""
        text = self._leaving_sentence()
        if self.onto is None:
            return text
        if not text:
            return f"Its top card goes only {self.onto.words()}."
        return f"{text.removesuffix('.')}, {self.onto.words()}."

    def _leaving_sentence(self) -> str:
        kind = self.moves.kind
        if kind == "runs":
            own = self.moves.build is None or self.moves.build == self.build
            run = "A run built so" if own else f"A run built {self.moves.build.words()}"  # type: ignore[union-attr]
            limit = (" as long as the free cells and empty piles could carry it card by card"
                     if self.moves.limit == "free_cells" else "")
            return f"{run} moves together{limit}, or any top part of it."
        if kind == "face_up":
            return "Any face-up card moves with all the cards on it."
        if kind == "whole":
            return "A pile moves only whole."
        if kind == "none":
            return "No card leaves it by hand."
        return ""


def Foundation(build: Any = UP_IN_SUIT, *, empty: Any = ACES, holds: Optional[int] = None) -> PileRule:
    """A foundation: built by ``build`` (up in suit by default) from what an
    empty one takes (an ace by default); its cards never leave.

    >>> Foundation().sentence("foundation")
    'an ace on an empty one, then up in suit to the king.'
    >>> Foundation(UP_OR_DOWN.with_wrap(), empty=ANY_CARD).sentence("foundation")
    'any card on an empty one, then up or down by one rank in any suit, K and A joined.'
    """
    return PileRule(build=build, empty=empty, moves=NO_MOVES, holds=holds)


def Tableau(build: Any = None, *, empty: Any = ANY_CARD, moves: Any = TOP_CARD,
            onto: Optional[Neighbours] = None) -> PileRule:
    """A tableau pile: built by ``build`` (None: nothing goes on its cards),
    taking ``empty`` while empty, giving what ``moves`` lets leave it, onto
    the neighbours ``onto`` names where the position decides.

    >>> Tableau(DOWN_IN_SUIT, empty=NOTHING).sentence()
    'build down in suit; an empty pile is never filled.'
    >>> Tableau(SUIT_OR_RANK, empty=NOTHING, moves=WHOLE_PILE, onto=Neighbours(("t0", "t1"), (1, 3))).sentence()
    'build on a card of the same suit or the same rank; an empty pile is never filled. A pile moves only whole, \
onto the first or the third pile to its left that holds cards.'
    """
    return PileRule(build=build, empty=empty, moves=moves, onto=onto)


def WholeSuits() -> PileRule:
    """A foundation that takes a completed suit, king down to ace, all 13
    cards in one move (Spider's)."""
    return PileRule(build=None, empty=ANY_CARD, moves=NO_MOVES, whole_suits=True)


def Pairs(total: int = 13) -> PileRule:
    """A discard pile that takes two exposed cards whose ranks make
    ``total`` together in one move, or one card of rank ``total`` alone
    (Pyramid's 13: a king goes alone)."""
    return PileRule(build=None, empty=ranks(total) if total <= 13 else NOTHING, moves=NO_MOVES, pairs=total)


FREE_CELL = PileRule(build=None, empty=ANY_CARD, moves=TOP_CARD, holds=1)  # one card, any card
RESERVE = PileRule(build=None, empty=NOTHING, moves=TOP_CARD)  # gives its top card, takes none
WASTE = RESERVE  # fed only by the stock; its top card plays
STOCK = PileRule(build=None, empty=NOTHING, moves=NO_MOVES)  # its cards are turned up by stock actions
# The rule of a pile whose role says it all (a game may still declare another).
ROLE_DEFAULTS: Mapping[str, PileRule] = {"cell": FREE_CELL, "reserve": RESERVE, "waste": WASTE, "stock": STOCK}


def pyramid(piles: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """``COVERED_BY`` of piles laid out as a pyramid, row after row (one
    pile in the first row, two in the next …): each pile is covered by the
    two piles below it in the next row.

    >>> pyramid(["p0", "p1", "p2"])
    {'p0': ('p1', 'p2')}
    """
    covered: dict[str, tuple[str, ...]] = {}
    start, row = 0, 1
    while start + row < len(piles):
        below = start + row  # the first pile of the next row
        for i in range(row):
            if below + i + 1 < len(piles):
                covered[piles[start + i]] = (piles[below + i], piles[below + i + 1])
        start, row = below, row + 1
    return covered


# --- a rule made ready for one game -------------------------------------------------------------
@functools.cache
def build_table(build: Build, key: str) -> tuple[Wants, ...]:
    """For every card id: the card keys (ranks, or faces when ``key`` is
    "face") that go on it by ``build``; worked out once, read at every
    position the solver meets."""
    table = []
    for card in range(MAX_CARDS):
        rank, suit = RANK[card], SUIT[card]
        on = build.ranks_on(rank)
        if key == "rank":
            table.append(on)
        else:
            table.append(build.faces_on(rank, suit))
    return tuple(table)


@functools.cache
def links_table(build: Build, bound: int) -> bytes:
    """For card ids below ``bound``: byte ``under * bound + over`` is 1 where
    card ``over`` may lie on card ``under`` in a run of ``build``."""
    return bytes(build.follows(under, over) for under in range(bound) for over in range(bound))


def empty_keys(empty: Empty, key: str, game: "Game") -> Wants:
    """The card keys an empty pile takes by ``empty`` (ANY for any card)."""
    if empty.kind == "any":
        return ANY
    taken = empty.ranks_in(game)
    if key == "rank":
        return tuple(taken)
    return tuple(sorted(Card(r, s).face for r in taken for s in SUITS))


@dataclass(frozen=True, eq=False)
class PileLaw:
    """A ``PileRule`` with its options chosen, made ready for one game class:
    ``wants(pile, game)`` the card keys the pile takes now, ``refusal`` why a
    card may not go there, and what may leave it.  (Made by ``Game`` for each
    pile; a game's own ``_wants``/``_build_reason`` hooks still come first.)"""

    rule: PileRule
    key: str
    wants: Callable[[Sequence[int], "Game"], Wants] = field(repr=False)
    # the options, not at their defaults, that chose how it builds and what it
    # takes while empty, as its refusals name them: ' (build="other_colour")'
    chosen: str = ""
    chosen_empty: str = ""
    # Where ``wants`` reads no more than a table: the keys each card id takes
    # on it, and what it takes while empty (the engine's fast path reads
    # them itself rather than call ``wants``); else None.
    table: Optional[tuple[Wants, ...]] = field(default=None, repr=False)
    empty_wants: Wants = ()

    def refusal(self, game: "Game", t: int, card: int) -> str:
        """Why ``card`` may not go onto pile ``t`` of ``game`` now."""
        rule = self.rule
        pile, pile_id, title = game._piles[t], game.PILES[t], game.title
        moving = CARD[card]
        role = game._ROLE_AT[t]
        if rule.whole_suits:
            return f"{pile_id} takes only a completed suit, king down to ace, all 13 cards at once"
        if rule.pairs:
            alone = (f"only a {rank_word(rule.pairs)} goes alone; " if rule.pairs <= 13 else "no card goes alone: ")
            return (f"{moving} cannot go to {pile_id} alone: {alone}two exposed cards that make {rule.pairs} go "
                    "together")
        if not pile:
            takes = rule.empty.words() if rule.empty.kind != "base" else \
                f"only {describe_rank(game.base_rank)}, the base rank"
            if role == "foundation":
                return f"{moving} cannot start {pile_id}: an empty foundation takes {takes}"
            if rule.empty.kind == "nothing" and role == "cell" and rule.build is None:
                # a free cell out of play (FreeCell with fewer cells)
                return f"{pile_id} is closed in {title}{self.chosen_empty}: it takes no card"
            if rule.empty.kind == "nothing":
                return f"{pile_id} is empty, and in {title} an empty pile is never filled"
            return (f"{moving} cannot go on the empty {pile_id}: in {title}{self.chosen_empty} an empty pile "
                    f"takes {takes}")
        top = CARD[pile[-1]]
        if rule.holds is not None and len(pile) >= rule.holds:
            if role == "cell":
                return f"{pile_id} holds {top} already: a free cell holds one card"
            return f"{pile_id} holds {len(pile)} cards, as many as it may: nothing more goes on it"
        build = rule.build
        if build is None:
            if rule.empty.kind != "nothing":
                empty_one = "an empty column" if role == "tableau" else "an empty pile"
                return f"{pile_id} is not empty: a card moves only to {empty_one}"
            return f"nothing goes on {top} ({pile_id}): in {title} no card is put on it"
        if role == "foundation" and not build.ranks_on(top.rank) and build.direction == "up" and \
                rule.empty.ranks == (1,):
            return f"{pile_id} is complete (ace to king): nothing more goes on it"
        where = "the foundations " if role == "foundation" else ""
        rule_words = f"{moving} cannot go on {top} ({pile_id}): {title} builds {where}{build.words()}{self.chosen}"
        if build.direction == "down" and not build.wrap and moving.rank == 13 and \
                (13 in rule.empty.ranks or rule.empty.kind == "any"):
            # no card takes a king: say where it may go instead of what this card takes
            return f"{rule_words}, and no card ranks above a king: it goes only to an empty pile"
        return f"{rule_words}, so {top} takes {build.takes(top)}"


def law_for(rule: PileRule, key: str, chosen: str = "", chosen_empty: str = "") -> PileLaw:
    """Make ``rule`` (options chosen) ready for a game that keys cards by
    ``key`` ("rank" or "face"): its ``wants`` reads a table per card id.
    ``chosen``, ``chosen_empty``: the options that chose how it builds and
    what it takes while empty, as its refusals name them."""
    build, empty, holds = rule.build, rule.empty, rule.holds

    def made(wants: Callable[[Sequence[int], "Game"], Wants]) -> PileLaw:
        return PileLaw(rule, key, wants, chosen, chosen_empty)

    if rule.whole_suits or rule.pairs:
        # The engine itself moves completed suits and pairs; alone, a card
        # goes only where ``empty`` says (a pair pile's card of its total).
        alone = () if rule.whole_suits else None

        def wants_special(pile: Sequence[int], game: "Game") -> Wants:
            if alone is not None:
                return alone
            return empty_keys(empty, key, game)

        return made(wants_special)
    if build == ANY_ORDER and holds is None and empty.kind == "any":
        return made(lambda pile, game: ANY)
    table = build_table(build, key) if build is not None else None
    if empty.kind == "from":
        # Only the feeding pile's top card, by its key (the engine also
        # checks the move comes from that pile: another card may share
        # the key); a stock's card is turned up first.
        keys = FACE if key == "face" else RANK
        then = law_for(PileRule(build, empty.then or NOTHING, rule.moves, holds), key).wants

        def wants_from(pile: Sequence[int], game: "Game") -> Wants:
            if pile:
                return then(pile, game)
            feeder = empty.feeder(game)
            if feeder is None:
                return then(pile, game)
            fed = game._piles[feeder]
            return () if game._ROLE_AT[feeder] == "stock" else (keys[fed[-1]],)

        return made(wants_from)
    if empty.kind == "base":
        def wants_base(pile: Sequence[int], game: "Game") -> Wants:
            if not pile:
                return empty_keys(empty, key, game)
            if holds is not None and len(pile) >= holds:
                return ()
            return table[pile[-1]] if table is not None else ()

        return made(wants_base)
    if empty.kind == "any":
        none_yet: Wants = ANY
    else:
        none_yet = empty_keys(empty, key, None)  # type: ignore[arg-type]
    if table is None:
        return made(lambda pile, game: none_yet if not pile else ())
    if holds is None:
        return PileLaw(rule, key, lambda pile, game: table[pile[-1]] if pile else none_yet, chosen, chosen_empty,
                       table, none_yet)
    return made(lambda pile, game: none_yet if not pile else () if len(pile) >= holds else table[pile[-1]])


def rule_value(value: Any) -> bool:
    """Whether ``value`` is a pile rule, maybe chosen by an option."""
    if isinstance(value, ByOption):
        return value.values is not None and all(rule_value(v) for v in value.values.values())
    return isinstance(value, PileRule)


__all__ = [
    "ANY", "ANY_CARD", "ANY_ORDER", "ACES", "BASE_RANK", "Build", "ByOption", "DOWN_ALTERNATE_COLOURS", "DOWN_BY_RANK",
    "DOWN_IN_SUIT", "DOWN_OTHER_SUIT", "Empty", "FACE_UP", "FREE_CELL", "Foundation", "KINGS", "Moves", "NOTHING",
    "NO_MOVES", "Neighbours", "PileRule", "Pairs", "RESERVE", "RUNS", "SUIT_OR_RANK", "TOP_CARD", "Tableau",
    "UP_BY_RANK", "UP_IN_SUIT", "UP_OR_DOWN", "WASTE", "WHOLE_PILE", "WholeSuits", "by_option", "only_from", "pyramid",
    "ranks", "runs",
]
