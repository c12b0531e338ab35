"""Widget size and speed (not a test): prints

1. the JSON payload one move sends to the page, per game (target: at most
   4 KB on the largest table, Leap Year, 208 cards), and the fallback a
   page that saves the notebook is sent after a change (at most one a
   second: saved_output.py): its gzipped size and the kernel's time to
   make it;
2. the time to render a full Leap Year table in Chromium (target: at most
   16 ms), and to re-render it after one move, medians over many runs;
3. the kernel's time per move played from code on a table (no page):
   Leap Year's random moves, and the solver's line of a Spider deal (one
   suit, seed 1), a game that can cycle, so the table also watches for "no
   win left" in the background.

The render is timed in a plain page that loads the built bundle
(``solitaire_widgets/static/widget.js``) with a stand-in for the anywidget
model fed the real synced state, so the figure is the front end's own cost
without JupyterLab around it.

    python benchmarks/widget.py [--runs 40]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import solitaire_widgets as sw
from solitaire_widgets.saved_output import encode, fallback
from solitaire_widgets.widget import STATIC, SolitaireWidget

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
from harness import CHROMIUM, Browser  # noqa: E402  (one place launches Chromium)


def move_payloads(name: str) -> tuple[float, int, int]:
    """Median and largest update message over a whole random game, and the
    size of the whole table's state."""
    table = SolitaireWidget(name, seed=1)
    sent: list[dict] = []
    table._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    rng = random.Random(1)
    sizes = []
    for _ in range(600):
        moves = table.game.legal_moves()
        if not moves:
            break
        sent.clear()
        table.game.play(rng.choice(moves))
        sizes.append(sum(len(json.dumps(m)) for m in sent))
    state = {k: v for k, v in table.get_state().items() if not k.startswith("_")}  # not the bundle
    return statistics.median(sizes), max(sizes), len(json.dumps(state))


def fallback_costs(name: str) -> tuple[float, float, float]:
    """Over a random game: the median gzipped size of the fallback sent to
    a page that saves the notebook, the median size of the picture it holds
    (what the saved output keeps), and the median milliseconds to make and
    pack it."""
    game = sw.new_game(name, seed=1)
    rng = random.Random(1)
    sizes, pictures, times = [], [], []
    for _ in range(60):
        start = time.perf_counter()
        bundle = fallback(game)
        packed = encode(bundle)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(packed))
        pictures.append(len(bundle["text/html"]))
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return statistics.median(sizes), statistics.median(pictures), statistics.median(times)


def code_move_times(game: sw.Game, moves: list) -> list[float]:
    """Milliseconds of ``table.game.play(move)`` for each move, on a table
    with no page; the table's background work has ended before it returns."""
    table = SolitaireWidget(game)
    table.wait(60)
    times = []
    for move in moves:
        start = time.perf_counter()
        table.game.play(move)
        times.append((time.perf_counter() - start) * 1000)
    table.wait(60)
    return times


def code_lines() -> dict[str, tuple[sw.Game, list]]:
    leap = sw.LeapYear(seed=1)
    rng, probe, leap_moves = random.Random(1), leap.copy(), []
    while len(leap_moves) < 200 and probe.legal_moves():
        leap_moves.append(rng.choice(probe.legal_moves()))
        probe.play(leap_moves[-1])
    spider = sw.Spider(seed=1, suits="1")
    line = sw.solve(spider, time_limit=None, max_states=30_000).moves
    return {"Leap Year, random moves": (leap, leap_moves), "Spider, its won line": (spider, list(line))}


# A stand-in for anywidget's model: get / on / off / send, fed real state.
HARNESS = """
async (args) => {
  const { bundle, state, after, runs } = args;
  const url = URL.createObjectURL(new Blob([bundle], { type: "text/javascript" }));
  const mod = (await import(url)).default;
  function makeModel(initial) {
    const data = { ...initial };
    const handlers = new Map();
    return {
      get: (k) => data[k],
      set: (k, v) => { data[k] = v; },
      save_changes() {},
      send() {},
      on(ev, cb) { if (!handlers.has(ev)) handlers.set(ev, new Set()); handlers.get(ev).add(cb); },
      off(ev, cb) { if (!ev) { handlers.clear(); return; } handlers.get(ev)?.delete(cb); },
      update(changes) {
        Object.assign(data, changes);
        for (const k of Object.keys(changes)) for (const cb of handlers.get("change:" + k) ?? []) cb();
        for (const cb of handlers.get("change") ?? []) cb();
      },
    };
  }
  const full = [], moved = [];
  for (let i = 0; i < runs; i++) {
    const model = makeModel(state);
    const el = document.createElement("div");
    el.style.width = "800px";
    document.body.appendChild(el);
    if (mod.initialize) await mod.initialize({ model });
    const t0 = performance.now();
    const cleanup = await mod.render({ model, el });
    void el.getBoundingClientRect().height;  // include style and layout
    const t1 = performance.now();
    // A move arrives on a table at rest: let a frame pass first.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const t1b = performance.now();
    model.update(after);
    await Promise.resolve();  // the table batches trait changes in a microtask
    await Promise.resolve();
    void el.getBoundingClientRect().height;
    const t2 = performance.now();
    full.push(t1 - t0); moved.push(t2 - t1b);
    if (typeof cleanup === "function") cleanup();
    el.remove();
  }
  return { full, moved };
}
"""


def render_times(runs: int, reduced_motion: bool) -> tuple[list[float], list[float]]:
    table = SolitaireWidget("leap_year", seed=1)
    for _ in range(12):  # a table well into the game: long piles, full foundations
        table.game.deal()
    state = {k: v for k, v in table.get_state().items() if not k.startswith("_")}
    sent: list[dict] = []
    table._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    table.game.play(table.game.legal_moves()[0])
    after = sent[-1]["state"]
    bundle = (STATIC / "widget.js").read_text()
    css = (STATIC / "widget.css").read_text()
    with Browser() as browser:
        context = browser.browser.new_context(
            viewport={"width": 1000, "height": 900},
            reduced_motion="reduce" if reduced_motion else "no-preference")
        page = context.new_page()
        page.set_content(f"<html><head><style>{css}</style></head><body></body></html>")
        result = page.evaluate(HARNESS, {"bundle": bundle, "state": state, "after": after, "runs": runs})
    # The first runs warm up the JIT and fonts; leave them out.
    warm = max(1, runs // 5)
    return result["full"][warm:], result["moved"][warm:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    print("Payload of one move (JSON bytes of the update message; target ≤ 4096 on Leap Year)")
    print(f"{'game':<12} {'median move':>12} {'largest move':>13} {'whole table':>12}")
    for name in sw.GAMES:
        median, largest, whole = move_payloads(name)
        print(f"{name:<12} {median:>12,.0f} {largest:>13,} {whole:>12,}")
    print("\nThe fallback sent to a page that saves the notebook, at most once a second while the game changes")
    print(f"{'game':<12} {'gzipped':>8} {'its picture':>12} {'to make':>8}")
    for name in sw.GAMES:
        size, picture, ms = fallback_costs(name)
        print(f"{name:<12} {size:>8,.0f} {picture:>12,.0f} {ms:>5.1f} ms")
    print("\nMoves played from code on a table with no page (the kernel's side of a move)")
    for label, (game, moves) in code_lines().items():
        times = code_move_times(game, moves)
        print(f"  {label:<24} {len(moves):>4} moves  median {statistics.median(times):5.2f} ms a move, "
              f"{sum(times) / 1000:5.2f} s in all")
    if not Path(CHROMIUM).exists() or not (STATIC / "widget.js").exists():
        print("\nRender time: skipped (needs /usr/bin/chromium and the built front end)")
        return
    print(f"\nLeap Year table in Chromium, 800 px wide, medians of {args.runs - max(1, args.runs // 5)} runs "
          "(target ≤ 16 ms); a move re-renders only the piles it changed")
    for reduced in (False, True):
        full, moved = render_times(args.runs, reduced)
        mode = "reduced motion" if reduced else "with slides   "
        print(f"  {mode}  full render {statistics.median(full):6.2f} ms (max {max(full):5.1f})   "
              f"one move {statistics.median(moved):6.2f} ms (max {max(moved):5.1f})")


if __name__ == "__main__":
    main()
