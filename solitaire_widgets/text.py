"""The game as text, for terminals, doctests and notebooks (kept apart from
the rules): the table (``render``) and the position in words (``explain``).

>>> import solitaire_widgets as sw
>>> print(sw.Bobby(seed=3))  # doctest: +ELLIPSIS
Bobby  seed 3  Moves 0 · Home 1/52 · Score 0/51 · Stock 51 · Passes left 3 · Playing
stock    [51 cards]
waste    –
f0–f1    ...
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from .cards import CARD, run_text

if TYPE_CHECKING:
    from .game import Game

BACK = "##"
EMPTY = "–"
WASTE_SHOWN = 8  # the waste is long in Bobby; show its last cards


# One item of the status line: {"key": the counter it shows, "text": its text}.
StatusItem = dict[str, str]

STATUS_WORDS = {"playing": "Playing", "won": "Won", "lost": "Lost"}
NO_WIN_WORDS = "No win possible"  # playing, but the solver proved no win is left


def status_items(game: "Game", no_win: bool = False) -> list[StatusItem]:
    """The status line's items, as the text table (``str(game)``), a
    picture's title line and the card table (the ``status_items`` trait)
    all show them: moves, cards home, the score (the cards the player sent
    home: dealt ones not counted), each stock's cards, the passes left
    while they can be spent (a game that counts them) or else the redeals
    (a game that offers one), and the status, "No win possible" while
    playing when ``no_win`` (the solver proved no win is left).

    >>> import solitaire_widgets as sw
    >>> [item["text"] for item in status_items(sw.Bobby(seed=3))]
    ['Moves 0', 'Home 1/52', 'Score 0/51', 'Stock 51', 'Passes left 3', 'Playing']
    >>> status_items(sw.Cruel(seed=7), no_win=True)[-2:]
    [{'key': 'redeals', 'text': 'Redeals 0'}, {'key': 'status', 'text': 'No win possible'}]
    """
    status = game.status
    items: list[StatusItem] = [
        {"key": "moves", "text": f"Moves {len(game.history)}"},
        {"key": "home", "text": f"Home {game.cards_home}/{game.card_count}"},
        {"key": "score", "text": f"Score {game.score}/{game.max_score}"},
    ]
    stocks = game.piles_of("stock")
    for stock in stocks:
        n = len(game.card_ids(stock))
        items.append({"key": "stock", "text": f"Stock {n}"} if len(stocks) == 1 else
                     {"key": f"stock_{stock}", "text": f"Stock {stock} {n}"})
    passes_left = game.passes_left
    if passes_left is not None:
        if status == "playing":  # only while they can still be spent
            items.append({"key": "passes_left", "text": f"Passes left {passes_left}"})
    elif _offers_redeal(type(game), tuple(game.options.items())):  # type: ignore[arg-type]  # classes hash
        items.append({"key": "redeals", "text": f"Redeals {game.redeals}"})
    word = NO_WIN_WORDS if status == "playing" and no_win else STATUS_WORDS.get(status, status.capitalize())
    items.append({"key": "status", "text": word})
    return items


@functools.lru_cache(maxsize=64)
def _offers_redeal(cls: "type[Game]", options: tuple[tuple[str, Any], ...]) -> bool:
    """Whether a game of ``cls`` under ``options`` offers a redeal at all
    (``possible_actions``: the options may rule it out), asked once per
    class and options: it deals a game to find out."""
    redeals = cls.redeal_actions()
    return bool(redeals) and any(a in redeals for a in cls(seed=0, **dict(options)).possible_actions())


def passes_words(passes_left: int) -> str:
    """The caption under a stock whose passes are counted ("3 passes left");
    the page words it alike (``passesText`` in js/src/format.js: a test
    compares the two).

    >>> [passes_words(n) for n in (3, 1, 0)]
    ['3 passes left', 'Last pass', 'No passes left']
    """
    if passes_left <= 1:
        return "Last pass" if passes_left == 1 else "No passes left"
    return f"{passes_left} passes left"


def status_text(game: "Game", no_win: bool = False) -> str:
    """The status line in one line, its items between dots.

    >>> import solitaire_widgets as sw
    >>> status_text(sw.Frog(seed=1))
    'Moves 0 · Home 1/104 · Score 0/103 · Stock 90 · Playing'
    """
    return " · ".join(item["text"] for item in status_items(game, no_win))


class Markdown(str):
    """A ``str`` that a notebook shows as Markdown (``sw.rules``, ``explain``)
    and a terminal as its lines: its ``repr`` is the text itself, so the
    Python and IPython prompts print it readably instead of as one escaped
    line.  Everything else is ``str``'s.

    >>> Markdown("**bold**")._repr_markdown_()
    '**bold**'
    >>> Markdown("### Cruel\\n\\n- one")
    ### Cruel
    <BLANKLINE>
    - one
    """

    def _repr_markdown_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # IPython's terminal (and a notebook's text/plain) ask this first.
        printer.text(str(self))


_MARKS = re.compile(r"[\\`*_\[\]|]")  # what Markdown reads as emphasis, code, a link or a table cell


def literal(text: str) -> str:
    """``text`` as Markdown that shows exactly its characters: for what a game
    class says (its title, rules, reasons), which the package did not write.
    HTML's ``<``, ``>`` and ``&`` become entities, so nothing in it is ever
    read as a tag; Markdown's marks are escaped, so nothing becomes emphasis,
    code or a link.  Jupyter, marimo, MkDocs and the table's Rules panel all
    show the characters themselves.

    >>> print(literal("<img src=x onerror=alert(1)> & [a](javascript:b) *c*"))
    &lt;img src=x onerror=alert(1)&gt; &amp; \\[a\\](javascript:b) \\*c\\*
    >>> literal("K and A join (Q, K, A, 2 …).")
    'K and A join (Q, K, A, 2 …).'
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKS.sub(lambda mark: "\\" + mark.group(), text)


def _plural(n: int, word: str, words: str = "") -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def explain(game: "Game") -> Markdown:
    """The position in short sentences (``Game.explain``): what can move
    where (a run of cards too: ``t3`` 8♠…5♥ (4 cards) → ``t6``), what cannot
    and why, how the game ended, and what is left of the stock."""
    chosen = ", ".join(f'{k}="{v}"' for k, v in game.options.items())
    lines = [f"**{literal(game.title)}**{f' ({chosen})' if chosen else ''}: move {len(game.history)}, "
             f"{game.cards_home}/{game.card_count} cards home, {game.status}.", ""]
    can, cannot = [], []
    runs = _runs(game)
    paired = _pairs(game)
    for source in game.ROUTES:
        card = game.top(source)
        if card is None:
            continue
        reasons = {t: r for t, r in game.targets(source).items() if t in game.ROUTES[source]}
        legal = [t for t, r in reasons.items() if r is None]
        if legal:
            can.append(f"- `{source}` {card} → " + ", ".join(f"`{t}`" for t in legal))
        can += runs.get(source, []) + paired.get(source, [])
        if legal or source in runs or source in paired:
            continue
        # One reason per kind of target is enough: the others say the same.
        # For the foundations, the one of the card's suit says the most.
        homes = sorted((t for t in reasons if game.ROLES[t] == "foundation"),
                       key=lambda t: getattr(game.top(t), "suit", "") != card.suit)
        home = reasons[homes[0]] if homes else None
        other = next((r for t, r in reasons.items() if game.ROLES[t] != "foundation"), None)
        cannot.append(f"- `{source}` {card} stays: " + "; ".join(literal(r) for r in (home, other) if r) + ".")
    for action in game.ACTION_NAMES:
        reason = game.why_illegal(action)
        if reason is None:
            can.append(f"- `{action}`")
        else:
            cannot.append(f"- `{action}`: {literal(reason)}.")
    status = game.status
    if status == "won":
        lines.append(f"{_sentence(game.end_reason)}: the game is won.")
    else:
        if status == "lost":
            lines.append(f"{_sentence(game.end_reason)}: the game is lost.")
        lines += ["Can move:"] + (can or ["- nothing"])
        lines += ["", "Cannot move:"] + (cannot or ["- nothing is blocked"])
    lines.append("")
    lines += _stock_sentences(game)
    return Markdown("\n".join(lines).rstrip())


def _pairs(game: "Game") -> dict[str, list[str]]:
    """Source pile -> a line for each pair it may leave with now (Pyramid's
    13), said once, under the first of its two piles: "``p21``+``p22`` 5♠
    and 8♥ → ``f0`` together"."""
    lines: dict[str, list[str]] = {}
    for move in game.legal_moves():
        if move.partner is not None:
            a, b = str(move.source), move.partner
            lines.setdefault(a, []).append(f"- `{a}`+`{b}` {game.top(a)} and {game.top(b)} → `{move.target}` together")
            lines.setdefault(b, [])  # (its card moves: not among those that stay)
    return lines


def _runs(game: "Game") -> dict[str, list[str]]:
    """Source pile -> a line for each run (more than one card) that may move
    from it now, with where it may go, fewest cards first.  Runs of the
    next sizes that may go to the same piles share a line: "9♠…A♠ (2 to 9
    cards from the top)"."""
    targets: dict[str, dict[int, list[str]]] = {}
    for move in game.legal_moves():
        if move.count > 1 and move.partner is None:
            targets.setdefault(str(move.source), {}).setdefault(move.count, []).append(str(move.target))
    lines: dict[str, list[str]] = {}
    for source, by_count in targets.items():
        spans: list[list] = []  # [fewest, most, targets]
        for count in sorted(by_count):
            if spans and spans[-1][1] == count - 1 and spans[-1][2] == by_count[count]:
                spans[-1][1] = count
            else:
                spans.append([count, count, by_count[count]])
        ids = game.card_ids(source)
        for fewest, most, to in spans:
            size = f"{most} cards" if fewest == most else f"{fewest} to {most} cards from the top"
            lines.setdefault(source, []).append(f"- `{source}` {run_text([CARD[c] for c in ids[-most:]])} ({size}) → "
                                                + ", ".join(f"`{t}`" for t in to))
    return lines


def _sentence(reason: Any) -> str:
    """A reason in words as the start of a sentence: its first letter a
    capital, its text shown as written (``literal``)."""
    text = str(reason)
    return literal(text[:1].upper() + text[1:])


def _stock_sentences(game: "Game") -> list[str]:
    """The stock and its passes, as the game declares them (``passes``,
    ``REDEALS``): counted passes, unlimited redeals, or one pass; a game
    without a stock says its redeals alone."""
    sentences = []
    passes = game.passes_left
    redeals = game.redeal_actions()
    for stock in game.piles_of("stock"):
        text = f"Stock: {_plural(len(game.card_ids(stock)), 'card')} face down"
        if passes is not None:
            text += f"; {_plural(passes, 'pass', 'passes')} left, this one included."
        elif redeals:
            text += f"; passes unlimited, {_plural(game.redeals, 'redeal')} made so far."
        else:
            text += "; one pass, no redeal."
        sentences.append(text)
    if not game.piles_of("stock") and redeals:
        if passes is None:
            sentences.append(f"Redeals: unlimited; {game.redeals} made so far.")
        else:
            left = max(0, passes - 1)
            sentences.append(f"Redeals: {left or 'none'} left; {game.redeals} made so far.")
    down = sum(game.face_down(p) for p in game.PILES if game.ROLES[p] != "stock")
    if down:
        sentences.append(f"{_plural(down, 'card')} lie face down; each turns up when it becomes a top card.")
    return sentences


def render(game: "Game") -> str:
    origin = ("set-up position" if game.start_position is not None else
              f"seed {game.seed}" if game.deck is None else "explicit deck")
    lines = [f"{game.title}  {origin}  {status_text(game)}"]
    foundations = list(game.piles_of("foundation"))
    for pile in game.PILES:
        role = game.ROLES[pile]
        if foundations and pile == foundations[0]:
            lines.extend(_foundation_rows(game, foundations))
        if role == "foundation":
            continue
        ids = game.card_ids(pile)
        down = game.face_down(pile)
        if role == "stock":
            text = f"[{len(ids)} card{'s' * (len(ids) != 1)}]" if ids else EMPTY
        else:
            shown = ids[-WASTE_SHOWN:] if role == "waste" else ids
            cards = [BACK if (len(ids) - len(shown) + i) < down else str(CARD[c]) for i, c in enumerate(shown)]
            text = " ".join(cards) if cards else EMPTY
            if len(shown) < len(ids):
                text = f"({len(ids) - len(shown)} more) … " + text
        lines.append(f"{pile:<8} {text}")
    return "\n".join(lines)


def _foundation_rows(game: "Game", foundations: list[str]) -> list[str]:
    """Foundation tops, eight to a line (Leap Year has sixteen)."""
    rows = []
    for start in range(0, len(foundations), 8):
        row = foundations[start:start + 8]
        tops = " ".join(f"{str(game.top(f) or EMPTY):<3}" for f in row)
        label = row[0] if len(row) == 1 else f"{row[0]}–{row[-1]}"
        rows.append(f"{label:<8} {tops.rstrip()}")
    return rows
