"""The words of illegality: why a move may not be played now.

Whether a move is legal has one source, the moves the engine lists
(``Game.legal_moves``, the fast path's ``move_codes``): ``why_illegal``
answers None exactly for those.  This module says, for any other move, why
not, in the words a player reads: the routes of the rules, the pile rules'
refusals (``pile_rules``), counts, face-down and covered cards, free cells,
completed suits, pairs and the stock.  A move the engine does not list and
these words find nothing against (a game's own hooks disagreeing) still
gets words (``unlisted``), never None.

>>> import solitaire_widgets as sw
>>> reason(sw.Cruel(seed=1), sw.Move("f0", "t0"))
'cards on the foundations never move: foundations are final'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .cards import CARD
from .fast_path import completes_suit
from .moves import Move
from .pile_rules import ANY

if TYPE_CHECKING:
    from .game import Game

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def plural(n: int, word: str) -> str:
    """``"1 card"``, ``"3 cards"``."""
    return f"{n} {word}{'s' * (n != 1)}"


def number(n: int) -> str:
    """0 -> "no", 1 -> "one" … ten, then digits."""
    return NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)


def no_such_action(game: "Game", action: str) -> str:
    """Why ``action`` is no move of ``game``, said from what it declares: its
    actions and what each does (``action_words``).

    >>> import solitaire_widgets as sw
    >>> sw.Frog(seed=1).why_illegal("redeal")
    'Frog has no redeal: its one action is draw, which turns up the next stock card'
    """
    actions = game.ACTION_NAMES
    does = [f"{a} ({game.action_words(a)})" for a in actions]
    if not does:
        return f"{game.title} has no {action}: it has no stock actions"
    if len(does) == 1:
        return f"{game.title} has no {action}: its one action is {actions[0]}, which {game.action_words(actions[0])}"
    return f"{game.title} has no {action}: its actions are {', '.join(does[:-1])} and {does[-1]}"


def over(game: "Game") -> Optional[str]:
    """Why no move may be played in a game over by its own rule, or None."""
    shape = game.SHAPE
    if shape.declares_win:
        won = game._won()
        if won is not None:
            return f"the game is won ({won}): no move is left to play"
    if shape.declares_loss:
        lost = game._lost()
        if lost is not None:
            return f"the game is lost ({lost}): no move is left to play"
    return None


def reason(game: "Game", move: Move) -> Optional[str]:
    """Why ``move`` may not be played in ``game`` now, in words, or None
    where these rules find nothing against it (``Game.why_illegal`` then
    asks the listed moves)."""
    if move.action is not None:
        if move.action not in game.ACTION_NAMES:
            return no_such_action(game, move.action)
        return over(game) or game._action_reason(move.action)
    source, target = move.source, move.target
    assert source is not None and target is not None
    piles = (source, target) if move.partner is None else (source, move.partner, target)
    for pile in piles:
        if pile not in game._INDEX:
            return f"{game.title} has no pile {pile} (its piles: {', '.join(game.PILES)})"
    s, t = game._INDEX[source], game._INDEX[target]
    if s == t:
        return f"{source} onto itself moves nothing"
    if move.partner is not None:
        return _pair_reason(game, s, game._INDEX[move.partner], t)
    if not game._piles[s]:
        return f"{source} is empty: there is no card to move"
    if game._ROLE_AT[s] == "foundation":
        return "cards on the foundations never move: foundations are final"
    ended = over(game)
    if ended is not None:
        return ended
    shape = game.SHAPE
    if not any(shape.moves[shape.code(s, t, k)] is not None for k in range(1, shape.max_run + 1)) and \
            shape.routes[s][t] is None:
        return game._route_reason(source, target)
    covered = _covered(game, s)
    if covered:
        return covered
    near = game._fast.reached(s)
    if near is not None and t not in near:
        return _not_near(game, s, t, near)
    if shape.routes[s][t] is not None and shape.routes[s][t] >= shape.whole_base:  # type: ignore[operator]
        return _whole_reason(game, s, t, move.count)
    if not shape.general:
        if move.count > 1:
            return f"{game.title} moves one card at a time, not {move.count}"
        return _lands(game, s, t, 1)
    return _general_reason(game, s, t, move.count)


def _covered(game: "Game", s: int) -> Optional[str]:
    """Why pile ``s``'s cards may not play while piles lie on it, or None."""
    lying = [game.PILES[c] for c in game.SHAPE.covered_by[s] if game._piles[c]]
    if not lying:
        return None
    pile = game._piles[s]
    # (a face-down card is not named: the words would show what it is)
    card = CARD[pile[-1]] if len(pile) > game._down[s] else f"{game.PILES[s]}'s card, face down,"
    return f"{card} is covered by {' and '.join(lying)}: a card plays only once nothing lies on it"


def _not_near(game: "Game", s: int, t: int, near: frozenset[int]) -> str:
    """Why pile ``s``'s cards may not go to ``t``, not one of the neighbours
    ``near`` its rule names in this position (``Neighbours``)."""
    where = game._book.rules[s].onto.words()  # type: ignore[union-attr]
    names = [game.PILES[i] for i in sorted(near, key=lambda i: (abs(i - s), i))]  # nearest first
    now = f" ({' or '.join(names)} now)" if names else ", and none holds cards now"
    return f"{game.PILES[s]} goes only {where}{now}, not {game.PILES[t]}"


def _lands(game: "Game", s: int, t: int, count: int) -> Optional[str]:
    """Why the ``count``-th card from the top of ``s`` may not land on ``t``."""
    card = game._piles[s][-count]
    wants = game._wants(t)
    if (wants is ANY or game.SHAPE.keys[card] in wants) and _fed_by(game, t) in (None, s):
        return None
    return game._build_reason(t, card)


def _fed_by(game: "Game", t: int) -> Optional[int]:
    """The one pile whose top card the empty pile ``t`` takes now, where its
    rule says so (``only_from``), else None."""
    rule = game._book.rules[t]
    if rule is None or rule.empty.kind != "from" or game._piles[t] or game.FACTS.own_wants:
        return None
    return rule.empty.feeder(game)


def _whole_reason(game: "Game", s: int, t: int, count: int) -> Optional[str]:
    """Why pile ``s`` may not move whole onto ``t`` (its top card is asked about)."""
    source = game.PILES[s]
    if count != 1:
        return f"{source} moves whole: write the move without a count"
    if game._down[s]:
        return f"{source} has face-down cards: a pile moves whole only when every card of it lies face up"
    return _lands(game, s, t, 1)


def _pair_reason(game: "Game", s1: int, s2: int, t: int) -> Optional[str]:
    """Why the top cards of piles ``s1`` and ``s2`` may not leave together for ``t``."""
    shape = game.SHAPE
    pair = shape.codes.get(Move(game.PILES[s1], game.PILES[t], partner=game.PILES[s2]))
    total = game._book.rules[t].pairs if game._book.rules[t] is not None else None  # type: ignore[union-attr]
    if pair is None or not total:
        return f"{game.PILES[t]} takes no pair of cards from {game.PILES[s1]} and {game.PILES[s2]}"
    for s in (s1, s2):
        if not game._piles[s]:
            return f"{game.PILES[s]} is empty: there is no card to pair"
    ended = over(game)
    if ended is not None:
        return ended
    for s in (s1, s2):
        covered = _covered(game, s)
        if covered:
            return covered
        if len(game._piles[s]) <= game._down[s]:
            return f"{game.PILES[s]}'s top card lies face down"
    a, b = CARD[game._piles[s1][-1]], CARD[game._piles[s2][-1]]
    if a.rank + b.rank != total:
        return f"{a} and {b} make {a.rank + b.rank}, not {total}: only two cards that make {total} go together"
    return None


def _general_reason(game: "Game", s: int, t: int, count: int) -> Optional[str]:
    """``reason`` for a card move in a game with runs, free cells, whole
    suits, pairs or covered piles."""
    shape = game.SHAPE
    source, target = game.PILES[s], game.PILES[t]
    pile, down = game._piles[s], game._down[s]
    up = len(pile) - down
    if count > len(pile):
        return f"{source} holds only {plural(len(pile), 'card')}"
    if count > up:
        return f"only {plural(up, 'card')} of {source} lie{'s' * (up == 1)} face up: face-down cards do not move"
    if t in shape.suit_targets:
        if game._piles[t]:
            return f"{target} holds a completed suit already"
        if count != 13 or not completes_suit(pile, down):
            return f"{target} takes only a completed suit, king down to ace, all 13 cards at once"
        first = game._fast.first_empty_foundation()
        if first != t:
            return f"a completed suit goes home to the first empty foundation, {game.PILES[first]}"  # type: ignore[index]
        return None
    rule = game._book.rules[t]
    if count > 1 and rule is not None and rule.holds == 1:
        return f"{'a free cell' if game._ROLE_AT[t] == 'cell' else target} holds one card, not {count}"
    if count > 1:
        most = shape.most[s]
        if most <= 1:
            return f"cards leave {source} one at a time"
        if count > shape.max_run or shape.moves[shape.code(s, t, count)] is None:
            return f"{target} takes one card at a time, not {count}"
    run = game._run_length(s)
    if count > run:
        if run <= 0:
            return f"no card of {source} may move now"
        cards = " ".join(str(CARD[c]) for c in pile[-count:])
        return (f"{cards} do not move together: {game.title} moves {_moving_words(game, s)}, "
                f"and the run on top of {source} is {plural(run, 'card')}")
    landing = _lands(game, s, t, count)
    if landing is not None:
        return landing  # (first: where the card cannot go, the count is beside the point)
    limit = game._move_limit(s, t) if count > 1 else None
    if limit is not None and count > limit:
        return game._limit_reason(s, t, count, limit)
    return None


def _moving_words(game: "Game", s: int) -> str:
    """What moves together from pile ``s``, in words: "runs built down in suit"."""
    moves = game._book.moves[s]
    if moves.kind == "face_up":
        return "any face-up cards together"
    build = moves.build or (game._book.rules[s].build if game._book.rules[s] is not None else None)  # type: ignore[union-attr]
    return f"runs built {build.words()}" if build is not None else "runs"


def unlisted(game: "Game", move: Move) -> str:
    """Words for a move the engine does not list though ``reason`` finds
    nothing against it (a game's hooks that disagree: say what is known)."""
    if move.source is not None and move.source in game._INDEX and game.movable(move.source) == 0:
        return f"no card of {move.source} may move now"
    return f"{move} is not a legal move now"

