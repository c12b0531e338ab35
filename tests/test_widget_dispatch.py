"""The table's dispatch table (``protocol.py``: each request's ``Kind`` and
the checks every request shares, then one handler per kind that returns its
``Reply``), and what moved out of the widget: the new-deal undo stack
(``EarlierDeals``), the winning lines it follows (``KnownLines``) and the
words of the solver's verdicts, which the command line and hints share.
"""

from __future__ import annotations

from typing import Any

import pytest
import traitlets
from test_widget_protocol import Page, snapshot

import solitaire_widgets as sw
from solitaire_widgets import __main__ as cli
from solitaire_widgets.assist.lines import KnownLines
from solitaire_widgets.assist.words import TASK_WORDS, busy_words
from solitaire_widgets.earlier_deals import EarlierDeals
from solitaire_widgets.errors import NothingToUndoError
from solitaire_widgets.protocol import REQUESTS, Reply, check
from solitaire_widgets.widget import SolitaireWidget

pytestmark = pytest.mark.usefixtures("typed_assist")  # every assist value of its kind's type

SETTINGS = [name for name, kind in REQUESTS.items() if kind.setting]
VERSIONED = [name for name, kind in REQUESTS.items() if kind.versioned]
UNVERSIONED = [name for name, kind in REQUESTS.items() if not kind.versioned and not kind.setting]


def test_every_request_kind_has_one_handler_and_every_handler_a_kind() -> None:
    table = SolitaireWidget("cruel", seed=2)
    help_handlers = set(table._help.handlers)
    assert set(table._handlers) == {name for name, kind in REQUESTS.items() if not kind.setting}
    assert help_handlers == {"hint", "solve", "play_out", "analyse", "show_mistake", "puzzle_answer"}
    own = {name[len("_request_"):] for name in dir(SolitaireWidget) if name.startswith("_request_")}
    assert own == set(table._handlers) - help_handlers, "the table's own handlers and the help's are apart"
    assert set(SETTINGS) == {"auto_drop", "winnable", "guard"}  # set on the trait of the same name
    assert all(isinstance(SolitaireWidget.class_traits()[name], traitlets.Bool) for name in SETTINGS)


@pytest.mark.parametrize("kind", VERSIONED)
def test_a_stale_request_of_every_versioned_kind_is_refused_and_changes_nothing(kind: str) -> None:
    page = Page(SolitaireWidget("cruel", seed=2))
    page.widget.game.play(page.widget.legal[0])
    before = snapshot(page.widget)
    page.raw({"request": kind, "version": page.widget.version - 1, "id": "stale", "move": page.widget.legal[0]})
    reply = page.replies[-1]
    assert reply["ok"] is False and reply["id"] == "stale"
    assert reply["reason"].startswith(f"refused: the table changed before this {kind} arrived")
    assert snapshot(page.widget) == before and page.widget.assist == {}


@pytest.mark.parametrize("kind", UNVERSIONED + SETTINGS)
def test_requests_about_no_position_need_no_version(kind: str) -> None:
    page = Page(SolitaireWidget("cruel", seed=2))
    page.raw({"request": kind, "id": "any", "on": True})
    assert page.replies[-1]["ok"] is True, page.replies[-1]


@pytest.mark.parametrize("setting", SETTINGS)
def test_a_setting_request_sets_the_trait_of_its_name_and_refuses_a_non_bool(setting: str) -> None:
    page = Page(SolitaireWidget("cruel", seed=2))
    page.raw({"request": setting, "id": "on", "on": True})
    assert page.replies[-1]["ok"] and getattr(page.widget, setting) is True
    page.raw({"request": setting, "id": "no", "on": "yes"})
    article = "an" if setting[0] in "aeiou" else "a"
    assert page.replies[-1]["reason"] == f"refused: {article} {setting} request needs on: true or false"
    assert getattr(page.widget, setting) is True


def test_the_shared_checks_answer_in_order_and_name_the_kind() -> None:
    assert check("undo", 0) == (None, "refused: a request must be an object, not str")
    assert check({"request": "undo", "version": 0, "x": object()}, 0)[1] == "refused: the request is not plain JSON"
    assert check({"request": ["undo"], "version": 0}, 0)[1].startswith("refused: unknown request \"['undo']\"")
    assert check({"request": "solve", "version": 0}, 0) == (REQUESTS["solve"], None)
    assert REQUESTS["solve"].searches and not REQUESTS["solve"].stops_task
    assert REQUESTS["move"].stops_task and not REQUESTS["explain"].stops_task


def test_a_search_asked_while_one_runs_is_refused_with_what_runs() -> None:
    table = SolitaireWidget("cruel", seed=4, winnable=True)  # a winnable deal: its line is known
    table.play_pace = 30.0
    page = Page(table)
    assert page.request("play_out")["ok"] and table.assist["state"] == "playing"
    for kind in ("hint", "solve", "play_out", "analyse"):
        assert page.request(kind)["reason"] == busy_words("play") == "refused: Play it out is running; Stop ends it"
    assert page.request("stop")["ok"] and table.wait()
    assert table.assist["state"] == "stopped" and table.assist["text"] == "play-out stopped after 0 moves"
    assert set(TASK_WORDS) == {"solve", "play", "winnable", "analyse", "guard"}


def test_an_error_in_a_handler_is_answered_and_logged(monkeypatch: pytest.MonkeyPatch) -> None:
    page = Page(SolitaireWidget("cruel", seed=2))

    def broken(_content: dict[str, Any]) -> Reply:
        raise RuntimeError("a bug")

    monkeypatch.setitem(page.widget._handlers, "redo", broken)
    reply = page.request("redo")
    assert reply["reason"] == "internal error while handling the request (RuntimeError); the game is unchanged"


def test_earlier_deals_keep_the_last_few_and_undo_brings_them_back_newest_first() -> None:
    game = sw.Bobby(seed=1)
    deals = EarlierDeals(game, limit=2)
    assert not deals.can_undo
    with pytest.raises(NothingToUndoError):
        deals.undo()
    _ = game.play("draw")
    for seed in (2, 3, 4):
        game.new_deal(seed=seed)
    assert [d.seed for d in deals.deals] == [2, 3] and deals.can_undo  # seed 1 was the oldest: gone
    deals.undo()
    assert game.seed == 3 and len(deals) == 1
    _ = game.play("draw")
    deals.undo()  # a move on this deal: an ordinary undo
    assert game.seed == 3 and not game.history and len(deals) == 1
    deals.close()
    game.new_deal(seed=8)
    assert deals.deals == ()  # closed: it follows the game no more


def test_the_known_lines_are_asked_solve_first_then_the_guard_then_the_game() -> None:
    game = sw.Cruel(seed=1)
    won = sw.solve(game, time_limit=None, max_states=5_000).moves
    lines = KnownLines()
    lines.keep("guard", ["t0 f0"], [])
    lines.keep("solve", won, [])
    assert lines.ahead(game) == tuple(str(m) for m in won)
    lines.forget("solve")
    assert lines.ahead(game) == ("t0 f0",)
    with pytest.raises(ValueError, match="a known line is one of solve, guard"):
        lines.keep("hint", won, [])
    game.set_winning_line(won)
    lines.forget()
    assert lines.ahead(game) == tuple(str(m) for m in won)  # the game's own


def test_the_guard_off_forgets_the_line_its_checks_found() -> None:
    table = SolitaireWidget("cruel", seed=2, guard=True)
    table._help._lines.keep("guard", [table.legal[0]], [])
    assert table._help._lines.ahead(table.game) == (table.legal[0],)
    table.guard = False
    assert table._help._lines.ahead(table.game) == ()


def test_the_solve_verdict_the_command_line_and_hints_say_it_in_the_same_words(capsys: Any) -> None:
    solution = sw.solve(sw.Cruel(seed=4), time_limit=None, max_states=1_000)  # lost from the deal
    assert str(solution).startswith(solution.verdict(52) + " (")
    assert cli.main(["solve", "cruel", "--seed", "4", "--max-states", "1000"]) == 0
    assert f"Cruel seed 4: {solution.verdict(52)} (" in capsys.readouterr().out
    assert sw.Cruel(seed=4).hint(time_limit=None, max_states=100).reason.startswith("no win exists from here, but ")
    undecided = sw.solve(sw.Frog(seed=1), time_limit=None, max_states=300)
    hint = sw.Frog(seed=1).hint(time_limit=None, max_states=300)
    assert undecided.verdict(104).endswith(hint.reason.split(": ", 1)[1])  # the best line's words
