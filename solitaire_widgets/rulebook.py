"""A game class's declared rules, compiled: the rule each pile follows, what
may leave it and what its stock does, for each choice of the game's
options (``Game`` asks ``book_for(cls, options)`` once per game).

The declarations (see ``Game``): ``FOUNDATION``, ``TABLEAU``, ``CELL``,
``RESERVE`` and ``WASTE`` give the rule of every pile of that role,
``PILE_RULES`` the rule of single piles (it wins), and ``STOCK`` the stock's
values.  A pile with no declared rule is answered by the game's own hooks
(``_wants``, ``_build_reason``), which also win where a class defines them;
the hooks' defaults (``hooks.py``) ask the book.  The rules in words come
from here too: ``rules_text`` (``RULES`` with each rule's sentence filled
in) and ``action_words`` (what a stock action does), which ``Game`` offers
as its class methods.

>>> import solitaire_widgets as sw
>>> book = book_for(sw.Cruel, {"gather": "pysol"})
>>> book.rules[book.index("t0")].sentence()
'build down in suit; an empty pile is never filled.'
>>> book.actions, book.passes
(('redeal',), None)
"""

from __future__ import annotations

import dataclasses
import itertools
import string
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Optional

from .pile_rules import (ROLE_DEFAULTS, TOP_CARD, ByOption, Moves, PileLaw, PileRule, choices, law_for, options_named,
                         resolve)
from .stocks import StockRule

if TYPE_CHECKING:
    from .game import Game

# The role attributes of a game class, by role.
ROLE_ATTRIBUTES = {"foundation": "FOUNDATION", "tableau": "TABLEAU", "cell": "CELL", "reserve": "RESERVE",
                   "waste": "WASTE"}


def declared_rule(cls: type["Game"], pile: str) -> Any:
    """The rule ``cls`` declares for ``pile`` (a ``PileRule``, maybe chosen
    by an option), or None where its hooks answer."""
    if pile in cls.PILE_RULES:
        return cls.PILE_RULES[pile]
    role = cls.ROLES[pile]
    if role in ROLE_ATTRIBUTES:
        rule = getattr(cls, ROLE_ATTRIBUTES[role])
        if rule is not None:
            return rule
    return ROLE_DEFAULTS.get(role)


def declared_moves(cls: type["Game"], pile: str) -> Any:
    """What may leave ``pile`` by hand, as ``cls`` declares it: its rule's
    ``moves`` (maybe chosen by an option), or its top card where its hooks
    answer what it takes."""
    rule = declared_rule(cls, pile)
    if isinstance(rule, ByOption):
        return ByOption(rule.option, {value: r.moves for value, r in (rule.values or {}).items()})
    return rule.moves if isinstance(rule, PileRule) else TOP_CARD


def option_choices(cls: type["Game"]) -> list[dict[str, str]]:
    """Every choice of ``cls``'s options (one, with none)."""
    names = list(cls.OPTIONS)
    return [dict(zip(names, values)) for values in itertools.product(*(cls.OPTIONS[n] for n in names))]


def static_rules(cls: type["Game"]) -> tuple[tuple[Optional[PileRule], ...], ...]:
    """For each pile, the rules it follows under some choice of options
    (what the class's move codes must cover)."""
    choices_ = option_choices(cls)
    return tuple(tuple({resolve(declared_rule(cls, p), o) for o in choices_}) for p in cls.PILES)


def static_moves(cls: type["Game"]) -> tuple[tuple[Moves, ...], ...]:
    """For each pile, what may leave it under some choice of options."""
    choices_ = option_choices(cls)
    return tuple(tuple({resolve(declared_moves(cls, p), o) for o in choices_}) for p in cls.PILES)


def stock_rules(cls: type["Game"]) -> tuple[StockRule, ...]:
    """``STOCK`` as a tuple of stock values (none declared: ())."""
    stock = cls.STOCK
    if stock is None:
        return ()
    return tuple(stock) if isinstance(stock, (tuple, list)) else (stock,)


@dataclass(frozen=True, eq=False)
class RuleBook:
    """A game class's declared rules under one choice of its options.

    ``rules[i]``: pile ``i``'s rule, options chosen (None where the game's
    hooks answer); ``laws[i]`` the same made ready to ask; ``moves[i]``
    what may leave pile ``i``; ``stocks`` the stock's values, options
    chosen, and ``owner`` each stock action's value; ``passes`` the passes
    they allow (None: no limit); ``reshuffles`` whether a redeal shuffles.
    """

    piles: tuple[str, ...]
    rules: tuple[Optional[PileRule], ...]
    laws: tuple[Optional[PileLaw], ...]
    moves: tuple[Moves, ...]
    stocks: tuple[StockRule, ...]
    owner: Mapping[str, StockRule]
    passes: Optional[int]
    reshuffles: bool
    first: Mapping[str, int]  # role -> the index of its first pile (what a stock deals from and onto)
    spare_cells: tuple[int, ...] = ()
    spare_columns: tuple[int, ...] = ()

    @property
    def actions(self) -> tuple[str, ...]:
        """The stock values' actions, in order."""
        return tuple(self.owner)

    def index(self, pile: str) -> int:
        return self.piles.index(pile)


def book_for(cls: type["Game"], options: Mapping[str, str]) -> RuleBook:
    """The ``RuleBook`` of ``cls`` under ``options`` (checked, defaults
    filled in), made once per class and choice of options."""
    key = tuple(sorted(options.items()))
    cache = cls.__dict__.get("_BOOKS")
    if cache is None:
        cache = {}
        setattr(cls, "_BOOKS", cache)  # noqa: B010  (one cache per class: its own, never its base's)
    book = cache.get(key)
    if book is None:
        book = cache[key] = _make_book(cls, options)
    return book


def _make_book(cls: type["Game"], options: Mapping[str, str]) -> RuleBook:
    rules = tuple(resolve(declared_rule(cls, p), options) for p in cls.PILES)
    moves = tuple(resolve(declared_moves(cls, p), options) for p in cls.PILES)
    laws = tuple(law_for(rule, cls.KEY, *_chosen(cls, declared_rule(cls, p), options)) if rule is not None else None
                 for p, rule in zip(cls.PILES, rules))
    declared = stock_rules(cls)
    stocks = tuple(_noting_passes(resolve(s, options), s, options) for s in declared)
    # (actions as the class declares them: a redeal these options rule out is still an action)
    owner = {action: stock for stock, as_declared in zip(stocks, declared) for action in as_declared.actions()}
    limits = [stock.pass_limit() for stock, as_declared in zip(stocks, declared) if as_declared.redeal_actions()]
    passes = limits[0] if limits else None  # (no redeal: passes are not counted)
    first: dict[str, int] = {}
    for i, pile in enumerate(cls.PILES):
        first.setdefault(cls.ROLES[pile], i)
    roles = [cls.ROLES[p] for p in cls.PILES]
    # (a pile its hooks answer for counts, as it always did)
    spare_cells = tuple(i for i, rule in enumerate(rules) if roles[i] == "cell" and (
        rule is None or rule.takes_anything))
    spare_columns = tuple(i for i, rule in enumerate(rules) if roles[i] == "tableau" and (
        rule is None or rule.empty.kind == "any"))
    return RuleBook(piles=tuple(cls.PILES), rules=rules, laws=laws, moves=moves, stocks=stocks, owner=owner,
                    passes=passes, reshuffles=any(stock.reshuffles() for stock in stocks), first=first,
                    spare_cells=spare_cells, spare_columns=spare_columns)


def _chosen(cls: type["Game"], declared: Any, options: Mapping[str, str]) -> tuple[str, str]:
    """The options that chose how ``declared``'s rule builds and what it
    takes while empty, where not at their defaults, as refusals name them:
    ' (build="other_colour")'."""
    def named(value: Any) -> str:
        names = sorted(name for name in options_named(value) if options[name] != cls.OPTIONS[name][0])
        return f" ({', '.join(f'{name}=' + chr(34) + options[name] + chr(34) for name in names)})" if names else ""

    if isinstance(declared, PileRule):
        return named(declared.build), named(declared.empty)
    return named(declared), named(declared)


def _noting_passes(stock: StockRule, declared: StockRule, options: Mapping[str, str]) -> StockRule:
    """``stock`` told which option chose its passes, where one did."""
    names = sorted(options_named(getattr(declared, "passes", None)))
    if not names:
        return stock
    noted = ", ".join(f'{name}="{options[name]}"' for name in names)
    return dataclasses.replace(stock, passes_chosen=f" (option {noted})")


def needs_suits(cls: type["Game"]) -> bool:
    """Whether any rule ``cls`` declares, under any option, looks at suits
    (its cards are then keyed by face, else by rank)."""
    def looks(value: Any) -> bool:
        if isinstance(value, ByOption):
            return any(looks(v) for v in (value.values or {}).values())
        if isinstance(value, PileRule):
            return (value.whole_suits or (value.build is not None and looks(value.build))
                    or looks(value.moves))
        if isinstance(value, Moves):
            return value.build is not None and looks(value.build)
        return getattr(value, "needs_suits", False) or (
            hasattr(value, "suit") and isinstance(value.suit, ByOption) and
            any(v != "any_suit" for v in (value.suit.values or {}).values()))

    return any(looks(declared_rule(cls, p)) or looks(declared_moves(cls, p)) for p in cls.PILES)


def all_choices(cls: type["Game"]) -> list[ByOption]:
    """Every ``by_option`` in the rules and stock ``cls`` declares (for its checks)."""
    found: list[ByOption] = []
    for pile in cls.PILES:
        found += choices(declared_rule(cls, pile))
    for stock in stock_rules(cls):
        found += choices(stock)
    return found


# --- the rules in words ------------------------------------------------------------------------
def rules_text(cls: type["Game"], options: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """``cls.RULES`` under ``options``, each rule and option named in braces
    replaced by its sentence (``Game.rules_text``)."""
    book = book_for(cls, options)
    fill = {option: cls.OPTION_RULES[option][value] for option, value in options.items()}
    for i, rule in enumerate(book.rules):
        role = cls.SHAPE.roles[i]
        if rule is not None and role not in fill:
            fill[role] = rule.sentence(role)
    if book.stocks:
        fill["stock"] = " ".join(stock.sentence() for stock in book.stocks)
    return tuple((topic, _filled(text, fill)) for topic, text in cls.RULES)


def action_words(cls: type["Game"], action: str) -> str:
    """What ``cls``'s stock action ``action`` does, in a few words
    (``Game.action_words``)."""
    if action in cls.ACTION_WORDS:
        return cls.ACTION_WORDS[action]
    for stock in stock_rules(cls):
        if action in stock.actions():
            return stock.words(action)
    if action in cls.DRAWS:
        source, target = cls.DRAWS[action]
        if cls.ROLES[source] == "stock" and cls.ROLES[target] == "waste":
            return f"turns up the next {source} card"
        return f"turns the next {source} card onto {target}"
    if action in cls.redeal_actions():
        return "deals the cards again"
    return f"plays {action}"


def _filled(text: str, fill: Mapping[str, str]) -> str:
    """``text`` with each ``{name}`` replaced by ``fill[name]``, its first
    letter made upper-case where it starts a sentence after another.

    >>> _filled("a. {x} b {x}", {"x": "one"})
    'a. One b one'
    """
    out = []
    for literal_text, field, _, _ in string.Formatter().parse(text):
        out.append(literal_text)
        if field is not None:
            value = fill[field]
            before = "".join(out).rstrip()
            out.append(value[:1].upper() + value[1:] if before.endswith((".", ":")) and before else value)
    return "".join(out)
