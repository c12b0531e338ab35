"""The hooks a game class may fill in, and what each answers where the class
writes none: what its declared rules say (the rule book, ``rulebook.py``).

``Game`` takes these functions as its methods (``Game._wants`` is
``_wants`` here), so a game class overrides a hook as any method, and a
hook it leaves alone asks the rules it declares: ``FOUNDATION``,
``TABLEAU``, ``PILE_RULES``, ``STOCK`` … (docs/extending.md is the
contract).  Each takes the game as ``self``.  An error a hook raises
reaches the caller as a ``HookError`` that names it (``raise_hook_error``).

>>> import solitaire_widgets as sw
>>> sw.Game._run_length is _run_length, "_run_length" in HOOKS
(True, True)
>>> sw.Cruel(seed=1)._action_reason("redeal")
'a redeal now gives back the same layout: nothing has moved since the last deal'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from .cards import RANK_TEXT
from .errors import HookError
from .fast_path import ANY, run_length
from .illegal import number, plural

if TYPE_CHECKING:
    from .game import Game

# The hooks of docs/extending.md: an error one of them raises reaches the
# caller as a HookError that names it.
HOOKS = frozenset({
    "_setup", "_wants", "_build_reason", "_route_reason", "_action_reason", "_do_action", "_action_piles",
    "_empty_label", "_won", "_lost", "_pack", "_run_length", "_move_limit", "_limit_reason", "passes",
    "_safe_drop", "_may_redeal", "_redeal_keeps_bottom", "_fixed_rules_key", "_cards_home", "_search_key"})


def _setup(self: "Game", order: list[int]) -> None:
    """Deal the cards (ids in deal order) onto ``self._piles``."""
    raise NotImplementedError


def _wants(self: "Game", t: int) -> Any:
    """Card keys pile ``t`` accepts now (for the card a move lands on it:
    one card, or the bottom card of a run): a tuple, ``ANY`` or ``()``.
    Default: what the pile's declared rule takes."""
    law = self._book.laws[t]
    if law is None:
        raise NotImplementedError(f"{type(self).__name__} declares no rule for {self.PILES[t]}: declare one "
                                  f"({self.ROLES[self.PILES[t]].upper()} or PILE_RULES), or define _wants")
    return law.wants(self._piles[t], self)


def _build_reason(self: "Game", t: int, card: int) -> str:
    """Why ``card`` may not go onto pile ``t`` (its key is not wanted).
    Default: the refusal of the pile's declared rule."""
    law = self._book.laws[t]
    if law is None:
        raise NotImplementedError(f"{type(self).__name__} declares no rule for {self.PILES[t]}: declare one, "
                                  "or define _build_reason")
    return law.refusal(self, t, card)


def _route_reason(self: "Game", source: str, target: str) -> str:
    """Why nothing moves from ``source`` to ``target`` in this game."""
    source_role, target_role = self.ROLES[source], self.ROLES[target]
    if source_role == "stock":
        turns = [a for a in self.ACTION_NAMES if a not in self.redeal_actions()]
        how = f"use {' or '.join(turns)} to turn them up" if turns else "they are dealt by the game"
        return f"cards are not taken from the stock by hand: {how}"
    if target_role == "stock":
        return "cards never go back to the stock"
    if target_role == "waste":
        return "only the stock feeds the waste"
    if target_role == "reserve":
        return "no card may be put on the reserve"
    return f"{self.title} never moves a card from {source} to {target}"


def _action_reason(self: "Game", action: str) -> Optional[str]:
    """Why ``action`` is not allowed now, or None when it is.  Default:
    what the declared ``STOCK`` says."""
    stock = self._book.owner.get(action)
    if stock is not None:
        return stock.reason(self, action)
    return f"{self.title} has no {action}"


def _do_action(self: "Game", action: str) -> None:
    """Carry out a legal stock action (the engine saved what undo needs,
    and counted a redeal, before it asks).  Default: the declared
    ``STOCK`` does it."""
    stock = self._book.owner.get(action)
    if stock is None:
        raise NotImplementedError(f"{type(self).__name__} declares no STOCK that plays {action}: declare one, "
                                  "or define _do_action")
    stock.do(self, action)


def _action_piles(self: "Game", action: str) -> tuple[int, ...]:
    """Indices of the piles an action may change (saved for undo).
    Default: those the declared ``STOCK`` changes, a draw's two piles, or
    every pile."""
    if action in self.DRAWS:
        return tuple(self._INDEX[pile] for pile in self.DRAWS[action])
    stock = self._book.owner.get(action)
    if stock is not None:
        return stock.changes(self, action)
    return tuple(range(len(self.PILES)))


def _may_redeal(self: "Game") -> bool:
    """False only when no redeal can happen from this position on under
    the options in force (True is always a safe answer: the search then
    gives up safe moves and dead-end tests).  Default: while the game has
    a redeal and passes left."""
    left = self.passes_left
    return bool(self.redeal_actions()) and (left is None or left > 1)


def _redeal_keeps_bottom(self: "Game") -> Optional[tuple[int, int]]:
    """``(pile, n)`` when every redeal leaves the bottom ``n`` cards of
    ``pile`` at the bottom of it, in order, for as long as none of them
    leaves the pile; None when no redeal promises that (the safe answer).
    The search's dead-end test for such games reasons from it.  Default:
    what the declared ``STOCK`` promises."""
    for stock in self._book.stocks:
        kept = stock.keeps_bottom(self)
        if kept is not None:
            return kept
    return None


def _pack(self: "Game") -> Sequence[int]:
    """The ids of the cards a deal holds under the options in force:
    ``decks`` standard packs (``cards.pack`` makes others, such as
    Spider's one or two suits)."""
    return range(52 * self.decks)


def _run_length(self: "Game", s: int) -> int:
    """How many cards at the top of pile ``s`` may move together now:
    any number of them up to this, counted from the top, may move at
    once; 0 when none may.  Default: what the pile's rule lets leave it
    (its top card, a run, its face-up cards or the whole pile), none
    while a pile that covers it holds cards."""
    pile, down = self._piles[s], self._down[s]
    if len(pile) <= down or any(self._piles[c] for c in self.SHAPE.covered_by[s]):
        return 0
    moves = self._book.moves[s]
    kind = moves.kind
    if kind == "top":
        return 1
    if kind == "face_up" or kind == "whole":
        return len(pile) - down
    if kind == "none":
        return 0
    build = moves.build or self._book.rules[s].build  # type: ignore[union-attr]
    return run_length(pile, down, build) if build is not None else 1


def _move_limit(self: "Game", s: int, t: int) -> Optional[int]:
    """The most cards that may move at once from pile ``s`` onto pile
    ``t`` now (None: no limit but the run).  Runs limited by
    ``"free_cells"`` (``runs(limit="free_cells")``) move FreeCell's
    most: (empty free cells + 1) × 2^(empty tableau piles other than ``t``)."""
    if self._book.moves[s].limit != "free_cells":
        return None
    cells, columns = self._free_spaces(t)
    return (cells + 1) * 2 ** columns


def _limit_reason(self: "Game", s: int, t: int, count: int, limit: int) -> str:
    """Why ``count`` cards may not move from pile ``s`` onto ``t``: only
    ``limit`` may (``_move_limit``)."""
    if self._book.moves[s].limit != "free_cells":
        return f"only {plural(limit, 'card')} may move at once onto {self.PILES[t]}"
    cells, columns = self._free_spaces(t)
    spare = self._book.spare_columns
    besides = f" besides {self.PILES[t]}" if t in spare and not self._piles[t] else ""
    idle = [c for c in self._TABLEAU if c != t and c not in spare and not self._piles[c]]
    rule = self._book.rules[idle[0]] if idle else None
    # (an empty column that takes only a king cannot hold a run's cards on their way)
    why_not = f" (an empty column takes {rule.empty.words()}, so it carries none)" if rule is not None else ""
    return (f"only {plural(limit, 'card')} may move at once: {number(cells)} free "
            f"cell{'s' * (cells != 1)} and {number(columns)} empty column{'s' * (columns != 1)}{besides}"
            f"{why_not}")


def _free_spaces(self: "Game", t: int) -> tuple[int, int]:
    """Empty free cells in play, and empty tableau piles other than
    ``t`` that take any card (``RuleBook.spare_cells``,
    ``spare_columns``)."""
    book = self._book
    cells = sum(1 for c in book.spare_cells if not self._piles[c])
    columns = sum(1 for c in book.spare_columns if c != t and not self._piles[c])
    return cells, columns


def _won(self: "Game") -> Optional[str]:
    """None while the position is not won; else why it is, in words.
    Default: won when every card is home."""
    return "every card is home" if self.cards_home == self._card_count else None


def _lost(self: "Game") -> Optional[str]:
    """Why the position is lost though moves are left (a rule of the
    game's own), or None.  Default: never (a game is lost when no legal
    move is left)."""
    return None


def _cards_home(self: "Game") -> int:
    """How many cards are home in this position (what the score counts,
    the solver's progress, Gymnasium's reward).  Default: the cards on the
    foundations.  A game without foundations says what counts as home for
    it (Accordion: every card covered by another); it counts
    ``card_count`` at most, and the default win (every card home) follows
    it."""
    return self._position.cards_home


def _search_key(self: "Game") -> bytes:
    """The position as the solver keys it, where a game knows more of
    what plays alike than the engine's canonical key (``search_key``)
    does: Accordion's piles play by their top cards alone, in their
    order, wherever the gaps between them lie.  Two positions with the
    same key must play alike from there on, wins, losses, cards home,
    redeals and ``STATE`` included.  Default: the engine's key
    (``FastPath.search_key``); defined only by games that need it."""
    return self._fast.engine_search_key()


def _empty_label(self: "Game", t: int) -> str:
    """What pile ``t`` shows on a table while it is empty, in this
    position (see ``empty_label``)."""
    role = self._ROLE_AT[t]
    if role == "cell" and t not in self._book.spare_cells:
        return "closed"  # a free cell out of play under the options (FreeCell with fewer cells)
    if role in ("waste", "reserve", "cell"):
        return role
    if t not in self.SHAPE.targets:
        return ""  # no card is ever put on it by hand
    if t in self.SHAPE.suit_targets:
        return "K"
    rule = self._book.rules[t]
    if rule is not None and rule.pairs:
        return ""  # pairs go there as well as the cards that go alone: no one rank says it
    if rule is not None and rule.empty.kind == "from" and rule.empty.feeder(self) is not None:
        return ""  # only a named pile's card fills it, not a rank
    wants = self._fast.wants_holding(t, [])  # ask the rules about the pile as if it were empty
    if wants is ANY:
        return ""
    ranks = {key if self.KEY == "rank" else key % 13 + 1 for key in wants}
    if len(ranks) != 1:
        return ""
    rank = ranks.pop()
    return RANK_TEXT.get(rank, str(rank))


def passes(self: "Game") -> Optional[int]:
    """How many passes through the stock the rules allow under the options
    in force (``Game.passes``).  Default: ``PASSES``, or what the declared
    ``STOCK`` allows."""
    return self.PASSES if self.PASSES is not None else self._book.passes


def _safe_drop(self: "Game", s: int, t: int) -> bool:
    """Whether the legal move of the top card (or, where foundations take
    suits, the completed suit) of pile ``s`` to foundation ``t`` is safe
    (see ``safe_drops``).  Default: never."""
    return False


def _fixed_rules_key(self: "Game") -> bytes:
    """What besides the position decides how play goes on (fixed per game):
    the rule options, and how the deal fixes the stock's reshuffles."""
    key = repr(sorted(self._options.items())).encode()
    return key + self.reshuffle_seed(0).to_bytes(8, "big") if self._book.reshuffles else key


def default(hook: str) -> Any:
    """The default of ``hook`` (a name of ``HOOKS``, or ``_free_spaces``):
    the function ``Game`` takes as its method (``Game.passes``, public,
    asks ``passes``).

    >>> default("_won") is _won
    True
    """
    return globals()[hook]


def raise_hook_error(game: Any, err: Exception, doing: str) -> None:
    """Raise ``err`` as a ``HookError`` where a hook of ``game``'s class
    raised it: "Aces._do_action raised ValueError('…') on 'draw': the move
    was not played".  An error no hook raised (the engine's own, a
    ``HookError`` already) is left to the caller."""
    hook = None if isinstance(err, HookError) else hook_that_raised(err)
    if hook is not None:
        raise HookError(f"{type(game).__name__}.{hook} raised {err!r} {doing}", hook) from err


def hook_that_raised(err: BaseException) -> Optional[str]:
    """The hook of a game (``HOOKS``) that raised ``err``, from its
    traceback: the first hook frame whose code the game's class wrote
    itself, else the first of these defaults; None when no hook did."""
    hook = None
    tb = err.__traceback__
    while tb is not None:
        owner = tb.tb_frame.f_locals.get("self")
        if owner is not None:
            code = tb.tb_frame.f_code
            name = next((h for h in HOOKS if getattr(getattr(type(owner), h, None), "__code__", None) is code), None)
            if name is not None:
                if default(name).__code__ is not code:
                    return name  # the class's own code: what its author wrote
                hook = hook or name
        tb = tb.tb_next
    return hook
