"""Every face-up card stays readable (issue 9, "Readable and calm"): at cell
widths of 300 (a narrow notebook cell), 420, 800 and 1,400 px, in all five games, in positions with long
fans (games played on from code), the corner index of every face-up card
(``.sw-card .sw-index``: the box of the rank and suit drawn on the face, the
top-left corner in a fan to the right or a stack, the top strip with the
rank at the left and the suit at the right in a downward fan) is at least
``MIN_INDEX_PX`` tall and ``MIN_INDEX_W`` wide, lies inside the felt, and no
other card covers any of it.  Cards under the top of a stack (foundations,
waste) are not meant to show.  The table never scrolls sideways, and its
status line wraps only between its items ("Passes left 1" stays whole), the
caption under a stock stays on the felt, and no count badge covers an index
(at every width, and in each game's opening in a laptop window).

One widget per game; the width changes by resizing the output area the
table lives in (the table follows through its ResizeObserver).
"""

from __future__ import annotations

import random

import harness as h
import plans
import pytest
from helpers import GAMES

import solitaire_widgets as sw

pytestmark = pytest.mark.browser

WIDTHS = [300, 420, 800, 1400]  # (the width is set by the ``sized`` fixture: conftest.py)
# The face draws the rank at a font size of at least 12 px (faces.js); its
# strip is then at least 14.4 px high, its corner 15.6 px wide and 25 px high.
MIN_INDEX_PX = 14
MIN_INDEX_W = 15
# Moves played from code before the check (seed, moves): 24-card Leap Year
# columns, a full Frog reserve, long Midshipman columns, an 8-card Cruel
# packet (it wraps onto a second line).
STRESS = {"frog": (4, 70), "leap_year": (2, 90), "bobby": (5, 6), "cruel": (11, 30), "midshipman": (7, 90),
          # a 13-card castle row, a 10-card alley, 7-card fans, an 11-card fan after redeals, 9-card columns
          "beleaguered_castle": (7, 90), "streets_and_alleys": (6, 90), "fan": (5, 90), "la_belle_lucie": (6, 80),
          "bakers_dozen": (0, 90)}

# Every face-up card's index box against every card painted over it (later
# in document order: piles and cards are positioned without z-index).
CHECK_JS = """
([cell, minPx, minW]) => {
  const t = cell.querySelector('.sw-table');
  const felt = t.querySelector('.sw-felt').getBoundingClientRect();
  const cards = Array.from(t.querySelectorAll('.sw-felt .sw-card'));
  const rects = cards.map(c => c.getBoundingClientRect());
  const name = c => (c.closest('.sw-pile')?.dataset.pile ?? '?') + '#' + c.dataset.index + ' '
    + (c.getAttribute('aria-label') ?? '');
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
    if (r.height < minPx || r.width < minW)
      problems.push(`${name(card)}: index ${r.width.toFixed(1)} x ${r.height.toFixed(1)} px`);
    if (r.left < felt.left - 0.5 || r.top < felt.top - 0.5
        || r.right > felt.right + 0.5 || r.bottom > felt.bottom + 0.5)
      problems.push(`${name(card)}: index outside the felt`);
    for (let j = i + 1; j < cards.length; j++) {
      const o = rects[j];
      const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
      const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
      if (w > 0.5 && h > 0.5)
        problems.push(`${name(card)}: index covered by ${name(cards[j])} (${w.toFixed(1)} x ${h.toFixed(1)} px)`);
    }
  });
  const split = Array.from(t.querySelectorAll('.sw-status .sw-counter'))
    .filter(e => e.getClientRects().length > 1).map(e => e.textContent);
  return {checked, smallest, problems, split, cw: parseFloat(t.style.getPropertyValue('--sw-cw')),
          scrolls: t.scrollWidth > t.clientWidth + 1, feltHeight: felt.height};
}
"""


# The caption under a stock ("3 passes left") and the count badges on piles:
# the caption stays on the felt, and no badge covers a face-up card's index.
EXTRAS_JS = """
(cell) => {
  const t = cell.querySelector('.sw-table');
  const felt = t.querySelector('.sw-felt').getBoundingClientRect();
  const problems = [];
  const cap = t.querySelector('.sw-felt > .sw-caption');
  if (cap && !cap.hidden && cap.textContent) {
    const r = cap.getBoundingClientRect();
    if (r.bottom > felt.bottom + 0.5 || r.top < felt.top - 0.5)
      problems.push(`the caption "${cap.textContent}" (${r.top.toFixed(0)}-${r.bottom.toFixed(0)}) ` +
                    `leaves the felt (${felt.top.toFixed(0)}-${felt.bottom.toFixed(0)})`);
  }
  const indices = Array.from(t.querySelectorAll('.sw-felt .sw-card[data-face="up"] .sw-index'))
    .map(i => [i.closest('.sw-card').getAttribute('aria-label'), i.getBoundingClientRect()]);
  for (const b of t.querySelectorAll('.sw-count')) {
    const br = b.getBoundingClientRect();
    if (!br.width || !b.textContent) continue;
    for (const [card, r] of indices) {
      const w = Math.min(r.right, br.right) - Math.max(r.left, br.left);
      const h = Math.min(r.bottom, br.bottom) - Math.max(r.top, br.top);
      if (w > 0.5 && h > 0.5) {
        problems.push(`the count of ${b.closest('.sw-pile').dataset.pile} covers the index of the ${card}`);
      }
    }
  }
  return problems;
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


@pytest.mark.parametrize("name", GAMES)
def test_every_face_up_index_is_readable(table, sized, name):
    """At every width, 300 px included, also: the caption under a stock
    (Bobby's "3 passes left") wraps inside the felt, and no count badge
    (Frog's full reserve, its fan on two lines) covers a card's index."""
    seed, moves = stress_moves(name)
    # Played before the table shows, and the background search of a game that
    # can go round in circles waited for: the state read back holds its verdict.
    table.new(f"(_t := sw.SolitaireWidget({name!r}, seed={seed}), [_t.game.play(_m) for _m in {moves!r}], "
              "_t.wait(30))[0]")
    longest = max(len(cards) for pile, cards in table.state()["piles"].items() if pile != "stock")
    for width in WIDTHS:
        sized(width)
        result = table.page.evaluate(CHECK_JS, [table.handle(), MIN_INDEX_PX, MIN_INDEX_W])
        table.screenshot(f"readable-{name}-{width}")
        where = f"{name} at {width} px (card width {result['cw']} px, longest pile {longest})"
        assert result["checked"] > 0, f"{where}: no face-up card found"
        assert not result["problems"], f"{where}:\n" + "\n".join(result["problems"][:20])
        assert not result["scrolls"], f"{where}: the table scrolls sideways"
        assert not result["split"], f"{where}: status items broken over two lines: {result['split']}"
        extras = table.page.evaluate(EXTRAS_JS, table.handle())
        assert not extras, f"{where}:\n" + "\n".join(extras)


# The table's height against the notebook's own scrolling pane (the part of
# the window that shows cells).
FIT_JS = """
(t) => {
  const pane = t.closest('.jp-WindowedPanel-outer') || t.closest('.jp-Notebook');
  const felt = t.querySelector('.sw-felt');
  return {table: t.getBoundingClientRect().height, pane: pane ? pane.clientHeight : innerHeight,
          felt: felt.getBoundingClientRect().height, ch: parseFloat(t.style.getPropertyValue('--sw-ch'))};
}
"""


@pytest.fixture
def laptop(table):
    """A 1,400 x 900 window."""
    table.page.set_viewport_size({"width": 1400, "height": 900})
    yield table
    table.page.set_viewport_size(h.VIEWPORT)


# Where the message of a refused drop shows, against the pile it was dropped on.
MESSAGE_JS = """
([t, pile]) => {
  const m = t.querySelector('.sw-message').getBoundingClientRect();
  const cards = t.querySelectorAll(`.sw-pile[data-pile="${pile}"] .sw-card`);
  const last = cards.length ? cards[cards.length - 1] : t.querySelector(`.sw-pile[data-pile="${pile}"]`);
  const p = last.getBoundingClientRect();
  const f = t.querySelector('.sw-felt').getBoundingClientRect();
  return {inView: m.top >= 0 && m.bottom <= innerHeight && m.left >= 0 && m.right <= innerWidth,
          onFelt: m.top >= f.top && m.bottom <= f.bottom,
          gap: Math.max(0, m.top - p.bottom, p.top - m.bottom), ch: p.height, height: m.height,
          fontSize: parseFloat(getComputedStyle(t.querySelector('.sw-message')).fontSize)};
}
"""


def test_every_opening_fits_a_laptop_window_and_a_won_game_gives_its_room_back(laptop):
    table = laptop
    for name in GAMES:
        table.new(f"sw.SolitaireWidget({name!r}, seed=5)")
        size = table.root().evaluate(FIT_JS)
        assert size["table"] <= size["pane"], \
            f"{name}: the table ({size['table']:.0f} px) does not fit the notebook's pane ({size['pane']} px)"
        extras = table.page.evaluate(EXTRAS_JS, table.handle())  # the opening's stock and its count
        assert not extras, f"{name}'s opening:\n" + "\n".join(extras)
    # A refused drop (the last table, Midshipman): its reason shows by the pile it was dropped on, in view.
    game = sw.new_game("midshipman", seed=5)
    source, target = next((m.source, t) for m in game.legal_moves() if not m.is_action
                          for t in game.PILES if t[0] == "t" and t != m.source and game.why_illegal(m.source, t))
    table.drag(source, target)
    table.page.wait_for_function("t => t.querySelector('.sw-message')?.textContent", arg=table.root().element_handle(),
                                 timeout=10_000)
    where = table.page.evaluate(MESSAGE_JS, [table.root().element_handle(), target])
    assert where["inView"] and where["onFelt"] and where["fontSize"] >= 13, where
    assert where["gap"] <= 12, f"the message is {where['gap']:.0f} px from the pile it is about: {where}"
    assert not table.covered_indices(), "the message hides the indices of cards a player reads"
    assert game.why_illegal(source, target) in table.message()
    table.screenshot("refused-drop-message")
    # A won Frog: its columns are empty; the felt keeps no room for them.
    deck = plans.winning_deck("frog")
    local = sw.new_game("frog", deck=deck)
    moves = plans.greedy_win(local)
    table.new(f"sw.SolitaireWidget(sw.new_game('frog', deck={deck!r}))", moves[:-1])
    playing = table.root().evaluate(FIT_JS)
    table.code(f"w.game.play({moves[-1]!r})")
    table.page.wait_for_function("t => t.dataset.status === 'won'", arg=table.root().element_handle())
    won = table.root().evaluate(FIT_JS)
    assert won["felt"] < playing["felt"] - 0.5 * won["ch"], (playing, won)
