"""A game: what every patience game shares, and what a game class declares.

``Game`` holds the declarations every game class fills in (piles and their
roles, routes, the rules of its piles and its stock as values, options,
rules text, layout …: see ``solitaire_widgets.kit``), and what all games
share: a position and the moves played on it, with their history, undo and
redo, new deals, change notification and saves.  The rest of the engine
lies beside it, each part in its own module:

* ``position.py``: the position, a value (piles, face-down cards, redeals,
  extra state) that lays out a position given in words, copies itself,
  gives its key and reads its piles;
* ``fast_path.py``: the mover, moves as integers applied to the position
  and taken back by named undo records (the solver plays through it too);
* ``hooks.py``: the hooks a game class may fill in for what its declared
  rules do not say, and their defaults, which ask the rules (``rulebook.py``);
* ``illegal.py``: why a move may not be played, in words;
* ``classes.py``: what happens when a game class is made (its checks, its
  ``SHAPE`` and ``FACTS``).

Pictures, text, hints and analyses are the package's satellites: the
methods here that give them load them on first use.  ``docs/extending.md``
is the contract: every declaration and hook, what a position is, and what
a game can be.

>>> import solitaire_widgets as sw
>>> g = sw.new_game("cruel", seed=7)
>>> g.play(g.legal_moves()[0]) in g.history
True
>>> g.undo()
Move('t1', 't8')
>>> g.history
()
"""

from __future__ import annotations

import logging
import secrets
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import (TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Iterator, Mapping, Optional, Sequence, TypeVar,
                    Union)

from . import hooks, illegal, rulebook
from .arguments import whole_number
from .cards import CARD, FACE, RANK, Card, CardLike, card_ids_of_deck
from .classes import compile_class, state_start
from .dealing import Dealer
from .errors import HookError, IllegalMoveError, NothingToRedoError, NothingToUndoError
from .fast_path import ActionPlayed, FastPath, UndoRecord
from .hooks import HOOKS, raise_hook_error  # (HOOKS: the hooks of docs/extending.md, read from here too)
from .layout import Layout
from .moves import Move
from .pile_rules import ANY, ROLE_DEFAULTS, PileRule  # (ANY: a _wants answer; authors import it from here too)
from .piles import Role, check_role
from .position import Position
from .rulebook import RuleBook, book_for
from .shape import ClassFacts, GameShape
from .shuffle import derive_seed, shuffled
from .stocks import StockRule
from .strategy import Guide, Pace, Restart

if TYPE_CHECKING:
    from .picture import Picture

__all__ = ["ANY", "HOOKS", "Game", "GameChange", "MoveLike", "Observer", "SAVE_FORMAT", "saved_deal"]

# 2 added "redo" (and, later, "position"); 3 moves of several cards ("t3 t5 3")
# and a game's extra state.  A save is written in the oldest format that
# holds it, so a save of a game of one-card moves reads in older versions
# too; sw.load reads formats 1, 2 and 3.
SAVE_FORMAT = 3
MoveLike = Union[Move, str]
G = TypeVar("G", bound="Game")
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameChange:
    """What an observer is told after each change of a game.

    ``kind`` is ``"play"``, ``"undo"``, ``"redo"``, ``"restart"``,
    ``"new_deal"`` or ``"resume"``; ``move`` the move played or taken back
    (None for the others); ``piles`` the ids of the piles whose cards changed;
    ``version`` the game's new version number; ``earlier`` (new_deal only) a
    copy of the game as it was before the new deal.
    """

    kind: str
    move: Optional[Move]
    piles: tuple[str, ...]
    version: int
    earlier: Optional["Game"] = None


Observer = Callable[["Game", GameChange], None]


class Game:
    """Base class of every game; use a subclass or ``sw.new_game``.

    Keywords: ``seed`` (int ≥ 0; None picks one, readable as ``game.seed``)
    or ``deck`` (explicit card order, first card dealt first; ``game.seed`` is
    then None), and the game's rule options (see ``OPTIONS``).  ``from_position`` sets a game up at a
    position of your own instead of a deal.

    A game is one subclass that declares what it is (``PILES`` and
    ``ROLES``, ``ROUTES``, the rules of its piles (``FOUNDATION``,
    ``TABLEAU`` …), its ``STOCK``, ``OPTIONS``,
    ``RULES``, the optional ``LAYOUT``, ``GUIDE`` and ``PACE`` …) and answers
    the hooks below; the declarations are checked when the class is made,
    so a mistake fails there, clearly (see ``solitaire_widgets.declarations``).
    ``sw.register`` makes it known by name to ``sw.new_game``, the table, the
    solver and Gymnasium.
    """

    # --- declared by each game class --------------------------------------
    # The rules as values (``solitaire_widgets.kit``): the rule every pile of
    # a role follows (``Foundation(...)``, ``Tableau(...)``; cells, reserves
    # and wastes have theirs by default), ``PILE_RULES`` the rule of single
    # piles (it wins), and ``STOCK`` what the stock does (``Draw(...)``,
    # ``DealRow(...)`` … or a tuple of them).  The rule of a pile gives what it
    # takes, the words of a refusal and its sentence; the hooks below
    # (``_wants``, ``_build_reason`` …) answer where a game defines them.
    FOUNDATION: ClassVar[Optional[PileRule]] = None
    TABLEAU: ClassVar[Optional[PileRule]] = None
    CELL: ClassVar[PileRule] = ROLE_DEFAULTS["cell"]
    RESERVE: ClassVar[PileRule] = ROLE_DEFAULTS["reserve"]
    WASTE: ClassVar[PileRule] = ROLE_DEFAULTS["waste"]
    PILE_RULES: ClassVar[Mapping[str, PileRule]] = {}
    STOCK: ClassVar[Union[StockRule, tuple[StockRule, ...], None]] = None
    # pile -> the piles lying on it: its cards play only once they are all
    # empty (Pyramid's and TriPeaks' rows; ``kit.pyramid`` makes the map),
    # and its face-down cards then turn up.
    COVERED_BY: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    # The snake_case id (saves, ``sw.new_game``) and the title a player reads;
    # both default from the class name (``LeapYear``: "leap_year", "Leap Year").
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    decks: ClassVar[int] = 1
    # The pile ids in a fixed order (saves, keys, observations follow it) and
    # the role of each (``piles.piles_by_role`` gives both from one call).
    PILES: ClassVar[tuple[str, ...]] = ()
    ROLES: ClassVar[Mapping[str, Role]] = {}
    # source pile -> piles its cards may go to (the routes of the rules)
    ROUTES: ClassVar[dict[str, tuple[str, ...]]] = {}
    # The stock actions, any words (each is also a method: ``game.draw()``).
    ACTION_NAMES: ClassVar[tuple[str, ...]] = ()
    # What each stock action does, in a few words ("deals a card onto every
    # pile"), for hints and the table; those left out are said from DRAWS
    # and REDEALS (see ``action_words``).
    ACTION_WORDS: ClassVar[dict[str, str]] = {}
    # Stock actions that start a new pass through the stock (the engine
    # counts them as redeals); None: the action named "redeal", if any.
    REDEALS: ClassVar[Optional[tuple[str, ...]]] = None
    # Passes through the stock the rules allow (None: no limit, or no stock);
    # ``passes()`` where the options decide it.
    PASSES: ClassVar[Optional[int]] = None
    # option name -> allowed values, the first being the default
    OPTIONS: ClassVar[dict[str, tuple[str, ...]]] = {}
    # The rules as a player reads them: (topic, text) pairs.  A text may name
    # an option in braces, "{gather}"; ``sw.rules`` fills in the sentence
    # of the value in force, so a variant shows its own rules.
    RULES: ClassVar[tuple[tuple[str, str], ...]] = ()
    # option name -> value -> the one sentence saying what that value does
    # (the same keys and values as OPTIONS; checked when the class is made)
    OPTION_RULES: ClassVar[dict[str, dict[str, str]]] = {}
    # "rank" when building ignores suits, "face" when it needs them
    KEY: ClassVar[str] = "rank"
    # piles whose order does not matter, as the rules treat them all alike (a
    # solver may sort them): one group of pile ids, or a tuple of groups
    # (FreeCell's free cells, and its columns)
    INTERCHANGEABLE: ClassVar[tuple[Any, ...]] = ()
    # True when the number of redeals made changes what may happen next
    # (always so where passes are limited)
    REDEALS_MATTER: ClassVar[bool] = False
    # stock actions that only move one pile's top card, face up, onto another
    # (a draw): action -> (source, target).  The engine plays them itself,
    # recorded like card moves, instead of calling ``_do_action``.
    DRAWS: ClassVar[dict[str, tuple[str, str]]] = {}
    # What the position holds besides its cards: names of int attributes a
    # game keeps (set in ``_setup``, changed only by its stock actions); keys,
    # copies, undo and saves include them.
    STATE: ClassVar[tuple[str, ...]] = ()
    # True when moves can lead back to a position met before without end
    # (cards moved back and forth): a table then asks the solver after each
    # move whether a win is still possible, and says when none is.
    CAN_CYCLE: ClassVar[bool] = False
    # The table: where each pile lies (None: ``layout.default_layout`` from
    # the roles), and other layouts for narrow tables (see ``layouts()``).
    LAYOUT: ClassVar[Optional[Layout]] = None
    NARROW_LAYOUTS: ClassVar[tuple[Layout, ...]] = ()
    # How the solver plays it (``solitaire_widgets.strategy``): the guided
    # pass's trims (None: no guided pass) and how positions count the stock,
    # the waste, redeals and moves (``Pace()``: each card out is one short).
    GUIDE: ClassVar[Optional[Guide]] = None
    PACE: ClassVar[Pace] = Pace()
    # Where the guided pass starts again with another pace, after how many
    # positions (``strategy.Restart``; in order of ``after``).
    RESTARTS: ClassVar[tuple[Restart, ...]] = ()
    # Positions the solver searches each seed for when it looks for a
    # winnable deal (None: its default, 5,000).  Where the deals it wins it
    # mostly wins early and the others use up the budget, a smaller one tries
    # more seeds in the same time.
    DEAL_STATES: ClassVar[Optional[int]] = None
    # True where a winnable deal is built from a random win instead (its
    # cards chosen as they go home: ``solver.built_deals``), for games whose
    # cards go home in pairs (``Pairs``) and whose winnable deals are too
    # rare to find seed by seed; ``by_option`` may choose it.
    DEALS_FROM_A_WIN: ClassVar[Any] = False
    # True: the solver plays the safe moves home that follow a move as part
    # of it, one position searched rather than one each (fc-solve's moves to
    # the foundations).  Always sound, but it changes which position a
    # best-first search expands next, so a game chooses it where it helps.
    SAFE_HOME_IN_ONE_STEP: ClassVar[bool] = False

    # --- derived once per class when it is made (``classes.py``) ------------
    SHAPE: ClassVar[GameShape]  # the piles, routes and move codes (``shape.py``)
    FACTS: ClassVar[ClassFacts]  # which hooks the class fills in with code of its own
    # For hooks: a pile's index by id, each pile's role by index, and the
    # indexes of the foundations, tableau piles and free cells (the same
    # tables as SHAPE's).
    _INDEX: ClassVar[Mapping[str, int]]
    _ROLE_AT: ClassVar[tuple[Role, ...]]
    _FOUNDATIONS: ClassVar[tuple[int, ...]]
    _TABLEAU: ClassVar[tuple[int, ...]]
    _CELLS: ClassVar[tuple[int, ...]]
    _LAYOUTS: ClassVar[tuple[Layout, ...]]
    _KEY_DERIVED: ClassVar[bool] = False  # KEY was worked out from the rules, not declared
    _book: RuleBook  # the class's rules under this game's options
    # The position (``position.py``); hooks read its lists as ``self._piles``
    # (each pile's card ids, bottom first) and ``self._down`` (face-down
    # cards at the bottom of each pile): the position's own lists, changed
    # in place, never replaced.
    _position: Position
    _piles: list[list[int]]
    _down: list[int]
    _fast_path: Optional[FastPath]  # the mover of this game's own position (``_fast``)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        compile_class(cls, Game)  # checked, compiled: SHAPE, FACTS, the hooks' tables, layouts

    @classmethod
    def redeal_actions(cls) -> tuple[str, ...]:
        """The stock actions that start a new pass (``REDEALS``; by default
        the action named ``redeal``, where the game has one).

        >>> import solitaire_widgets as sw
        >>> sw.Bobby.redeal_actions(), sw.Frog.redeal_actions()
        (('redeal',), ())
        """
        if cls.REDEALS is not None:
            return tuple(cls.REDEALS)
        return ("redeal",) if "redeal" in cls.ACTION_NAMES else ()

    @classmethod
    def piles_of(cls, role: Role) -> tuple[str, ...]:
        """The ids of the piles with ``role``, in ``PILES`` order.

        >>> import solitaire_widgets as sw
        >>> sw.Bobby.piles_of("foundation"), sw.Bobby.piles_of("tableau")
        (('f0', 'f1'), ())
        """
        check_role(role)  # a misspelt role is an error, not a game without such piles
        return tuple(p for p in cls.PILES if cls.ROLES[p] == role)

    @classmethod
    def layouts(cls) -> tuple[Layout, ...]:
        """The table layouts: ``LAYOUT`` (or the default one made from the
        roles) first, then the ``NARROW_LAYOUTS``.

        >>> import solitaire_widgets as sw
        >>> [len(layout.rows) for layout in sw.Cruel.layouts()]
        [3, 4, 5]
        """
        return cls._LAYOUTS

    def __init__(self, *, seed: Optional[int] = None, deck: Optional[Iterable[CardLike]] = None,
                 **options: str) -> None:
        if not self.PILES:
            raise TypeError(f"{type(self).__name__} is not a game that can be played: it declares no PILES "
                            "(use sw.new_game(name), or a registered game's class)")
        if seed is not None and deck is not None:
            raise ValueError(f"pass seed or deck, not both: a seed shuffles a deal, and a deck is the deal itself "
                             f"(seed={seed!r} would not be the seed of this deal)")
        self._deal(seed, deck, options)

    def _deal(self, seed: Any, deck: Optional[Iterable[CardLike]], options: Mapping[str, Any]) -> None:
        """Deal the game ``__init__`` asks for."""
        self._options = self.checked_options(options)
        self._book = book_for(type(self), self._options)
        seed = _checked_seed(seed)
        self._pack_ids = self._checked_pack()
        if deck is not None:
            order = card_ids_of_deck(deck, self._pack_ids, self.title)
            self._deck: Optional[tuple[str, ...]] = tuple(CARD[i].code for i in order)
        else:
            if seed is None:
                seed = secrets.randbelow(1_000_000_000)
            order = shuffled(self._pack_ids, seed)
            self._deck = None
        self._seed = seed
        self._empty_table()
        self._setup(order)
        position = self._position
        if self._piles is not position.piles or self._down is not position.down:  # (a _setup that made new lists)
            position.piles, position.down = self._piles, self._down
            self._fast_path = None
        self._dealt_home = self.cards_home

    def _empty_table(self) -> None:
        """No card on the table, no history: where a deal or a laid-out
        position starts (the options, seed, deck and pack already set)."""
        self._rules_key = self._fixed_rules_key()
        self._lay(Position(self.SHAPE, state=state_start(type(self)) if self.STATE else None))
        self._card_count = len(self._pack_ids)
        self._start_position: Optional[dict[str, Any]] = None  # from_position's start, as saves write it
        self._history: list[Move] = []
        self._undo_records: list[UndoRecord] = []
        self._redo_moves: list[Move] = []
        self._observers: list[Observer] = []
        # The legal moves and their codes, listed for the position's change count.
        self._legal: Optional[tuple[int, list[Move], frozenset[int]]] = None
        self._version = 0
        self._fast_path = None
        self._winning_line: tuple[Move, ...] = ()  # a line known to win from the start (``winning_line``)

    def _lay(self, position: Position) -> None:
        """Make ``position`` this game's own (its lists become ``_piles`` and ``_down``)."""
        self._position, self._piles, self._down = position, position.piles, position.down

    def dealer(self, order: Sequence[int]) -> Dealer:
        """A ``Dealer`` of ``order`` (card ids, in deal order) onto this game's
        piles, for ``_setup``: ``deal.aces_to(...)``, ``deal.rows(...)``,
        ``deal.rest_to("stock")`` …"""
        return Dealer(self, order)

    def _checked_pack(self) -> tuple[int, ...]:
        pack = tuple(self._pack())
        faces = Counter(FACE[i] for i in pack)
        if not pack or len(set(pack)) != len(pack) or any(not 0 <= i < len(CARD) for i in pack) or any(
                k * 52 + face not in pack for face, n in faces.items() for k in range(n)):
            raise TypeError(f"{type(self).__name__}: _pack() must give distinct card ids, the k-th copy of a "
                            f"face as k*52 + face (cards.pack makes them), not {pack!r}")
        return pack

    @property
    def _fast(self) -> FastPath:
        """This game's own fast path (``play`` and ``undo`` run on it)."""
        fast = self._fast_path
        if fast is None or fast.position is not self._position:  # (a position is one game's: so is its mover)
            fast = self._fast_path = FastPath._on(self)
        return fast

    @classmethod
    def from_position(cls: type[G], piles: Mapping[str, Union[str, Iterable[CardLike]]], *,
                      face_down: Optional[Mapping[str, int]] = None, redeals: int = 0,
                      state: Optional[Mapping[str, int]] = None, seed: Optional[int] = None,
                      **options: str) -> G:
        """A game set up at a position of your own (a lesson's, a puzzle's)
        instead of a deal.

        ``piles`` maps pile ids to their cards, bottom first: a list of cards
        or one string (``"5S 4S"``); piles not named are empty.  ``face_down``
        says how many cards at the bottom of a pile lie face down (its top
        card lies face up, but in a pile that other piles cover or that no
        card leaves by hand; the stock's cards all lie face down anyway),
        ``redeals`` how many redeals were made before, ``state`` the game's
        extra state (``STATE``) where it keeps any, ``seed`` fixes what
        later reshuffles do where the game has them.  The position need not
        hold the whole pack: the game is won when every card it holds is
        home.  ``restart()`` and ``replay()`` go back to this position, and
        ``to_dict()`` saves it.  The piles are laid out as given: the game's
        own deal (``_setup``) does not run.  Whatever is wrong (an unknown pile, a card
        that does not parse, a card more often than the game's decks hold, a
        face-down count beyond the pile) is refused with a ``ValueError``.

        >>> import solitaire_widgets as sw
        >>> g = sw.Cruel.from_position({"f0": "AS 2S 3S", "t0": "5S 4S", "t1": "6H"})
        >>> g.legal_moves(), g.cards_home, g.card_count
        ([Move('t0', 'f0'), Move('redeal')], 3, 6)
        >>> sw.Cruel.from_position({"t0": "5S 4S 5S"})
        Traceback (most recent call last):
        ...
        ValueError: t0 card 3: Cruel plays one deck, so 5♠ may appear only once
        """
        game = object.__new__(cls)
        game._options = cls.checked_options(options)
        game._book = book_for(cls, game._options)
        game._seed, game._deck = _checked_seed(seed), None
        game._pack_ids = game._checked_pack()
        position = Position.laid_out(cls, piles, face_down=face_down, redeals=redeals, state=state,
                                     pack=game._pack_ids)
        game._empty_table()
        game._lay(position)
        game._card_count = sum(map(len, position.piles))
        game._dealt_home = game.cards_home  # (after the count: a game's own cards home may read it)
        game._start_position = position.arguments()
        return game

    def _start(self) -> "Game":
        """A new game at this one's start: its deal, or its ``from_position`` position."""
        if self._start_position is not None:
            options: dict[str, Any] = self._options
            return type(self).from_position(**self._start_position, seed=self._seed, **options)
        return saved_deal(type(self), self._seed, self._deck, self._options)

    @classmethod
    def checked_options(cls, options: Mapping[str, Any]) -> dict[str, str]:
        """The rule options ``options`` asks for, every option's default
        filled in; a ``ValueError`` naming an unknown option or value.

        >>> import solitaire_widgets as sw
        >>> sw.Cruel.checked_options({})
        {'gather': 'in_order'}
        """
        chosen = {}
        for key, allowed in cls.OPTIONS.items():
            value = options.get(key, allowed[0])
            if value not in allowed:
                raise ValueError(
                    f"{cls.title} option {key}={value!r} is not allowed; choose one of "
                    + ", ".join(repr(a) for a in allowed)
                )
            chosen[key] = value
        unknown = sorted(set(options) - set(cls.OPTIONS))
        if unknown:
            known = ", ".join(cls.OPTIONS) or "none"
            raise ValueError(f"{cls.title} has no option {unknown[0]!r} (its options: {known})")
        return chosen

    @classmethod
    def rules_text(cls, options: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
        """``RULES`` under ``options`` (checked, defaults filled in): each
        ``{option}`` replaced by the sentence of its value (``OPTION_RULES``),
        each ``{foundation}``, ``{tableau}`` … by the sentence of that role's
        declared rule, ``{stock}`` by the stock's.

        >>> import solitaire_widgets as sw
        >>> dict(sw.Cruel.rules_text({"gather": "pysol"}))["Foundations"]
        'an ace on an empty one, then up in suit to the king. A card on a foundation never moves again.'
        """
        return rulebook.rules_text(cls, options)

    @classmethod
    def action_words(cls, action: str) -> str:
        """What stock action ``action`` does, in a few words (for hints and
        the table): ``ACTION_WORDS``, or said from the declared ``STOCK``,
        from ``DRAWS`` and ``REDEALS``.

        >>> import solitaire_widgets as sw
        >>> sw.Bobby.action_words("draw"), sw.Bobby.action_words("redeal"), sw.LeapYear.action_words("deal")
        ('turns up the next stock card', 'makes the waste the stock again', 'deals a card onto every pile')
        """
        return rulebook.action_words(cls, action)

    def passes(self) -> Optional[int]:
        """How many passes through the stock the rules allow under the options
        in force, or None where they are not counted (no limit, or no
        redeal).  A hook too: ``PASSES``, or what the declared ``STOCK``
        allows, unless a game class says otherwise.

        >>> import solitaire_widgets as sw
        >>> sw.Bobby(seed=1).passes(), sw.LeapYear(seed=1, redeal="once").passes(), sw.Frog(seed=1).passes()
        (3, 2, None)
        """
        return hooks.passes(self)

    # --- the hooks a game class fills in (docs/extending.md) ------------------
    # Where a class writes none, the default asks its declared rules
    # (``hooks.py``; help(Game._wants) and the others say what each answers).
    _setup = hooks._setup
    _wants = hooks._wants
    _build_reason = hooks._build_reason
    _route_reason = hooks._route_reason
    _action_reason = hooks._action_reason
    _do_action = hooks._do_action
    _action_piles = hooks._action_piles
    _may_redeal = hooks._may_redeal
    _redeal_keeps_bottom = hooks._redeal_keeps_bottom
    _pack = hooks._pack
    _run_length = hooks._run_length
    _move_limit = hooks._move_limit
    _limit_reason = hooks._limit_reason
    _free_spaces = hooks._free_spaces
    _won = hooks._won
    _lost = hooks._lost
    _cards_home = hooks._cards_home
    _search_key = hooks._search_key
    _empty_label = hooks._empty_label
    _safe_drop = hooks._safe_drop
    _fixed_rules_key = hooks._fixed_rules_key
    # (and passes(), above)

    # --- reading the position (``position.py``) -------------------------------
    @property
    def piles(self) -> Mapping[str, tuple[Card, ...]]:
        """Read-only mapping pile id -> cards, bottom first."""
        return MappingProxyType({p: self[p] for p in self.PILES})

    def __getitem__(self, pile: str) -> tuple[Card, ...]:
        return self._position.cards(pile)

    def card_ids(self, pile: str) -> tuple[int, ...]:
        """Physical card ids of a pile, bottom first (``Card.from_id`` reads one)."""
        return self._position.card_ids(pile)

    def face_down(self, pile: str) -> int:
        """How many cards at the bottom of ``pile`` lie face down."""
        return self._position.face_down(pile)

    def top(self, pile: str) -> Optional[Card]:
        """The top card of ``pile``, or None when it is empty."""
        return self._position.top(pile)

    @property
    def cards_home(self) -> int:
        """Cards home: those on the foundations, or the cards the game counts
        as home itself (``Game._cards_home``: Accordion's gathered cards)."""
        return self._cards_home()

    @property
    def redeals(self) -> int:
        """Redeals made so far (the stock actions that start a new pass)."""
        return self._position.redeals

    @property
    def _redeals(self) -> int:
        """``redeals``, for hooks that read it so (the engine counts redeals: no hook sets them)."""
        return self._position.redeals

    @property
    def state(self) -> dict[str, Any]:
        """The extra state the game keeps besides its cards (``STATE``), by name."""
        return {name: getattr(self, name) for name in self.STATE}

    def key(self) -> bytes:
        """A compact hashable key of the position (identical cards alike).

        Two positions with the same key play the same from here on: the key
        holds the piles, the face-down counts, the redeals made (so the
        redeals or passes left), the game's extra state (``STATE``) and what
        fixes how later redeals turn out (the rule options, and the game's
        own reshuffles where it has them).

        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=3).key() == sw.Cruel(seed=3, gather="pysol").key()
        False
        """
        return self._position.key(self._rules_key)

    def _pile_index(self, pile: str) -> int:
        return self._position.index(pile)

    # --- reading the game -------------------------------------------------------
    @property
    def card_count(self) -> int:
        """Cards in play: the whole pack, or those of a ``from_position`` position."""
        return self._card_count

    @property
    def seed(self) -> Optional[int]:
        """The deal's seed (None when dealt from an explicit deck, or set up
        by ``from_position``, without one)."""
        return self._seed

    @property
    def deck(self) -> Optional[tuple[str, ...]]:
        """The explicit deck (card codes, first dealt first), or None."""
        return self._deck

    @property
    def start_position(self) -> Optional[dict[str, Any]]:
        """The position ``from_position`` set this game up at, as its
        arguments (``piles``, ``face_down``, ``redeals``, ``state``), or None
        for a deal."""
        if self._start_position is None:
            return None
        position = {**self._start_position, "piles": dict(self._start_position["piles"]),
                    "face_down": dict(self._start_position["face_down"])}
        if "state" in position:
            position["state"] = dict(position["state"])
        return position

    @property
    def options(self) -> dict[str, str]:
        """The rule options in force, defaults included."""
        return dict(self._options)

    @property
    def version(self) -> int:
        """Grows by one with every change (play, undo, redo, restart, new deal, resume)."""
        return self._version

    @property
    def base_rank(self) -> int:
        """The rank the foundations start from where it is dealt (the rule
        ``BASE_RANK``, as in Canfield): that of the bottom card of the first
        foundation holding a card; an ace while none does.

        >>> import solitaire_widgets as sw
        >>> sw.Bobby.from_position({"f0": "7S 8S"}).base_rank
        7
        """
        for f in self._FOUNDATIONS:
            if self._piles[f]:
                return RANK[self._piles[f][0]]
        return 1

    @property
    def passes_left(self) -> Optional[int]:
        """Passes through the stock still to come, the current one included
        (None where passes are not counted: see ``passes``).

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=5); g.passes_left
        3
        """
        total = self.passes()
        return None if total is None else total - self._position.redeals

    def empty_label(self, pile: str) -> str:
        """What ``pile`` shows on a table while it is empty, under the rules
        and options in force and in this position: ``"waste"``, ``"reserve"``
        or ``"cell"`` for those piles (``"closed"`` for a free cell out of
        play); the one rank that may start it where only one may (``"A"``,
        ``"K"``); else ``""``.

        >>> import solitaire_widgets as sw
        >>> g = sw.Midshipman(seed=1, empty="king")
        >>> g.empty_label("f0"), g.empty_label("t0"), g.empty_label("waste"), g.empty_label("stock")
        ('A', 'K', 'waste', '')
        """
        return self._empty_label(self._pile_index(pile))

    @property
    def whole_piles(self) -> tuple[str, ...]:
        """The piles whose cards move only all together (their rule's
        ``WHOLE_PILE``), under the options in force: a move takes the whole
        pile and is written without a count (``"t5 t4"``).

        >>> import solitaire_widgets as sw
        >>> sw.Accordion(seed=1).whole_piles[:3], sw.Cruel(seed=1).whole_piles
        (('t0', 't1', 't2'), ())
        """
        return tuple(pile for pile, moves in zip(self.PILES, self._book.moves) if moves.kind == "whole")

    @property
    def history(self) -> tuple[Move, ...]:
        """Moves played from the deal to the current position."""
        return tuple(self._history)

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """Moves ``redo()`` would replay, next first."""
        return tuple(reversed(self._redo_moves))

    @property
    def last_move(self) -> Optional[Move]:
        return self._history[-1] if self._history else None

    @property
    def score(self) -> int:
        """Cards the player has moved to the foundations (dealt ones not counted)."""
        return self.cards_home - self._dealt_home

    @property
    def max_score(self) -> int:
        return self._card_count - self._dealt_home

    @property
    def status(self) -> str:
        """``"won"``, ``"lost"`` or ``"playing"``: won as the game declares
        (every card home, unless it says otherwise), lost when no legal move
        is left or the game declares it so, else playing."""
        with self._naming_hooks("while reading the status"):
            if self._won() is not None:
                return "won"
            return "playing" if self._legal_moves() else "lost"

    @property
    def end_reason(self) -> Optional[str]:
        """Why the game is over, in a few words ("every card is home", "no
        legal move is left", or the game's own rule), or None while playing.

        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=1).end_reason is None, sw.Cruel.from_position({"f0": "AS"}).end_reason
        (True, 'every card is home')
        """
        with self._naming_hooks("while reading why the game is over"):
            won = self._won()
            if won is not None:
                return won
            if self._legal_moves():
                return None
            return self._lost() or "no legal move is left"

    @property
    def is_over(self) -> bool:
        return self.status != "playing"

    # --- moves ------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every move allowed now: card moves first, then stock actions
        (none once the game is over).

        >>> import solitaire_widgets as sw
        >>> [str(m) for m in sw.Bobby(deck=sw.standard_deck()).legal_moves()]
        ['draw']
        """
        return list(self._legal_moves())

    def _legal_moves(self) -> list[Move]:
        return self._legal_listed()[1]

    def _legal_codes(self) -> frozenset[int]:
        """The codes of the legal moves (``legal_moves``)."""
        return self._legal_listed()[2]

    def _legal_listed(self, named: bool = True) -> tuple[int, list[Move], frozenset[int]]:
        """The position's change count, and the legal moves and their codes
        listed for it (once per position: the mover counts each change); a
        hook that raises is named as the lister (``named``) or left to the
        caller, which names what it was doing."""
        legal = self._legal
        changes = self._position.changes
        if legal is None or legal[0] != changes:
            shape = self.SHAPE
            try:
                if (shape.declares_win and self._won() is not None) or (
                        shape.declares_loss and self._lost() is not None):
                    codes: list[int] = []  # the game is over by its own rule
                else:
                    codes = self._fast.move_codes()
            except Exception as err:
                if named:
                    raise_hook_error(self, err, "while listing the legal moves")
                raise
            moves = shape.moves
            legal = self._legal = (changes, [moves[code] for code in codes], frozenset(codes))  # type: ignore[misc]
        return legal

    def safe_drops(self) -> list[Move]:
        """Legal moves to a foundation that can never cost the game a card it
        needs (the rule is the game's ``_safe_drop``); a table's auto-drop
        plays them.  Games where no drop is safe return ``[]``.

        >>> import solitaire_widgets as sw
        >>> [str(m) for m in sw.Bobby(seed=5).safe_drops()]
        []
        """
        index = self._INDEX
        roles = self._ROLE_AT
        return [m for m in self._legal_moves() if m.target is not None and roles[index[m.target]] == "foundation"
                and self._safe_drop(index[m.source], index[m.target])]  # type: ignore[index]

    @property
    def has_safe_drops(self) -> bool:
        """Whether a drop can ever be safe in this game (``safe_drops`` is
        always ``[]`` where none can: a table then offers no auto-drop).

        >>> import solitaire_widgets as sw
        >>> sw.Bobby(seed=1).has_safe_drops, sw.Cruel(seed=1).has_safe_drops
        (False, True)
        """
        return self.FACTS.has_safe_drops

    def possible_actions(self) -> tuple[str, ...]:
        """The actions (``ACTION_NAMES``) that can be legal at some point of a
        deal under the options in force: a redeal the options rule out is left
        out.  A table offers only these.

        >>> import solitaire_widgets as sw
        >>> sw.LeapYear(seed=1).possible_actions(), sw.LeapYear(seed=1, redeal="once").possible_actions()
        (('deal',), ('deal', 'redeal'))
        """
        fresh = type(self)(seed=0, **self._options)  # _may_redeal at a deal's start: ever, in this game
        redeals = self.redeal_actions()
        return tuple(a for a in self.ACTION_NAMES if a not in redeals or fresh._may_redeal())

    def is_legal(self, move: MoveLike, target: Optional[str] = None) -> bool:
        return self.why_illegal(move, target) is None

    def why_illegal(self, move: MoveLike, target: Optional[str] = None) -> Optional[str]:
        """The reason ``move`` is not allowed now, or None when it is legal.

        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=1).why_illegal("f0 t0")
        'cards on the foundations never move: foundations are final'
        """
        try:
            parsed = self._coerce(move, target)
        except IllegalMoveError as err:
            return err.reason
        with self._naming_hooks(f"while checking {str(parsed)!r}"):
            return self._reason(parsed)

    def targets(self, source: str, count: int = 1) -> dict[str, Optional[str]]:
        """Where the top card of ``source`` (or its top ``count`` cards) may
        go: every other pile id -> None when that move is legal now, else the
        reason it is not.

        >>> import solitaire_widgets as sw
        >>> g = sw.Cruel(seed=7)
        >>> [pile for pile, reason in g.targets("t1").items() if reason is None]
        ['t8']
        >>> g.targets("t1")["f0"]
        '6♥ cannot go on A♠ (f0): Cruel builds the foundations up in suit, so A♠ takes only 2♠'
        """
        self._pile_index(source)  # an unknown pile raises KeyError
        with self._naming_hooks(f"while checking where {source}'s cards may go"):
            return {target: self._reason(Move(source, target, count)) for target in self.PILES if target != source}

    def movable(self, pile: str, at_once: bool = False) -> int:
        """How many cards at the top of ``pile`` may move together now (its
        top card alone in most games; a run, its face-up cards or the whole
        pile where its rule says; 0 where no card of the pile may move now).
        ``at_once``: no more than one move may carry now onto any pile they
        may go to (the move limit: FreeCell's free cells and empty columns),
        what the table lets a press lift.


        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=1).movable("t0"), sw.Cruel(seed=1).movable("f0")
        (1, 0)
        """
        i = self._pile_index(pile)
        if i not in self.SHAPE.sources or len(self._piles[i]) <= self._down[i]:
            return 0
        with self._naming_hooks(f"while reading how many cards of {pile} may move"):
            run = max(0, self._run_length(i))
            shape = self.SHAPE
            if not at_once or run < 2 or shape.max_run < 2 or self._book.moves[i].kind == "whole":
                return run  # (a pile that moves whole goes in one move, however many cards it holds)
            most = 1  # over the routes runs take: the most one move may carry
            for t in range(len(self.PILES)):
                if t == i or shape.moves[shape.code(i, t, 2)] is None:
                    continue
                limit = self._move_limit(i, t)
                if limit is None or limit >= run:
                    return run
                most = max(most, limit)
        return most

    def explain(self) -> str:
        """The position in short sentences: what can move where, what cannot
        and why, and what is left of the stock.  Markdown in a notebook.

        >>> import solitaire_widgets as sw
        >>> print(sw.Bobby(deck=sw.standard_deck()).explain())  # doctest: +ELLIPSIS
        **Bobby** (redeal="shuffle"): move 0, 1/52 cards home, playing.
        ...
        """
        from .text import explain

        return explain(self)

    def replay(self) -> Iterator[tuple[Optional[Move], "Game"]]:
        """``(move, position)`` from the deal to now: first ``(None, the deal)``,
        then each move played with the position after it.  Every position is
        an independent copy; the game itself is not touched.

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=2); _ = g.draw(); _ = g.draw()
        >>> [(str(m), len(p["waste"])) for m, p in g.replay()]
        [('None', 0), ('draw', 1), ('draw', 2)]
        """
        position = self._start()
        yield None, position.copy()
        for move in list(self._history):
            position.play(move)
            yield move, position.copy()

    def _coerce(self, move: Any, target: Optional[str]) -> Move:
        try:
            if target is not None:
                if not isinstance(move, str):
                    raise ValueError(f"the source pile must be a pile id like 't3', not {move!r}")
                parsed = Move(move.strip().lower(), str(target).strip().lower())
            elif isinstance(move, Move):
                parsed = move
            elif isinstance(move, (tuple, list)) and len(move) in (2, 3):
                count = move[2] if len(move) == 3 else 1
                if not whole_number(count, at_least=1):
                    raise ValueError(f"a move's count is how many cards it moves, a whole number from 1 up, "
                                     f"not {count!r}")
                parsed = Move(str(move[0]).strip().lower(), str(move[1]).strip().lower(), int(count))
            else:
                parsed = Move.parse(move)
        except ValueError as err:
            raise IllegalMoveError(str(err), move) from None
        return parsed

    def _reason(self, move: Move) -> Optional[str]:
        """Why ``move`` may not be played now, or None: None exactly for the
        moves ``legal_moves`` lists (one source for the table, the solver,
        Gymnasium and scripts); the words come from ``illegal``."""
        code = self.SHAPE.codes.get(move)
        if code is not None and code in self._legal_listed(named=False)[2]:
            return None
        return illegal.reason(self, move) or illegal.unlisted(self, move)

    @contextmanager
    def _naming_hooks(self, doing: str) -> Iterator[None]:
        """Raise an error of a hook inside as the ``HookError`` naming it."""
        try:
            yield
        except Exception as err:
            raise_hook_error(self, err, doing)
            raise

    def play(self, move: MoveLike, target: Optional[str] = None) -> Move:
        """Play a legal move and return it; raise ``IllegalMoveError`` if not.

        Takes a ``Move``, ``"t3 f0"``, ``"t3 t5 3"`` (three cards at once),
        ``("t3", "f0")``, two pile ids, or a stock action word (``"draw"``,
        ``"deal"``, ``"redeal"`` …).

        >>> import solitaire_widgets as sw
        >>> g = sw.LeapYear(seed=3)
        >>> g.play("deal")
        Move('deal')
        """
        parsed = self._coerce(move, target)
        if parsed.partner is not None and parsed in self.SHAPE.codes:  # a pair, its piles in the game's order
            parsed = self.SHAPE.moves[self.SHAPE.codes[parsed]]  # type: ignore[assignment]
        try:
            reason = self._reason(parsed)
            changed = self._apply(parsed) if reason is None else ()
        except Exception as err:
            raise_hook_error(self, err, f"on {str(parsed)!r}: the move was not played")
            raise
        if reason is not None:
            raise IllegalMoveError(reason, parsed)
        self._redo_moves.clear()
        self._changed("play", parsed, changed)
        return parsed

    def _apply(self, move: Move) -> tuple[int, ...]:
        """Carry out a legal move, record how to undo it; return changed piles."""
        code = self.SHAPE.codes[move]
        unsaved = self._unsaved_piles(code)
        record = self._fast.apply(code)
        if unsaved:
            self._check_unsaved(move, record, unsaved)
        self._undo_records.append(record)
        self._history.append(move)
        return record.changed

    def _unsaved_piles(self, code: int) -> list[tuple[int, list[int], int]]:
        """For a stock action the game's own ``_do_action`` plays: each pile
        its ``_action_piles`` leaves out, as it is (what undo would not put
        back, were the action to change it)."""
        shape = self.SHAPE
        if code < shape.action_base or code in shape.draws:
            return []
        action = shape.actions[code - shape.action_base]
        facts = self.FACTS
        if self._book.owner.get(action) is not None and not facts.own_do_action and not facts.own_action_piles:
            return []  # a declared stock says what it changes itself
        saved = set(self._action_piles(action))
        return [(i, pile[:], self._down[i]) for i, pile in enumerate(self._piles) if i not in saved]

    def _check_unsaved(self, move: Move, record: UndoRecord, unsaved: list[tuple[int, list[int], int]]) -> None:
        """Take the action back and raise ``HookError`` if it changed a pile
        its ``_action_piles`` does not name: undo could not restore it."""
        changed = [self.PILES[i] for i, cards, down in unsaved if self._piles[i] != cards or self._down[i] != down]
        if not changed:
            return
        self._fast.revert(record)
        for i, cards, down in unsaved:
            self._piles[i], self._down[i] = cards, down
        self._legal = None
        raise HookError(f"{type(self).__name__}._action_piles leaves out {', '.join(changed)}, which "
                        f"{move} changes: undo could not put {'them' if len(changed) > 1 else 'it'} back, so the move "
                        f"was not played (name every pile the action changes)", "_action_piles")

    def _revert(self) -> tuple[int, ...]:
        self._history.pop()
        return self._fast.revert(self._undo_records.pop())

    def undo(self) -> Move:
        """Take back the last move exactly; return it.  Unlimited."""
        if not self._history:
            raise NothingToUndoError("nothing to undo: no move has been played")
        move = self._history[-1]
        changed = self._revert()
        self._redo_moves.append(move)
        self._changed("undo", move, changed)
        return move

    def redo(self) -> Move:
        """Play again the last move taken back; return it.  With nothing taken
        back it raises ``NothingToRedoError`` (a ``NothingToUndoError``)."""
        if not self._redo_moves:
            raise NothingToRedoError("nothing to redo: no move has been taken back")
        move = self._redo_moves[-1]
        try:
            changed = self._apply(move)
        except Exception as err:
            raise_hook_error(self, err, f"on redo of {str(move)!r}: the move was not played")
            raise
        self._redo_moves.pop()  # (once played: a redo that failed stays to redo)
        self._changed("redo", move, changed)
        return move

    def restart(self) -> None:
        """Back to the deal; every move played can then be replayed by ``redo()``."""
        if not self._history:
            return
        while self._history:
            self._redo_moves.append(self._history[-1])
            self._revert()
        self._changed("restart", None, tuple(range(len(self.PILES))))

    # --- the solver's view ------------------------------------------------------
    def search_key(self) -> bytes:
        """The position's key as the solver sees it (``FastPath.search_key``):
        two positions that play alike share it."""
        return self._fast.search_key()

    def hint(self, time_limit: Optional[float] = 0.3, max_states: Optional[int] = None) -> Any:
        """Suggest a move: an ``sw.Hint`` with ``move``, ``reason`` and
        ``winning`` (True when the move starts a line the solver proved wins).
        Searches at most ``time_limit`` seconds / ``max_states`` positions,
        never entering a position the game has been through; without a win,
        the first move of the best line found (see
        ``solitaire_widgets.solver.hint``).

        >>> import solitaire_widgets as sw
        >>> sw.Bobby(seed=4).hint(time_limit=None, max_states=200).move in sw.Bobby(seed=4).legal_moves()
        True
        """
        from .solver.hint import hint

        return hint(self, time_limit=time_limit, max_states=max_states)

    @property
    def winning_line(self) -> tuple[Move, ...]:
        """A line of moves known to win from the start of the game (its
        deal), or () when none is known.  ``sw.new_game(name, winnable=True)``
        keeps the line the solver won with here, so hints from any position
        on it (the moves played so far are its first moves) follow it at
        once.  It is not part of the position: keys and saves leave it out,
        and a new deal forgets it.

        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=1).winning_line
        ()
        """
        return self._winning_line

    def set_winning_line(self, moves: Iterable[MoveLike]) -> None:
        """Keep ``moves`` as ``winning_line``, after checking on a copy of
        the start that they are legal one after another and win; a
        ``ValueError`` naming the first that is not, or saying that they
        do not win, and nothing is kept.

        >>> import solitaire_widgets as sw
        >>> game = sw.Cruel(seed=1)
        >>> game.set_winning_line(sw.solve(game, time_limit=None, max_states=5_000).moves)
        >>> len(game.winning_line), game.hint().reason[:27]
        (78, 'part of a winning line (78 ')
        >>> game.set_winning_line(["t0 f0"])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: winning line move 1 ('t0 f0') is not legal there: 8♦ cannot go on A♥ (f0): ...
        """
        replay = self._start()
        line = []
        for number, move in enumerate(moves, 1):
            try:
                line.append(replay.play(move))
            except IllegalMoveError as err:
                raise ValueError(f"winning line move {number} ({move!r}) is not legal there: {err}") from None
        if replay.status != "won":
            raise ValueError(f"the winning line does not win: after its {len(line)} moves the game is "
                             f"{replay.status}")
        self._winning_line = tuple(line)

    def analyse(self, time_limit: Optional[float] = 10.0, max_states: Optional[int] = None, *,
                progress: Optional[Callable[[int, float], None]] = None,
                stop: Optional[Callable[[], bool]] = None) -> Any:
        """The move that lost it: an ``sw.Analysis`` of the history, which says
        for each position whether a win was still possible (won, lost, or not
        decided in the time given), the first move after which none was
        (``losing_move``, its index in ``history``), a move that kept the win
        instead (``better``) and the winning line from there.  Searches at most
        ``time_limit`` seconds in all, ``max_states`` positions per position
        searched (see ``solitaire_widgets.solver.analysis``).

        >>> import solitaire_widgets as sw
        >>> game = sw.Cruel(seed=2)
        >>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]:
        ...     _ = game.play(move)
        >>> analysis = game.analyse(time_limit=None, max_states=5_000)
        >>> analysis.losing_move, analysis.played, analysis.better
        (7, Move('redeal'), Move('t6', 't11'))
        """
        from .solver.analysis import analyse

        return analyse(self, time_limit=time_limit, max_states=max_states, progress=progress, stop=stop)

    # --- new deals ----------------------------------------------------------
    def new_deal(self, seed: Optional[int] = None, *, deck: Optional[Iterable[CardLike]] = None) -> "Game":
        """Deal again, in place: same game and options, a new seed (a random
        one other than the current, unless given) or the card order ``deck``
        (first card dealt first; ``seed`` is then None).  The object stays
        the same, so every reference to it (a table's ``game``) follows.
        Returns a copy of the game as it was, deal and moves, which
        ``resume`` brings back.

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=5); _ = g.draw()
        >>> old = g.new_deal(seed=6)
        >>> g.seed, g.history, old.seed, old.history
        (6, (), 5, (Move('draw'),))
        >>> g.resume(old); g.seed, g.history
        (5, (Move('draw'),))
        """
        if seed is not None and deck is not None:
            raise ValueError("pass seed or deck to new_deal, not both: a seed shuffles a deal, and a deck is the "
                             "deal itself")
        earlier = self.copy()
        if seed is None and deck is None:
            seed = self._seed
            while seed == self._seed:
                seed = secrets.randbelow(1_000_000_000)
        kept = self.__dict__.copy()  # (the deal's hooks run on this very object: a failed deal is undone)
        try:
            Game.__init__(self, seed=seed, deck=deck, **self._options)
        except BaseException as err:
            self.__dict__.clear()
            self.__dict__.update(kept)
            if isinstance(err, Exception):
                raise_hook_error(self, err, "on new_deal(): the deal was not changed")
            raise
        self._observers, self._version = kept["_observers"], kept["_version"]
        self._changed("new_deal", None, tuple(range(len(self.PILES))), earlier)
        return earlier

    def resume(self, earlier: "Game") -> None:
        """Put back, in place, the deal, moves and redo list of ``earlier`` (a
        copy of this kind of game, e.g. what ``new_deal`` returned)."""
        if type(earlier) is not type(self):
            raise TypeError(f"resume needs a {type(self).__name__} game, not {type(earlier).__name__}")
        state = earlier.copy().__dict__
        for kept in ("_observers", "_version", "_fast_path"):
            state.pop(kept)
        self.__dict__.update(state)
        self._changed("resume", None, tuple(range(len(self.PILES))))

    # --- notification -------------------------------------------------------
    def observe(self, callback: Observer) -> Callable[[], None]:
        """Call ``callback(game, change)`` after every change; returns a function
        that stops it (so does ``unobserve(callback)``).

        Observers run once the change is complete (history, redo list and
        ``version`` included), in the order they were added.  An observer
        that raises does not undo the change nor stop the others: its error
        is logged with its traceback (logger ``solitaire_widgets.game``, level
        ERROR: on stderr unless logging is set up otherwise) and the call
        that made the change returns as usual.  A move refused as
        illegal changes nothing and notifies nobody.  Observers belong to
        this object: copies (``copy()``, ``copy.copy``, ``copy.deepcopy``) and
        pickles of the game leave them behind.

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=2); seen = []
        >>> stop = g.observe(lambda game, change: seen.append(change.kind))
        >>> _ = g.draw(); stop(); _ = g.undo(); seen
        ['play']
        """
        if not callable(callback):
            raise TypeError(f"observe needs a function callback(game, change), not {callback!r}")
        self._observers.append(callback)
        return lambda: self.unobserve(callback)

    def unobserve(self, callback: Observer) -> None:
        """Stop calling ``callback``; a callback not observing is ignored."""
        if callback in self._observers:
            self._observers.remove(callback)

    def _changed(self, kind: str, move: Optional[Move], piles: Sequence[int],
                 earlier: Optional["Game"] = None) -> None:
        self._version += 1
        if self._observers:
            change = GameChange(kind, move, tuple(self.PILES[i] for i in piles), self._version, earlier)
            for callback in list(self._observers):
                try:
                    callback(self, change)
                except Exception:
                    # As a GUI toolkit treats a failing view: the change stands
                    # (it is complete), the other observers still hear of it.
                    log.exception("observer %r of %r raised on %s%s; the change stands", callback, self,
                                  kind, f" {move}" if move is not None else "")

    # --- copies, keys, saving -------------------------------------------------
    def copy(self, *, history: bool = True) -> "Game":
        """An independent copy (observers are not copied).  With
        ``history=False`` the copy cannot undo past this position (faster).
        ``copy.copy(game)`` and ``copy.deepcopy(game)`` give this copy too."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._lay(self._position.copy())  # (its change count too: the legal moves listed stay the copy's)
        clone._history = self._history[:] if history else []
        clone._undo_records = [_unshared(record) for record in self._undo_records] if history else []
        clone._redo_moves = self._redo_moves[:] if history else []
        clone._observers = []
        clone._fast_path = None  # (made again for the copy's own lists when it plays)
        return clone

    def __copy__(self) -> "Game":
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> "Game":
        clone = memo[id(self)] = self.copy()
        return clone

    def __getstate__(self) -> dict[str, Any]:
        """What pickle keeps: everything but the observers (a view's
        functions, which need not pickle and belong to this object) and the
        fast path (made again when the game plays).

        >>> import pickle, solitaire_widgets as sw
        >>> g = sw.Bobby(seed=2); stop = g.observe(lambda game, change: None)
        >>> pickle.loads(pickle.dumps(g)).key() == g.key()
        True
        """
        state = self.__dict__.copy()
        state["_observers"], state["_fast_path"] = [], None
        del state["_book"]  # (its rules' functions do not pickle: made again from the options)
        position = state["_position"]  # (its shape does not pickle: the class's SHAPE again)
        state["_position"] = (position.piles, position.down, position.redeals, position.state, position.changes)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        piles, down, redeals, extra, changes = state.pop("_position")
        self.__dict__.update(state)
        self._book = book_for(type(self), self._options)
        self._lay(Position(self.SHAPE, piles, down, redeals, extra))
        self._position.changes = changes

    def reshuffle_seed(self, pass_number: int) -> int:
        """The seed of the shuffle that starts pass ``pass_number`` (a
        redeal that shuffles): fixed by the deal (seed or deck), so a game
        replays exactly.

        >>> import solitaire_widgets as sw
        >>> one = sw.Bobby(seed=1).reshuffle_seed(2)
        >>> one == sw.Bobby(seed=1).reshuffle_seed(2) != sw.Bobby(seed=2).reshuffle_seed(2)
        True
        """
        origin = self._seed if self._deck is None else ",".join(self._deck) + f"|{self._seed}"
        return derive_seed(self.name, origin, pass_number)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready save: game, options, seed or deck, the moves played and
        the moves ``redo()`` would play again, next first (``redo_moves``), so
        that ``sw.load`` gives back the same game, undone moves and all.
        ``format`` is 2, or 3 where a move moves several cards or the game
        keeps extra state (``STATE``): the oldest format that holds the save.

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=4); _ = g.draw(); _ = g.draw(); g.restart()
        >>> saved = g.to_dict()
        >>> saved["format"], saved["moves"], saved["redo"]
        (2, [], ['draw', 'draw'])
        """
        moves = self._history + self._redo_moves
        newer = bool(self.STATE) or any(m.count > 1 for m in moves)
        data: dict[str, Any] = {"format": SAVE_FORMAT if newer else 2, "game": self.name, "options": self.options}
        if self._seed is not None:
            data["seed"] = self._seed
        if self._deck is not None:
            data["deck"] = list(self._deck)
        if self._start_position is not None:
            data["position"] = self.start_position
        data["moves"] = [str(m) for m in self._history]
        data["redo"] = [str(m) for m in self.redo_moves]
        return data

    # --- display ----------------------------------------------------------------
    def __str__(self) -> str:
        from .text import render

        return render(self)

    def __repr__(self) -> str:
        origin = ("position" if self._start_position is not None else f"seed={self._seed}" if self._deck is None
                  else "deck=…")
        n = len(self._history)
        return f"<{type(self).__name__} {origin} {self.status}, {n} move{'s' * (n != 1)}>"

    def picture(self, *, card_width: Optional[int] = None, width: Optional[int] = None, labels: bool = True,
                title: Union[bool, str] = True, highlight: Any = (), arrow: Any = None,
                caption: str = "", mistake: Any = None) -> "Picture":
        """A picture of the position as the card table shows it: an SVG image
        (a ``str`` a notebook shows as the picture; ``.save(path)`` writes
        it) that stays as it is when the game moves on.

        ``card_width`` (px, default 60) sets the size; or ``width``: the
        picture the table would draw that wide.  ``labels`` (True or False) writes the pile
        ids; ``title`` the status line (True), your own text, or none;
        ``caption`` a line under the felt.  ``highlight`` outlines cards
        (``"7S"``, a ``Card``: every face-up copy; a card id: that card);
        ``arrow`` marks a move (``"t3 f0"``, ``"draw"``, a ``Move``, a hint);
        ``mistake`` a second one, red and dashed (a move that lost, where
        ``arrow`` shows a better one).

        >>> import solitaire_widgets as sw
        >>> game = sw.Cruel(seed=7)
        >>> before = game.picture(arrow="t1 t8", highlight="6H")
        >>> _ = game.play("t1 t8")
        >>> after = game.picture()
        >>> before != after, 'data-arrow="t1 t8"' in before
        (True, True)
        >>> before.save("cruel-t1-t8.svg")  # doctest: +SKIP
        """
        from .picture import picture

        return picture(self, card_width=card_width, width=width, labels=labels, title=title, highlight=highlight,
                       arrow=arrow, caption=caption, mistake=mistake)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        from .picture import notebook_bundle  # (the table in a Jupyter kernel; the engine imports no Jupyter)

        return notebook_bundle(self, include, exclude)


def saved_deal(cls: type[G], seed: Optional[int], deck: Optional[Iterable[CardLike]], options: Mapping[str, Any]) -> G:
    """``cls(seed=seed, deck=deck, **options)``, a seed beside a deck
    included: earlier versions took both, saved both, and the seed fixed the
    game's own reshuffles (Bobby's), so ``sw.load`` reads their saves."""
    if seed is None or deck is None:
        return cls(seed=seed, deck=deck, **options)
    game = object.__new__(cls)
    game._deal(seed, deck, options)
    return game


def _unshared(record: UndoRecord) -> UndoRecord:
    """An undo record a copy of the game can spend on its own.

    Taking back a stock action puts the pile lists its record saved back in
    place (no copy: the record is spent), so a copy's records must not share
    those lists with the original's, or undoing the copy would change what
    undoing the original restores."""
    if not isinstance(record, ActionPlayed):
        return record  # a card move's record holds only pile indexes
    return record._replace(saved=[(i, cards[:], down) for i, cards, down in record.saved])


def _checked_seed(seed: Any) -> Optional[int]:
    """A seed as a plain int (numpy's integers too: saves stay JSON-ready), or None."""
    if seed is not None and not whole_number(seed, at_least=0, below=2**64):
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    return None if seed is None else int(seed)

