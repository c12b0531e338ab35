"""The widget's page protocol, driven through ipywidgets' real comm message path.

Every request type works; every malformed, stale or illegal request is refused
with a reason (shown on the table and in the reply) and leaves the game as it was.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers import SAMPLE

import solitaire_widgets as sw
from solitaire_widgets.protocol import MAX_REQUEST_BYTES, REQUESTS
from solitaire_widgets.widget import FACE_DOWN, SolitaireWidget, widget_for


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


@pytest.fixture(params=SAMPLE)
def page(request: pytest.FixtureRequest) -> Page:
    return Page(SolitaireWidget(request.param, seed=playable_seed(request.param)))


def playable_seed(name: str, seed: int = 11) -> int:
    """``seed``, or the next deal of game ``name`` with a move (Black Hole's seed 11 has none)."""
    return next(s for s in range(seed, seed + 100) if sw.GAMES[name](seed=s).legal_moves())


def test_initial_state_mirrors_engine(page: Page) -> None:
    widget = page.widget
    assert widget.game_name == widget.game.name
    assert widget.pile_ids == list(widget.game.PILES)
    assert widget.actions == list(widget.game.possible_actions())
    assert widget.features == {"safe_drops": widget.game.has_safe_drops}
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


def test_the_front_end_files_or_a_message_that_says_how_to_build_them(tmp_path: Any) -> None:
    from solitaire_widgets import widget as module

    assert module._front_end("no-such-file.js", "fallback") == "fallback"
    for name in ("widget.js", "widget.css"):
        if (module.STATIC / name).is_file():  # the bundle is built: the widget loads it
            assert module._front_end(name, "fallback") == module.STATIC / name
    assert "front end was not built" in module._MISSING_BUNDLE_ESM


def test_internal_errors_never_escape(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    page = Page(SolitaireWidget("frog", seed=2))
    before = snapshot(page.widget)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(page.widget.game, "undo", broken)
    request = {"request": "undo", "version": page.widget.version, "id": "x"}
    page.raw(request)
    assert page.replies[-1]["ok"] is False
    assert page.widget.message == "internal error while handling the request (RuntimeError); the game is unchanged"
    logged = [r for r in caplog.records if r.name == "solitaire_widgets.widget"]
    assert [r.getMessage() for r in logged] == [f"solitaire_widgets: request {request!r} failed"]
    assert "RuntimeError: boom" in caplog.text  # with the traceback
    assert page.replies[-1]["reason"] == page.widget.message and page.widget.message_kind == "error"
    assert snapshot(page.widget) == before


def test_a_reply_that_cannot_be_sent_never_escapes(caplog: pytest.LogCaptureFixture) -> None:
    widget = SolitaireWidget("frog", seed=2)

    def broken_send(content: Any, buffers: Any = None) -> None:
        raise OSError("the comm is closed")

    widget.send = broken_send  # type: ignore[method-assign]
    message = {"content": {"data": {"method": "custom", "content": legal_request(widget)}}, "buffers": []}
    widget._handle_msg(message)  # must not raise
    assert widget.game.history  # the move itself was made
    assert [r.getMessage() for r in caplog.records] == ["solitaire_widgets: could not answer the page"]


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
    assert sw.SolitaireWidget(seed=3).game.name == "cruel"  # the default game
    assert sw.play("frog", seed=3).game.seed == 3
    assert sw.SolitaireWidget("midshipman", deck=sw.standard_deck(2)).game.deck is not None
    for extra in ({"seed": 4}, {"seed": 0}, {"deck": sw.standard_deck()}, {"gather": "pysol"}):
        with pytest.raises(ValueError, match="^pass seed, deck and options only with a game name, not with a Game$"):
            sw.SolitaireWidget(game, **extra)
    with pytest.raises(ValueError, match="unknown game"):
        sw.SolitaireWidget("whist")


def test_switching_games_resyncs_everything() -> None:
    widget = sw.SolitaireWidget("cruel", seed=3)
    old = widget.game
    old.play(old.legal_moves()[0])
    before = widget.version
    widget.game = sw.Frog(seed=1)
    assert widget.version == before + 1, "a switch is one change of the table"
    assert (widget.title, widget.actions, widget.options) == ("Frog", ["draw"], {"aces": "dealt"})
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
    picture = game.picture()  # outside a kernel: the picture and the text
    assert game._repr_mimebundle_() == {**picture._repr_mimebundle_(), "text/plain": str(game)}
    monkeypatch.setitem(sys.modules, "ipykernel", ipykernel)
    bundle = game._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"] == str(game) and bundle["text/html"] == picture.img_tag()
    assert widget_for(game) is widget_for(game)
    assert widget_for(game).game is game


# --- each refusal pinned to the check that makes it ------------------------------
#
# Every faulty request below is a legal request (a legal move on the table's
# current version) with exactly one thing wrong.  The test checks the reason
# names that one fault, that nothing changed, and that the same request
# without the fault is then carried out.

def legal_request(widget: SolitaireWidget, **fields: Any) -> dict:
    """A request the table would carry out now: its first legal move."""
    return {"request": "move", "version": widget.version, "id": "legal", "move": widget.legal[0], **fields}


def without(request: dict, field: str) -> dict:
    return {k: v for k, v in request.items() if k != field}


def padded_to(request: dict, size: int) -> dict:
    """``request`` with a padding field that makes its JSON exactly ``size`` bytes."""
    bare = len(json.dumps({**request, "padding": ""}))
    return {**request, "padding": "x" * (size - bare)}


FAULTS: list[tuple[str, Any, str]] = [
    # (what is wrong, the legal request -> the faulty one, words of the check that refuses it)
    ("a set inside", lambda r: {**r, "extra": {1, 2}}, "refused: the request is not plain JSON"),
    ("bytes inside", lambda r: {**r, "extra": b"\x00"}, "refused: the request is not plain JSON"),
    ("one byte too big", lambda r: padded_to(r, MAX_REQUEST_BYTES + 1),
     f"refused: the request is {MAX_REQUEST_BYTES + 1} bytes; requests are at most {MAX_REQUEST_BYTES}"),
    ("unknown kind", lambda r: {**r, "request": "fly"}, "refused: unknown request 'fly'"),
    ("kind not text", lambda r: {**r, "request": 5}, "refused: unknown request '5'"),
    ("kind missing", lambda r: without(r, "request"), "refused: unknown request 'None'"),
    ("kind in capitals", lambda r: {**r, "request": "MOVE"}, "refused: unknown request 'MOVE'"),
    ("kind of 100 characters", lambda r: {**r, "request": "m" * 100},
     f"refused: unknown request '{'m' * 40}' (known: {', '.join(REQUESTS)})"),
    ("version missing", lambda r: without(r, "version"), "refused: the request carries no state version"),
    ("version as text", lambda r: {**r, "version": str(r["version"])}, "refused: the request carries no state version"),
    ("version as float", lambda r: {**r, "version": float(r["version"])},
     "refused: the request carries no state version"),
    ("version None", lambda r: {**r, "version": None}, "refused: the request carries no state version"),
    ("version a bool", lambda r: {**r, "version": bool(r["version"])}, "refused: the request carries no state version"),
    ("version behind", lambda r: {**r, "version": r["version"] - 1},
     "refused: the table changed before this move arrived"),
    ("version ahead", lambda r: {**r, "version": r["version"] + 1},
     "refused: the table changed before this move arrived"),
    ("move missing", lambda r: without(r, "move"), "refused: a move request needs a move text"),
    ("move not text", lambda r: {**r, "move": r["move"].split()}, "refused: a move request needs a move text"),
    ("move empty", lambda r: {**r, "move": ""}, "refused: a move request needs a move text"),
    ("move blank", lambda r: {**r, "move": " \t "}, "refused: a move request needs a move text"),
    ("move 41 characters", lambda r: {**r, "move": r["move"].rjust(41)}, "refused: a move request needs a move text"),
]


@pytest.fixture(params=SAMPLE)
def table_at_version_1(request: pytest.FixtureRequest) -> Page:
    """A table after one move, so its version is 1 and ``True == 1`` could fool a check."""
    page = Page(SolitaireWidget(request.param, seed=playable_seed(request.param)))
    assert page.request("move", move=page.widget.legal[0])["ok"] and page.widget.version == 1
    return page


@pytest.mark.parametrize("fault, spoil, words", FAULTS, ids=[f[0] for f in FAULTS])
def test_each_fault_is_refused_by_its_own_check(table_at_version_1: Page, fault: str, spoil: Any, words: str) -> None:
    page, widget = table_at_version_1, table_at_version_1.widget
    good = legal_request(widget)
    before = snapshot(widget)
    page.raw(spoil(good))
    reply = page.replies[-1]
    assert reply["id"] == "legal" and reply["ok"] is False
    assert reply["reason"].startswith(words), (fault, reply["reason"])
    assert widget.message == reply["reason"] and widget.message_kind == "error"
    assert reply["version"] == widget.version
    assert snapshot(widget) == before
    # Without the fault the same request is carried out.
    assert page.request("move", move=good["move"])["ok"]


def test_a_request_of_exactly_the_size_limit_is_carried_out(table_at_version_1: Page) -> None:
    page, widget = table_at_version_1, table_at_version_1.widget
    request = padded_to(legal_request(widget), MAX_REQUEST_BYTES)
    assert len(json.dumps(request)) == MAX_REQUEST_BYTES
    page.raw(request)
    assert page.replies[-1]["ok"] is True and widget.game.history[-1] == sw.Move.parse(request["move"])


def test_a_move_text_of_40_characters_is_carried_out(table_at_version_1: Page) -> None:
    page, widget = table_at_version_1, table_at_version_1.widget
    move = widget.legal[0]
    assert page.request("move", move=move.rjust(40))["ok"]
    assert widget.game.history[-1] == sw.Move.parse(move)


def test_a_request_that_is_not_an_object_is_refused_as_such() -> None:
    page = Page(SolitaireWidget("cruel", seed=2))
    before = snapshot(page.widget)
    for content in ([legal_request(page.widget)], json.dumps(legal_request(page.widget)), None, 3):
        page.raw(content)
        assert page.widget.message == f"refused: a request must be an object, not {type(content).__name__}"
        assert snapshot(page.widget) == before and page.replies == []


@pytest.mark.parametrize("kind, words", [
    ("undo", "nothing to undo: no move has been played"),
    ("redo", "nothing to redo: no move has been taken back"),
    ("restart", "nothing to restart: no move has been played"),
])
def test_a_request_with_nothing_to_do_says_so(kind: str, words: str) -> None:
    page = Page(SolitaireWidget("bobby", seed=2))
    before = snapshot(page.widget)
    reply = page.request(kind)
    assert (reply["ok"], reply["reason"]) == (False, words)
    assert snapshot(page.widget) == before


@pytest.mark.parametrize("request_id", ["a", 0, 7, "x" * 30])
def test_every_id_gets_its_own_reply(request_id: Any) -> None:
    page = Page(SolitaireWidget("leap_year", seed=2))
    page.raw({**legal_request(page.widget), "id": request_id})
    assert page.replies == [{"type": "result", "id": request_id, "ok": True, "reason": "",
                             "version": page.widget.version}]


@pytest.mark.parametrize("request_id", [True, None, 1.5, [1], {"a": 1}])
def test_an_id_that_is_not_text_or_a_whole_number_gets_no_reply(request_id: Any) -> None:
    page = Page(SolitaireWidget("leap_year", seed=2))
    page.raw({**legal_request(page.widget), "id": request_id})
    assert page.replies == [] and page.widget.game.history  # carried out, only not answered


# --- fuzzing the page-message path -------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**40) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@st.composite
def page_requests(draw: Any, widget: SolitaireWidget) -> Any:
    """Anything: plain JSON values, or requests with random fields mixed into
    real request kinds, versions near the table's and move-like texts."""
    if draw(st.integers(0, 4)) == 0:
        return draw(json_values)
    request: dict = {}
    if draw(st.booleans()):
        request["request"] = draw(st.sampled_from(("move", "undo", "redo", "restart", "fly")) | json_values)
    if draw(st.booleans()):
        request["version"] = draw(st.sampled_from((widget.version, widget.version + 1, True, "0")) | json_values)
    if draw(st.booleans()):
        piles = widget.pile_ids + widget.actions
        move_like = st.builds(lambda a, b: f"{a} {b}", st.sampled_from(piles), st.sampled_from(piles))
        request["move"] = draw(move_like | st.sampled_from(widget.actions or ["draw"]) | json_values)
    if draw(st.booleans()):
        request["id"] = draw(st.text(max_size=6) | st.integers(0, 99) | json_values)
    request.update(draw(st.dictionaries(st.text(max_size=8), json_values, max_size=3)))
    return request


# caplog is cleared before every message, so sharing it across examples is safe.
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_page_messages(data: Any, caplog: pytest.LogCaptureFixture) -> None:
    """Never an exception (not even one caught and logged), a reply for every
    request with an id, and no change unless the reply says it was done."""
    page = Page(SolitaireWidget(data.draw(st.sampled_from(sorted(sw.GAMES))), seed=3))
    widget = page.widget
    for _ in range(data.draw(st.integers(1, 6))):
        content = data.draw(page_requests(widget))
        before, replies = snapshot(widget), len(page.replies)
        caplog.clear()
        page.raw(content)
        assert not caplog.records, caplog.text
        request_id = content.get("id") if isinstance(content, dict) else None
        if isinstance(request_id, (str, int)) and not isinstance(request_id, bool):
            assert len(page.replies) == replies + 1
            reply = page.replies[-1]
            assert reply["id"] == request_id and reply["version"] == widget.version
            done = reply["ok"]
            assert done == (reply["reason"] == "")
        else:
            assert len(page.replies) == replies
            done = widget.message_kind != "error"
        if done:
            assert widget.message_kind != "error"
        else:
            assert snapshot(widget) == before and widget.message_kind == "error" and widget.message
        assert_mirrors_engine(widget)


# --- the counters the table shows ------------------------------------------------
#
# Worked out from their definitions (what the history and the piles hold), not
# read back from the engine's properties, after every kind of change.

def expected_counters(widget: SolitaireWidget) -> dict:
    game = widget.game
    fresh = type(game)(seed=game.seed, deck=game.deck, **game.options)  # the same deal, nothing played
    dealt_home = sum(len(fresh[p]) for p in fresh.PILES if p[0] == "f")
    # foundations are final: each move there sends its cards home (a pair two), and so does a draw onto one (Golf's)
    score = sum(move.count for move in game.history if move.target and move.target[0] == "f") + sum(
        1 for move in game.history if move.action and game.DRAWS.get(move.action, ("", ""))[1][:1] == "f")
    redeals = sum(1 for move in game.history if move.action == "redeal")
    total = 52 * game.decks
    counters = {
        "moves": len(game.history), "home": dealt_home + score, "total": total, "score": score,
        "max_score": total - dealt_home, "redeals": redeals,
        # Undo with no move played brings back the deal a New deal replaced
        "can_undo": bool(game.history or widget.earlier_deals),
        "can_redo": bool(game.redo_moves), "redo": len(game.redo_moves), "seed": game.seed,
    }
    assert counters["home"] == sum(len(game[p]) for p in game.PILES if p[0] == "f")
    if "stock" in game.PILES:
        counters["stock"] = len(game["stock"])
    if game.name == "bobby":
        counters["passes_left"] = 3 - redeals  # three passes in all
    elif game.name == "leap_year":
        counters["passes_left"] = {"none": 1, "once": 2}[game.options["redeal"]] - redeals
    elif game.passes() is not None:  # a classic game that counts its passes
        counters["passes_left"] = game.passes() - redeals
    return counters


def expected_status_items(widget: SolitaireWidget) -> list[dict]:
    """The status line the page shows (the ``status_items`` trait), from the
    counters worked out above: Score in every game, the stock where there is
    one, passes left while they can be spent, the redeals of a game that
    offers unlimited ones (Cruel's, Klondike's)."""
    c, game = expected_counters(widget), widget.game
    items = [("moves", f"Moves {c['moves']}"), ("home", f"Home {c['home']}/{c['total']}"),
             ("score", f"Score {c['score']}/{c['max_score']}")]
    if "stock" in c:
        items.append(("stock", f"Stock {c['stock']}"))
    if "passes_left" in c and game.status == "playing":
        items.append(("passes_left", f"Passes left {c['passes_left']}"))
    if "passes_left" not in c and "redeal" in game.possible_actions():
        items.append(("redeals", f"Redeals {c['redeals']}"))
    # (while playing, the background check of a game that can go round in circles may have proved no win left)
    playing = "No win possible" if widget.no_win else "Playing"
    items.append(("status", {"playing": playing, "won": "Won", "lost": "Lost"}[game.status]))
    return [{"key": key, "text": text} for key, text in items]


def check_counters(widget: SolitaireWidget) -> None:
    """After a change that was carried out: the counters and the status line,
    and no message left."""
    # The background check of a game that can go round in circles may say "no
    # win" at any moment: it takes the widget's lock to say it, so the status
    # line read under that lock agrees with the no_win it is compared with.
    with widget._lock:
        assert widget.counters == expected_counters(widget)
        assert widget.status_items == expected_status_items(widget)
        assert (widget.message, widget.message_kind) == ("", "")
        assert_mirrors_engine(widget)


# The games whose cards home are their foundations' (Accordion, Clock and
# Gaps count theirs themselves: their own tests check them).
COUNTED = sorted(name for name, cls in sw.GAMES.items() if not cls.FACTS.own_cards_home)


@pytest.mark.parametrize("name", COUNTED)
def test_counters_after_every_kind_of_change(name: str) -> None:
    page = Page(SolitaireWidget(name, seed=22))
    widget = page.widget
    check_counters(widget)
    rng = random.Random(name)
    for step in range(150):  # moves, home moves first, stock actions as they come
        legal = widget.legal
        if not legal:
            break
        home = [m for m in legal if " f" in m]
        assert page.request("move", move=rng.choice(home or legal))["ok"]
        check_counters(widget)
        if step % 7 == 3:
            assert page.request("undo")["ok"]
            check_counters(widget)
            assert page.request("redo")["ok"]
            check_counters(widget)
    # (a deal lost at once, as Russian Solitaire's often are, sends nothing home; nor
    # does a random walk in a game whose foundations take only whole suits, as Spider's)
    assert widget.counters["score"] > 0 or widget.game.status == "lost" or widget.game.SHAPE.suit_targets, \
        "the walk should have sent cards home"
    assert page.request("undo")["ok"] and page.request("undo")["ok"]
    check_counters(widget)
    assert page.request("restart")["ok"]
    check_counters(widget)
    assert widget.counters["moves"] == 0 and widget.counters["can_redo"]
    widget.game.redo()  # from code
    check_counters(widget)


def test_the_status_line_says_a_proven_no_win_while_playing() -> None:
    """The background search's verdict (``no_win``, set from its thread)
    reaches the status line's last item at once, and leaves it when cleared."""
    widget = SolitaireWidget("cruel", seed=3)
    assert widget.status_items[-1] == {"key": "status", "text": "Playing"}
    widget.no_win = "every line was searched"
    assert widget.status_items[-1] == {"key": "status", "text": "No win possible"}
    assert widget.status_items[:-1] == expected_status_items(widget)[:-1]
    widget.no_win = ""
    assert widget.status_items == expected_status_items(widget)


def test_counters_through_bobby_passes() -> None:
    page = Page(SolitaireWidget("bobby", seed=8, redeal="turn"))
    widget = page.widget
    for passes_left in (3, 2, 1):
        assert widget.counters["passes_left"] == passes_left
        while "draw" in widget.legal:
            assert page.request("move", move="draw")["ok"]
        assert widget.counters["stock"] == 0
        check_counters(widget)
        if passes_left > 1:
            assert page.request("move", move="redeal")["ok"]
            check_counters(widget)
            assert widget.counters["stock"] == 51 - widget.counters["score"]
    assert "redeal" not in widget.legal and widget.counters["redeals"] == 2
    assert page.request("undo")["ok"]  # takes back the last draw: still two redeals
    assert widget.counters["redeals"] == 2
    widget.game.restart()
    check_counters(widget)
    assert widget.counters["passes_left"] == 3


def test_counters_through_cruel_redeals() -> None:
    page = Page(SolitaireWidget("cruel", seed=8))
    widget = page.widget
    for _ in range(3):
        assert page.request("move", move=next(m for m in widget.legal if m != "redeal"))["ok"]
        assert page.request("move", move="redeal")["ok"]
        check_counters(widget)
    assert widget.counters["redeals"] == 3
    assert page.request("undo")["ok"]
    check_counters(widget)
    assert widget.counters["redeals"] == 2


@pytest.mark.parametrize("name", COUNTED)
def test_new_deal_deals_a_new_seed_and_resets_the_counters(name: str) -> None:
    page = Page(SolitaireWidget(name, seed=5))
    widget = page.widget
    assert page.request("move", move=widget.legal[0])["ok"]
    seeds = {5}
    for _ in range(3):
        assert page.request("new_deal")["ok"]
        seed = widget.counters["seed"]
        assert seed not in seeds, "New deal must deal a new seed"
        seeds.add(seed)
        assert widget.game.seed == seed and widget.game.history == ()
        fresh = sw.GAMES[name](seed=seed)
        assert all(widget.game.card_ids(p) == fresh.card_ids(p) for p in fresh.PILES)
        check_counters(widget)


def test_counters_follow_moves_made_from_code_and_a_new_game() -> None:
    widget = SolitaireWidget("midshipman", seed=6)
    widget.game.draw()
    check_counters(widget)
    widget.game = sw.Frog(seed=1)
    check_counters(widget)
    widget.game.draw()
    check_counters(widget)


def test_play_passes_its_arguments_on() -> None:
    table = sw.play("bobby", seed=3, redeal="turn")
    assert (table.game.name, table.game.seed, table.game.options) == ("bobby", 3, {"redeal": "turn"})
    assert table.options == {"redeal": "turn"} and table.counters["seed"] == 3
    assert sw.play(seed=4).game.name == "cruel" and sw.play(seed=4).game.seed == 4
    assert sw.play("cruel", 4, gather="pysol").game.options == {"gather": "pysol"}
    with pytest.raises(ValueError, match="option"):
        sw.play("frog", seed=1, redeal="turn")


def test_bare_game_falls_back_to_text_without_the_widget_layer(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel whose widget layer cannot be imported (no anywidget), a
    bare game still shows: its picture and its text."""
    import sys

    game = sw.Cruel(seed=4)
    monkeypatch.setitem(sys.modules, "ipykernel", sys.modules.get("ipykernel") or object())
    monkeypatch.setitem(sys.modules, "solitaire_widgets.widget", None)  # importing it raises ImportError
    assert game._repr_mimebundle_() == {**game.picture()._repr_mimebundle_(), "text/plain": str(game)}

def test_auto_drop_names_the_next_safe_card_and_the_page_can_toggle_it() -> None:
    game = sw.new_game("cruel", seed=0)  # deals 2♣ on top of t0 and 2♦ on top of t7
    page = Page(SolitaireWidget(game))
    widget = page.widget
    assert widget.auto_drop is False and widget.safe_drop == ""
    widget.auto_drop = True  # from code too: the table names the next safe card at once
    assert widget.safe_drop == "t0 f3"
    widget.auto_drop = False
    assert widget.safe_drop == ""
    reply = page.request("auto_drop", on=True)
    assert reply["ok"] and widget.auto_drop is True
    assert [str(m) for m in game.safe_drops()] == ["t0 f3", "t7 f1"] and widget.safe_drop == "t0 f3"
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
    assert not bad["ok"] and bad["reason"] == "refused: an auto_drop request needs on: true or false"



def test_auto_drop_option_of_the_constructor() -> None:
    assert SolitaireWidget("frog", seed=1, auto_drop=True).auto_drop is True
    with pytest.raises(TypeError, match="auto_drop must be True or False"):
        SolitaireWidget("frog", seed=1, auto_drop="on")  # type: ignore[arg-type]


def test_replay_is_true_or_false_not_any_text() -> None:
    assert SolitaireWidget("frog", seed=1, replay=True).replay is True
    with pytest.raises(TypeError, match="^replay must be True or False, not 'no'$"):  # a text that turned replay on
        sw.play("cruel", replay="no")


def test_texts_reach_the_page_as_plain_str():
    # marimo serialises a str subclass (the rules are a Markdown str) as an
    # object, and its Rules panel showed "[object Object]".
    widget = SolitaireWidget("cruel", seed=1)
    assert type(widget.rules) is str and widget.rules == str(sw.rules(widget.game))
    widget.message = sw.rules(widget.game)
    assert type(widget.message) is str


def test_a_ping_is_answered_whatever_the_version_and_changes_nothing():
    widget = SolitaireWidget("bobby", seed=1)
    page = Page(widget)
    before = snapshot(widget)
    page.raw({"request": "ping", "id": "ping-1"})
    assert page.replies[-1] == {"type": "result", "id": "ping-1", "ok": True, "reason": "", "version": widget.version}
    assert snapshot(widget) == before
