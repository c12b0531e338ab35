"""The checks a game class passes when it is made, and when it is registered.

A game defined in a notebook is input the package did not write, so every
declaration (``PILES``, ``ROLES``, ``ROUTES``, ``DRAWS``, ``OPTIONS``,
``RULES``, ``LAYOUT`` …) and the hooks it must fill in are checked as the
class statement runs (``check_declarations``), and ``sw.register`` deals one
game and asks its hooks what the table and the solver will ask
(``check_game_plays``): a mistake is a ``TypeError`` naming the class and what
is wrong, never a failure when a player clicks.

>>> from solitaire_widgets import Game
>>> class Broken(Game):
...     PILES = ("stock", "t0")
...     ROLES = {"stock": "stock"}
Traceback (most recent call last):
...
TypeError: Broken: pile 't0' has no role (ROLES gives each pile one of stock, waste, reserve, cell, foundation, tableau)
"""

from __future__ import annotations

import random
import re
import string
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Optional

from .arguments import whole_number
from .cards import CARD, MAX_CARDS
from .errors import HookError
from .hooks import default, hook_that_raised
from .layout import Layout
from .moves import LONGEST_NAME, Move, is_action_name, is_pile_id
from .piles import ROLES
from .pile_rules import ANY, PileRule, resolve, rule_value
from .rulebook import ROLE_ATTRIBUTES, all_choices, declared_rule, option_choices, static_rules, stock_rules
from .shape import interchangeable_groups
from .stocks import StockRule
from .strategy import Guide, Pace, Restart

if TYPE_CHECKING:
    from .game import Game

# What the engine keeps on a game (a STATE name must be another).
ENGINE_ATTRIBUTES = frozenset({
    "_piles", "_down", "_redeals", "_card_count", "_pack_ids", "_options", "_seed", "_deck", "_position",
    "_start_position", "_history", "_undo_records", "_redo_moves", "_observers", "_legal", "_version",
    "_fast_path", "_dealt_home", "_rules_key", "_winning_line", "_book"})
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")
# An option value is typed as a keyword argument and shown in code: a word.
OPTION_VALUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def check_declarations(cls: type["Game"], base: type["Game"]) -> None:
    """Raise ``TypeError`` naming ``cls`` (a subclass of ``base``, ``Game``)
    and the first declaration it breaks."""
    def fail(problem: str) -> None:
        raise TypeError(f"{cls.__name__}: {problem}")

    _check_identity(cls, fail)
    _check_piles(cls, fail)
    _check_moves(cls, base, fail)
    _check_options(cls, fail)
    _check_rules(cls, fail)
    _check_strategy(cls, fail)
    _check_values(cls, fail)
    _check_hooks(cls, fail)
    narrow = _sequence(cls.NARROW_LAYOUTS, "NARROW_LAYOUTS", fail)
    for which, layout in [("LAYOUT", cls.LAYOUT)] + [(f"NARROW_LAYOUTS[{i}]", lay) for i, lay in enumerate(narrow)]:
        if which == "LAYOUT" and layout is None:
            continue
        if not isinstance(layout, Layout):
            fail(f"{which} must be a solitaire_widgets.layout.Layout, not {type(layout).__name__}")
        try:
            layout.check(cls.PILES)
        except ValueError as err:
            fail(f"{which}: {err}")


def _sequence(value: Any, what: str, fail: Any) -> tuple:
    if isinstance(value, (str, bytes)) or not isinstance(value, (tuple, list)):
        fail(f"{what} must be a tuple, not {type(value).__name__}")
    return tuple(value)


def _check_identity(cls: type["Game"], fail: Any) -> None:
    name = cls.name
    if not isinstance(name, str) or not name or not name[0].isalpha() or not set(name) <= NAME_CHARS:
        fail(f"name must be a snake_case id like 'aces_up' (lower-case letters, digits, _), not {name!r}")
    if not isinstance(cls.title, str) or not cls.title.strip():
        fail(f"title must be a non-empty string, not {cls.title!r}")
    if not cls.title.isprintable():
        fail(f"title must be one line of text, not {cls.title!r}")
    decks = cls.decks
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_CARDS // 52:
        fail(f"decks must be a whole number from 1 to {MAX_CARDS // 52}, not {decks!r}")
    if cls.KEY not in ("rank", "face"):
        fail(f"KEY must be 'rank' (building ignores suits) or 'face' (it needs them), not {cls.KEY!r}")


def _check_piles(cls: type["Game"], fail: Any) -> None:
    piles = _sequence(cls.PILES, "PILES", fail)
    for pile in piles:
        if not is_pile_id(pile):
            fail(f"{pile!r} in PILES is not a pile id; a pile id is a lower-case word, maybe followed by digits, "
                 f"at most {LONGEST_NAME} characters: stock, waste, f0, t3, c1 …")
    twice = [p for i, p in enumerate(piles) if p in piles[:i]]
    if twice:
        fail(f"pile {twice[0]!r} is listed twice in PILES")
    roles = cls.ROLES
    if not isinstance(roles, Mapping):
        fail(f"ROLES must be a dict of pile id -> role, not {type(roles).__name__}")
    for pile in piles:
        if pile not in roles:
            fail(f"pile {pile!r} has no role (ROLES gives each pile one of {', '.join(ROLES)})")
    for pile, role in roles.items():
        if pile not in piles:
            fail(f"ROLES names pile {pile!r}, which is not in PILES ({', '.join(piles)})")
        if role not in ROLES:
            fail(f"pile {pile!r} has role {role!r}; the roles are {', '.join(ROLES)}")
    stocks = [p for p in piles if roles[p] == "stock"]
    if len(stocks) > 1:
        fail(f"a game has at most one stock, not {len(stocks)} ({', '.join(stocks)})")
    if "foundation" not in roles.values() and cls._won is default("_won") and cls._cards_home is default("_cards_home"):
        fail("no pile has the role 'foundation': a game is won when every card is home on the foundations; "
             "a game without foundations says which of its cards count as home (_cards_home), or declares its "
             "own win (_won)")
    declared = _sequence(cls.INTERCHANGEABLE, "INTERCHANGEABLE", fail)
    if declared and not all(isinstance(item, str) for item in declared):
        for group in declared:
            _sequence(group, "each group of INTERCHANGEABLE", fail)
    grouped = [p for group in interchangeable_groups(declared) for p in group]
    for pile in grouped:
        if pile not in piles:
            fail(f"INTERCHANGEABLE names pile {pile!r}, which is not in PILES")
        if grouped.count(pile) > 1:
            fail(f"INTERCHANGEABLE names pile {pile!r} twice")
        if roles[pile] == "foundation":
            fail(f"INTERCHANGEABLE names foundation {pile!r}: foundations are compared by their top cards anyway")


def _check_moves(cls: type["Game"], base: type["Game"], fail: Any) -> None:
    piles = cls.PILES
    actions = _sequence(cls.ACTION_NAMES, "ACTION_NAMES", fail)
    for action in actions:
        if not is_action_name(action):
            fail(f"ACTION_NAMES holds {action!r}; a stock action's name is a lower-case word (letters and _, "
                 f"at most {LONGEST_NAME}) like 'draw' or 'deal_row'")
        if action in piles:
            fail(f"stock action {action!r} has the name of a pile: name it otherwise")
        if hasattr(base, action):  # each action is a method too: game.draw()
            fail(f"stock action {action!r} has the name of a Game attribute (game.{action}): name it otherwise")
        if actions.count(action) > 1:
            fail(f"stock action {action!r} is listed twice in ACTION_NAMES")
    if cls.REDEALS is not None:
        for action in _sequence(cls.REDEALS, "REDEALS", fail):
            if action not in actions:
                fail(f"REDEALS names {action!r}, which is not in ACTION_NAMES ({', '.join(actions) or 'none'})")
            if action in cls.DRAWS:
                fail(f"REDEALS names {action!r}, a draw: a redeal gathers cards, which a draw (DRAWS) does not")
    if not isinstance(cls.ACTION_WORDS, Mapping):
        fail(f"ACTION_WORDS must be a dict of action -> what it does in a few words, not {cls.ACTION_WORDS!r}")
    for action, words in cls.ACTION_WORDS.items():
        if action not in actions:
            fail(f"ACTION_WORDS names {action!r}, which is not in ACTION_NAMES ({', '.join(actions) or 'none'})")
        if not isinstance(words, str) or not words.strip() or not words.isprintable():
            fail(f"ACTION_WORDS[{action!r}] must be a few words on one line, not {words!r}")
    if cls.PASSES is not None and (not isinstance(cls.PASSES, int) or isinstance(cls.PASSES, bool)
                                   or cls.PASSES < 1):
        fail(f"PASSES must be a whole number of passes ≥ 1, or None for no limit, not {cls.PASSES!r}")
    for old, new in OLDER_SPELLINGS.items():
        if any(old in klass.__dict__ for klass in cls.__mro__):
            fail(f"{old} is the older spelling: {new}")
    if not isinstance(cls.CAN_CYCLE, bool) or not isinstance(cls.REDEALS_MATTER, bool):
        fail("CAN_CYCLE and REDEALS_MATTER are True or False")
    for name in _sequence(cls.STATE, "STATE", fail):
        if not isinstance(name, str) or not name.isidentifier() or not name.startswith("_") or \
                name.startswith("__") or hasattr(base, name) or name in ENGINE_ATTRIBUTES:
            fail(f"STATE names {name!r}; each is an attribute of the game's own, written like '_since_redeal' "
                 "(a leading underscore, a name the engine does not use)")
    if not isinstance(cls.ROUTES, Mapping):
        fail(f"ROUTES must be a dict of source pile -> target piles, not {type(cls.ROUTES).__name__}")
    for source, targets in cls.ROUTES.items():
        if source not in piles:
            fail(f"ROUTES names pile {source!r}, which is not in PILES ({', '.join(piles)})")
        if cls.ROLES[source] == "foundation":
            fail(f"ROUTES starts at foundation {source!r}: a card on a foundation never moves again")
        if cls.ROLES[source] == "stock":
            fail(f"ROUTES starts at the stock {source!r}: its cards are turned up by a stock action "
                 "(DRAWS), not moved by hand")
        # (a pile among its own targets is passed over: {t: COLUMNS for t in COLUMNS} reads "to any other")
        targets = _sequence(targets, f"ROUTES[{source!r}]", fail)
        for target in targets:
            if target not in piles:
                fail(f"ROUTES[{source!r}] names pile {target!r}, which is not in PILES ({', '.join(piles)})")
            if targets.count(target) > 1:
                fail(f"ROUTES[{source!r}] names pile {target!r} twice")
            if cls.ROLES[target] == "stock":
                fail(f"ROUTES[{source!r}] ends at the stock {target!r}: cards never go back to the stock")
    if not isinstance(cls.DRAWS, Mapping):
        fail(f"DRAWS must be a dict of action -> (source, target), not {type(cls.DRAWS).__name__}")
    for action, pair in cls.DRAWS.items():
        if action not in actions:
            fail(f"DRAWS names action {action!r}, which is not in ACTION_NAMES ({', '.join(actions) or 'none'})")
        if not isinstance(pair, tuple) or len(pair) != 2:
            fail(f"DRAWS[{action!r}] must be a (source, target) pair of pile ids, not {pair!r}")
        for pile in pair:
            if pile not in piles:
                fail(f"DRAWS[{action!r}] names pile {pile!r}, which is not in PILES ({', '.join(piles)})")


# Declarations of earlier versions, and what says the same now.
OLDER_SPELLINGS = {
    "RUNS": "declare what may leave a tableau pile in its rule, TABLEAU = Tableau(..., moves=runs(DOWN_IN_SUIT)) "
            "(or moves=RUNS for runs built as the pile builds, moves=FACE_UP for any face-up cards)",
    "RUN_LIMIT": "a run as long as the free cells allow is moves=runs(limit=\"free_cells\") in the tableau's rule",
    "FOUNDATIONS_TAKE": "foundations that take a completed suit at once are FOUNDATION = WholeSuits()",
}


def _check_values(cls: type["Game"], fail: Any) -> None:
    """The rules and stock declared as values (``FOUNDATION``, ``PILE_RULES``,
    ``STOCK`` …): each of the right kind, naming piles and options it has."""
    for attribute in ROLE_ATTRIBUTES.values():
        value = getattr(cls, attribute)
        if value is not None and not rule_value(value):
            fail(f"{attribute} must be a pile rule (Foundation(...), Tableau(...), FREE_CELL …), maybe chosen by "
                 f"by_option, not {value!r}")
    if not isinstance(cls.PILE_RULES, Mapping):
        fail(f"PILE_RULES must be a dict of pile id -> its rule, not {type(cls.PILE_RULES).__name__}")
    for pile, value in cls.PILE_RULES.items():
        if pile not in cls.PILES:
            fail(f"PILE_RULES names pile {pile!r}, which is not in PILES ({', '.join(cls.PILES)})")
        if not rule_value(value):
            fail(f"PILE_RULES[{pile!r}] must be a pile rule (Foundation(...), Tableau(...) …), not {value!r}")
    for stock in stock_rules(cls):
        if not isinstance(stock, StockRule):
            fail(f"STOCK must be a stock value (Draw, DealRow, GatherToStock, Regather) or a tuple of them, "
                 f"not {stock!r}")
    if any(stock.uses_stock_pile() for stock in stock_rules(cls)) and "stock" not in cls.ROLES.values():
        fail("its STOCK deals from a stock, but no pile has the role 'stock'")
    for choice in all_choices(cls):
        if choice.option not in cls.OPTIONS:
            fail(f"by_option({choice.option!r}, …) names an option OPTIONS does not declare "
                 f"(its options: {', '.join(cls.OPTIONS) or 'none'})")
        if choice.values is not None and set(choice.values) != set(cls.OPTIONS[choice.option]):
            fail(f"by_option({choice.option!r}, …) must give a value for each of {cls.OPTIONS[choice.option]}, "
                 f"not for {tuple(choice.values)}")
    for pile, lying in cls.COVERED_BY.items():
        if pile not in cls.PILES or not isinstance(lying, tuple) or not all(p in cls.PILES for p in lying) \
                or pile in lying:
            fail(f"COVERED_BY maps a pile to the piles lying on it (all in PILES, not itself), not "
                 f"{pile!r}: {lying!r}")
    for pile in cls.PILES:
        for options in option_choices(cls):
            rule = resolve(declared_rule(cls, pile), options)
            empty = rule.empty if isinstance(rule, PileRule) else None
            for feeder in getattr(empty, "piles", ()):
                if feeder not in cls.PILES or feeder == pile:
                    fail(f"{pile}'s rule fills it only from {feeder!r}, which is not another of its PILES "
                         f"({', '.join(cls.PILES)})")
        rule = declared_rule(cls, pile)
        moves = rule.moves if isinstance(rule, PileRule) else None
        if moves is not None and moves.kind == "runs" and moves.build is None and rule.build is None:
            fail(f"{pile}'s rule moves runs built as it builds, but it builds nothing: give the run's build, "
                 "runs(DOWN_IN_SUIT)")
    for pile, rules in zip(cls.PILES, static_rules(cls)):
        for near in {r.onto for r in rules if r is not None and r.onto is not None}:
            unknown = [p for p in near.row if p not in cls.PILES]
            if unknown:
                fail(f"{pile}'s rule names Neighbours along a row with pile {unknown[0]!r}, which is not in PILES")
            if pile not in near.row:
                fail(f"{pile}'s rule sends its cards onto its Neighbours along a row it is not in")


def _check_options(cls: type["Game"], fail: Any) -> None:
    if not isinstance(cls.OPTIONS, Mapping) or not isinstance(cls.OPTION_RULES, Mapping):
        fail("OPTIONS and OPTION_RULES must be dicts")
    for option, values in cls.OPTIONS.items():
        if not isinstance(option, str) or not option.isidentifier():
            fail(f"option names are Python identifiers like 'redeal', not {option!r}")
        if option in ROLE_ATTRIBUTES or option == "stock":
            fail(f"option {option!r} has the name of a rule the rules text may name ({{{option}}}): name it otherwise")
        if (not isinstance(values, tuple) or not values or not all(isinstance(v, str) for v in values)
                or len(set(values)) != len(values)):
            fail(f"OPTIONS[{option!r}] must be a tuple of distinct strings, the default first, not {values!r}")
        for value in values:
            if not OPTION_VALUE.fullmatch(value):
                fail(f"OPTIONS[{option!r}] holds {value!r}; an option value is a word (letters, digits, _ or -) "
                     "like 'turn' or 'in_order'")
        if tuple(cls.OPTION_RULES.get(option, ())) != values:
            fail(f"OPTION_RULES[{option!r}] must give one sentence for each of {values}, in that order")
        for value, sentence in cls.OPTION_RULES[option].items():
            if not isinstance(sentence, str) or not sentence.strip() or not sentence.isprintable():
                fail(f"OPTION_RULES[{option!r}][{value!r}] must be one sentence on one line, not {sentence!r}")
    extra = sorted(set(cls.OPTION_RULES) - set(cls.OPTIONS))
    if extra:
        fail(f"OPTION_RULES has option {extra[0]!r}, which OPTIONS does not declare")


def _check_rules(cls: type["Game"], fail: Any) -> None:
    for entry in _sequence(cls.RULES, "RULES", fail):
        if not (isinstance(entry, tuple) and len(entry) == 2 and all(isinstance(x, str) for x in entry)):
            fail(f"RULES holds (topic, text) pairs of strings, not {entry!r}")
        topic, text = entry
        if not topic.strip() or not text.strip() or not (topic + text).isprintable():
            fail(f"RULES: the topic and the text of {topic!r} are each one line of text, not empty "
                 "(a page wraps long lines itself)")
        try:
            fields = [(field, spec, conversion) for _, field, spec, conversion in string.Formatter().parse(text)
                      if field is not None]
        except ValueError as err:
            fail(f"the rules text of {topic!r} has a stray brace ({err}); write {{{{ and }}}} for a brace")
        sentences = rule_placeholders(cls)
        for field, spec, conversion in fields:
            if field not in cls.OPTIONS and field not in sentences:
                known = ", ".join(cls.OPTIONS) or "none"
                rules = ", ".join(f"{{{name}}}" for name in sentences) or "none"
                fail(f"the rules text of {topic!r} names {{{field}}}, which is neither an option OPTIONS declares "
                     f"(its options: {known}) nor a rule it declares (its rules: {rules})")
            if spec or conversion:  # the sentence goes in as it is: "{wrap:d}" or "{wrap!r}" could not fill it
                written = f"{{{field}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}"
                fail(f"the rules text of {topic!r} writes {written}: name an option or a rule alone in braces, "
                     f"{{{field}}} (its sentence goes in as it is: no conversion or format spec)")


def rule_placeholders(cls: type["Game"]) -> tuple[str, ...]:
    """The names a ``RULES`` text may give in braces for the sentence of a
    declared rule: a role whose piles follow a declared rule
    (``{foundation}``, ``{tableau}`` …), and ``{stock}`` where a ``STOCK``
    is declared."""
    roles = [role for role in ROLE_ATTRIBUTES if any(cls.ROLES[p] == role and declared_rule(cls, p) is not None
                                                      for p in cls.PILES)]
    return tuple(roles) + (("stock",) if stock_rules(cls) else ())


def _check_strategy(cls: type["Game"], fail: Any) -> None:
    if cls.GUIDE is not None and not isinstance(cls.GUIDE, Guide):
        fail(f"GUIDE must be a solitaire_widgets.strategy.Guide or None, not {cls.GUIDE!r}")
    if not isinstance(cls.PACE, Pace):
        fail(f"PACE must be a solitaire_widgets.strategy.Pace, not {cls.PACE!r}")
    restarts = cls.RESTARTS
    if (not isinstance(restarts, tuple) or not all(isinstance(r, Restart) for r in restarts)
            or any(a.after >= b.after for a, b in zip(restarts, restarts[1:]))):
        fail(f"RESTARTS must be a tuple of solitaire_widgets.strategy.Restart in order of their after, "
             f"not {restarts!r}")
    if restarts and restarts[-1].playouts:
        fail("the last of RESTARTS must not play out (its playouts never end a search without a budget), "
             f"not {restarts[-1]!r}")
    if cls.DEAL_STATES is not None and not whole_number(cls.DEAL_STATES, at_least=1):
        fail(f"DEAL_STATES must be a whole number ≥ 1 (positions searched per seed for a winnable deal) or None, "
             f"not {cls.DEAL_STATES!r}")
    built: list[tuple[dict[str, str], Any]] = []
    for options in option_choices(cls):
        try:
            built.append((options, resolve(cls.DEALS_FROM_A_WIN, options)))
        except (KeyError, TypeError):  # (a by_option of an option not declared, or missing a value)
            built.append((options, None))
        if not isinstance(built[-1][1], bool):
            fail(f"DEALS_FROM_A_WIN must be True or False, or by_option(option, {{value: True or False, …}}) "
                 f"with one for each value of one of its OPTIONS, not {cls.DEALS_FROM_A_WIN!r}")
    for options, from_a_win in built:
        if from_a_win and not any(isinstance(rule, PileRule) and rule.pairs
                                  for rule in (resolve(declared_rule(cls, pile), options) for pile in cls.PILES)):
            fail("DEALS_FROM_A_WIN builds a winnable deal from a win whose cards go home in pairs: it needs a "
                 "pile that takes them (FOUNDATION = Pairs(13))")


# The hooks a game class fills in, and when (see docs/extending.md).
HOOKS = {
    "_setup": "deal the cards onto the piles",
    "_wants": "say which cards a pile takes now, as ROUTES lets cards move (or declare the rule of each pile "
              "cards go to: FOUNDATION, TABLEAU, PILE_RULES)",
    "_build_reason": "say why a card may not go onto a pile, as ROUTES lets cards move (or declare the rule of "
                     "each pile cards go to: FOUNDATION, TABLEAU, PILE_RULES)",
    "_action_reason": "say when its stock actions ({actions}) are allowed (or declare a STOCK)",
    "_do_action": "carry out its stock actions that are not DRAWS ({actions}) (or declare a STOCK)",
}


def _check_hooks(cls: type["Game"], fail: Any) -> None:
    def missing(hook: str) -> bool:
        return getattr(cls, hook) is default(hook)

    owned = {action for stock in stock_rules(cls) for action in stock.actions()}
    actions = [a for a in cls.ACTION_NAMES if a not in owned]
    not_draws = [a for a in actions if a not in cls.DRAWS]
    # A pile whose rule is declared answers what it takes and why not.
    builds = any(declared_rule(cls, t) is None for targets in cls.ROUTES.values() for t in targets)
    needed = ["_setup"] + (["_wants", "_build_reason"] if builds else []) + (
        ["_action_reason"] if actions else []) + (["_do_action"] if not_draws else [])
    for hook in needed:
        if missing(hook):
            what = HOOKS[hook].format(actions=", ".join(not_draws if hook == "_do_action" else actions))
            fail(f"define {hook}() to {what}")


WALK = 30  # moves of the random walk check_game_plays plays from the deal


def check_game_plays(cls: type["Game"]) -> None:
    """Deal one game of ``cls`` (seed 0) and ask its hooks what the table and
    the solver will ask; raise ``TypeError`` naming the class, the hook and
    the first wrong answer.  ``sw.register`` runs it, so a game whose deal
    loses a card, whose ``_wants`` cannot answer for an empty pile or whose
    ``_build_reason`` fails on one is refused there, not when a player clicks.

    The positions asked about: the deal, every pile emptied in turn, and the
    positions of a short walk of legal moves from the deal.

    >>> import solitaire_widgets as sw
    >>> check_game_plays(sw.Bobby)  # passes
    """
    name = cls.__name__
    try:
        game = cls(seed=0)
    except Exception as err:
        raise TypeError(f"{name}: dealing a game (seed 0) failed: {type(err).__name__}: {err}") from err
    pack = set(game._pack_ids)
    dealt = Counter(c for pile in game._piles for c in pile)
    if dealt.keys() != pack or max(dealt.values()) > 1:
        twice = sorted(c for c, n in dealt.items() if n > 1)
        foreign = sorted(dealt.keys() - pack)
        problem = (f"{CARD[twice[0]]} is dealt twice" if twice else
                   f"card id {foreign[0]} is not in its pack" if foreign else
                   f"{CARD[min(pack - dealt.keys())]} is never dealt")
        raise TypeError(f"{name}: _setup must put each of the {len(pack)} cards on exactly one pile; "
                        f"dealing seed 0, {problem} ({dealt.total()} cards dealt)")

    for attribute in cls.STATE:
        value = getattr(game, attribute, None)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise TypeError(f"{name}: _setup must set the STATE attribute {attribute} to a whole number ≥ 0; "
                            f"dealing seed 0 left it {value!r}")

    def ask(what: str, call: Any) -> Any:
        try:
            return call()
        except Exception as err:
            # Name the hook that raised, where the call asked others first
            # (a move's reason asks _won): the hook whose code failed.
            failed = err.__cause__ if isinstance(err, HookError) and err.__cause__ is not None else err
            hook = hook_that_raised(failed)
            if hook is not None and not what.startswith(f"{hook}("):
                what = f"{hook}(), asked for {what},"
            raise TypeError(f"{name}: {what} raised {type(failed).__name__}: {failed}") from err

    keys = set(cls.SHAPE.keys)
    fast = game._fast

    def probe(where: str, only: Optional[int] = None) -> None:
        """Ask every hook the table and the solver ask, in the game's
        position (about pile ``only`` as a target, where given): whether it
        is over first, which every other question asks too."""
        for hook in ("_won", "_lost"):
            said = ask(f"{hook}() {where}", getattr(game, hook))
            if said is not None and not (isinstance(said, str) and said.strip()):
                raise TypeError(f"{name}: {hook}() answered {said!r} {where}; it answers None, or why in words")
        for t in cls.SHAPE.targets if only is None else [only] if only in cls.SHAPE.targets else []:
            pile = cls.PILES[t]
            for held, at in ((game._piles[t], f"{pile} {where}"), ([], f"{pile} while empty, {where}")):
                wants = ask(f"_wants({t}) for {at}", lambda: fast.wants_holding(t, held))
                if wants is not ANY and not (isinstance(wants, tuple) and set(wants) <= keys):
                    raise TypeError(
                        f"{name}: _wants({t}) answered {wants!r} for {at}; it answers ANY, or a tuple of card "
                        f"keys ({cls.KEY}s: {min(keys)}–{max(keys)}), () for none — for an empty pile too, "
                        "which the table and the solver ask about")
            label = ask(f"_empty_label({t}) for {pile} {where}", lambda: game._empty_label(t))
            if not isinstance(label, str):
                raise TypeError(f"{name}: _empty_label({t}) answered {label!r}; it answers a short text, or ''")
        for action in cls.ACTION_NAMES:
            reason = ask(f"_action_reason({action!r}) {where}", lambda: game._action_reason(action))
            if reason is not None and not (isinstance(reason, str) and reason.strip()):
                raise TypeError(f"{name}: _action_reason({action!r}) answered {reason!r} {where}; it answers None "
                                "when the action is allowed, else the reason in words")
        shape = cls.SHAPE
        for s in shape.sources:
            held = game._piles[s]
            if not held:
                continue
            run = ask(f"_run_length({s}) {where}", lambda: game.movable(cls.PILES[s]))
            for t in range(len(cls.PILES)) if only is None else [only]:
                wants = None
                for count in range(1, min(run, shape.max_run) + 1):
                    code = shape.code(s, t, count)
                    if shape.moves[code] is None or shape.roles[t] == "cell" or t in shape.suit_targets:
                        continue
                    wants = fast.wants_at(t) if wants is None else wants
                    card = held[-count]
                    if wants is ANY or shape.keys[card] in wants:
                        continue
                    reason = ask(f"_build_reason({t}, {card}) {where}", lambda: game._build_reason(t, card))
                    if not (isinstance(reason, str) and reason.strip()):
                        raise TypeError(f"{name}: _build_reason({t}, {card}) answered {reason!r} {where}; it says "
                                        f"in words why {CARD[card]} may not go onto {cls.PILES[t]}")
            for target in cls.PILES if only is None else [cls.PILES[only]]:
                if target == cls.PILES[s]:
                    continue  # (no move: Move refuses it)
                reason = ask(f"the reason for moving {cls.PILES[s]}'s top card to {target} {where}",
                             lambda: game._reason(Move(cls.PILES[s], target)))
                if reason is not None and not (isinstance(reason, str) and reason.strip()):
                    raise TypeError(f"{name}: _build_reason answered {reason!r} for {cls.PILES[s]} → {target} "
                                    f"{where}; it says in words why the card may not go there")
        ask(f"legal_moves() {where}", game.legal_moves)

    probe("as dealt")
    for action in cls.ACTION_NAMES:  # each stock action legal at the deal, played and taken back
        if game.is_legal(action):
            ask(f"playing {action} as dealt", lambda: game.play(action))
            ask(f"taking back {action}", game.undo)
    for i in range(len(cls.PILES)):  # each pile emptied in turn (its cards taken off the table)
        if not game._piles[i]:
            continue
        kept = game._piles[i], game._down[i]
        game._piles[i], game._down[i] = [], 0
        game._legal = None
        try:
            probe(f"with {cls.PILES[i]} emptied", only=i)
        finally:
            game._piles[i], game._down[i] = kept
            game._legal = None
    walk = random.Random(0)
    for step in range(1, WALK + 1):
        moves = ask("legal_moves()", game.legal_moves)
        if not moves:
            break
        move = walk.choice(moves)
        ask(f"playing {move} (move {step} of a random walk from the deal)", lambda: game.play(move))
        if step % 5 == 0:
            probe(f"after {step} moves of a random walk")
