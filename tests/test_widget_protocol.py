"""The widget's page protocol, driven through ipywidgets' real comm message path.

Every request type works; every malformed, stale or illegal request is refused
with a reason (shown on the table and in the reply) and leaves the game as it was.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import solitaire_widgets as sw
from solitaire_widgets.widget import FACE_DOWN, MAX_REQUEST_BYTES, SolitaireWidget, widget_for


class Page:
    """Sends requests the way the front end does and collects the replies."""

    def __init__(self, widget: SolitaireWidget) -> None:
        self.widget = widget
        self.replies: list[dict] = []
        widget.send = lambda content, buffers=None: self.replies.append(content)  # type: ignore[method-assign]
        self._next_id = 0

    def raw(self, content: Any) -> None:
        message = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
        self.widget._handle_msg(message)

    def request(self, kind: str, **fields: Any) -> dict:
        self._next_id += 1
        content = {"request": kind, "version": self.widget.version, "id": f"view-{self._next_id}", **fields}
        self.raw(content)
        reply = self.replies[-1]
        assert reply["id"] == content["id"]
        return reply


def snapshot(widget: SolitaireWidget) -> tuple:
    game = widget.game
    return (game.key(), game.history, game.version, widget.version, json.dumps(widget.piles, sort_keys=True))


def assert_mirrors_engine(widget: SolitaireWidget) -> None:
    game = widget.game
    for pile in game.PILES:
        ids = list(game.card_ids(pile))
        down = game.face_down(pile)
        assert widget.piles[pile] == [FACE_DOWN] * down + ids[down:], pile
    assert widget.status == game.status
    assert widget.legal == [str(m) for m in game.legal_moves()]
    assert widget.counters["moves"] == len(game.history)
    assert widget.counters["home"] == game.cards_home
    assert widget.last_move == str(game.last_move or "")


@pytest.fixture(params=sorted(sw.GAMES))
def page(request: pytest.FixtureRequest) -> Page:
    return Page(SolitaireWidget(request.param, seed=11))


def test_initial_state_mirrors_engine(page: Page) -> None:
    widget = page.widget
    assert widget.game_name == widget.game.name
    assert widget.pile_ids == list(widget.game.PILES)
    assert widget.actions == list(widget.game.ACTION_NAMES)
    assert_mirrors_engine(widget)


def test_face_down_cards_are_hidden_from_the_page() -> None:
    widget = SolitaireWidget("midshipman", seed=3)
    assert widget.piles["t0"][:2] == [FACE_DOWN, FACE_DOWN]
    assert all(card >= 0 for card in widget.piles["t0"][2:])
    assert set(widget.piles["stock"]) == {FACE_DOWN}


def test_move_request_plays_every_legal_move_kind(page: Page) -> None:
    widget = page.widget
    for _ in range(30):
        legal = widget.legal
        if not legal:
            break
        move = legal[-1]  # stock actions are listed last: exercise them too
        reply = page.request("move", move=move)
        assert reply == {"type": "result", "id": reply["id"], "ok": True, "reason": "", "version": widget.version}
        assert widget.last_move == move
        assert widget.message == ""
        assert_mirrors_engine(widget)


def test_undo_redo_restart_requests(page: Page) -> None:
    widget = page.widget
    start = snapshot(widget)[0]
    played = []
    for _ in range(3):
        played.append(page.request("move", move=widget.legal[0]))
    after = widget.game.key()
    assert page.request("undo")["ok"]
    assert page.request("redo")["ok"]
    assert widget.game.key() == after
    assert page.request("restart")["ok"]
    assert widget.game.key() == start and widget.counters["can_redo"]
    assert_mirrors_engine(widget)


def test_nothing_to_undo_redo_or_restart_is_refused_with_reason(page: Page) -> None:
    before = snapshot(page.widget)
    for kind, words in (("undo", "nothing to undo"), ("redo", "nothing to redo"), ("restart", "nothing to restart")):
        reply = page.request(kind)
        assert not reply["ok"] and words in reply["reason"]
        assert page.widget.message == reply["reason"] and page.widget.message_kind == "error"
        assert snapshot(page.widget) == before


def test_new_deal_redeals_the_same_game_in_place_and_makes_old_requests_stale() -> None:
    page = Page(SolitaireWidget("bobby", seed=5, redeal="turn"))
    widget = page.widget
    game, old_version = widget.game, widget.version
    game.play("draw")
    assert page.request("new_deal")["ok"]
    # `game = table.game` in a notebook still drives the table.
    assert widget.game is game and game.name == "bobby" and game.options == {"redeal": "turn"}
    assert game.seed != 5 and game.history == () and widget.counters["seed"] == game.seed
    assert widget.version > old_version
    assert_mirrors_engine(widget)
    page.raw({"request": "move", "move": "draw", "version": old_version, "id": "old"})
    assert not page.replies[-1]["ok"] and "changed" in page.replies[-1]["reason"]
    game.play("draw")
    assert widget.piles["waste"] == list(game.card_ids("waste"))


def test_undo_after_new_deal_brings_the_old_deal_back() -> None:
    page = Page(SolitaireWidget("bobby", seed=5))
    widget = page.widget
    widget.game.play("draw")
    before = widget.game.key()
    assert page.request("new_deal")["ok"]
    assert widget.counters["can_undo"] and widget.counters["moves"] == 0
    assert [d.seed for d in widget.earlier_deals] == [5]
    assert page.request("undo")["ok"]
    assert widget.game.seed == 5 and [str(m) for m in widget.game.history] == ["draw"]
    assert widget.game.key() == before and widget.earlier_deals == ()
    assert_mirrors_engine(widget)
    # A new deal made from code is remembered the same way.
    widget.game.new_deal(seed=9)
    assert widget.counters["seed"] == 9 and [d.seed for d in widget.earlier_deals] == [5]
    # Switching games from code forgets the earlier deals.
    widget.game = sw.new_game("cruel", seed=1)
    assert widget.earlier_deals == () and not widget.counters["can_undo"]


def test_illegal_move_is_refused_with_the_engine_reason(page: Page) -> None:
    widget = page.widget
    before = snapshot(widget)
    bad = next(
        f"{s} {t}" for s in widget.game.PILES for t in widget.game.PILES
        if s != t and widget.game.card_ids(s) and f"{s} {t}" not in widget.legal
    )
    reply = page.request("move", move=bad)
    assert not reply["ok"]
    assert reply["reason"] == widget.game.why_illegal(bad)
    assert widget.message == reply["reason"] and widget.message_kind == "error"
    assert snapshot(widget) == before


GARBAGE: list[Any] = [
    None,
    17,
    "move t3 f0",
    [1, 2, 3],
    {},
    {"request": "fly", "version": 0},
    {"request": 5, "version": 0},
    {"request": "move", "version": 0},
    {"request": "move", "version": 0, "move": 42},
    {"request": "move", "version": 0, "move": ""},
    {"request": "move", "version": 0, "move": "t99 f0"},
    {"request": "move", "version": 0, "move": "stock f0"},
    {"request": "move", "version": 0, "move": "t0 t1 t2"},
    {"request": "move", "version": 0, "move": "x" * 500},
    {"request": "move", "version": 0, "move": ["t0", "f0"]},
    {"request": "move", "version": "0", "move": "draw"},
    {"request": "move", "version": True, "move": "draw"},
    {"request": "move", "move": "draw"},
    {"request": "move", "version": 999, "move": "draw"},
    {"request": "move", "version": -1, "move": "draw"},
    {"request": "undo", "version": 0, "padding": "x" * (MAX_REQUEST_BYTES + 10)},
    {"request": "move", "version": 0, "move": "draw", "extra": {"deep": [[[[]]]]}},
    {"request": "move", "version": 0, "move": "deal\u0000"},
]


@pytest.mark.parametrize("content", GARBAGE, ids=lambda c: repr(c)[:40])
def test_garbage_is_refused_with_reason_and_changes_nothing(page: Page, content: Any) -> None:
    widget = page.widget
    before = snapshot(widget)
    legal_before = widget.legal
    if isinstance(content, dict):
        content = {**content, "id": "g"}
    page.raw(content)
    if isinstance(content, dict) and content.get("move") == "draw" and "extra" in content:
        # Extra fields are ignored: the request itself is fine where draw is legal.
        if "draw" in legal_before:
            return
    assert widget.message, "a refusal must show a reason on the table"
    assert widget.message_kind == "error"
    assert snapshot(widget) == before
    if isinstance(content, dict):
        assert page.replies and page.replies[-1]["ok"] is False
        assert page.replies[-1]["reason"] == widget.message


def test_reply_without_id_still_shows_reason() -> None:
    page = Page(SolitaireWidget("cruel", seed=2))
    page.raw({"request": "move", "move": "f0 t0", "version": 0})
    assert page.replies == []
    assert "foundations are final" in page.widget.message


def test_internal_errors_never_escape(monkeypatch: pytest.MonkeyPatch) -> None:
    page = Page(SolitaireWidget("frog", seed=2))
    before = snapshot(page.widget)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(page.widget.game, "undo", broken)
    page.raw({"request": "undo", "version": page.widget.version, "id": "x"})
    assert page.replies[-1]["ok"] is False
    assert "internal error" in page.widget.message
    assert snapshot(page.widget) == before


def test_code_cell_moves_update_the_traits() -> None:
    widget = sw.SolitaireWidget("leap_year", seed=4)
    seen = []
    widget.observe(lambda change: seen.append(change["new"]), names="version")
    widget.game.deal()
    widget.game.undo()
    widget.game.redo()
    assert seen == [1, 2, 3]
    assert_mirrors_engine(widget)


def test_a_move_sends_only_a_small_payload() -> None:
    widget = sw.SolitaireWidget("leap_year", seed=4)
    sent: list[dict] = []
    widget._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    widget.game.deal()
    state = [m["state"] for m in sent if m.get("method") == "update"]
    assert len(state) == 1, "one move must reach the page as one update message"
    assert "pile_ids" not in state[0] and "options" not in state[0]
    assert len(json.dumps(state[0])) <= 4096


def test_constructor_forms() -> None:
    game = sw.Cruel(seed=3)
    assert sw.SolitaireWidget(game).game is game
    assert sw.play("frog", seed=3).game.seed == 3
    assert sw.SolitaireWidget("midshipman", deck=sw.standard_deck(2)).game.deck is not None
    with pytest.raises(ValueError, match="only with a game name"):
        sw.SolitaireWidget(game, seed=4)
    with pytest.raises(ValueError, match="unknown game"):
        sw.SolitaireWidget("klondike")


def test_switching_games_resyncs_everything() -> None:
    widget = sw.SolitaireWidget("cruel", seed=3)
    old = widget.game
    widget.game = sw.Frog(seed=1)
    assert widget.game_name == "frog" and set(widget.piles) == set(sw.Frog.PILES)
    old.play(old.legal_moves()[0])  # the old game no longer drives the table
    assert_mirrors_engine(widget)
    with pytest.raises(TypeError):
        widget.game = "cruel"  # type: ignore[assignment]


def test_bare_game_shows_its_table_in_a_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    ipykernel = pytest.importorskip("ipykernel")
    game = sw.Bobby(seed=1)
    monkeypatch.delitem(sys.modules, "ipykernel", raising=False)
    assert game._repr_mimebundle_() == {"text/plain": str(game)}
    monkeypatch.setitem(sys.modules, "ipykernel", ipykernel)
    bundle = game._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == str(game)
    assert widget_for(game) is widget_for(game)
    assert widget_for(game).game is game


def test_auto_drop_names_the_next_safe_card_and_the_page_can_toggle_it() -> None:
    game = sw.new_game("cruel", seed=3)
    page = Page(SolitaireWidget(game))
    widget = page.widget
    assert widget.auto_drop is False and widget.safe_drop == ""
    reply = page.request("auto_drop", on=True)
    assert reply["ok"] and widget.auto_drop is True
    drops = [str(m) for m in game.safe_drops()]
    assert widget.safe_drop == (drops[0] if drops else "")
    # A drop is an ordinary move: the page plays it, undo takes it back.
    for _ in range(3):
        if not widget.safe_drop:
            game.play(next(m for m in game.legal_moves() if not m.is_action))
            continue
        move = widget.safe_drop
        assert page.request("move", move=move)["ok"] and str(game.last_move) == move
        assert page.request("undo")["ok"] and str(game.redo_moves[0]) == move
        page.request("redo")
    assert page.request("auto_drop", on=False)["ok"] and widget.safe_drop == ""
    bad = page.request("auto_drop", on="yes")
    assert not bad["ok"] and "on: true or false" in bad["reason"]


def test_auto_drop_option_of_the_constructor() -> None:
    assert SolitaireWidget("frog", seed=1, auto_drop=True).auto_drop is True
    with pytest.raises(TypeError, match="auto_drop must be True or False"):
        SolitaireWidget("frog", seed=1, auto_drop="on")  # type: ignore[arg-type]
