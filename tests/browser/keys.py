"""Keys pressed on the card table stay in it: shared by the JupyterLab,
Notebook 7 and marimo tests.

With the focus on a pile, a button or an open panel of the table, every
command-mode key of the notebook around it is pressed (letters, ``d d``,
``0 0``, Shift+Enter, Escape ...); after each, the notebook must be as it was
(its cells, their kinds and sources, the active and selected cells, no
dialog) and the focus still in the table.  A control step first shows that
the same keys do reach the notebook when the focus is outside the table.
"""

from __future__ import annotations

from typing import Any, Sequence, Union

from harness import CELLS

Key = Union[str, Sequence[str]]

# Jupyter's command mode (JupyterLab 4 and Notebook 7 share the bindings):
# every single-letter command, the chords, the Shift commands, running and
# leaving a cell, moving between cells.
JUPYTER_KEYS: list[Key] = [
    "a", "b", "c", "v", "x", "m", "r", "y", "z", "o", "j", "k", "l", "s", "h", "f", "1",
    ("d", "d"), ("i", "i"), ("0", "0"),
    "Shift+M", "Shift+J", "Shift+K", "Shift+L", "Shift+Z", "Shift+R", "Shift+A", "Shift+B",
    "ArrowUp", "ArrowDown", "Enter", "Escape", "Shift+Enter", "Control+Enter", "Alt+Enter",
]

# marimo's editor: its command mode (a focused cell) and its run keys.
MARIMO_KEYS: list[Key] = [
    "a", "b", "c", "q", "v", "x", "Enter", "Escape", "Shift+Enter", "Control+Enter", "Shift+Backspace",
    "ArrowUp", "ArrowDown",
]

# Lets a command the keys started run and the page redraw (a leaked key
# changes the notebook well within this).
SETTLE = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 10))))"

JUPYTER_STATE_JS = f"""
() => {{
  const cells = Array.from(document.querySelectorAll({CELLS!r}));
  const nb = cells[0]?.closest('.jp-Notebook');
  const t = nb?.querySelector('.sw-table');
  const a = document.activeElement;
  return {{
    cells: cells.map(c => (c.classList.contains('jp-CodeCell') ? 'code'
                           : c.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw')
      + ': ' + (c.querySelector('.cm-content')?.textContent ?? '').slice(0, 120)),
    active: cells.findIndex(c => c.classList.contains('jp-mod-active')),
    selected: cells.filter(c => c.classList.contains('jp-mod-selected')).length,
    dialog: !!document.querySelector('.jp-Dialog'),
    mode: nb && nb.classList.contains('jp-mod-commandMode') ? 'command' : 'edit',
    tables: document.querySelectorAll('.sw-table').length,
    tableShown: !!t && t.getBoundingClientRect().height > 0,
    focusInTable: !!t && !!a && t.contains(a),
  }};
}}
"""

MARIMO_STATE_JS = """
() => {
  const cells = Array.from(document.querySelectorAll('.marimo-cell[data-cell-id]'));
  const hosts = Array.from(document.querySelectorAll('marimo-anywidget'));
  const t = hosts.map(h => (h.shadowRoot || h).querySelector('.sw-table')).find(Boolean);
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return {
    cells: cells.map(c => c.dataset.cellId + ': ' + (c.querySelector('.cm-content')?.textContent ?? '').slice(0, 120)),
    tables: hosts.length,
    tableShown: !!t && t.getBoundingClientRect().height > 0,
    focusInTable: !!t && !!a && t.contains(a),
  };
}
"""

# Focus a place of the table: a pile, a button, or its Rules panel (opened
# first when it is closed). Inside marimo's shadow root too.
FOCUS_JS = """
([place, pile]) => {
  const roots = [document, ...Array.from(document.querySelectorAll('marimo-anywidget')).map(h => h.shadowRoot || h)];
  const t = roots.map(r => r.querySelector('.sw-table')).find(Boolean);
  if (!t) return 'no table';
  let el;
  if (place === 'pile') el = t.querySelector(`.sw-pile[data-pile="${pile}"]`);
  else if (place === 'button') el = t.querySelector('button[data-action="rules"]');
  else {
    if (!t.querySelector('.sw-panel[data-panel="rules"]')) t.querySelector('button[data-action="rules"]').click();
    el = t.querySelector('.sw-panel[data-panel="rules"]');
  }
  if (!el) return `no ${place}`;
  el.focus();
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a === el ? 'ok' : `the ${place} did not take the focus`;
}
"""


def press(page: Any, key: Key) -> None:
    for k in ([key] if isinstance(key, str) else key):
        page.keyboard.press(k)


def assert_keys_stay_in_table(page: Any, keys: Sequence[Key], state_js: str, pile: str,
                              places: Sequence[str] = ("pile", "button", "panel")) -> int:
    """Press every key with the focus at each place of the table; the page
    around it must not change.  Returns how many key presses were checked."""
    # One round trip per key: the page settles, says how it is (after the
    # key before), and puts the focus back on the place for the next key.
    look = (f"async (args) => {{ await {SETTLE}; const state = ({state_js.strip()})();"
            f" return {{state, focused: ({FOCUS_JS.strip()})(args)}}; }}")
    checked = 0
    for place in places:
        page.evaluate(FOCUS_JS, [place, pile])
        first = page.evaluate(look, [place, pile])
        before = first["state"]
        assert first["focused"] == "ok", first
        assert before["focusInTable"] and before["tableShown"], before
        # In Jupyter the notebook is in command mode then: a key that got out would act.
        assert before.get("mode", "command") == "command", f"the notebook is not in command mode: {before}"
        for key in keys:
            press(page, key)
            now = page.evaluate(look, [place, pile])
            changed = {k: (before[k], now["state"][k]) for k in before if before[k] != now["state"][k]}
            assert not changed, f"{key!r} pressed on the table's {place} reached the page around it: {changed}"
            assert now["focused"] == "ok", f"after {key!r} on the {place}: {now['focused']}"
            checked += 1
    return checked


def assert_jupyter_takes_keys_outside_the_table(nb: Any, cell: int) -> None:
    """The control: with cell ``cell`` selected (the focus outside the
    table), ``b`` adds a cell below and ``d d`` deletes it again."""
    page = nb.page
    count = f"n => document.querySelectorAll({CELLS!r}).length === n"
    n = page.evaluate(f"() => document.querySelectorAll({CELLS!r}).length")
    nb.cell(cell).locator(".jp-InputPrompt").click()
    page.keyboard.press("b")
    page.wait_for_function(count, arg=n + 1, timeout=10_000)
    press(page, ("d", "d"))
    page.wait_for_function(count, arg=n, timeout=10_000)
