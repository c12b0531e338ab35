"""The card table in a JupyterLab notebook: gestures (mouse and keyboard) and
reading the page and the kernel's ``widget.game`` back to compare them.

Notebook layout (one notebook, one kernel for the whole session):

    cell 0  setup: imports and the state helpers
    cell 1  view A of ``w``
    cell 2  driver: code run by the tests (moves from code, state read-back)
    cell 3  view B of ``w`` (the two-views test), else empty
    cell 4  spare (the echo widget)
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Iterable, Iterator, Optional, Sequence

import harness as h
from helpers import REPO

SETUP, VIEW, DRIVER, VIEW2, SPARE = range(5)
BROWSER_DIR = str(REPO / "tests" / "browser")

SETUP_CODE = (
    "import sys\n"
    f"sys.path.insert(0, {BROWSER_DIR!r})\n"
    "import solitaire_widgets as sw\n"
    "from echo_widget import EchoWidget\n" + h.STATE_HELPERS
)

NOTEBOOK_CELLS = [SETUP_CODE, "# view A", "# driver", "# view B", "# spare"]

# The page's hit-testing: the first point of a pile where a pointer lands on
# that pile (its top card first), in viewport coordinates.
HIT_POINT_JS = """
(pile, preferCard) => {
  const cards = pile.querySelectorAll('.sw-card');
  const top = cards.length ? cards[cards.length - 1] : null;
  const boxes = [];
  if (top && preferCard) boxes.push(top.getBoundingClientRect());
  boxes.push(pile.getBoundingClientRect());
  if (top && !preferCard) boxes.push(top.getBoundingClientRect());
  for (const r of boxes) {
    for (const [fx, fy] of [[0.5, 0.5], [0.5, 0.25], [0.5, 0.75], [0.25, 0.5], [0.75, 0.5], [0.5, 0.1], [0.5, 0.9]]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit) continue;
      const hitPile = hit.closest('.sw-pile');
      if (hitPile !== pile) continue;
      if (preferCard && top && hit.closest('.sw-card') !== top) continue;
      return {x, y};
    }
  }
  return null;
}
"""

# The first point of card ``index`` of a pile (bottom 0) where a pointer
# lands on that very card: the part the cards above it leave showing.
CARD_POINT_JS = """
(pile, index) => {
  const card = pile.querySelectorAll('.sw-card')[index];
  if (!card) return null;
  const r = card.getBoundingClientRect();
  for (const fy of [0.04, 0.08, 0.12, 0.5, 0.9]) {
    for (const fx of [0.5, 0.3, 0.7, 0.1, 0.9]) {
      const x = r.left + r.width * fx, y = r.top + r.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.sw-card') === card) return {x, y};
    }
  }
  return null;
}
"""

# The waits of every move find their cell by its index in the page, in the
# predicate itself: one round trip to the page each, no element handle.
CELL_TABLE = f"const t = document.querySelectorAll({h.CELLS!r})[i]?.querySelector('.sw-table');"

WAIT_VERSION_JS = f"""
([i, older]) => {{
  {CELL_TABLE}
  return !!t && t.dataset.version !== undefined && Number(t.dataset.version) !== older;
}}
"""

# The snapshot (harness.SNAPSHOT_JS) once the view reaches version v.
SNAPSHOT_AT_JS = f"""
([i, v]) => {{
  {CELL_TABLE}
  return !!t && Number(t.dataset.version) === v && ({h.SNAPSHOT_JS})(t.parentElement);
}}
"""

# The table is aria-busy while a request it sent waits for its answer or
# more wait to be sent.
WAIT_IDLE_JS = f"""
([i]) => {{
  {CELL_TABLE}
  return !!t && t.getAttribute('aria-busy') !== 'true';
}}
"""

VERSION_JS = "c => { const t = c.querySelector('.sw-table'); return t ? Number(t.dataset.version ?? NaN) : null; }"

# Where the pointer lands on a pile of the cell's table: the table scrolled
# into the viewport first when it fits (``{count}`` when the pile is not
# there exactly once, ``null`` when no point of it is hit).
POINT_JS = f"""
(c, [pile, preferCard]) => {{
  const piles = c.querySelectorAll(`.sw-pile[data-pile="${{pile}}"]`);
  if (piles.length !== 1) return {{count: piles.length}};
  const t = c.querySelector('.sw-table');
  const r = t.getBoundingClientRect();
  const scroll = r.top < 0 || r.bottom > innerHeight;
  if (scroll) t.scrollIntoView({{block: r.height < innerHeight ? 'center' : 'start'}});
  const at = ({HIT_POINT_JS})(piles[0], preferCard);
  return at && {{...at, scrolled: scroll}};
}}
"""


# Whether an element shows: inside the window and every box around it that
# scrolls or clips (JupyterLab's notebook pane, the output area), its own
# rectangle and the part of the window it can show in.
IN_VIEW_JS = """
(el) => {
  const r = el.getBoundingClientRect();
  const v = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  for (let b = el.parentElement; b && b !== document.body; b = b.parentElement) {
    const s = getComputedStyle(b);
    if (!/(auto|scroll|hidden|clip)/.test(s.overflowX + s.overflowY)) continue;
    const q = b.getBoundingClientRect();
    v.left = Math.max(v.left, q.left); v.top = Math.max(v.top, q.top);
    v.right = Math.min(v.right, q.right); v.bottom = Math.min(v.bottom, q.bottom);
  }
  const inView = r.width > 0 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1 && r.left >= v.left - 1
    && r.right <= v.right + 1;
  return {inView, rect: [r.left, r.top, r.right, r.bottom], view: [v.left, v.top, v.right, v.bottom]};
}
"""

# The cards' indices the table's message lies over, among those a player
# sees (the centre of the index hits its own card): "7♥ in t3", ….
COVERED_INDICES_JS = """
(t) => {
  const m = t.querySelector('.sw-message').getBoundingClientRect();
  const out = [];
  for (const ix of t.querySelectorAll('.sw-card[data-face="up"] .sw-index')) {
    const r = ix.getBoundingClientRect();
    if (r.right <= m.left || m.right <= r.left || r.bottom <= m.top || m.bottom <= r.top) continue;
    const card = ix.closest('.sw-card');
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (hit && hit.closest('.sw-card') === card) {
      out.push(`${card.getAttribute('aria-label')} in ${card.closest('.sw-pile').dataset.pile}`);
    }
  }
  return out;
}
"""


class GestureError(AssertionError):
    pass


# The table laid out within a width (a narrower window's relayout done) and no card in flight.
FITS_JS = """
([cell, w]) => {
  const t = cell.querySelector('.sw-table');
  return !!t && t.getBoundingClientRect().width <= w && !t.querySelector('.sw-moving, .sw-returning');
}
"""


@contextmanager
def table_notebook(server: h.JupyterServer, chromium: h.Browser, name: str) -> Iterator["Table"]:
    """A notebook ``name`` of ``NOTEBOOK_CELLS`` open on ``server`` with its
    setup cell run, as a ``Table``; the page closes on the way out."""
    h.write_notebook(server.root / name, NOTEBOOK_CELLS)
    page = chromium.new_page()
    nb = h.NotebookPage(page, server, name).open()
    nb.run(0, NOTEBOOK_CELLS[0])
    try:
        yield Table(nb)
    finally:
        page.close()


class Table:
    """One ``w = SolitaireWidget(...)`` at a time, shown in cell 1 (and 3)."""

    def __init__(self, nb: h.NotebookPage):
        self.nb = nb
        self.page = nb.page
        self.views = [VIEW]
        self._focus_order: dict[str, list[str]] = {}

    # --- kernel side ------------------------------------------------------------
    def new(self, expr: str, pre_moves: Sequence[str] = (), views: Iterable[int] = (VIEW,)) -> dict:
        """``w = expr``, play ``pre_moves`` in code, show it; return the state.

        ``w`` is made through the kernel's second client (its comm opens on
        the page all the same); the views are cells the page runs."""
        state = self.nb.kernel_json(
            f"w = {expr}\nfor _m in {list(pre_moves)!r}:\n    w.game.play(_m)\n_sw_emit(_sw_state(w))")
        self.views = list(views)
        for cell in (VIEW, VIEW2):
            if cell in self.views:
                self.nb.run(cell, "display(w)")
            elif cell == VIEW2 and self.nb.output_text(VIEW2):
                self.nb.run(VIEW2, "pass")
        self.assert_same(state)
        return state

    def state(self) -> dict:
        return self.nb.kernel_json("_sw_emit(_sw_state(w))")

    def settled(self, rounds: int = 8) -> dict:
        """The state once the page has sent all it queued: wait until no view
        is busy (every request answered), then read the kernel back until a
        read finds every view at its version and the next read agrees, then
        check every view shows it. A page still sending (its version ahead of
        the read, or moving) only starts another round."""
        for cell in self.views:
            self.wait_idle(cell)
        state = self.state()
        for _ in range(rounds):
            for cell in self.views:
                try:
                    self.wait_version_eq(state["version"], cell, timeout=2_000)
                except AssertionError:
                    break  # the page moved on since the read: read again
            again = self.state()
            if again["version"] == state["version"]:
                break
            state = again
        self.assert_same(state)
        return state

    def code(self, code: str, typed: bool = False) -> dict:
        """Run ``code`` in the kernel (``w`` is the widget); return the state after.

        Through the test's own kernel client: the page gets the same widget
        messages whichever client ran it, and a cell typed and run on the page
        costs the browser about a third of a CPU-second.  ``typed`` runs it in
        the driver cell on the page, as a user does."""
        if typed:
            return self.nb.run_json(DRIVER, f"{code}\n_sw_emit(_sw_state(w))", typed=True)
        return self.nb.kernel_json(f"{code}\n_sw_emit(_sw_state(w))")

    # --- page side --------------------------------------------------------------
    def cell(self, cell: int = VIEW) -> Any:
        return self.nb.cell(cell)

    def handle(self, cell: int = VIEW) -> Any:
        return self.nb.cell_handle(cell)

    def root(self, cell: int = VIEW) -> Any:
        return self.cell(cell).locator(".sw-table")

    def snap(self, cell: int = VIEW) -> Optional[dict]:
        return self.nb.cell_eval(cell, h.SNAPSHOT_JS)

    def dom_version(self, cell: int = VIEW) -> Optional[int]:
        version = self.nb.cell_eval(cell, VERSION_JS)
        return None if version is None or version != version else int(version)  # (NaN: no version yet)

    def wait_version_change(self, older: Optional[int], cell: int = VIEW, timeout: float = 10_000) -> None:
        try:
            self.page.wait_for_function(WAIT_VERSION_JS, arg=[cell, older], timeout=timeout, polling="raf")
        except Exception as err:
            raise GestureError(f"the view in cell {cell} stayed at version {older}; {self.diagnose(cell)}") from err

    def diagnose(self, cell: int = VIEW) -> str:
        """Where the focus is, what the message says, which piles are marked."""
        info = self.nb.cell_eval(
            cell, """c => { const a = document.activeElement;
                const t = c.querySelector('.sw-table');
                const marked = t ? Array.from(t.querySelectorAll('.sw-selected, .sw-target, .sw-focus'))
                    .map(e => (e.dataset.pile || e.tagName) + ':' + e.className) : [];
                const pile = a && a.dataset.pile ? '[' + a.dataset.pile + ']' : '';
                return {active: a ? a.tagName + '.' + a.className + pile : null,
                        inTable: !!(t && a && t.contains(a)), message: t?.querySelector('.sw-message')?.innerText,
                        version: t?.dataset.version, marked}; }""")
        return f"page: {info}"

    def wait_idle(self, cell: int = VIEW, timeout: float = 30_000) -> None:
        """Wait until the view in ``cell`` has every request it sent answered."""
        try:
            self.page.wait_for_function(WAIT_IDLE_JS, arg=[cell], timeout=timeout, polling="raf")
        except Exception as err:
            raise AssertionError(f"view in cell {cell} stayed busy: {self.diagnose(cell)}") from err

    def wait_version_eq(self, version: int, cell: int = VIEW, timeout: float = 15_000) -> dict:
        """Wait until the view in ``cell`` shows ``version``; its snapshot then."""
        try:
            return self.page.wait_for_function(SNAPSHOT_AT_JS, arg=[cell, version], timeout=timeout,
                                               polling="raf").json_value()
        except Exception as err:
            raise AssertionError(f"view in cell {cell} never reached version {version}: "
                                 f"{json.dumps(self.snap(cell))[:2000]}") from err

    def wait_fits(self, width: int, cell: int = VIEW, timeout: float = 10_000) -> None:
        """Wait until the table in ``cell`` is laid out within ``width`` px (after
        the window changed size) with no card in flight, then two frames more."""
        self.page.wait_for_function(FITS_JS, arg=[self.handle(cell), width], timeout=timeout, polling="raf")
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    def assert_same(self, state: dict, cells: Optional[Iterable[int]] = None) -> None:
        """Every view shows exactly ``state`` (waiting for its version first)."""
        for cell in (self.views if cells is None else cells):
            diffs = h.compare(self.wait_version_eq(state["version"], cell), state)
            assert not diffs, f"page (cell {cell}) != engine:\n" + "\n".join(diffs)

    def check(self) -> dict:
        """Read ``widget.game`` back from the kernel and compare every view with it."""
        state = self.state()
        self.assert_same(state)
        return state

    def message(self, cell: int = VIEW) -> str:
        snap = self.snap(cell)
        return "" if snap is None or snap["message"] is None else snap["message"]

    def pile_eval(self, pile: str, js: str, arg: Any = None, cell: int = VIEW) -> Any:
        """``js(pile element, arg)`` for the one pile ``pile`` of the cell's table."""
        found = self.nb.cell_eval(
            cell, f"(c, [p, a]) => {{ const e = c.querySelectorAll(`.sw-pile[data-pile=\"${{p}}\"]`);"
                  f" return e.length === 1 ? [({js})(e[0], a)] : e.length; }}", [pile, arg])
        if not isinstance(found, list):
            raise GestureError(f"cell {cell}: {found} elements for pile {pile}")
        return found[0]

    def pile_classes(self, pile: str, cell: int = VIEW) -> list[str]:
        return self.pile_eval(pile, "e => Array.from(e.classList)", cell=cell)

    def wait_class(self, pile: str, cls: str, present: bool = True, cell: int = VIEW, timeout: float = 5_000) -> None:
        self.page.wait_for_function(
            "([c, p, k, want]) => { const e = c.querySelector(`.sw-pile[data-pile=\"${p}\"]`);"
            " return !!e && e.classList.contains(k) === want; }",
            arg=[self.handle(cell), pile, cls, present], timeout=timeout, polling="raf",
        )

    def in_view(self, locator: Any) -> dict:
        """Whether the element ``locator`` finds shows in the window (``inView``), with its rectangle."""
        return locator.evaluate(IN_VIEW_JS)

    def covered_indices(self, cell: int = VIEW) -> list[str]:
        """The cards whose index the table's message lies over (of those a player sees)."""
        return self.root(cell).evaluate(COVERED_INDICES_JS)

    def screenshot(self, name: str, cell: int = VIEW) -> None:
        h.ARTIFACTS.mkdir(exist_ok=True)
        self.root(cell).screenshot(path=str(h.ARTIFACTS / f"{name}.png"))

    # --- pointer gestures ----------------------------------------------------------
    def bring_into_view(self, cell: int = VIEW) -> None:
        """Scroll so the whole table is inside the viewport when it fits."""
        self.nb.cell_eval(
            cell, "c => { const t = c.querySelector('.sw-table'); const r = t.getBoundingClientRect();"
            " if (r.top < 0 || r.bottom > innerHeight)"
            " t.scrollIntoView({block: r.height < innerHeight ? 'center' : 'start'}); }"
        )

    def point(self, pile: str, card: bool = True, cell: int = VIEW) -> dict:
        """A viewport point where the pointer lands on ``pile`` (its top card
        first when ``card``); ``scrolled`` says whether the page moved."""
        pt = self.nb.cell_eval(cell, POINT_JS, [pile, card])
        if pt is not None and "count" in pt:
            raise GestureError(f"cell {cell}: {pt['count']} elements for pile {pile}")
        loc = self.cell(cell).locator(f'.sw-pile[data-pile="{pile}"]')
        if pt is None:
            loc.scroll_into_view_if_needed()
            pt = loc.evaluate(HIT_POINT_JS, card)
        if pt is None and loc.locator(".sw-card").count():
            # a long fan on a table taller than the window: its top card
            loc.locator(".sw-card").last.scroll_into_view_if_needed()
            pt = loc.evaluate(HIT_POINT_JS, card)
        if pt is None:
            raise GestureError(f"no point of pile {pile} (cell {cell}) is hit by the pointer: covered or off-screen")
        return pt

    def drag(self, source: str, target: str, cell: int = VIEW, steps: int = 3) -> None:
        a = self.point(source, True, cell)
        # anywhere on the target pile (a long fan's top card may be far below)
        b = self.point(target, False, cell)
        if b.get("scrolled", True):  # finding the target scrolled the page: the source again, where it is now
            a = self.pile_eval(source, HIT_POINT_JS, True, cell) or a
        mouse = self.page.mouse
        mouse.move(a["x"], a["y"])
        mouse.down()
        mouse.move(a["x"] + 8, a["y"] + 8, steps=2)
        mouse.move(b["x"], b["y"], steps=steps)
        mouse.up()

    def card_point(self, pile: str, index: int, cell: int = VIEW) -> dict:
        """A viewport point on card ``index`` (bottom 0) of ``pile`` that the
        pointer hits: where a player presses to lift that card and the cards
        above it."""
        self.bring_into_view(cell)
        pt = self.pile_eval(pile, CARD_POINT_JS, index, cell)
        if pt is None:
            self.cell(cell).locator(f'.sw-pile[data-pile="{pile}"] .sw-card').nth(index).scroll_into_view_if_needed()
            pt = self.pile_eval(pile, CARD_POINT_JS, index, cell)
        if pt is None:
            raise GestureError(f"card {index} of pile {pile} (cell {cell}) shows no point the pointer hits")
        return pt

    def drag_card(self, source: str, index: int, target: str, cell: int = VIEW, steps: int = 3) -> None:
        """Press on card ``index`` of ``source`` and drag to ``target``: a run
        from that card up travels together."""
        self.card_point(source, index, cell)  # (scrolls it into view if need be)
        b = self.point(target, False, cell)
        # finding the target may have scrolled the page: the card again, where it is now
        a = self.pile_eval(source, CARD_POINT_JS, index, cell) or self.card_point(source, index, cell)
        mouse = self.page.mouse
        mouse.move(a["x"], a["y"])
        mouse.down()
        mouse.move(a["x"] + 8, a["y"] + 8, steps=2)
        mouse.move(b["x"], b["y"], steps=steps)
        mouse.up()

    def click_card(self, pile: str, index: int, cell: int = VIEW) -> None:
        a = self.card_point(pile, index, cell)
        self.page.mouse.click(a["x"], a["y"])

    def click_click(self, source: str, target: str, cell: int = VIEW) -> None:
        a = self.point(source, True, cell)
        self.page.mouse.click(a["x"], a["y"])
        self.wait_class(source, "sw-selected", True, cell)
        b = self.point(target, True, cell)
        self.page.mouse.click(b["x"], b["y"])

    def dblclick(self, source: str, cell: int = VIEW) -> None:
        a = self.point(source, True, cell)
        self.page.mouse.dblclick(a["x"], a["y"])

    def click_pile(self, pile: str, cell: int = VIEW) -> None:
        a = self.point(pile, True, cell)
        self.page.mouse.click(a["x"], a["y"])

    def button(self, action: str, cell: int = VIEW) -> None:
        self.cell(cell).locator(f'button[data-action="{action}"]').click()

    # --- keyboard ---------------------------------------------------------------------
    def focused_pile(self, cell: int = VIEW) -> Optional[str]:
        return self.nb.cell_eval(
            cell, "c => { const e = c.querySelector('.sw-pile.sw-focus'); return e ? e.dataset.pile : null; }")

    def focus_table(self, cell: int = VIEW, limit: int = 48) -> None:
        """Bring the keyboard focus onto a pile of the table with Tab / Shift+Tab
        (from wherever the notebook left it), as a keyboard user would.  The
        limit is generous: Notebook 7's toolbar alone holds a dozen buttons,
        each a Tab stop, and a busy page can leave the focus on any of them."""
        where_js = """([c, view]) => {
            const t = c.querySelector('.sw-table'); const a = document.activeElement;
            if (t && a && t.contains(a) && a.matches('.sw-pile')) return 'pile';
            if (t && a && t.contains(a)) return 'table';
            if (a && a.closest('.cm-editor')) return 'editor';
            // before or after the table in document order (toolbars included)
            if (!a || !t) return 'before';
            return a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before' : 'after'; }"""
        editor_visits = 0
        for _ in range(limit):
            where = self.page.evaluate(where_js, [self.handle(cell), cell])
            if where == "pile":
                return
            if where == "editor":  # Tab would indent: leave the cell editor as a user would
                editor_visits += 1
                self.page.keyboard.press("Escape")
                if editor_visits > 1:
                    # Notebook 7 loops from the table's own cell to its editor and
                    # back (Escape, Tab): a user would click the table; focus its
                    # pile that takes the Tab (the roving tabindex) instead.
                    self.cell(cell).locator('.sw-pile[tabindex="0"]').first.focus()
                continue
            self.page.keyboard.press("Tab" if where == "before" else "Shift+Tab")
        raise GestureError(f"{limit} Tab presses never put the focus on a pile of the table in cell {cell}; "
                           f"{self.diagnose(cell)}")

    def press_and_wait_focus(self, key: str, before: Optional[str], cell: int = VIEW) -> str:
        self.page.keyboard.press(key)
        self.page.wait_for_function(
            "([c, b]) => { const e = c.querySelector('.sw-pile.sw-focus'); return !!e && e.dataset.pile !== b; }",
            arg=[self.handle(cell), before], timeout=5_000, polling="raf")
        return self.focused_pile(cell)  # type: ignore[return-value]

    def focus_order(self, game: str, cell: int = VIEW) -> list[str]:
        """The ArrowRight order of the piles (learned once per game)."""
        if game not in self._focus_order:
            self.focus_table(cell)
            # from the first pile: Home goes there (the order is learned from where key_focus's Home lands)
            self.page.keyboard.press("Home")
            self.page.wait_for_function("c => !!c.querySelector('.sw-pile.sw-focus')", arg=self.handle(cell),
                                        timeout=5_000, polling="raf")
            start = self.focused_pile(cell)
            order = [start]
            for _ in range(64):
                nxt = self.press_and_wait_focus("ArrowRight", order[-1], cell)
                if nxt == start:
                    break
                order.append(nxt)
            else:
                raise GestureError(f"ArrowRight never comes back to {start}: {order}")
            self._focus_order[game] = order
        return self._focus_order[game]

    def key_focus(self, pile: str, game: str, cell: int = VIEW) -> None:
        order = self.focus_order(game, cell)
        self.focus_table(cell)
        cur = self.focused_pile(cell)
        if pile not in order:
            raise GestureError(f"pile {pile} is not in the keyboard focus order {order}")
        # The fewest keys: arrows along the order (it wraps), or Home / End first.
        n, here, there = len(order), order.index(cur), order.index(pile)
        routes = [(None, "ArrowRight", (there - here) % n), (None, "ArrowLeft", (here - there) % n),
                  ("Home", "ArrowRight", there), ("End", "ArrowLeft", n - 1 - there)]
        start, key, presses = min(routes, key=lambda r: (r[0] is not None) + r[2])
        for name in [start] * (start is not None) + [key] * presses:
            self.page.keyboard.press(name)
        try:
            self.wait_class(pile, "sw-focus", True, cell)
        except Exception as err:
            raise GestureError(f"{start + ', ' if start else ''}{presses} x {key} from {cur} did not focus {pile} "
                               f"(order {order}); {self.diagnose(cell)}") from err

    def key_move(self, source: str, target: str, game: str, cell: int = VIEW) -> None:
        """Pick up with Enter, drop with Space (both keys work both ways)."""
        self.key_focus(source, game, cell)
        self.page.keyboard.press("Enter")
        self.wait_class(source, "sw-selected", True, cell)
        self.key_focus(target, game, cell)
        self.page.keyboard.press("Space")

    def key_stock(self, game: str, cell: int = VIEW) -> None:
        self.key_focus("stock", game, cell)
        self._stock_key = "Space" if getattr(self, "_stock_key", "Space") == "Enter" else "Enter"
        self.page.keyboard.press(self._stock_key)

    def key_button(self, action: str, cell: int = VIEW, limit: int = 80) -> None:
        """Tab (only the keyboard) until the action's button has the focus, then Enter."""
        self.focus_table(cell)
        for _ in range(limit):
            here = self.nb.cell_eval(
                cell, "c => { const a = document.activeElement;"
                " if (!a || !c.querySelector('.sw-table').contains(a)) return 'outside';"
                " return a.matches('button[data-action]') ? a.dataset.action : ''; }")
            if here == action:
                self.page.keyboard.press("Enter")
                return
            if here == "outside":
                raise GestureError(f"Tab left the table before reaching the {action} button")
            self.page.keyboard.press("Tab")
        raise GestureError(f"{limit} Tabs never reached the {action} button")

    # --- one planned move, checked -------------------------------------------------------
    def play(self, move: str, how: str, game: str, expected_history: list[str],
             alternatives: Sequence[str] = (), cell: int = VIEW) -> dict:
        """Play ``move`` by gesture ``how``; wait for the page; read the kernel
        back; check it played exactly that move (or one of ``alternatives``,
        for a double-click's choice of foundation) and the page shows it."""
        older = self.dom_version(cell)
        words = move.split()
        if how in ("stock", "key-stock"):
            self.click_pile("stock", cell) if how == "stock" else self.key_stock(game, cell)
        elif how == "button":
            self.button(words[0], cell)
        elif how == "key-button":
            self.key_button(words[0], cell)
        elif how == "drag":
            self.drag(words[0], words[1], cell)
        elif how == "click":
            self.click_click(words[0], words[1], cell)
        elif how == "dblclick":
            self.dblclick(words[0], cell)
        elif how == "key":
            self.key_move(words[0], words[1], game, cell)
        else:
            raise ValueError(how)
        try:
            self.wait_version_change(older, cell)
        except Exception as err:
            raise GestureError(f"{how} for {move!r} changed nothing on the page; message: "
                               f"{self.message(cell)!r}") from err
        state = self.state()
        played = state["history"][len(expected_history):]
        allowed = [move, *alternatives]
        assert state["history"][:len(expected_history)] == expected_history and len(played) == 1 \
            and played[0] in allowed, f"{how} for {move!r}: the kernel played {played} (allowed {allowed})"
        self.assert_same(state)
        return state
