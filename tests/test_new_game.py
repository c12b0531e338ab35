"""The game examples/new_game.ipynb defines in one cell (Golf): it plays by
its rules on every layer, and what a game class says (its title, rules,
reasons) reaches a notebook as text, never as HTML.

The notebook itself runs headless in tests/browser/test_examples.py and is
played by mouse in JupyterLab in tests/browser/test_browser_new_game.py."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import markdown
import pytest
from helpers import GAMES, REPO
from new_game import golf_cell, golf_class

import solitaire_widgets as sw
from solitaire_widgets.cards import CARD
from solitaire_widgets.fast_path import FastPath
from solitaire_widgets.solver.search import Search

Golf = golf_class()


def test_the_game_is_one_cell_of_about_sixty_lines_that_registers_it_and_the_docs_show_that_cell():
    cell = golf_cell()
    assert len(cell.splitlines()) <= 60
    assert "@sw.register" in cell
    page = (REPO / "docs" / "extending.md").read_text(encoding="utf-8")
    assert f"```python\n{cell}\n```" in page, "docs/extending.md must show the notebook's cell as it is"


def expected_moves(game: sw.Game) -> set[str]:
    """Golf's legal moves, from its rules text: a column's top card onto f0
    one rank up or down (a king takes nothing unless kings and aces join),
    and a draw while the stock holds a card."""
    top = game.top("f0").rank
    wrap = game.options["wrap"] == "yes"
    fits = {(top - 2) % 13 + 1, top % 13 + 1} if wrap else set() if top == 13 else {top - 1, top + 1}
    moves = {f"{t} f0" for t in game.PILES if t.startswith("t") and game[t] and game[t][-1].rank in fits}
    return moves | ({"draw"} if game["stock"] else set())


@pytest.mark.parametrize("wrap", ["no", "yes"])
def test_golf_plays_by_its_rules_on_the_engine_and_its_fast_path(wrap):
    for seed in range(12):
        game, rng = Golf(seed=seed, wrap=wrap), random.Random(seed)
        assert len(game["stock"]) == 16 and len(game["f0"]) == 1
        assert all(len(game[t]) == 5 and game.face_down(t) == 0 for t in game.PILES if t.startswith("t"))
        while True:
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
        assert game.status in ("won", "lost") and game.cards_home == 52 - sum(len(game[p]) for p in game.PILES
                                                                            if p != "f0")


def test_golf_refuses_in_its_own_words():
    game = Golf(seed=1)  # f0 holds K♣: nothing goes on a king unless kings and aces join
    assert str(game.top("f0")) == "K♣"
    assert game.why_illegal("t0 f0") == "8♥ cannot go on K♣: Golf builds one rank up or down, so K♣ takes nothing: " \
                                        "a king ends the run"
    assert Golf(seed=1, wrap="yes").why_illegal("t0 f0").endswith("so K♣ takes a queen or an ace")
    assert game.why_illegal("t0 t1") == "Golf never moves a card from t0 to t1"
    assert game.why_illegal("f0 t0") == "cards on the foundations never move: foundations are final"
    while game["stock"]:
        game.draw()
    assert game.why_illegal("draw") == "the stock is empty: Golf has one pass"


def chained_deck() -> list[sw.Card]:
    """A deal of Golf won by playing t0 to t6 in turn, top first, then drawing
    every stock card: the columns' cards follow f0's ace one rank at a time."""
    ranks = [1, *range(2, 13), *range(11, 0, -1), *range(2, 13), 11, 10]
    copies: dict[int, int] = {}
    chain = []
    for rank in ranks:
        chain.append(sw.Card.from_id(copies.get(rank, 0) * 13 + rank - 1))  # ♠, then ♥, ♦, ♣
        copies[rank] = copies.get(rank, 0) + 1
    columns = [card for n in range(7) for card in reversed(chain[1 + 5 * n:6 + 5 * n])]
    return columns + [chain[0]] + [card for card in sw.standard_deck() if card not in chain]


def test_the_solver_plays_golf_draws_home_included():
    assert FastPath(Golf(seed=0)).actions_reach_foundations() and not any(
        FastPath(sw.new_game(name, seed=0)).actions_reach_foundations() for name in GAMES)
    assert not Search(Golf(seed=0, wrap="yes")).dead_ends, "a draw onto f0 breaks the dead-end proofs"
    won = sw.solve(Golf(deck=chained_deck()), time_limit=None, max_states=200)
    assert won.status == "won" and len(won.moves) == 51 and won.moves[-16:] == (sw.Move("draw"),) * 16
    for seed, wrap in [(3, "no"), (6, "yes")]:
        solution = sw.solve(Golf(seed=seed, wrap=wrap), time_limit=None, max_states=20_000)
        assert solution.status == "won", (seed, wrap, solution)
        replayed = Golf(seed=seed, wrap=wrap)
        for move in solution.moves:
            replayed.play(move)
        assert replayed.status == "won"
    assert sw.solve(Golf(seed=4), time_limit=None, max_states=30_000).status == "lost"  # every line searched


def test_golf_is_hinted_saved_and_shown_once_registered(clean_registry):
    golf = sw.register(Golf)
    game = sw.new_game("Golf", seed=3)
    hint = game.hint(time_limit=None, max_states=5_000)
    assert hint.move in game.legal_moves() and hint.winning
    game.draw()
    assert sw.load(game.to_dict()).key() == game.key()
    table = sw.SolitaireWidget("golf", seed=3)
    assert table.title == "Golf" and table.layouts == [golf.LAYOUT.to_json()]


# --- a game class's words are text, never HTML ----------------------------------------------------

HOSTILE = "<img src=x onerror=alert(1)>"


def hostile_class() -> type[sw.Game]:
    """Golf as a careless or hostile notebook might word it."""

    class Hostile(golf_class()):  # type: ignore[misc]
        name = "hostile"
        title = HOSTILE
        RULES = (("Play <b>", f"{HOSTILE} <script>alert(2)</script> [a link](javascript:alert(3)) **bold** &lt; "
                              "{wrap}"),)
        OPTION_RULES = {"wrap": {"no": f"no {HOSTILE}", "yes": "yes | a pipe"}}

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
    game = hostile(seed=1)
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
    assert "<script>alert(2)</script> [a link](javascript:alert(3)) **bold** &lt; no <img" in rules
    assert "Play <b>" in rules
    assert "yes | a pipe" in shown_text(rendered(outputs["variants"]))
    assert f"{HOSTILE} 8♥ <i>never</i>" in shown_text(rendered(outputs["explain"]))
    # The plain text stays as written: in a terminal, in errors and in the table's traits.
    assert str(game).startswith(HOSTILE) and game.why_illegal("t0 f0") == f"{HOSTILE} 8♥ <i>never</i>"
    table = sw.SolitaireWidget(game)
    assert table.title == HOSTILE
    # Markdown for the Rules panel, which reads escapes as text (js/src/markdown.js)
    assert table.rules == sw.rules(game)


def test_a_game_s_loss_reason_reaches_every_display_of_the_solver_as_text_never_as_html():
    class LostByItsOwnRule(hostile_class()):  # type: ignore[misc]
        name = "hostile_loss"

        def _lost(self) -> Any:
            return None if self["stock"] else f"{HOSTILE} the *stock* is out"

    game = LostByItsOwnRule(seed=1)
    while game.status == "playing":
        game.play(game.legal_moves()[-1])  # draws first: the stock runs out
    reason = f"{HOSTILE} the *stock* is out"
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
    with pytest.raises(ValueError, match=r"winnability's worker processes \(started by 'spawn'\) cannot import Golf, "
                                         r"defined in new_game_notebook \(a notebook or a script\): pass "
                                         r"executor='inline'"):
        sw.winnability(Golf, 2)
    rate = sw.winnability(Golf, 1, start_seed=3, time_limit=None, max_states=5_000, executor="inline", progress=False)
    assert [row.status for row in rate.rows] == ["won"]
