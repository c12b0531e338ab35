"""The game examples/new_game.ipynb defines in one cell (Penguin, on the kit,
with one hook for what an empty column takes): it plays by its rules on
every layer, and what a game class says (its title, rules, reasons) reaches
a notebook as text, never as HTML.

The notebook itself runs headless in tests/browser/test_examples.py and is
played by mouse in JupyterLab in tests/browser/test_browser_new_game.py."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import markdown
import pytest
from helpers import REPO
from new_game import penguin_cell, penguin_class

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.fast_path import FastPath
from solitaire_widgets.game import HOOKS

Penguin = penguin_class()
CELLS = tuple(f"c{i}" for i in range(7))
HOME = tuple(f"f{i}" for i in range(4))
COLUMNS = tuple(f"t{i}" for i in range(7))


def test_the_game_is_one_cell_on_the_kit_with_one_hook_and_the_docs_show_that_cell():
    cell = penguin_cell()
    assert len(cell.splitlines()) <= 60
    assert "@sw.register" in cell and "from solitaire_widgets.kit import *" in cell
    own = sorted(hook for hook in HOOKS if hook in vars(Penguin))
    assert own == ["_build_reason", "_setup", "_wants"], "the rules are declared; one rule is a hook"
    page = (REPO / "docs" / "extending.md").read_text(encoding="utf-8")
    assert f"```python\n{cell}\n```" in page, "docs/extending.md must show the notebook's cell as it is"


def expected_moves(game: sw.Game) -> set[str]:
    """Penguin's legal moves, from its rules text: a top card of a column or
    a free cell onto a foundation (its suit, one rank up, K then A; an empty
    one takes the beak's rank), a column's top card into an empty free cell,
    a top card onto another column (its suit, one rank down, A then K; an
    empty column takes only the rank below the beak)."""
    base = next((game[f][0].rank for f in HOME if game[f]), 1)
    below = (base - 2) % 13 + 1
    moves = set()
    for source in COLUMNS + CELLS:
        if not game[source]:
            continue
        card = game[source][-1]
        for f in HOME:
            top = game.top(f)
            if (top is None and card.rank == base) or (top is not None and top.suit == card.suit and
                                                       card.rank == top.rank % 13 + 1):
                moves.add(f"{source} {f}")
        for t in COLUMNS:
            top = game.top(t)
            if t != source and ((top is None and card.rank == below) or (
                    top is not None and top.suit == card.suit and top.rank == card.rank % 13 + 1)):
                moves.add(f"{source} {t}")
        if source in COLUMNS:
            moves |= {f"{source} {c}" for c in CELLS if not game[c]}
    return moves


def test_penguin_deals_the_beak_and_its_flippers():
    for seed in range(20):
        game = Penguin(seed=seed)
        beak = game["t0"][0]
        assert [len(game[t]) for t in COLUMNS] == [7] * 7 and not any(game[c] for c in CELLS)
        assert [len(game[f]) for f in HOME] == [1, 1, 1, 0] and {game[f][0].rank for f in HOME[:3]} == {beak.rank}
        assert game.base_rank == beak.rank and all(game.face_down(t) == 0 for t in COLUMNS)
        assert game.empty_label("t0") == sw.Card((beak.rank - 2) % 13 + 1, "S").code[:-1]  # one rank below the beak


def test_penguin_plays_by_its_rules_on_the_engine_and_its_fast_path():
    for seed in range(8):
        game, rng = Penguin(seed=seed), random.Random(seed)
        for _ in range(150):  # (it can go round in circles: a walk is capped)
            legal = [str(m) for m in game.legal_moves()]
            assert set(legal) == expected_moves(game) and len(legal) == len(set(legal))
            assert [str(game.SHAPE.moves[c]) for c in FastPath(game).move_codes()] == legal
            if not legal:
                break
            key = game.key()
            game.play(rng.choice(legal))
            game.undo()
            assert game.key() == key
            game.play(rng.choice(legal))
        assert sum(len(game[p]) for p in game.PILES) == 52


def test_an_empty_column_takes_only_the_rank_below_the_beak_on_every_path():
    game = Penguin.from_position({"f0": "7S", "t0": "8S 9H", "t1": "KH", "t2": "6D"})  # t3 … t6 are empty
    assert [str(m) for m in game.legal_moves() if m.target in COLUMNS] == ["t2 t3", "t2 t4", "t2 t5", "t2 t6"]
    assert game.empty_label("t3") == "6" and sw.SolitaireWidget(game).empty_labels["t3"] == "6"
    refusal = "K♥ cannot go on the empty t3: in Penguin an empty column takes only a 6, one rank below the beak"
    assert game.why_illegal("t1 t3") == game.targets("t1")["t3"] == refusal
    assert not game.is_legal("t1 t3") and game.targets("t2")["t3"] is None
    with pytest.raises(sw.IllegalMoveError, match="takes only a 6, one rank below the beak"):
        game.play("t1 t3")
    assert "`t2` 6♦ → `c0`" in game.explain() and game.history == ()


def test_penguin_refuses_in_its_own_words():
    game = Penguin(seed=3)  # the beak is A♥, at the bottom of t0; A♦ A♠ A♣ start the foundations
    assert game.why_illegal("t0 t1") == "10♣ cannot go on Q♥ (t1): Penguin builds down in suit, K and A joined, " \
                                        "so Q♥ takes only J♥"
    assert game.why_illegal("t0 f3") == "10♣ cannot start f3: an empty foundation takes only an ace, the base rank"
    assert game.why_illegal("f0 t0") == "cards on the foundations never move: foundations are final"
    game.play("t1 c0")
    assert game.why_illegal("c0 c1") == "Penguin never moves a card from c0 to c1"
    assert game.why_illegal("t1 c0") == "c0 holds Q♥ already: a free cell holds one card"
    assert game.why_illegal("t1 t2 2") == "cards leave t1 one at a time"


FULL_CELLS = {cell: card for cell, card in zip(CELLS, "5C 6C 7C 8C 9C 10C JC".split())}  # clubs no pile takes


def lost_position() -> sw.Game:
    """Six free cells full of clubs, one empty: 3♥ goes to the cell and 2♠
    home, or 2♥ to the cell; either way the other card of each column is
    stuck, as an empty column takes only a king."""
    return Penguin.from_position({"f0": "AS", "t0": "3S 2H", "t1": "2S 3H", **dict(list(FULL_CELLS.items())[:6])})


def test_the_solver_plays_penguin_by_its_hook_too():
    for seed in (2, 6):  # (won in about 400 positions each)
        solution = sw.solve(Penguin(seed=seed), time_limit=None, max_states=5_000)
        assert solution.status == "won", (seed, solution)
        replayed = Penguin(seed=seed)
        for move in solution.moves:
            replayed.play(move)
        assert replayed.status == "won"
    lost = sw.solve(lost_position(), time_limit=None, max_states=1_000)
    assert lost.status == "lost" and lost.states < 50  # every line searched


def test_penguin_is_hinted_saved_and_shown_once_registered(clean_registry):
    penguin = sw.register(Penguin)
    game = sw.new_game("Penguin", seed=2)
    hint = game.hint(time_limit=None, max_states=5_000)
    assert hint.move in game.legal_moves() and hint.winning
    game.play(hint.move)
    assert sw.load(game.to_dict()).key() == game.key()
    table = sw.SolitaireWidget("penguin", seed=2)
    assert table.title == "Penguin" and table.layouts == [layout.to_json() for layout in penguin.layouts()]
    assert len(table.layouts) == 2


# --- a game class's words are text, never HTML ----------------------------------------------------

HOSTILE = "<img src=x onerror=alert(1)>"


def hostile_class() -> type[sw.Game]:
    """Penguin as a careless or hostile notebook might word it."""

    class Hostile(penguin_class()):  # type: ignore[misc]
        name = "hostile"
        title = HOSTILE
        OPTIONS = {"mood": ("calm", "wild")}
        RULES = (("Play <b>", f"{HOSTILE} <script>alert(2)</script> [a link](javascript:alert(3)) **bold** &lt; "
                              "{mood}"),)
        OPTION_RULES = {"mood": {"calm": f"calm {HOSTILE}", "wild": "wild | a pipe"}}

        def _build_reason(self, t: int, card: int) -> Any:
            return f"{HOSTILE} {CARD[card]} <i>never</i>"

    return Hostile


def rendered(text: str) -> str:
    """``text`` rendered as Markdown (Python-Markdown, the renderer marimo
    uses; JupyterLab's is checked in the browser suite)."""
    return markdown.markdown(text, extensions=["tables"])


def shown_text(page: str) -> str:
    """What a reader sees of rendered HTML: the tags gone, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_a_game_class_s_words_reach_a_notebook_as_text_never_as_html():
    hostile = hostile_class()
    game = hostile.from_position({**FULL_CELLS, "f0": "AS", "t0": "5H", "t1": "9D"})  # no card may move
    outputs = {
        "rules": sw.rules(hostile)._repr_markdown_(),
        "variants": sw.variants(hostile)._repr_markdown_(),
        "explain": game.explain()._repr_markdown_(),
    }
    for what, text in outputs.items():
        page = rendered(text)
        assert not re.search(r"<(img|script|a|b|i)\b", page), f"{what} renders HTML from the game's words:\n{page}"
        assert "javascript:" not in page.split("href")[0] or "href" not in page
        assert HOSTILE in shown_text(page), f"{what} does not show the title's characters:\n{page}"
    rules = shown_text(rendered(outputs["rules"]))
    assert "<script>alert(2)</script> [a link](javascript:alert(3)) **bold** &lt; calm <img" in rules
    assert "Play <b>" in rules
    assert "wild | a pipe" in shown_text(rendered(outputs["variants"]))
    assert f"{HOSTILE} 5♥ <i>never</i>" in shown_text(rendered(outputs["explain"]))
    # The plain text stays as written: in a terminal, in errors and in the table's traits.
    assert str(game).startswith(HOSTILE) and game.why_illegal("t0 t1") == f"{HOSTILE} 5♥ <i>never</i>"
    table = sw.SolitaireWidget(game)
    assert table.title == HOSTILE
    # Markdown for the Rules panel, which reads escapes as text (js/src/markdown.js)
    assert table.rules == sw.rules(game)


def test_a_game_s_loss_reason_reaches_every_display_of_the_solver_as_text_never_as_html():
    class LostByItsOwnRule(hostile_class()):  # type: ignore[misc]
        name = "hostile_loss"

        def _lost(self) -> Any:
            return f"{HOSTILE} a *card* went to c0" if self["c0"] else None

    game = LostByItsOwnRule(seed=1)
    game.play("t0 c0")
    reason = f"{HOSTILE} a *card* went to c0"
    assert game.end_reason == reason
    solution = sw.solve(game, time_limit=None, max_states=100)
    analysis = game.analyse(time_limit=None, max_states=1)  # decides nothing but the end: the reason is the game's
    pages = {
        "solution": rendered(solution._repr_markdown_()),
        "analysis": analysis._repr_html_(),
        "grade": rendered(sw.Grade(HOSTILE, None, stopped_by=HOSTILE)._repr_markdown_()),
        "win rate": sw.winnability(LostByItsOwnRule, 1, start_seed=1, player="greedy", executor="inline",
                                   progress=False)._repr_html_(),
    }
    for what, page in pages.items():
        assert not re.search(r"<(img|script|a|b|i)\b", page), f"{what} shows HTML from the game's words:\n{page}"
    assert reason in shown_text(pages["solution"]) and reason in shown_text(pages["analysis"])
    assert HOSTILE in shown_text(pages["grade"]) and "hostile_loss" in shown_text(pages["win rate"])
    assert str(solution).startswith(f"no win exists from here: {reason}")  # plain text stays as written


def test_win_rates_of_a_notebook_game_say_when_worker_processes_cannot_import_it(monkeypatch):
    import multiprocessing

    from solitaire_widgets.solver import winrate

    spawn = multiprocessing.get_context("spawn")
    monkeypatch.setattr(winrate.multiprocessing, "get_context", lambda: spawn)
    with pytest.raises(ValueError, match=r"winnability's worker processes \(started by 'spawn'\) cannot import "
                                         r"Penguin, defined in new_game_notebook \(a notebook or a script\): pass "
                                         r"executor='inline'"):
        sw.winnability(Penguin, 2)
    rate = sw.winnability(Penguin, 1, start_seed=2, time_limit=None, max_states=5_000, executor="inline",
                          progress=False)
    assert [row.status for row in rate.rows] == ["won"]
