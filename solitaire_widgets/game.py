"""What the five games share: piles, dealing, move generation, play, undo/redo,
save/load, change notification.  Each game module adds only its own rules.

A game module declares its piles and routes (which pile may feed which) and
answers three questions:

* ``_wants(t)``: which cards may go onto pile ``t`` now (a tuple of card keys,
  ``ANY``, or ``()`` for none);
* ``_build_reason(t, card)``: why ``card`` may not go there, in plain words;
* ``_action_reason(action)`` / ``_do_action(action)`` for draw, deal, redeal
  (a draw, one card from the stock onto the waste, needs no ``_do_action``:
  the ``Draws`` mixin declares it in ``DRAWS``).

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
import re
import secrets
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Iterator, Mapping, Optional, Sequence, Union

from .arguments import whole_number
from .cards import CARD, FACE, RANK, RANK_TEXT, Card, CardLike, card_ids_of_deck
from .declarations import check_declarations
from .errors import IllegalMoveError, NothingToRedoError, NothingToUndoError
from .layout import Layout, default_layout
from .moves import Move
from .piles import Role
from .shuffle import shuffled

if TYPE_CHECKING:
    from .picture import Picture

ANY: Any = "any"  # _wants() answer: any card may go there
SAVE_FORMAT = 2  # 2 added "redo"; sw.load reads format 1 too
_BYTE = [bytes((n,)) for n in range(256)]  # n as a one-byte string, without building a tuple each time

MoveLike = Union[Move, str]
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

    Keywords: ``seed`` (int ≥ 0; None picks one, readable as ``game.seed``),
    ``deck`` (explicit card order, first card dealt first) and the game's
    rule options (see ``OPTIONS``).

    A game is one subclass that declares what it is (``PILES`` and
    ``ROLES``, ``ROUTES``, ``ACTION_NAMES``, ``OPTIONS``, ``RULES``, the
    optional ``LAYOUT`` …) and answers the hooks below; the declarations are
    checked when the class is made, so a mistake fails there, clearly (see
    ``solitaire_widgets.declarations``).  ``sw.register`` makes it known by
    name to ``sw.new_game``, the table, the solver and Gymnasium.
    """

    # --- declared by each game module -----------------------------------
    # The snake_case id (saves, ``sw.new_game``) and the title a player reads;
    # both default from the class name (``LeapYear``: "leap_year", "Leap Year").
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    decks: ClassVar[int] = 1
    # The pile ids in a fixed order (saves, keys, observations follow it) and
    # the role of each (``piles.piles_by_role`` gives both from one call).
    PILES: ClassVar[tuple[str, ...]] = ()
    ROLES: ClassVar[Mapping[str, Role]] = {}
    # source pile -> piles its top card may go to (the routes of the rules)
    ROUTES: ClassVar[dict[str, tuple[str, ...]]] = {}
    ACTION_NAMES: ClassVar[tuple[str, ...]] = ()
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
    # tableau piles whose order does not matter (a solver may sort them)
    INTERCHANGEABLE: ClassVar[tuple[str, ...]] = ()
    # True when the number of redeals made changes what may happen next
    REDEALS_MATTER: ClassVar[bool] = False
    # stock actions that only move one pile's top card, face up, onto another
    # (a draw): action -> (source, target).  The engine plays them itself,
    # recorded like card moves, instead of calling ``_do_action``.
    DRAWS: ClassVar[dict[str, tuple[str, str]]] = {}
    # The table: where each pile lies (None: ``layout.default_layout`` from
    # the roles), and other layouts for narrow tables (see ``layouts()``).
    LAYOUT: ClassVar[Optional[Layout]] = None
    NARROW_LAYOUTS: ClassVar[tuple[Layout, ...]] = ()

    # --- derived once per class in __init_subclass__ ---------------------
    _INDEX: ClassVar[dict[str, int]]
    _ROLE_AT: ClassVar[tuple[Role, ...]]  # the role of each pile, by index
    _LAYOUTS: ClassVar[tuple[Layout, ...]]
    _MOVE_GRID: ClassVar[list[list[Optional[Move]]]]
    _SOURCES: ClassVar[tuple[int, ...]]
    _TARGETS: ClassVar[tuple[int, ...]]
    _FOUNDATIONS: ClassVar[tuple[int, ...]]
    _TABLEAU: ClassVar[tuple[int, ...]]
    _KEYS: ClassVar[tuple[int, ...]]
    _KEY_TABLE: ClassVar[bytes]
    _ACTION_MOVES: ClassVar[tuple[Move, ...]]
    _N: ClassVar[int]
    # lean path: a move is an int, s * len(PILES) + t, or ACTION_BASE + i
    _ACTION_BASE: ClassVar[int]
    _CODE_MOVES: ClassVar[tuple[Optional[Move], ...]]
    _MOVE_CODES: ClassVar[dict[Move, int]]
    _CODE_GRID: ClassVar[list[list[Optional[int]]]]
    _INTERCHANGEABLE: ClassVar[tuple[int, ...]]
    _FIXED: ClassVar[tuple[int, ...]]  # piles neither foundations nor interchangeable
    _DRAW_CODES: ClassVar[dict[int, tuple[int, int]]]  # DRAWS by code: (source, target)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.PILES:
            return  # a mixin or an abstract base, not a game
        if "name" not in cls.__dict__:
            cls.name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", cls.__name__).lower()
        if "title" not in cls.__dict__:
            cls.title = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", cls.__name__)
        check_declarations(cls)
        cls._INDEX = {p: i for i, p in enumerate(cls.PILES)}
        cls._ROLE_AT = tuple(cls.ROLES[p] for p in cls.PILES)
        cls._LAYOUTS = (cls.LAYOUT or default_layout(cls.PILES, cls.ROLES),) + tuple(cls.NARROW_LAYOUTS)
        n = len(cls.PILES)
        grid: list[list[Optional[Move]]] = [[None] * n for _ in range(n)]
        for source, targets in cls.ROUTES.items():
            for target in targets:
                if target != source:
                    grid[cls._INDEX[source]][cls._INDEX[target]] = Move(source, target)
        cls._MOVE_GRID = grid
        cls._SOURCES = tuple(cls._INDEX[s] for s in cls.ROUTES)
        cls._TARGETS = tuple(sorted({cls._INDEX[t] for ts in cls.ROUTES.values() for t in ts}))
        cls._FOUNDATIONS = tuple(i for i, role in enumerate(cls._ROLE_AT) if role == "foundation")
        cls._TABLEAU = tuple(i for i, role in enumerate(cls._ROLE_AT) if role == "tableau")
        cls._KEYS = RANK if cls.KEY == "rank" else FACE
        # card id -> its key as one byte, for bytes.translate (ids < 256)
        cls._KEY_TABLE = bytes(cls._KEYS) + bytes(256 - len(cls._KEYS))
        cls._ACTION_MOVES = tuple(Move(a) for a in cls.ACTION_NAMES)
        cls._N = 52 * cls.decks
        cls._ACTION_BASE = n * n
        cls._INTERCHANGEABLE = tuple(cls._INDEX[p] for p in cls.INTERCHANGEABLE)
        cls._FIXED = tuple(i for i in range(n) if i not in cls._FOUNDATIONS and i not in cls._INTERCHANGEABLE)
        cls._CODE_MOVES = tuple(grid[c // n][c % n] for c in range(n * n)) + cls._ACTION_MOVES
        cls._MOVE_CODES = {m: c for c, m in enumerate(cls._CODE_MOVES) if m is not None}
        cls._CODE_GRID = [[None if m is None else s * n + t for t, m in enumerate(row)]
                          for s, row in enumerate(grid)]
        cls._DRAW_CODES = {cls._ACTION_BASE + cls.ACTION_NAMES.index(action): (cls._INDEX[s], cls._INDEX[t])
                           for action, (s, t) in cls.DRAWS.items()}

    @classmethod
    def piles_of(cls, role: Role) -> tuple[str, ...]:
        """The ids of the piles with ``role``, in ``PILES`` order.

        >>> import solitaire_widgets as sw
        >>> sw.Bobby.piles_of("foundation"), sw.Bobby.piles_of("tableau")
        (('f0', 'f1'), ())
        """
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
        self._options = self._check_options(options)
        if seed is not None:
            if not whole_number(seed, at_least=0, below=2**64):
                raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
            seed = int(seed)  # numpy's integers too, kept as a plain int (saves stay JSON-ready)
        if deck is not None:
            order = card_ids_of_deck(deck, self.decks, self.title)
            self._deck: Optional[tuple[str, ...]] = tuple(CARD[i].code for i in order)
        else:
            if seed is None:
                seed = secrets.randbelow(1_000_000_000)
            order = shuffled(range(self._N), seed)
            self._deck = None
        self._seed = seed
        self._rules_key = self._fixed_rules_key()
        self._piles: list[list[int]] = [[] for _ in self.PILES]
        self._down: list[int] = [0] * len(self.PILES)  # face-down cards at the bottom
        self._redeals = 0
        self._setup(order)
        self._dealt_home = sum(len(self._piles[f]) for f in self._FOUNDATIONS)
        self._history: list[Move] = []
        self._undo_records: list[tuple] = []
        self._redo_moves: list[Move] = []
        self._observers: list[Observer] = []
        self._legal: Optional[list[Move]] = None
        self._version = 0

    @classmethod
    def _check_options(cls, options: Mapping[str, Any]) -> dict[str, str]:
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

    # --- hooks a game module fills in -------------------------------------
    def _setup(self, order: list[int]) -> None:
        """Deal the cards (ids in deal order) onto ``self._piles``."""
        raise NotImplementedError

    def _wants(self, t: int) -> Any:
        """Card keys pile ``t`` accepts now: a tuple, ``ANY`` or ``()``."""
        raise NotImplementedError

    def _build_reason(self, t: int, card: int) -> str:
        """Why ``card`` may not go onto pile ``t`` (its key is not wanted)."""
        raise NotImplementedError

    def _route_reason(self, source: str, target: str) -> str:
        """Why nothing moves from ``source`` to ``target`` in this game."""
        source_role, target_role = self.ROLES[source], self.ROLES[target]
        if source_role == "stock":
            verb = " or ".join(a for a in self.ACTION_NAMES if a != "redeal")
            return f"cards are not taken from the stock by hand: use {verb} to turn them up"
        if target_role == "stock":
            return "cards never go back to the stock"
        if target_role == "waste":
            return "only the stock feeds the waste"
        if target_role == "reserve":
            return "no card may be put on the reserve"
        return f"{self.title} never moves a card from {source} to {target}"

    def _action_reason(self, action: str) -> Optional[str]:
        """Why ``action`` is not allowed now, or None when it is."""
        return f"{self.title} has no {action}"

    def _do_action(self, action: str) -> None:
        """Carry out a legal stock action (the base saved what undo needs)."""
        raise NotImplementedError

    def _action_piles(self, action: str) -> tuple[int, ...]:
        """Indices of the piles an action may change (saved for undo)."""
        if action in self.DRAWS:
            return tuple(self._INDEX[pile] for pile in self.DRAWS[action])
        return tuple(range(len(self.PILES)))

    def _may_redeal(self) -> bool:
        """False only when no redeal can happen from this position on under
        the options in force (True is always a safe answer: the search then
        gives up safe moves and dead-end tests)."""
        return "redeal" in self.ACTION_NAMES

    def _redeal_keeps_bottom(self) -> Optional[tuple[int, int]]:
        """``(pile, n)`` when every redeal leaves the bottom ``n`` cards of
        ``pile`` at the bottom of it, in order, for as long as none of them
        leaves the pile; None when no redeal promises that (the safe answer).
        The search's dead-end test for such games reasons from it."""
        return None

    # --- reading the position ---------------------------------------------
    @property
    def seed(self) -> Optional[int]:
        """The deal's seed (None when dealt from an explicit deck without one)."""
        return self._seed

    @property
    def deck(self) -> Optional[tuple[str, ...]]:
        """The explicit deck (card codes, first dealt first), or None."""
        return self._deck

    @property
    def options(self) -> dict[str, str]:
        """The rule options in force, defaults included."""
        return dict(self._options)

    @property
    def version(self) -> int:
        """Grows by one with every change (play, undo, redo, restart, new deal, resume)."""
        return self._version

    @property
    def piles(self) -> Mapping[str, tuple[Card, ...]]:
        """Read-only mapping pile id -> cards, bottom first."""
        return MappingProxyType({p: self[p] for p in self.PILES})

    def __getitem__(self, pile: str) -> tuple[Card, ...]:
        return tuple(CARD[c] for c in self._piles[self._pile_index(pile)])

    def card_ids(self, pile: str) -> tuple[int, ...]:
        """Physical card ids of a pile, bottom first (``Card.from_id`` reads one)."""
        return tuple(self._piles[self._pile_index(pile)])

    def face_down(self, pile: str) -> int:
        """How many cards at the bottom of ``pile`` lie face down."""
        i = self._pile_index(pile)
        if self._ROLE_AT[i] == "stock":  # the stock always lies face down
            return len(self._piles[i])
        return self._down[i]

    def empty_label(self, pile: str) -> str:
        """What ``pile`` shows on a table while it is empty, under the rules
        and options in force: ``"waste"`` or ``"reserve"`` for those piles;
        the one rank that may start it where only one may (``"A"``, ``"K"``);
        else ``""``.

        >>> import solitaire_widgets as sw
        >>> g = sw.Midshipman(seed=1, empty="king")
        >>> g.empty_label("f0"), g.empty_label("t0"), g.empty_label("waste"), g.empty_label("stock")
        ('A', 'K', 'waste', '')
        """
        i = self._pile_index(pile)
        role = self._ROLE_AT[i]
        if role in ("waste", "reserve"):
            return role
        if i not in self._TARGETS:
            return ""  # no card is ever put on it by hand
        empty = self.copy(history=False)  # ask the rules about the pile as if it were empty
        empty._piles[i] = []
        wants = empty._wants(i)
        if wants is ANY:
            return ""
        ranks = {key if self.KEY == "rank" else key % 13 + 1 for key in wants}
        if len(ranks) != 1:
            return ""
        rank = ranks.pop()
        return RANK_TEXT.get(rank, str(rank))

    def top(self, pile: str) -> Optional[Card]:
        """The top card of ``pile``, or None when it is empty."""
        p = self._piles[self._pile_index(pile)]
        return CARD[p[-1]] if p else None

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
    def cards_home(self) -> int:
        """Cards on the foundations."""
        return sum(len(self._piles[f]) for f in self._FOUNDATIONS)

    @property
    def card_count(self) -> int:
        return self._N

    @property
    def score(self) -> int:
        """Cards the player has moved to the foundations (dealt ones not counted)."""
        return self.cards_home - self._dealt_home

    @property
    def max_score(self) -> int:
        return self._N - self._dealt_home

    @property
    def redeals(self) -> int:
        """Redeals made so far."""
        return self._redeals

    @property
    def status(self) -> str:
        """``"won"``, ``"lost"`` (not won, no legal move) or ``"playing"``."""
        if self.cards_home == self._N:
            return "won"
        return "playing" if self._legal_moves() else "lost"

    @property
    def is_over(self) -> bool:
        return self.status != "playing"

    # --- moves ------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every move allowed now: card moves first, then stock actions.

        >>> import solitaire_widgets as sw
        >>> [str(m) for m in sw.Bobby(deck=sw.standard_deck()).legal_moves()]
        ['draw']
        """
        return list(self._legal_moves())

    def _legal_moves(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            moves = self._CODE_MOVES
            legal = self._legal = [moves[code] for code in self._move_codes()]  # type: ignore[misc]
        return legal

    def _move_codes(self) -> list[int]:
        """The lean path's ``legal_moves()``: the same moves, as int codes.

        >>> import solitaire_widgets as sw
        >>> g = sw.Cruel(seed=7)
        >>> [g._CODE_MOVES[c] for c in g._move_codes()] == g.legal_moves()
        True
        """
        piles = self._piles
        keys = self._KEYS
        by_key: dict[int, list[int]] = {}
        to_any: list[int] = []
        for t in self._TARGETS:
            wants = self._wants(t)
            if wants is ANY:
                to_any.append(t)
            else:
                for key in wants:
                    by_key.setdefault(key, []).append(t)
        codes: list[int] = []
        grid = self._CODE_GRID
        for s in self._SOURCES:
            pile = piles[s]
            if not pile:
                continue
            row = grid[s]
            for t in by_key.get(keys[pile[-1]], ()):
                code = row[t]
                if code is not None:
                    codes.append(code)
            for t in to_any:
                code = row[t]
                if code is not None:
                    codes.append(code)
        base = self._ACTION_BASE
        for i, action in enumerate(self.ACTION_NAMES):
            if self._action_reason(action) is None:
                codes.append(base + i)
        return codes

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

    def _safe_drop(self, s: int, t: int) -> bool:
        """Whether the legal move of the top card of pile ``s`` to foundation
        ``t`` is safe (see ``safe_drops``).  Default: never."""
        return False

    @property
    def has_safe_drops(self) -> bool:
        """Whether a drop can ever be safe in this game (``safe_drops`` is
        always ``[]`` where none can: a table then offers no auto-drop).

        >>> import solitaire_widgets as sw
        >>> sw.Bobby(seed=1).has_safe_drops, sw.Cruel(seed=1).has_safe_drops
        (False, True)
        """
        return type(self)._safe_drop is not Game._safe_drop

    def possible_actions(self) -> tuple[str, ...]:
        """The actions (``ACTION_NAMES``) that can be legal at some point of a
        deal under the options in force: a redeal the options rule out is left
        out.  A table offers only these.

        >>> import solitaire_widgets as sw
        >>> sw.LeapYear(seed=1).possible_actions(), sw.LeapYear(seed=1, redeal="once").possible_actions()
        (('deal',), ('deal', 'redeal'))
        """
        fresh = type(self)(seed=0, **self._options)  # _may_redeal at a deal's start: ever, in this game
        return tuple(a for a in self.ACTION_NAMES if a != "redeal" or fresh._may_redeal())

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
        return self._reason(parsed)

    def targets(self, source: str) -> dict[str, Optional[str]]:
        """Where the top card of ``source`` may go: every other pile id -> None
        when that move is legal now, else the reason it is not.

        >>> import solitaire_widgets as sw
        >>> g = sw.Cruel(seed=7)
        >>> [pile for pile, reason in g.targets("t1").items() if reason is None]
        ['t8']
        >>> g.targets("t1")["f0"]
        '6♥ cannot go on A♠ (f0): Cruel builds the foundations up in suit, so A♠ takes only 2♠'
        """
        self._pile_index(source)  # an unknown pile raises KeyError
        return {target: self._reason(Move(source, target)) for target in self.PILES if target != source}

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
        position = type(self)(seed=self._seed, deck=self._deck, **self._options)
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
            elif isinstance(move, (tuple, list)) and len(move) == 2:
                parsed = Move(str(move[0]).strip().lower(), str(move[1]).strip().lower())
            else:
                parsed = Move.parse(move)
        except ValueError as err:
            raise IllegalMoveError(str(err), move) from None
        return parsed

    def _reason(self, move: Move) -> Optional[str]:
        if move.action is not None:
            if move.action not in self.ACTION_NAMES:
                have = ", ".join(self.ACTION_NAMES) or "no stock actions"
                return f"{self.title} has no {move.action} (it has {have})"
            return self._action_reason(move.action)
        source, target = move.source, move.target
        assert source is not None and target is not None
        for pile in (source, target):
            if pile not in self._INDEX:
                return f"{self.title} has no pile {pile} (its piles: {', '.join(self.PILES)})"
        s, t = self._INDEX[source], self._INDEX[target]
        if s == t:
            return f"{source} onto itself moves nothing"
        if not self._piles[s]:
            return f"{source} is empty: there is no card to move"
        if self._ROLE_AT[s] == "foundation":
            return "cards on the foundations never move: foundations are final"
        if self._MOVE_GRID[s][t] is None:
            return self._route_reason(source, target)
        card = self._piles[s][-1]
        wants = self._wants(t)
        if wants is ANY or self._KEYS[card] in wants:
            return None
        return self._build_reason(t, card)

    def play(self, move: MoveLike, target: Optional[str] = None) -> Move:
        """Play a legal move and return it; raise ``IllegalMoveError`` if not.

        Takes a ``Move``, ``"t3 f0"``, ``("t3", "f0")``, two pile ids, or a
        stock action word (``"draw"``, ``"deal"``, ``"redeal"``).

        >>> import solitaire_widgets as sw
        >>> g = sw.LeapYear(seed=3)
        >>> g.play("deal")
        Move('deal')
        """
        parsed = self._coerce(move, target)
        reason = self._reason(parsed)
        if reason is not None:
            raise IllegalMoveError(reason, parsed)
        changed = self._apply(parsed)
        self._redo_moves.clear()
        self._changed("play", parsed, changed)
        return parsed

    def _apply(self, move: Move) -> tuple[int, ...]:
        """Carry out a legal move, record how to undo it; return changed piles."""
        record = self._lean_apply(self._MOVE_CODES[move])
        self._undo_records.append(record)
        self._history.append(move)
        return record[3]

    def _revert(self) -> tuple[int, ...]:
        self._history.pop()
        return self._lean_revert(self._undo_records.pop())

    def _lean_apply(self, code: int) -> tuple:
        """Play the legal move ``code`` with no history, check or notification;
        return the record ``_lean_revert`` takes to undo it exactly."""
        self._legal = None
        base = self._ACTION_BASE
        if code < base:
            s, t = divmod(code, len(self._piles))
            source = self._piles[s]
            self._piles[t].append(source.pop())
            down = self._down
            flipped = 0 < down[s] == len(source)  # a face-down card is now on top
            if flipped:
                down[s] -= 1
            return (s, t, flipped, (s, t))
        draw = self._DRAW_CODES.get(code)
        if draw is not None:
            s, t = draw
            self._piles[t].append(self._piles[s].pop())
            return (s, t, False, draw)
        action = self.ACTION_NAMES[code - base]
        changed = self._action_piles(action)
        saved = [(i, self._piles[i][:], self._down[i]) for i in changed]
        redeals = self._redeals
        self._do_action(action)
        return (None, saved, redeals, changed)

    def _lean_revert(self, record: tuple) -> tuple[int, ...]:
        """Undo the move ``record`` came from (the last one applied)."""
        self._legal = None
        if record[0] is None:
            _, saved, self._redeals, changed = record
            for i, cards, down in saved:
                self._piles[i] = cards  # a fresh copy, and the record is spent
                self._down[i] = down
            return changed
        s, t, flipped, changed = record
        if flipped:
            self._down[s] += 1
        self._piles[s].append(self._piles[t].pop())
        return changed

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
        move = self._redo_moves.pop()
        changed = self._apply(move)
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

    # --- new deals ----------------------------------------------------------
    def new_deal(self, seed: Optional[int] = None) -> "Game":
        """Deal again, in place: same game and options, a new seed (a random
        one other than the current, unless given).  The object stays the same,
        so every reference to it (a table's ``game``) follows.  Returns a copy
        of the game as it was, deal and moves, which ``resume`` brings back.

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=5); _ = g.draw()
        >>> old = g.new_deal(seed=6)
        >>> g.seed, g.history, old.seed, old.history
        (6, (), 5, (Move('draw'),))
        >>> g.resume(old); g.seed, g.history
        (5, (Move('draw'),))
        """
        earlier = self.copy()
        if seed is None:
            seed = self._seed
            while seed == self._seed:
                seed = secrets.randbelow(1_000_000_000)
        observers, version = self._observers, self._version
        Game.__init__(self, seed=seed, **self._options)
        self._observers, self._version = observers, version
        self._changed("new_deal", None, tuple(range(len(self.PILES))), earlier)
        return earlier

    def resume(self, earlier: "Game") -> None:
        """Put back, in place, the deal, moves and redo list of ``earlier`` (a
        copy of this kind of game, e.g. what ``new_deal`` returned)."""
        if type(earlier) is not type(self):
            raise TypeError(f"resume needs a {type(self).__name__} game, not {type(earlier).__name__}")
        state = earlier.copy().__dict__
        for kept in ("_observers", "_version", "_legal"):
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
        illegal changes nothing and notifies nobody.

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
        self._legal = None
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
        ``history=False`` the copy cannot undo past this position (faster)."""
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._piles = [p[:] for p in self._piles]
        clone._down = self._down[:]
        clone._history = self._history[:] if history else []
        clone._undo_records = [_unshared(record) for record in self._undo_records] if history else []
        clone._redo_moves = self._redo_moves[:] if history else []
        clone._observers = []
        return clone

    def key(self) -> bytes:
        """A compact hashable key of the position (identical cards alike).

        Two positions with the same key play the same from here on: the key
        holds the piles, the face-down counts, the redeals made (so the
        redeals or passes left) and what fixes how later redeals turn out
        (the rule options, and the game's own reshuffles where it has them).

        >>> import solitaire_widgets as sw
        >>> sw.Cruel(seed=3).key() == sw.Cruel(seed=3, gather="pysol").key()
        False
        """
        parts = [bytes(FACE[c] for c in p) for p in self._piles]
        parts.append(bytes(self._down))
        parts.append(self._redeals.to_bytes(8, "big"))
        parts.append(self._rules_key)
        return b"\xff".join(parts)

    def _fixed_rules_key(self) -> bytes:
        """What besides the position decides how play goes on (fixed per game):
        the rule options."""
        return repr(sorted(self._options.items())).encode()

    def _search_key(self) -> bytes:
        """A canonical key for search: like ``key()`` but two positions that
        play alike share it (foundations by top card only and in any order,
        interchangeable piles sorted, card keys by rank where suits never
        matter, redeals only when their number changes what may follow).

        >>> import solitaire_widgets as sw
        >>> g = sw.Midshipman(seed=1)
        >>> k = g._search_key(); g._piles[-1], g._piles[-2] = g._piles[-2], g._piles[-1]
        >>> g._search_key() == k
        True
        """
        keys, table = self._KEYS, self._KEY_TABLE
        piles = self._piles
        down = self._down
        # List comprehensions and a table of one-byte prefixes: the search
        # asks for a key at every position it meets.
        tops = [keys[pile[-1]] + 1 if pile else 0 for pile in map(piles.__getitem__, self._FOUNDATIONS)]
        tops.sort()
        parts = [bytes(tops)]
        if self._INTERCHANGEABLE:
            parts += sorted([_BYTE[down[i]] + bytes(piles[i]).translate(table) for i in self._INTERCHANGEABLE])
        parts += [bytes(piles[i]).translate(table) for i in self._FIXED]
        parts.append(bytes(map(down.__getitem__, self._FIXED)))
        if self.REDEALS_MATTER:
            parts.append(self._redeals.to_bytes(2, "big"))
        return b"\xff".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready save: game, options, seed or deck, the moves played and
        the moves ``redo()`` would play again, next first (``redo_moves``), so
        that ``sw.load`` gives back the same game, undone moves and all.

        >>> import solitaire_widgets as sw
        >>> g = sw.Bobby(seed=4); _ = g.draw(); _ = g.draw(); g.restart()
        >>> saved = g.to_dict()
        >>> saved["format"], saved["moves"], saved["redo"]
        (2, [], ['draw', 'draw'])
        """
        data: dict[str, Any] = {"format": SAVE_FORMAT, "game": self.name, "options": self.options}
        if self._seed is not None:
            data["seed"] = self._seed
        if self._deck is not None:
            data["deck"] = list(self._deck)
        data["moves"] = [str(m) for m in self._history]
        data["redo"] = [str(m) for m in self.redo_moves]
        return data

    def _pile_index(self, pile: str) -> int:
        try:
            return self._INDEX[pile]
        except (KeyError, TypeError):
            raise KeyError(f"{self.title} has no pile {pile!r} (its piles: {', '.join(self.PILES)})") from None

    # --- display ----------------------------------------------------------------
    def __str__(self) -> str:
        from .text import render

        return render(self)

    def __repr__(self) -> str:
        origin = f"seed={self._seed}" if self._deck is None else "deck=…"
        n = len(self._history)
        return f"<{type(self).__name__} {origin} {self.status}, {n} move{'s' * (n != 1)}>"

    def picture(self, *, card_width: Optional[int] = None, width: Optional[int] = None, labels: bool = True,
                title: Union[bool, str] = True, highlight: Any = (), arrow: Any = None,
                caption: str = "") -> "Picture":
        """A picture of the position as the card table shows it: an SVG image
        (a ``str`` a notebook shows as the picture; ``.save(path)`` writes
        it) that stays as it is when the game moves on.

        ``card_width`` (px, default 60) sets the size; or ``width``: the
        picture the table would draw that wide.  ``labels`` writes the pile
        ids; ``title`` the status line (True), your own text, or none;
        ``caption`` a line under the felt.  ``highlight`` outlines cards
        (``"7S"``, a ``Card``: every face-up copy; a card id: that card);
        ``arrow`` marks a move (``"t3 f0"``, ``"draw"``, a ``Move``, a hint).

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
                       arrow=arrow, caption=caption)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        # In a Jupyter kernel show the table (its output carries a picture of
        # the position too, for exports); elsewhere the picture and the text.
        # The engine itself stays free of Jupyter imports.
        import sys

        data: dict[str, Any] = {}
        if "ipykernel" in sys.modules:
            try:
                from .widget import widget_for
            except ImportError:
                pass
            else:
                shown = widget_for(self)._repr_mimebundle_(include=include, exclude=exclude)
                data = dict(shown[0] if isinstance(shown, tuple) else shown or {})
        if not data:
            data = self.picture()._repr_mimebundle_()
        data["text/plain"] = str(self)
        return data


class Draws:
    """Games whose stock turns one card onto the waste."""

    DRAWS: ClassVar[dict[str, tuple[str, str]]] = {"draw": ("stock", "waste")}

    def draw(self: Any) -> Move:
        """Play ``draw``: the stock's top card onto the waste."""
        return self.play("draw")


class Deals:
    """Games whose stock deals a card onto every tableau pile."""

    def deal(self: Any) -> Move:
        """Play ``deal``: one stock card onto each tableau pile."""
        return self.play("deal")


class Redeals:
    """Games that can gather their cards and deal them again."""

    def redeal(self: Any) -> Move:
        """Play ``redeal``."""
        return self.play("redeal")


def _unshared(record: tuple) -> tuple:
    """An undo record a copy of the game can spend on its own.

    Taking back a stock action puts the pile lists its record saved back in
    place (no copy: the record is spent), so a copy's records must not share
    those lists with the original's, or undoing the copy would change what
    undoing the original restores."""
    if record[0] is not None:
        return record  # a card move's record holds only pile indexes
    _, saved, redeals, changed = record
    return (None, [(i, cards[:], down) for i, cards, down in saved], redeals, changed)

