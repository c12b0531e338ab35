"""Accessibility of the table, measured with axe-core (the npm package,
injected from js/node_modules, offline) on the table's root only, WCAG 2.1
A and AA rules: every game's table plain, with a card picked up, and with the
Rules panel and Explain (its reasons list) open: no violation, and no
`aria-prohibited-attr` left for review either."""

from __future__ import annotations

import plans
import pytest
from helpers import REPO, on_ci
from helpers import GAMES
from table import VIEW

import solitaire_widgets as sw

pytestmark = pytest.mark.browser

AXE = REPO / "js" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

RUN_AXE_JS = """
async (root, tags) => {
  const r = await axe.run(root, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations', 'incomplete']});
  const summary = (list) => list.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 4)
      .map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n').slice(0, 3).join(' '))}));
  return {violations: summary(r.violations), incomplete: summary(r.incomplete)};
}
"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        msg = f"{AXE} is missing: install the front end's dev packages with `cd js && npm ci`"
        if on_ci():
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    return AXE.read_text()


def axe_check(table, axe_source: str, where: str) -> None:
    page = table.page
    if page.evaluate("() => typeof axe") == "undefined":
        page.add_script_tag(content=axe_source)
    result = table.root(VIEW).evaluate(RUN_AXE_JS, TAGS)
    assert not result["violations"], f"{where}: axe-core violations: {result['violations']}"
    review = [v for v in result["incomplete"] if v["id"] == "aria-prohibited-attr"]
    assert not review, f"{where}: {review}"


@pytest.mark.parametrize("name", GAMES)
def test_every_table_passes_axe_plain_selected_and_with_its_panels_open(table, axe_source, name):
    seed = plans.SEEDS[name]
    local = sw.new_game(name, seed=seed)
    while not any(not m.is_action for m in local.legal_moves()):  # only the stock moves: turn cards up
        local.play(local.legal_moves()[0])
    state = table.new(f"sw.SolitaireWidget({name!r}, seed={seed})", pre_moves=[str(m) for m in local.history])
    axe_check(table, axe_source, f"{name}, plain")

    source = next(m.split()[0] for m in state["legal"] if " " in m)
    table.click_pile(source)
    table.wait_class(source, "sw-selected")
    axe_check(table, axe_source, f"{name}, {source} picked up")
    table.page.keyboard.press("Escape")

    table.button("rules")
    table.button("explain")
    pt = table.point(source)
    table.page.mouse.move(pt["x"], pt["y"])
    table.cell(VIEW).locator(".sw-explain-reasons li").first.wait_for()
    axe_check(table, axe_source, f"{name}, Rules and Explain open")
    table.button("explain")
    table.button("rules")
