"""Every face-up card stays readable (issue 9, "Readable and calm"): at cell
widths of 420, 800 and 1,400 px, in all five games, in positions with long
fans (games played on from code), the corner index of every face-up card
(``.sw-card .sw-index``: the box of the rank and suit drawn on the face, the
top-left corner in a fan to the right or a stack, the top strip with the
rank at the left and the suit at the right in a downward fan) is at least
``MIN_INDEX_PX`` tall and ``MIN_INDEX_W`` wide, lies inside the felt, and no
other card covers any of it.  Cards under the top of a stack (foundations,
waste) are not meant to show.  The table never scrolls sideways.

One widget per game; the width changes by resizing the output area the
table lives in (the table follows through its ResizeObserver).
"""

from __future__ import annotations

import random

import pytest

import harness as h
import solitaire_widgets as sw

pytestmark = pytest.mark.browser

WIDTHS = [420, 800, 1400]
# The face draws the rank at a font size of at least 12 px (faces.js); its
# strip is then at least 14.4 px high, its corner 15.6 px wide and 25 px high.
MIN_INDEX_PX = 14
MIN_INDEX_W = 15
# Moves played from code before the check (seed, moves): 24-card Leap Year
# columns, a full Frog reserve, long Midshipman columns, an 8-card Cruel
# packet (it wraps onto a second line).
STRESS = {"frog": (4, 70), "leap_year": (2, 90), "bobby": (5, 6), "cruel": (11, 30), "midshipman": (7, 90)}

SET_WIDTH_JS = """
([cell, w]) => {
  const out = cell.querySelector('.jp-OutputArea-output');
  out.style.flex = w ? '0 0 auto' : '';
  out.style.width = w ? w + 'px' : '';
  out.style.maxWidth = w ? w + 'px' : '';
}
"""

# Waits for the table to be laid out at the width (and no card in flight).
SETTLED_JS = """
([cell, w]) => {
  const t = cell.querySelector('.sw-table');
  return !!t && Math.abs(t.clientWidth - w) < 2 && !t.querySelector('.sw-moving, .sw-returning');
}
"""

# Every face-up card's index box against every card painted over it (later
# in document order: piles and cards are positioned without z-index).
CHECK_JS = """
([cell, minPx, minW]) => {
  const t = cell.querySelector('.sw-table');
  const felt = t.querySelector('.sw-felt').getBoundingClientRect();
  const cards = Array.from(t.querySelectorAll('.sw-felt .sw-card'));
  const rects = cards.map(c => c.getBoundingClientRect());
  const name = c => (c.closest('.sw-pile')?.dataset.pile ?? '?') + '#' + c.dataset.index + ' ' + (c.getAttribute('aria-label') ?? '');
  const problems = [];
  let checked = 0, smallest = Infinity;
  cards.forEach((card, i) => {
    if (card.dataset.face !== 'up') return;
    const pile = card.closest('.sw-pile');
    if (pile.dataset.fan === 'none' && card !== Array.from(pile.querySelectorAll('.sw-card')).at(-1)) return;
    const ix = card.querySelector('.sw-index');
    if (!ix) { problems.push(name(card) + ': no .sw-index'); return; }
    const r = ix.getBoundingClientRect();
    checked++;
    smallest = Math.min(smallest, r.height);
    if (r.height < minPx || r.width < minW) problems.push(`${name(card)}: index ${r.width.toFixed(1)} x ${r.height.toFixed(1)} px`);
    if (r.left < felt.left - 0.5 || r.top < felt.top - 0.5 || r.right > felt.right + 0.5 || r.bottom > felt.bottom + 0.5)
      problems.push(`${name(card)}: index outside the felt`);
    for (let j = i + 1; j < cards.length; j++) {
      const o = rects[j];
      const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
      const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
      if (w > 0.5 && h > 0.5) problems.push(`${name(card)}: index covered by ${name(cards[j])} (${w.toFixed(1)} x ${h.toFixed(1)} px)`);
    }
  });
  return {checked, smallest, problems, cw: parseFloat(t.style.getPropertyValue('--sw-cw')),
          scrolls: t.scrollWidth > t.clientWidth + 1, feltHeight: felt.height};
}
"""


def stress_moves(name: str) -> tuple[int, list[str]]:
    """A seed and moves that grow the fans: moves onto the tableau (or the
    Frog's columns) first, else a draw, else anything legal."""
    seed, count = STRESS[name]
    game = sw.new_game(name, seed=seed)
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        onto = [m for m in moves if not m.is_action and m.target.startswith("t")]
        actions = [m for m in moves if m.is_action]
        move = rng.choice(onto or actions or moves)
        game.play(move)
        played.append(str(move))
    return seed, played


@pytest.fixture
def sized(table):
    """Sets the width of the table's output area (in a window wide enough for
    it); puts both back afterwards."""
    table.page.set_viewport_size({"width": max(WIDTHS) + 400, "height": h.VIEWPORT["height"]})

    def size(width: int) -> None:
        table.page.evaluate(SET_WIDTH_JS, [table.handle(), width])
        table.page.wait_for_function(SETTLED_JS, arg=[table.handle(), width], timeout=10_000, polling="raf")
        table.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")

    yield size
    table.page.evaluate(SET_WIDTH_JS, [table.handle(), 0])
    table.page.set_viewport_size(h.VIEWPORT)


@pytest.mark.parametrize("name", ["frog", "leap_year", "bobby", "cruel", "midshipman"])
def test_every_face_up_index_is_readable(table, sized, name):
    seed, moves = stress_moves(name)
    table.new(f"sw.SolitaireWidget({name!r}, seed={seed})", moves)
    longest = max(len(cards) for pile, cards in table.state()["piles"].items() if pile != "stock")
    for width in WIDTHS:
        sized(width)
        result = table.page.evaluate(CHECK_JS, [table.handle(), MIN_INDEX_PX, MIN_INDEX_W])
        table.screenshot(f"readable-{name}-{width}")
        where = f"{name} at {width} px (card width {result['cw']} px, longest pile {longest})"
        assert result["checked"] > 0, f"{where}: no face-up card found"
        assert not result["problems"], f"{where}:\n" + "\n".join(result["problems"][:20])
        assert not result["scrolls"], f"{where}: the table scrolls sideways"
